/**
 * Moderation that reaches live sockets (docs/moderation-live.md): each test stores the action's D1 rows itself
 * (the moderation log and the standing sanctions, as the admin route does), then calls `applyLive`, and checks
 * what the sockets, tables, seeks, the lobby and the ledger show.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MatchRecordSchema, PlayingSummarySchema, type SeatGrant, type TableView } from "../../src/protocol";
import type { MatchRoom } from "../../src/server/match-room";
import { applyLive, type LiveAction } from "../../src/server/moderation/live";
import { BANNED_CLOSE } from "../../src/server/room/moderation";
import { TABLE_GONE_CLOSE } from "../../src/server/room/deadlines";
import { balance, delivered, escrowOf, expectLedgerSound } from "./coins-support";
import { api, commandId, connect, connectSeats, history, listedWhen, playOne, stubOf, type Client } from "./helpers";
import { call, d1Count, member, tableBetween } from "./players-support";
import { freshChoice, poolRows, seek, wave } from "./quick-support";
import { problemCode } from "../support/problems";

const GRANT = 1000;
const HOUR = 3_600_000;

/** The rows the admin route stores for an action: its log row and the player's standing sanctions after it. */
async function stored(action: LiveAction, sanctions: { mutedUntil?: number | null; suspendedUntil?: number | null; banned?: boolean } = {}): Promise<void> {
  const playerId = "playerId" in action ? action.playerId : null;
  const tableId = "tableId" in action ? action.tableId : null;
  const until = "until" in action ? action.until : null;
  const statements = [
    env.DB.prepare("INSERT INTO moderation_log (id, at, actor_id, action, player_id, table_id, reason, note, until) VALUES (?, ?, NULL, ?, ?, ?, 'other', 'test', ?)").bind(
      crypto.randomUUID(),
      Date.now(),
      action.kind,
      playerId,
      tableId,
      until,
    ),
  ];
  if (playerId) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO sanctions (player_id, muted_until, suspended_until, banned) VALUES (?, ?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET muted_until = excluded.muted_until, suspended_until = excluded.suspended_until, banned = excluded.banned`,
      ).bind(playerId, sanctions.mutedUntil ?? null, sanctions.suspendedUntil ?? null, sanctions.banned ? 1 : 0),
    );
  }
  await env.DB.batch(statements);
}

/** Stores the action, then carries it to the live objects as the admin route does. */
async function act(action: LiveAction, sanctions: Parameters<typeof stored>[1] = {}) {
  await stored(action, sanctions);
  return applyLive(env, action);
}

async function say(client: Client, text: string) {
  client.send({ type: "chat", id: commandId(), text });
  return client.answer();
}

async function view(id: string): Promise<TableView> {
  return (await (await api(`/v1/tables/${id}`)).json()) as TableView;
}

function seatRows(playerId: string): Promise<number> {
  return d1Count("SELECT COUNT(*) AS n FROM player_tables WHERE player_id = ?", playerId);
}

/** The status of a refused socket upgrade and its problem code. */
async function refusedUpgrade(id: string, token: string): Promise<{ status: number; code: string }> {
  const res = await api(`/v1/tables/${id}/socket`, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `nardi.v2, token.${token}` } });
  return { status: res.status, code: await problemCode(res) };
}

describe("the tables a player sits at", () => {
  it("create and join write one row per bound seat; the delivered record removes them", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token);
    const rows = await env.DB.prepare("SELECT player_id, seat FROM player_tables WHERE table_id = ? ORDER BY seat").bind(table.id).all();
    expect(rows.results).toEqual([
      { player_id: b.player.id, seat: "black" },
      { player_id: a.player.id, seat: "white" },
    ]);
    // An anonymous seat writes nothing.
    const anonymous = await tableBetween(a.token, null);
    expect(await d1Count("SELECT COUNT(*) AS n FROM player_tables WHERE table_id = ?", anonymous.id)).toBe(1);

    const socket = await connect(table.id, { token: table.white.token });
    await socket.next("welcome");
    socket.send({ type: "resign", id: commandId() });
    expect((await socket.answer()).type).toBe("ack");
    await delivered(table.id);
    expect(await d1Count("SELECT COUNT(*) AS n FROM player_tables WHERE table_id = ?", table.id)).toBe(0);
    expect(await d1Count("SELECT COUNT(*) AS n FROM matches WHERE table_id = ?", table.id)).toBe(1);
  });

  it("a quick-match pairing writes both seats' rows", async () => {
    const choice = freshChoice();
    const [a, b] = [await member(), await member()];
    const sa = await seek(choice, a.token);
    const sb = await seek(choice, b.token);
    await wave(choice);
    const paired = await sa.client.next("paired");
    await sb.client.next("paired");
    const rows = await env.DB.prepare("SELECT player_id, seat FROM player_tables WHERE table_id = ?").bind(paired.grant.tableId).all();
    expect(new Set(rows.results.map((r) => r.player_id))).toEqual(new Set([a.player.id, b.player.id]));
    expect(rows.results.find((r) => r.player_id === a.player.id)?.seat).toBe(paired.grant.seat);
  });

  it("an action never throws for a table that is gone, and tidies its row away", async () => {
    const a = await member();
    await env.DB.prepare("INSERT INTO player_tables (player_id, table_id, seat, since) VALUES (?, 'gone-table-0000000000', 'white', 1)").bind(a.player.id).run();
    const report = await act({ kind: "mute", playerId: a.player.id, until: Date.now() + HOUR }, { mutedUntil: Date.now() + HOUR });
    expect(report.tables).toEqual([{ tableId: "gone-table-0000000000", result: "no-table" }]);
    expect(await seatRows(a.player.id)).toBe(0);
    // Close-table of an id nobody holds: answered, not thrown.
    expect((await applyLive(env, { kind: "close-table", tableId: "never-made-0000000000" })).tables[0]?.result).toBe("no-table");
  });
});

describe("mute and suspend", () => {
  it("a mute refuses the seat's chat at once with its end time, and an unmute lifts it at once", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token);
    const { white, black } = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    expect((await say(white, "hello")).type).toBe("ack");

    const until = Date.now() + HOUR;
    const report = await act({ kind: "mute", playerId: a.player.id, until }, { mutedUntil: until });
    expect(report.tables).toEqual([{ tableId: table.id, result: "applied" }]);
    const refused = await say(white, "still here?");
    expect(refused).toMatchObject({ type: "error", code: "MUTED" });
    expect(refused.type === "error" && refused.message).toContain(new Date(until).toISOString());
    // The other seat is not muted.
    expect((await say(black, "hi")).type).toBe("ack");

    await act({ kind: "unmute", playerId: a.player.id });
    expect((await say(white, "thanks")).type).toBe("ack");
  });

  it("a player muted before they sat down is refused too (the table reads their standing once)", async () => {
    const [a, b] = [await member(), await member()];
    const until = Date.now() + HOUR;
    await stored({ kind: "mute", playerId: b.player.id, until }, { mutedUntil: until });
    const table = await tableBetween(a.token, b.token);
    const { white, black } = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    expect(await say(black, "first words")).toMatchObject({ type: "error", code: "MUTED" });
    expect((await say(white, "hello")).type).toBe("ack");
    // A lapsed mute is no mute: the stored end time is compared with the clock.
    await act({ kind: "mute", playerId: b.player.id, until: Date.now() - 1 }, { mutedUntil: Date.now() - 1 });
    expect((await say(black, "now I may")).type).toBe("ack");
  });

  it("a suspension refuses chat (SUSPENDED) and ends the player's seeks; the match itself goes on", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const table = await tableBetween(a.token, b.token);
    const { white, black } = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    const choice = freshChoice();
    const seeking = await seek(choice, a.token);
    const other = await seek(choice, c.token);

    const until = Date.now() + 2 * HOUR;
    const report = await act({ kind: "suspend", playerId: a.player.id, until }, { suspendedUntil: until });
    expect(report.seeks).toHaveLength(1);
    expect(await seeking.client.next("cancelled")).toEqual({ type: "cancelled", reason: "moderation" });
    expect((await seeking.client.whenClosed()).code).toBe(1000);
    // Only the suspended player's seek ended.
    expect((await poolRows(choice)).map((r) => r.player_id)).toEqual([c.player.id]);
    other.client.close();

    const refused = await say(white, "hello");
    expect(refused).toMatchObject({ type: "error", code: "SUSPENDED" });
    expect(refused.type === "error" && refused.message).toContain(new Date(until).toISOString());
    // Moves still count: a suspension stops new things, not the match under way.
    expect(await playOne({ white, black })).toBe(true);
    expect((await view(table.id)).status).toBe("playing");

    await act({ kind: "unsuspend", playerId: a.player.id });
    expect((await say(white, "back")).type).toBe("ack");
  });
});

describe("ban", () => {
  it("mid-match at a stake table: sockets closed (4003), token refused (BANNED), the match closed, both stakes back", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token, { stake: 200 });
    const { white, black } = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    const spectator = await connect(table.id);
    await spectator.next("welcome");
    // Moves acknowledged before the ban.
    for (let i = 0; i < 4; i++) await playOne({ white, black });
    const before = await history(table.id);
    expect(await escrowOf(table.id)).toBe(400);
    for (const socket of [white, black, spectator]) socket.skipAll();

    const report = await act({ kind: "ban", playerId: a.player.id }, { banned: true });
    expect(report.tables).toEqual([{ tableId: table.id, result: "closed" }]);

    // The banned seat's socket closes with the ban's code; the opponent and the spectator hear the ending.
    expect((await white.whenClosed()).code).toBe(BANNED_CLOSE);
    for (const socket of [black, spectator]) {
      const update = await socket.next("update");
      expect(update.events.map((e) => e.event)).toContainEqual(expect.objectContaining({ type: "match-ended", reason: "closed", winner: null }));
    }
    expect(await refusedUpgrade(table.id, table.white.token)).toEqual({ status: 403, code: "BANNED" });
    // The opponent's seat still opens.
    const again = await connect(table.id, { token: table.black.token });
    expect((await again.next("welcome")).table.match?.endReason).toBe("closed");

    // Nothing acknowledged before the ban is lost: the log before it is a prefix of the log after.
    const after = await history(table.id);
    expect(after.events.slice(0, before.events.length)).toEqual(before.events);
    expect(after.events.at(-1)?.event).toMatchObject({ type: "match-ended", reason: "closed", winner: null });

    // The record: no winner, no rating change; both stakes refunded; the seats forgotten.
    await delivered(table.id);
    expect([await balance(a.token), await balance(b.token), await escrowOf(table.id)]).toEqual([GRANT, GRANT, 0]);
    await expectLedgerSound();
    const record = MatchRecordSchema.parse(await (await call("GET", `/v1/tables/${table.id}/record`, { token: table.black.token })).json());
    expect(record).toMatchObject({ reason: "closed", winner: null });
    expect(await d1Count("SELECT COUNT(*) AS n FROM matches WHERE table_id = ? AND reason = 'closed' AND winner IS NULL", table.id)).toBe(1);
    expect(await seatRows(a.player.id)).toBe(0);
  });

  it("closes every table of theirs: a waiting one leaves the lobby, their seeks end, and an unban lifts the token refusal", async () => {
    const [a, b] = [await member(), await member()];
    const running = await tableBetween(a.token, b.token);
    const waiting = (await (await call("POST", "/v1/tables", { token: a.token, body: { preset: "backgammon" } })).json()) as SeatGrant;
    await listedWhen((ids) => ids.includes(waiting.tableId));
    const host = await connect(waiting.tableId, { token: waiting.token });
    await host.next("welcome");
    const watcher = await connect(waiting.tableId);
    await watcher.next("welcome");
    const seeking = await seek(freshChoice(), a.token);

    const report = await act({ kind: "ban", playerId: a.player.id }, { banned: true });
    expect(new Map(report.tables.map((t) => [t.tableId, t.result]))).toEqual(
      new Map([
        [running.id, "closed"],
        [waiting.tableId, "deleted"],
      ]),
    );
    expect(await seeking.client.next("cancelled")).toEqual({ type: "cancelled", reason: "moderation" });
    // The banned host's socket closes with the ban's code, the others as a gone table's do; then it is gone for everyone.
    expect((await host.whenClosed()).code).toBe(BANNED_CLOSE);
    expect((await watcher.whenClosed()).code).toBe(TABLE_GONE_CLOSE);
    expect((await api(`/v1/tables/${waiting.tableId}`)).status).toBe(404);
    await listedWhen((ids) => !ids.includes(waiting.tableId));
    expect((await view(running.id)).match).toMatchObject({ endReason: "closed", winner: null });
    expect(await refusedUpgrade(running.id, running.white.token)).toEqual({ status: 403, code: "BANNED" });

    // The unban reaches the finished table even after its record was delivered (D1 no longer lists the seat there).
    await delivered(running.id);
    await act({ kind: "unban", playerId: a.player.id });
    const back = await connect(running.id, { token: running.white.token });
    expect((await back.next("welcome")).role).toBe("white");
  });
});

describe("close-table", () => {
  it("a running match ends at once (closed, no winner): every socket is told, the record is delivered, no rematch", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token, { rated: true });
    const { white, black } = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    await playOne({ white, black });
    white.skipAll();
    black.skipAll();

    const report = await act({ kind: "close-table", tableId: table.id });
    expect(report.tables).toEqual([{ tableId: table.id, result: "closed" }]);
    for (const socket of [white, black]) {
      const update = await socket.next("update");
      expect(update.table).toMatchObject({ status: "over" });
      expect(update.table.match).toMatchObject({ phase: "over", winner: null, endReason: "closed" });
    }
    // Both sockets stay open on the finished table, which refuses moves and rematches.
    white.send({ type: "roll", id: commandId() });
    expect(await white.answer()).toMatchObject({ type: "error", code: "MATCH_OVER" });
    black.send({ type: "rematch", id: commandId(), want: true });
    expect(await black.answer()).toMatchObject({ type: "error", code: "REMATCH_UNAVAILABLE" });

    await delivered(table.id);
    // Unrated in effect: no rating changed.
    expect(await d1Count("SELECT COUNT(*) AS n FROM ratings WHERE player_id IN (?, ?) AND games > 0", a.player.id, b.player.id)).toBe(0);
    expect(await d1Count("SELECT COUNT(*) AS n FROM match_players WHERE table_id = ? AND result = 'none'", table.id)).toBe(2);
    // Closing it again changes nothing.
    expect((await applyLive(env, { kind: "close-table", tableId: table.id })).tables[0]?.result).toBe("applied");
    expect((await history(table.id)).events.filter((e) => e.event.type === "match-ended")).toHaveLength(1);
  });

  it("a flag that fell before the close is the match's ending: the close changes nothing, the timeout is settled", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token, { stake: 100, length: 3, overrides: { opening: "reroll" } });
    const mover = (await view(table.id)).match!.turn;
    // The mover's clock ran out long ago, and nothing (no alarm, no command) has looked since: then the action comes.
    const result = await runInDurableObject(stubOf(table.id), async (room: MatchRoom) => {
      const core = room.room;
      const loaded = core.store.load()!;
      const clock = loaded.info.clock!;
      core.commit({ room: { ...loaded, info: { ...loaded.info, clock: { ...clock, since: clock.since - 24 * HOUR } } }, events: [], at: Date.now() });
      const { moderate } = await import("../../src/server/room/moderation");
      return moderate(core, { kind: "close-table" });
    });
    expect(result).toBe("applied");
    const ended = (await history(table.id)).events.map((e) => e.event).filter((e) => e.type === "match-ended");
    expect(ended).toEqual([expect.objectContaining({ reason: "timeout", winner: mover === "white" ? "black" : "white" })]);
    await delivered(table.id);
    const winner = mover === "white" ? b : a;
    expect(await balance(winner.token)).toBe(GRANT + 100);
    await expectLedgerSound();
  });

  it("a waiting stake table closes: gone from the lobby and from every route, its escrow closed, no coin moved", async () => {
    const [a, b] = [await member(), await member()];
    const created = (await (await call("POST", "/v1/tables", { token: a.token, body: { preset: "backgammon", stake: 100 } })).json()) as SeatGrant;
    await listedWhen((ids) => ids.includes(created.tableId));
    const report = await act({ kind: "close-table", tableId: created.tableId });
    expect(report.tables).toEqual([{ tableId: created.tableId, result: "deleted" }]);
    await listedWhen((ids) => !ids.includes(created.tableId));
    expect((await api(`/v1/tables/${created.tableId}`)).status).toBe(404);
    expect((await call("POST", `/v1/tables/${created.tableId}/join`, { token: b.token, body: {} })).status).toBe(404);
    expect([await balance(a.token), await balance(b.token), await escrowOf(created.tableId)]).toEqual([GRANT, GRANT, 0]);
    expect(await d1Count("SELECT COUNT(*) AS n FROM player_tables WHERE table_id = ?", created.tableId)).toBe(0);
    await expectLedgerSound();
  });
});

describe("rename", () => {
  it("live tables show the new name from a player-renamed event on; the lobby's listing too", async () => {
    const [a, b] = [await member(), await member()];
    const running = await tableBetween(a.token, b.token, { spectators: true });
    const waiting = (await (await call("POST", "/v1/tables", { token: a.token, body: { preset: "backgammon" } })).json()) as SeatGrant;
    await listedWhen((ids) => ids.includes(waiting.tableId));
    const { black } = await connectSeats(running.id, { white: running.white.token, black: running.black.token });

    await env.DB.prepare("UPDATE players SET name = 'Renamed Player' WHERE id = ?").bind(a.player.id).run();
    const report = await act({ kind: "rename", playerId: a.player.id, name: "Renamed Player" });
    expect(report.tables.map((t) => t.result)).toEqual(["applied", "applied"]);

    const update = await black.next("update");
    expect(update.events.map((e) => e.event)).toEqual([{ type: "player-renamed", seat: "white", name: "Renamed Player" }]);
    expect(update.table.players.white?.name).toBe("Renamed Player");
    expect((await view(waiting.tableId)).players.white?.name).toBe("Renamed Player");
    // The open-tables list and the playing-now list follow a moment later.
    for (let i = 0; i < 500; i++) {
      const lobby = (await (await api("/v1/lobby")).json()) as { open: Array<{ id: string; host: string }>; playing: unknown[] };
      const open = lobby.open.find((t) => t.id === waiting.tableId);
      const playing = lobby.playing.map((p) => PlayingSummarySchema.parse(p)).find((p) => p.id === running.id);
      if (open?.host === "Renamed Player" && playing?.white === "Renamed Player") return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the lobby never showed the new name");
  });
});

describe("rename of a seeker", () => {
  it("a waiting seek is paired and seated under the new name", async () => {
    const choice = freshChoice();
    const [a, b] = [await member(), await member()];
    const sa = await seek(choice, a.token);
    const report = await act({ kind: "rename", playerId: a.player.id, name: "Fresh Name" });
    expect(report.seeks).toHaveLength(1);
    const sb = await seek(choice, b.token);
    await wave(choice);
    const paired = await sb.client.next("paired");
    expect(paired.opponent.name).toBe("Fresh Name");
    const seat = (await sa.client.next("paired")).grant.seat;
    expect((await view(paired.grant.tableId)).players[seat]?.name).toBe("Fresh Name");
  });
});

describe("rematch", () => {
  it("no rematch table is made for a player suspended (or banned) after the match, even where D1 no longer lists the seat", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token);
    const { white, black } = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    white.send({ type: "resign", id: commandId() });
    expect((await white.answer()).type).toBe("ack");
    await delivered(table.id);
    const until = Date.now() + HOUR;
    const report = await act({ kind: "suspend", playerId: a.player.id, until }, { suspendedUntil: until });
    expect(report.tables).toEqual([]);
    white.send({ type: "rematch", id: commandId(), want: true });
    expect((await white.answer()).type).toBe("ack");
    black.send({ type: "rematch", id: commandId(), want: true });
    const refused = await black.answer();
    expect(refused).toMatchObject({ type: "error", code: "SUSPENDED" });
    expect(refused.type === "error" && refused.message).toContain(new Date(until).toISOString());
    // Lifted: the same acceptance now makes the table.
    await act({ kind: "unsuspend", playerId: a.player.id });
    black.send({ type: "rematch", id: commandId(), want: true });
    expect((await black.answer()).type).toBe("ack");
  });
});

describe("the object's standing table", () => {
  it("a pushed action wins over a standing read from D1 meanwhile", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token);
    const until = Date.now() + HOUR;
    await act({ kind: "mute", playerId: a.player.id, until }, { mutedUntil: until });
    // D1 now says nothing (as if read before the action): the object keeps what was pushed.
    await env.DB.prepare("DELETE FROM sanctions WHERE player_id = ?").bind(a.player.id).run();
    const refusal = await runInDurableObject(stubOf(table.id), async (room: MatchRoom) => {
      const { chatRefusal } = await import("../../src/server/room/moderation");
      return chatRefusal(room.room, a.player.id, Date.now());
    });
    expect(refusal?.code).toBe("MUTED");
  });
});
