/** Hibernation, the reconnect window (docs/rules.md §5.6), the alarm and the expiry of tables nobody joined. */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compactPlaysOf, legalPlayViews, type CreateTableBody, type TableOrMatchEvent } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import {
  alarmAt,
  api,
  commandId,
  connect,
  createTable,
  deadlines,
  history,
  joinTable,
  listedWhen,
  nextDue,
  playOne,
  ROLL_IS_A_DECISION,
  seatedMatch,
  startMatch,
  stubOf,
  timePasses,
} from "./helpers";

async function seated(reconnectSeconds = 60, body: Partial<CreateTableBody> = {}) {
  const seated = await seatedMatch({ reconnectSeconds, ...body });
  return { ...seated, stub: stubOf(seated.id) };
}

const typesOf = (events: Array<{ event: TableOrMatchEvent }>) => events.map((e) => e.event.type);

describe("hibernation", () => {
  it("an object evicted in the middle of a turn wakes from storage and its sockets, nothing lost", async () => {
    const { id, w, b, stub } = await seated(60, ROLL_IS_A_DECISION);
    const clients = { white: w, black: b };
    const mover = clients[w.table!.match!.turn];
    const other = mover === w ? b : w;
    mover.send({ type: "roll", id: "before-sleep" });
    const rolled = await mover.answer();
    await mover.waitForSeq(rolled.seq);
    await other.waitForSeq(rolled.seq);
    const plays = mover.legalPlays!;
    const before = await history(id);

    await evictDurableObject(stub);

    // The woken object finds its sockets again: both seats still count as connected.
    const woken = (await (await api(`/v1/tables/${id}`)).json()) as { players: Record<string, { connected: boolean }> };
    expect([woken.players.white?.connected, woken.players.black?.connected]).toEqual([true, true]);
    // Same sockets: the woken object knows who they are (tags + attachment) and what the roll was (storage).
    mover.send({ type: "roll", id: "before-sleep" });
    expect(await mover.answer()).toEqual({ type: "ack", id: "before-sleep", seq: rolled.seq, duplicate: true });
    mover.send({ type: "roll", id: commandId() });
    expect(await mover.answer()).toMatchObject({ type: "error", code: "ALREADY_ROLLED" });
    mover.send({ type: "sync", seq: rolled.seq });
    const synced = await mover.next("welcome");
    expect(synced.role).toBe(mover === w ? "white" : "black");
    // Still a nardi.v2 socket after the eviction (its tag says so): the same plays, compact.
    expect(synced.legalPlays).toBeUndefined();
    expect(legalPlayViews(compactPlaysOf(synced.table, synced.plays!)!)).toEqual(plays);

    mover.send({ type: "play", id: commandId(), play: plays[0]!.play });
    const played = await mover.answer();
    expect(played.type).toBe("ack");
    await other.waitForSeq(played.seq);
    expect(other.table?.match?.board).toEqual(plays[0]!.board);
    const after = await history(id);
    expect(after.events.slice(0, before.events.length)).toEqual(before.events);
    expect(typesOf(after.events.slice(before.events.length))).toEqual(["played"]);

    // And a fresh socket after another eviction catches up from its seq.
    await evictDurableObject(stub);
    const late = await connect(id, { seq: rolled.seq });
    expect((await late.next("welcome")).events.map((e) => e.seq)).toEqual([played.seq]);
    // The game goes on.
    await playOne(clients);
  });
});

describe("the reconnect window", () => {
  it("a seat that drops is announced with its deadline; back in time, it plays on", async () => {
    const { id, white, w, b } = await seated(60);
    const start = Date.now();
    w.close(1000, "network change");
    const dropped = await b.next("update");
    const event = dropped.events[0]!.event;
    expect(event).toMatchObject({ type: "player-disconnected", seat: "white" });
    const deadline = (event as { deadline: number }).deadline;
    expect(deadline).toBeGreaterThanOrEqual(start + 60_000);
    expect(deadline).toBeLessThan(Date.now() + 61_000);
    expect(dropped.table.players.white).toMatchObject({ connected: false, reconnectDeadline: deadline });
    expect(await deadlines(id)).toEqual([{ kind: "reconnect", seat: "white", due: deadline }]);
    expect(await alarmAt(id)).toBe(await nextDue(id));

    const back = await connect(id, { token: white.token, seq: dropped.seq });
    const welcome = await back.next("welcome");
    expect(welcome.table.players.white).toMatchObject({ connected: true, reconnectDeadline: null });
    const returned = await b.next("update");
    expect(returned.events.map((e) => e.event)).toEqual([{ type: "player-connected", seat: "white" }]);
    expect(returned.table.players.white).toMatchObject({ connected: true, reconnectDeadline: null });
    expect(await deadlines(id)).toEqual([]);
    // The one alarm: the earlier of the standing deadline and the match clock's flag.
    expect(await alarmAt(id)).toBe(Math.min((await nextDue(id))!, returned.table.clock!.flagAt!));

    // The alarm firing anyway (late, spurious) changes nothing.
    const seq = (await history(id)).seq;
    await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => state.storage.setAlarm(Date.now()));
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).seq).toBe(seq);

    await playOne({ white: back, black: b });
  });

  it("a seat with another socket still open is not away", async () => {
    const { id, white, w, b } = await seated();
    const second = await connect(id, { token: white.token });
    await second.next("welcome");
    w.close();
    second.send({ type: "sync", seq: 0 });
    await second.next("welcome");
    expect(await b.drain()).toEqual([]);
    expect(await deadlines(id)).toEqual([]);
  });

  it("not back in time: the alarm forfeits the match to the opponent (score and result stored)", async () => {
    const { id, w, b, stub } = await seated(60);
    w.close();
    await b.next("update");
    // Running the alarm before the deadline does nothing and keeps it set.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(typesOf((await history(id)).events).at(-1)).toBe("player-disconnected");
    expect((await deadlines(id)).length).toBe(1);
    expect(await alarmAt(id)).toBe(await nextDue(id));

    await timePasses(id);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const ended = await b.next("update");
    expect(ended.events.map((e) => e.event)).toEqual([
      { type: "forfeited", side: "white" },
      { type: "match-ended", winner: "black", reason: "forfeit", score: { white: 0, black: 1 }, serverSeed: expect.any(String) },
    ]);
    const view = (await (await api(`/v1/tables/${id}`)).json()) as { status: string; match: { winner: string; endReason: string; score: unknown } };
    expect(view.status).toBe("over");
    expect(view.match).toMatchObject({ winner: "black", endReason: "forfeit", score: { white: 0, black: 1 } });
    expect(await deadlines(id)).toEqual([]);

    // Idempotent: the alarm again (and again) adds nothing.
    const seq = (await history(id)).seq;
    await runInDurableObject(stub, (_room: MatchRoom, state) => state.storage.setAlarm(Date.now()));
    await runDurableObjectAlarm(stub);
    await runDurableObjectAlarm(stub);
    expect((await history(id)).seq).toBe(seq);
  });

  it("a forfeit in a longer match awards the points still needed", async () => {
    const { id, w, b } = await seatedMatch({ preset: "backgammon", length: 5 });
    b.close();
    await w.next("update");
    await timePasses(id);
    await runDurableObjectAlarm(stubOf(id));
    const last = (await history(id)).events.at(-1)!.event;
    expect(last).toEqual({ type: "match-ended", winner: "white", reason: "forfeit", score: { white: 5, black: 0 }, serverSeed: expect.any(String) });
  });

  it("both away when a window runs out: the match is abandoned with no winner", async () => {
    const { id, w, b, stub } = await seated(60);
    w.close();
    b.close();
    // Both drops are stored (the closes are handled in order).
    for (let i = 0; i < 50 && (await deadlines(id)).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await deadlines(id)).map((d) => d.seat).sort()).toEqual(["black", "white"]);
    await timePasses(id);
    await runDurableObjectAlarm(stub);
    const events = (await history(id)).events.map((e) => e.event);
    expect(events.at(-1)).toEqual({ type: "match-ended", winner: null, reason: "abandoned", score: { white: 0, black: 0 }, serverSeed: expect.any(String) });
    expect(events.filter((e) => e.type === "match-ended")).toHaveLength(1);
    expect(await deadlines(id)).toEqual([]);
    expect(await alarmAt(id)).toBe(await nextDue(id));
  });

  it("a spectator leaving is no one's business", async () => {
    const { id, b } = await seated();
    const spectator = await connect(id);
    await spectator.next("welcome");
    spectator.close();
    expect(await b.drain()).toEqual([]);
    expect(await deadlines(id)).toEqual([]);
  });

  it("answers the close frame with the client's code", async () => {
    const { w } = await seated();
    w.close(4001, "leaving");
    for (let i = 0; i < 50 && !w.closed; i++) await new Promise((r) => setTimeout(r, 20));
    expect(w.closed?.code).toBe(4001);
  });
});

describe("a creator who left before anyone joined", () => {
  it("is away when the match starts: the window opens at the join, and the alarm forfeits", async () => {
    const created = await createTable({ reconnectSeconds: 30 });
    const w = await connect(created.tableId, { token: created.token });
    await w.next("welcome");
    w.close();
    for (let i = 0; i < 50 && !w.closed; i++) await new Promise((r) => setTimeout(r, 20));
    const before = Date.now();
    const joined = await joinTable(created.tableId);
    const last = (await history(created.tableId)).events.at(-1)!.event;
    expect(last).toMatchObject({ type: "player-disconnected", seat: "white" });
    expect((last as { deadline: number }).deadline).toBeGreaterThanOrEqual(before + 30_000);
    expect(joined.table.players.white).toMatchObject({ connected: false, reconnectDeadline: (last as { deadline: number }).deadline });
    // Black is here (had nobody been, the match would be abandoned instead).
    const b = await connect(created.tableId, { token: joined.token });
    await b.next("welcome");
    await timePasses(created.tableId);
    await runDurableObjectAlarm(stubOf(created.tableId));
    expect((await history(created.tableId)).events.at(-1)!.event).toMatchObject({ type: "match-ended", winner: "black", reason: "forfeit" });
  });

  it("comes back in time and plays", async () => {
    const created = await createTable();
    const w = await connect(created.tableId, { token: created.token });
    await w.next("welcome");
    w.close();
    for (let i = 0; i < 50 && !w.closed; i++) await new Promise((r) => setTimeout(r, 20));
    const joined = await joinTable(created.tableId);
    const b = await connect(created.tableId, { token: joined.token });
    await b.next("welcome");
    const back = await connect(created.tableId, { token: created.token });
    await back.next("welcome");
    expect(await deadlines(created.tableId)).toEqual([]);
    const { seq } = await history(created.tableId);
    await b.waitForSeq(seq);
    expect(b.table?.players.white).toMatchObject({ connected: true, reconnectDeadline: null });
    await back.waitForSeq(seq);
    await playOne({ white: back, black: b });
  });
});

describe("players who never connect after the match starts", () => {
  it("have a silent arrival window; connecting closes it without a trace in the log", async () => {
    const before = Date.now();
    const { id, white, black } = await startMatch({ reconnectSeconds: 5 });
    const windows = await deadlines(id);
    expect(windows.map((d) => [d.kind, d.seat]).sort()).toEqual([["arrive", "black"], ["arrive", "white"]]);
    // At least two minutes, even with a short reconnect window.
    for (const d of windows) expect(d.due).toBeGreaterThanOrEqual(before + 120_000);
    expect(await alarmAt(id)).toBe(await nextDue(id));
    const view = (await (await api(`/v1/tables/${id}`)).json()) as { players: Record<string, { connected: boolean; reconnectDeadline: number | null }> };
    expect(view.players.black).toMatchObject({ connected: false, reconnectDeadline: windows.find((d) => d.seat === "black")!.due });
    expect(typesOf((await history(id)).events)).not.toContain("player-disconnected");

    const w = await connect(id, { token: white.token });
    await w.next("welcome");
    expect((await deadlines(id)).map((d) => d.seat)).toEqual(["black"]);
    const b = await connect(id, { token: black.token });
    const welcome = await b.next("welcome");
    expect(await deadlines(id)).toEqual([]);
    expect(await alarmAt(id)).toBe(Math.min((await nextDue(id))!, welcome.table.clock!.flagAt!));
  });

  it("one who never comes forfeits to one who is here", async () => {
    const { id, white } = await startMatch();
    const w = await connect(id, { token: white.token });
    await w.next("welcome");
    await timePasses(id);
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).events.at(-1)!.event).toMatchObject({ type: "match-ended", winner: "white", reason: "forfeit" });
  });

  it("nobody ever came: abandoned", async () => {
    const { id } = await startMatch();
    await timePasses(id);
    await runDurableObjectAlarm(stubOf(id));
    const ended = (await history(id)).events.map((e) => e.event).filter((e) => e.type === "match-ended");
    expect(ended).toEqual([{ type: "match-ended", winner: null, reason: "abandoned", score: { white: 0, black: 0 }, serverSeed: expect.any(String) }]);
    expect(await deadlines(id)).toEqual([]);
  });

  it("a bot table whose human never connects is forfeited to the bot", async () => {
    const grant = await createTable({ opponent: "bot", botLevel: "random" });
    expect((await deadlines(grant.tableId)).map((d) => [d.kind, d.seat])).toEqual([["arrive", "white"]]);
    await timePasses(grant.tableId);
    await runDurableObjectAlarm(stubOf(grant.tableId));
    expect((await history(grant.tableId)).events.at(-1)!.event).toMatchObject({ type: "match-ended", winner: "black", reason: "forfeit" });
  });
});

describe("tables nobody joins", () => {
  it("expire from the lobby and storage when their deadline passes", async () => {
    const created = await createTable();
    const stub = stubOf(created.tableId);
    await listedWhen((ids) => ids.includes(created.tableId));
    const [expiry] = await deadlines(created.tableId);
    expect(expiry).toMatchObject({ kind: "expire", seat: "table" });
    expect(expiry!.due - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(await alarmAt(created.tableId)).toBe(expiry!.due);
    expect(await nextDue(created.tableId)).toBe(expiry!.due);

    // Early: nothing happens.
    await runDurableObjectAlarm(stub);
    expect((await api(`/v1/tables/${created.tableId}`)).status).toBe(200);

    await timePasses(created.tableId);
    await runDurableObjectAlarm(stub);
    await listedWhen((ids) => !ids.includes(created.tableId));
    expect((await api(`/v1/tables/${created.tableId}`)).status).toBe(404);
    expect((await api(`/v1/tables/${created.tableId}/join`, { method: "POST" })).status).toBe(404);
  });

  it("a joined table has no expiry any more", async () => {
    const { id } = await startMatch();
    expect((await deadlines(id)).map((d) => d.kind)).not.toContain("expire");
  });
});
