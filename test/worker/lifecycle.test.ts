/**
 * The match object's life cycle: what a restart, an eviction or a wake leaves behind is reconciled with the sockets
 * the object really has; bots move when it wakes; the alarm never destroys a table a join just started; old rows
 * are migrated; flapping is coalesced; catch-up is paged; finished tables are purged after their retention.
 */
import { SELF, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Side } from "../../src/engine";
import { EventHistorySchema, LIMITS, TableOrMatchEventSchema, TableViewSchema, type TableOrMatchEvent, type TableView } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { TABLE_GONE_CLOSE } from "../../src/server/room/deadlines";
import { PRESENCE_QUIET_MS } from "../../src/server/room/presence";
import { STORAGE_VERSION } from "../../src/server/room/stored";
import fixture from "../fixtures/storage/v1-match.json";
import {
  allDeadlines,
  alarmAt,
  api,
  BASE,
  type Client,
  commandId,
  connect,
  connectSeats,
  createTable,
  deadlines,
  history,
  joinTable,
  nextDue,
  playOne,
  seatedMatch,
  settle,
  startMatch,
  stubOf,
  timePasses,
} from "./helpers";

const typesOf = (events: Array<{ event: TableOrMatchEvent }>) => events.map((e) => e.event.type);

async function view(id: string) {
  return TableViewSchema.parse(await (await api(`/v1/tables/${id}`)).json());
}

/**
 * What a restart of the runtime leaves: the rows say both seats are here (they were, with open sockets), but the
 * new process has no socket at all and no close was ever delivered. Then the object is evicted, as a restart does.
 */
async function restartedWithoutSockets(id: string): Promise<void> {
  await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => {
    // The newest table info in the log (storage version 4).
    const { seq, n, info } = state.storage.sql.exec<{ seq: number; n: number; info: string }>("SELECT seq, n, info FROM log WHERE info IS NOT NULL ORDER BY seq DESC, n DESC LIMIT 1").one();
    const table = JSON.parse(info) as { seats: Record<Side, { seen?: boolean }> };
    table.seats.white.seen = true;
    table.seats.black.seen = true;
    state.storage.sql.exec("UPDATE log SET info = ? WHERE seq = ? AND n = ?", JSON.stringify(table), seq, n);
    state.storage.sql.exec("DELETE FROM deadlines WHERE kind = 'arrive'");
  });
  await evictDurableObject(stubOf(id));
}

describe("a wake after sockets vanished without a close (restart, deploy, eviction)", () => {
  it("the alarm wakes the object, logs each seat's drop with its window, and the match ends when nobody returns", async () => {
    const { id } = await startMatch({ reconnectSeconds: 30 });
    // The liveness deadline is what keeps an alarm set during a match, so a restart nobody follows up still wakes it.
    expect((await allDeadlines(id)).map((d) => d.kind)).toContain("liveness");
    expect(await alarmAt(id)).toBe(await nextDue(id));
    const seqBefore = (await history(id)).seq;
    await restartedWithoutSockets(id);

    const start = Date.now();
    // Nothing but the alarm contacts the object.
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true);
    const after = await history(id);
    const drops = after.events.filter((e) => e.seq > seqBefore).map((e) => e.event);
    expect(drops.map((e) => e.type)).toEqual(["player-disconnected", "player-disconnected"]);
    for (const drop of drops) if (drop.type === "player-disconnected") expect(drop.deadline).toBeGreaterThanOrEqual(start + 30_000);
    expect((await deadlines(id)).map((d) => `${d.kind} ${d.seat}`).sort()).toEqual(["reconnect black", "reconnect white"]);
    const shown = await view(id);
    expect(shown.players.white).toMatchObject({ connected: false, reconnectDeadline: expect.any(Number) });
    expect(shown.seq).toBe(after.seq);

    await timePasses(id);
    await runDurableObjectAlarm(stubOf(id));
    const ended = await history(id);
    expect(ended.events.at(-1)!.event).toEqual({ type: "match-ended", winner: null, reason: "abandoned", score: { white: 0, black: 0 }, serverSeed: expect.any(String) });
    expect(typesOf(ended.events).filter((t) => t === "player-disconnected")).toHaveLength(2);
  });

  it("a seat that returns is logged back once (it was logged gone); its opponent still away forfeits", async () => {
    const { id, white } = await startMatch({ reconnectSeconds: 30 });
    await restartedWithoutSockets(id);
    const w = await connect(id, { token: white.token, seq: 0 });
    const welcome = await w.next("welcome");
    // The returning socket's first message is its welcome (its own return is in it), not an update.
    expect(w.received[0]?.type).toBe("welcome");
    // The wake logged both drops before the socket was taken; then White's return.
    expect(typesOf(welcome.events).slice(-3)).toEqual(["player-disconnected", "player-disconnected", "player-connected"]);
    await w.waitForSeq((await history(id)).seq);
    expect(w.table?.players.white).toMatchObject({ connected: true, reconnectDeadline: null });
    expect(w.table?.players.black).toMatchObject({ connected: false });
    // A second socket of a seat that is here, and another wake with the sockets alive, log nothing.
    const second = await connect(id, { token: white.token });
    await second.next("welcome");
    await evictDurableObject(stubOf(id));
    const { seq } = await history(id);
    w.send({ type: "sync", seq });
    expect((await w.next("welcome")).events).toEqual([]);
    expect(typesOf((await history(id)).events).filter((t) => t === "player-connected")).toHaveLength(1);

    await timePasses(id);
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).events.at(-1)!.event).toMatchObject({ type: "match-ended", winner: "white", reason: "forfeit" });
  });

  it("the liveness alarm with both seats here logs nothing and sets the next check", async () => {
    const { id } = await seatedMatch({ reconnectSeconds: 20 });
    const before = await history(id);
    await timePasses(id);
    const now = Date.now();
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).seq).toBe(before.seq);
    const liveness = (await allDeadlines(id)).find((d) => d.kind === "liveness");
    expect(liveness!.due).toBeGreaterThanOrEqual(now + 20_000);
    expect(await alarmAt(id)).toBe(liveness!.due);
  });
});

describe("a bot whose turn it is when the object stops", () => {
  it("moves when the object next wakes; the human is not stuck with NOT_YOUR_TURN", async () => {
    const grant = await createTable({ opponent: "bot", botLevel: "random", preset: "georgian-short" });
    const id = grant.tableId;
    const human = await connect(id, { token: grant.token });
    await human.next("welcome");
    // The bot's next command fails (as if the process died between two of its commands).
    await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      room.room.botRng = () => {
        throw new Error("the process died here");
      };
    });
    // The human acts until it is the bot's turn.
    const humanToAct = () => human.table!.match!.toAct === "white";
    for (let i = 0; i < 20 && humanToAct(); i++) {
      const match = human.table!.match!;
      const message = match.phase === "awaiting-roll" ? { type: "roll" } : { type: "play", play: human.legalPlays![0]!.play };
      human.send({ ...message, id: commandId() });
      const answer = await human.answer();
      expect(answer.type).toBe("ack");
      await human.waitForSeq(answer.seq);
    }
    // The bot rolled, then failed choosing its play: the human got an INTERNAL error after its own ack.
    expect(await human.next("error")).toMatchObject({ code: "INTERNAL" });
    const stuck = await history(id);
    await human.waitForSeq(stuck.seq);
    expect(human.table!.match).toMatchObject({ turn: "black", phase: "moving" });
    human.send({ type: "roll", id: commandId() });
    expect(await human.answer()).toMatchObject({ type: "error", code: "NOT_YOUR_TURN" });

    // The object is evicted; the human's next frame wakes it, and the bot plays before the frame is answered.
    await evictDurableObject(stubOf(id));
    human.send({ type: "sync", seq: stuck.seq });
    const welcome = await human.next("welcome");
    expect(welcome.seq).toBeGreaterThan(stuck.seq);
    expect(welcome.events.some((e) => e.event.type === "played" && e.event.side === "black")).toBe(true);
    expect(welcome.table.match?.turn === "white" || welcome.table.status === "over").toBe(true);
  });
});

describe("the waiting table's expiry alarm and a join at the same time", () => {
  it("a join that lands while the alarm awaits the lobby starts the match, and the alarm leaves it alone", async () => {
    const created = await createTable();
    const id = created.tableId;
    await timePasses(id);
    // The join lands exactly while the alarm awaits the lobby (the first lobby call the alarm makes sends it).
    let join: Promise<Response> | null = null;
    await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      const core = room.room;
      const tellLobby = core.tellLobby.bind(core);
      core.tellLobby = async (change) => {
        if (!join) {
          join = SELF.fetch(`${BASE}/v1/tables/${id}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Late" }) });
          await join;
        }
        return tellLobby(change);
      };
    });
    await runDurableObjectAlarm(stubOf(id));
    expect(join).not.toBeNull();
    expect((await join!).status).toBe(200);
    const table = await view(id);
    expect(table.status).toBe("playing");
    expect(table.players.black?.name).toBe("Late");
    expect((await deadlines(id)).map((d) => d.kind)).not.toContain("expire");
  });
});

describe("state written by the previous storage layout", () => {
  it("is migrated on load (version, presence from the open windows) and the match plays on to the end", async () => {
    const id = fixture.tableId;
    const shift = Date.now() - fixture.capturedAt;
    await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => {
      for (const table of fixture.schema) state.storage.sql.exec(table.sql);
      for (const row of fixture.room) {
        state.storage.sql.exec(
          "INSERT INTO room (id, seq, info, match, commands, rows_written, rows_read) VALUES (?, ?, ?, ?, ?, ?, ?)",
          row.id,
          row.seq,
          row.info,
          row.match,
          row.commands,
          row.rows_written,
          row.rows_read,
        );
      }
      for (const e of fixture.events) state.storage.sql.exec("INSERT INTO events (seq, at, event, actor, command_id) VALUES (?, ?, ?, ?, ?)", e.seq, e.at, e.event, e.actor, e.command_id);
      for (const d of fixture.deadlines) state.storage.sql.exec("INSERT INTO deadlines (kind, seat, due) VALUES (?, ?, ?)", d.kind, d.seat, d.due + shift);
    });
    await evictDurableObject(stubOf(id));

    const table = await view(id);
    expect(table.seq).toBeGreaterThanOrEqual(fixture.seq);
    // White was away (its window open) and is still; Black was here with no socket: the wake logged its drop.
    expect(table.players.white).toMatchObject({ connected: false, reconnectDeadline: fixture.deadlines[0]!.due + shift });
    expect(table.players.black).toMatchObject({ connected: false });
    const version = await runInDurableObject(stubOf(id), (_r: MatchRoom, state) => state.storage.sql.exec<{ version: number }>("SELECT version FROM room").one().version);
    expect(version).toBe(STORAGE_VERSION);
    // Stored before clocks: the table plays the default time control, and the match's clock starts with the migration.
    expect(table.timeControl.name).toBe("standard");
    expect(table.clock?.running).toBe(table.match?.toAct);
    // The log is as it was, read with today's schema (a ruleset stored before clocks reads with `timeout: lose-match`).
    const old = fixture.events.map((e) => ({ seq: e.seq, at: e.at, event: TableOrMatchEventSchema.parse(JSON.parse(e.event)) }));
    expect((await history(id)).events.slice(0, old.length)).toEqual(old);

    const { white: w, black: b } = await connectSeats(id, fixture.tokens);
    // A command id White used before the migration is still recognised.
    const usedBefore = fixture.events.find((e) => e.actor === "white" && e.command_id !== null)!;
    w.send({ type: "roll", id: usedBefore.command_id });
    expect(await w.answer()).toEqual({ type: "ack", id: usedBefore.command_id, seq: usedBefore.seq, duplicate: true });
    const clients = { white: w, black: b };
    for (let i = 0; i < 2000 && (await playOne(clients)); i++);
    expect(w.table?.status).toBe("over");
    const final = await history(id);
    expect(final.events.slice(0, old.length)).toEqual(old);
    expect(final.events.at(-1)!.event.type).toBe("match-ended");
  });
});

describe("presence flapping is coalesced", () => {
  it("many quick drops and returns add at most one drop and one return to the log and the opponent's updates", async () => {
    const { id, white, w, b } = await seatedMatch({ reconnectSeconds: 60 });
    const before = await history(id);
    let socket: Client = w;
    for (let i = 0; i < 40; i++) {
      socket.close();
      await waitClosed(socket);
      socket = await connect(id, { token: white.token });
      await socket.next("welcome");
    }
    // A sync is a barrier: every close and connect before it has been handled.
    socket.send({ type: "sync", seq: 0, limit: 1 });
    await socket.next("welcome");
    const after = await history(id);
    expect(after.seq - before.seq).toBeLessThanOrEqual(2);
    expect(typesOf(after.events.slice(before.events.length))).toEqual(["player-disconnected", "player-connected"]);
    const updates = (await b.drain()).filter((m) => m.type === "update");
    expect(updates.length).toBeLessThanOrEqual(2);
    // Views at one seq agree: a held-back drop does not show.
    expect((await view(id)).players.white?.connected).toBe(true);

    // The last drop is held back until the quiet time after the last return ends; then it is logged if still gone.
    socket.close();
    await waitClosed(socket);
    b.send({ type: "sync", seq: 0, limit: 1 });
    await b.next("welcome");
    expect((await history(id)).seq).toBe(after.seq);
    const drop = (await deadlines(id)).find((d) => d.kind === "drop");
    expect(drop).toMatchObject({ seat: "white" });
    const returned = after.events.at(-1)!.at;
    expect(drop!.due).toBe(returned + PRESENCE_QUIET_MS);
    // (The clock's `serverTime` and `remaining` say when a view was made, so they are left out of the comparison.)
    const atSeq = (t: TableView) => ({ ...t, clock: t.clock && { ...t.clock, serverTime: 0, remaining: null } });
    expect(atSeq(await view(id))).toEqual(atSeq(await view(id)));
    await timePasses(id);
    await runDurableObjectAlarm(stubOf(id));
    const dropped = await history(id);
    expect(typesOf(dropped.events.slice(after.events.length))).toEqual(["player-disconnected"]);
    expect((await view(id)).players.white).toMatchObject({ connected: false, reconnectDeadline: expect.any(Number) });
  });
});

async function waitClosed(client: Client): Promise<void> {
  for (let i = 0; i < 200 && !client.closed; i++) await new Promise((r) => setTimeout(r, 5));
  if (!client.closed) throw new Error("the server never answered the close");
}

describe("catch-up in pages", () => {
  it("GET …/events and the welcome/sync carry at most `limit` events and say where to continue", async () => {
    const { id, clients, w } = await seatedMatch({ preset: "georgian-short" });
    for (let i = 0; i < 6; i++) await playOne(clients);
    const all = await history(id);
    expect(all.next).toBeNull();

    const pages = [];
    for (let after: number | null = 0; after !== null; ) {
      const page = EventHistorySchema.parse(await (await api(`/v1/tables/${id}/events?after=${after}&limit=4`)).json());
      expect(page.events.length).toBeLessThanOrEqual(4);
      pages.push(...page.events);
      after = page.next;
      if (after !== null) expect(after).toBe(page.events.at(-1)!.seq);
    }
    expect(pages).toEqual(all.events);

    const late = await connect(id, { seq: 0, limit: 3 });
    const first = await late.next("welcome");
    expect(first.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(first.next).toBe(3);
    late.send({ type: "sync", seq: first.next!, limit: 500 });
    const rest = await late.next("welcome");
    expect([...first.events, ...rest.events]).toEqual(all.events);
    expect(rest.next).toBeNull();

    // Past the end: no events, no next page, and the table's real seq to start again from.
    w.send({ type: "sync", seq: all.seq + 50 });
    expect(await w.next("welcome")).toMatchObject({ seq: all.seq, events: [], next: null });
    const past = EventHistorySchema.parse(await (await api(`/v1/tables/${id}/events?after=${all.seq + 50}`)).json());
    expect(past).toMatchObject({ seq: all.seq, events: [], next: null });
  });

  it("a limit out of range is refused and changes nothing", async () => {
    const { id, w } = await seatedMatch();
    const { seq } = await history(id);
    for (const limit of ["0", String(LIMITS.maxEventsPerPage + 1), "-1", "x"]) {
      const res = await api(`/v1/tables/${id}/events?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("BAD_REQUEST");
      const socket = await api(`/v1/tables/${id}/socket?limit=${limit}`, { headers: { Upgrade: "websocket" } });
      expect(socket.status).toBe(400);
    }
    w.send({ type: "sync", seq: 0, limit: 0 });
    expect(await w.answer()).toMatchObject({ type: "error", code: "BAD_MESSAGE", seq });
    w.send({ type: "sync", seq: 0, limit: LIMITS.maxEventsPerPage + 1 });
    expect(await w.answer()).toMatchObject({ type: "error", code: "BAD_MESSAGE", seq });
    expect((await history(id)).seq).toBe(seq);
  });
});

describe("legal plays", () => {
  it("are computed once per seq and shared by every welcome, sync and update at that seq", async () => {
    const { id, clients, w } = await seatedMatch();
    const mover = clients[w.table!.match!.turn];
    mover.send({ type: "roll", id: commandId() });
    const rolled = await mover.answer();
    await mover.waitForSeq(rolled.seq);
    const same = await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      const state = room.room.store.load()!;
      return room.room.compactPlays(state) === room.room.compactPlays(state);
    });
    expect(same).toBe(true);
    // The plays last sent for this seq (by an update or the welcome) and a sync's welcome agree.
    const last = mover.received.findLast((m) => m.type === "update" || m.type === "welcome");
    mover.send({ type: "sync", seq: rolled.seq });
    expect((await mover.next("welcome")).plays).toEqual(last?.type === "update" || last?.type === "welcome" ? last.plays : "none");
  });
});

describe("finished tables", () => {
  it("are kept for the retention period, then the alarm deletes them (their sockets are closed)", async () => {
    const { id, w, b } = await seatedMatch();
    w.send({ type: "resign", id: commandId() });
    await w.answer();
    const ended = Date.now();
    const purge = (await allDeadlines(id)).find((d) => d.kind === "purge");
    // wrangler.toml: FINISHED_TABLE_RETENTION_DAYS = "30".
    expect(purge!.due).toBeGreaterThanOrEqual(ended - 1000 + 30 * 24 * 3600 * 1000);
    expect(purge!.due).toBeLessThanOrEqual(Date.now() + 30 * 24 * 3600 * 1000);
    expect(await alarmAt(id)).toBe(purge!.due);
    // Early: nothing happens.
    await runDurableObjectAlarm(stubOf(id));
    expect((await api(`/v1/tables/${id}`)).status).toBe(200);

    await timePasses(id);
    await runDurableObjectAlarm(stubOf(id));
    expect((await api(`/v1/tables/${id}`)).status).toBe(404);
    expect((await api(`/v1/tables/${id}/events`)).status).toBe(404);
    await waitClosed(b);
    expect(b.closed?.code).toBe(TABLE_GONE_CLOSE);
    expect(await alarmAt(id)).toBeNull();
  });
});

describe("joining", () => {
  it("a joined table has a liveness deadline and no expiry", async () => {
    const created = await createTable();
    await joinTable(created.tableId);
    const kinds = (await allDeadlines(created.tableId)).map((d) => d.kind);
    expect(kinds).toContain("liveness");
    expect(kinds).not.toContain("expire");
  });
});
