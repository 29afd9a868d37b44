/**
 * The match → D1 hand-off: a finished match's record and rating updates arrive exactly once, through failed
 * writes, a lost acknowledgement, and alarms run again.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchPage, MatchRecord, PlayerProfile } from "../../src/protocol";
import type { MatchRoom } from "../../src/server/match-room";
import { commandId, connect, stubOf } from "./helpers";
import { call, d1Count, delivered, member, outbox, runDeliveryNow, tableBetween } from "./players-support";

/** Both seats connected, then `loser` resigns: the match is over and its outbox row stored. */
async function resignedMatch(white: string | null, black: string | null, rated: boolean, loser: "white" | "black" = "black") {
  const table = await tableBetween(white, black, { rated });
  const socket = await connect(table.id, { token: table[loser].token });
  await socket.next("welcome");
  socket.send({ type: "resign", id: commandId() });
  const answer = await socket.answer();
  if (answer.type !== "ack") throw new Error(`resign refused: ${answer.code}`);
  socket.close();
  return table;
}

/** D1 for the match object with `batch` replaced: the outbox's writes are all one batch. */
function d1With(batch: (real: D1Database, statements: D1PreparedStatement[]) => Promise<D1Result[]>): D1Database {
  const real = env.DB;
  return { prepare: (sql: string) => real.prepare(sql), batch: (statements: D1PreparedStatement[]) => batch(real, statements) } as unknown as D1Database;
}

async function setD1(id: string, d1: D1Database): Promise<void> {
  await runInDurableObject(stubOf(id), (room: MatchRoom) => {
    room.room.d1 = d1;
  });
}

async function ratingRow(playerId: string) {
  return env.DB.prepare("SELECT rating, games, rev FROM ratings WHERE player_id = ? AND pool = 'backgammon'").bind(playerId).first<{ rating: number; games: number; rev: number }>();
}

describe("the outbox", () => {
  it("delivers a rated match: one record, both ratings changed once, the history lists it", async () => {
    const a = await member();
    const b = await member();
    const { id } = await resignedMatch(a.token, b.token, true);
    await delivered(id);

    const record = (await (await call("GET", `/v1/matches/${id}`)).json()) as MatchRecord;
    expect(record).toMatchObject({ tableId: id, pool: "backgammon", length: 1, rated: true, winner: "white", reason: "resign" });
    expect(record.players.white).toMatchObject({ playerId: a.player.id, name: a.player.name, deleted: false, ratingBefore: 1500 });
    expect(record.players.white.ratingAfter).toBeGreaterThan(1500);
    expect(record.players.black.ratingAfter).toBeLessThan(1500);
    expect(record.events.at(-1)?.event).toMatchObject({ type: "match-ended", winner: "white", reason: "resign" });
    expect(record.events[0]?.event.type).toBe("table-created");

    const winner = (await (await call("GET", `/v1/players/${a.player.id}`)).json()) as PlayerProfile;
    expect(winner.counts).toEqual({ matches: 1, wins: 1, losses: 0 });
    expect(winner.ratings).toHaveLength(1);
    expect(winner.ratings[0]).toMatchObject({ pool: "backgammon", games: 1, provisional: true });
    expect(winner.ratings[0]!.rating).toBeCloseTo(record.players.white.ratingAfter!, 6);
    const page = (await (await call("GET", `/v1/players/${b.player.id}/matches`)).json()) as MatchPage;
    expect(page.matches.map((m) => m.tableId)).toEqual([id]);
    expect(page.next).toBeNull();
  });

  it("through failed writes, a lost acknowledgement and re-run alarms: exactly one record and one rating update", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { rated: true });
    const id = table.id;
    // D1 refuses every write from the start, so no delivery can slip through before the first check.
    await setD1(id, d1With(async () => Promise.reject(new Error("D1 is down (injected)"))));
    const socket = await connect(id, { token: table.black.token });
    await socket.next("welcome");
    socket.send({ type: "resign", id: commandId() });
    expect((await socket.answer()).type).toBe("ack");

    await runDeliveryNow(id);
    await runDeliveryNow(id);
    expect((await call("GET", `/v1/matches/${id}`)).status).toBe(404);
    const failed = await outbox(id);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.attempts).toBeGreaterThanOrEqual(1);
    const retryAt = await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => state.storage.getAlarm());
    expect(retryAt).toBeGreaterThan(Date.now());
    expect(await ratingRow(a.player.id)).toBeNull();

    // D1 commits, but its answer never reaches the match object: the row stays and is delivered again.
    await setD1(id, d1With(async (real, statements) => {
      await real.batch(statements);
      throw new Error("acknowledgement lost (injected)");
    }));
    await runDeliveryNow(id);
    expect(await outbox(id)).toHaveLength(1);
    expect((await call("GET", `/v1/matches/${id}`)).status).toBe(200);

    await setD1(id, env.DB);
    await delivered(id);

    // An at-least-once alarm delivering the same row once more changes nothing either.
    await runInDurableObject(stubOf(id), async (room: MatchRoom) => {
      const stored = room.room.store.load()!;
      room.room.commit({ room: stored, events: [], at: Date.now(), outbox: { put: "match-record" }, setDeadlines: [{ kind: "deliver", seat: "table", due: Date.now() - 1 }] });
      await room.room.syncAlarm();
    });
    await delivered(id);

    expect(await d1Count("SELECT count(*) AS n FROM matches WHERE table_id = ?", id)).toBe(1);
    expect(await d1Count("SELECT count(*) AS n FROM match_players WHERE table_id = ?", id)).toBe(2);
    for (const player of [a, b]) expect(await ratingRow(player.player.id)).toMatchObject({ games: 1, rev: 1 });
    expect((await ratingRow(a.player.id))!.rating).toBeGreaterThan(1500);
    expect((await ratingRow(b.player.id))!.rating).toBeLessThan(1500);
  });

  it("a finished table whose record has not reached D1 is not purged", async () => {
    const a = await member();
    const table = await tableBetween(a.token, null);
    await setD1(table.id, d1With(async () => Promise.reject(new Error("D1 is down (injected)"))));
    const socket = await connect(table.id, { token: table.white.token });
    await socket.next("welcome");
    socket.send({ type: "resign", id: commandId() });
    expect((await socket.answer()).type).toBe("ack");
    socket.close();
    // The retention has run out while D1 is still down: the purge comes due first.
    await runInDurableObject(stubOf(table.id), async (room: MatchRoom, state) => {
      state.storage.sql.exec("UPDATE deadlines SET due = ? WHERE kind = 'purge'", Date.now() - 10);
      await room.room.syncAlarm();
    });
    await runDurableObjectAlarm(stubOf(table.id));
    expect((await call("GET", `/v1/tables/${table.id}`)).status).toBe(200);
    expect(await outbox(table.id)).toHaveLength(1);
    await setD1(table.id, env.DB);
    await delivered(table.id);
    expect((await call("GET", `/v1/matches/${table.id}`)).status).toBe(200);
  });

  it("a rating changed by another match between read and write rolls the whole delivery back, and the retry uses the new rating", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { rated: true });
    await setD1(table.id, d1With(async (real, statements) => {
      // Another match of A's lands just before this batch.
      await real
        .prepare("INSERT INTO ratings (player_id, pool, rating, rd, volatility, games, rated_at, rev) VALUES (?, 'backgammon', 1700, 100, 0.06, 9, ?, 9)")
        .bind(a.player.id, Date.now())
        .run();
      return real.batch(statements);
    }));
    const socket = await connect(table.id, { token: table.black.token });
    await socket.next("welcome");
    socket.send({ type: "resign", id: commandId() });
    expect((await socket.answer()).type).toBe("ack");
    await runDeliveryNow(table.id);
    expect((await call("GET", `/v1/matches/${table.id}`)).status).toBe(404);
    expect(await ratingRow(b.player.id)).toBeNull();

    await setD1(table.id, env.DB);
    await delivered(table.id);
    const record = (await (await call("GET", `/v1/matches/${table.id}`)).json()) as MatchRecord;
    expect(record.players.white.ratingBefore).toBe(1700);
    expect(await ratingRow(a.player.id)).toMatchObject({ games: 10, rev: 10 });
    expect(await ratingRow(b.player.id)).toMatchObject({ games: 1, rev: 1 });
  });

  it("records casual matches without touching ratings, and none for a table without players", async () => {
    const a = await member();
    const casual = await resignedMatch(a.token, null, false, "white");
    await delivered(casual.id);
    const record = (await (await call("GET", `/v1/matches/${casual.id}`)).json()) as MatchRecord;
    expect(record).toMatchObject({ rated: false, winner: "black" });
    expect(record.players.black).toMatchObject({ playerId: null, name: "Player 2", ratingBefore: null, ratingAfter: null });
    expect(await ratingRow(a.player.id)).toBeNull();
    expect(((await (await call("GET", `/v1/players/${a.player.id}`)).json()) as PlayerProfile).counts).toEqual({ matches: 1, wins: 0, losses: 1 });

    const anonymous = await resignedMatch(null, null, false);
    expect(await outbox(anonymous.id)).toEqual([]);
    expect((await call("GET", `/v1/matches/${anonymous.id}`)).status).toBe(404);
  });

  it("pages a player's history newest first with a cursor, and shows a deleted opponent as deleted", async () => {
    const a = await member();
    const b = await member();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await resignedMatch(a.token, b.token, false);
      await delivered(id);
      ids.push(id);
    }
    const first = (await (await call("GET", `/v1/players/${a.player.id}/matches?limit=2`)).json()) as MatchPage;
    expect(first.matches.map((m) => m.tableId)).toEqual([ids[2], ids[1]]);
    expect(first.next).not.toBeNull();
    const second = (await (await call("GET", `/v1/players/${a.player.id}/matches?limit=2&cursor=${first.next}`)).json()) as MatchPage;
    expect(second.matches.map((m) => m.tableId)).toEqual([ids[0]]);
    expect(second.next).toBeNull();
    expect((await call("GET", `/v1/players/${a.player.id}/matches?cursor=nonsense`)).status).toBe(400);

    await call("DELETE", "/v1/me", { token: b.token });
    const record = (await (await call("GET", `/v1/matches/${ids[0]}`)).json()) as MatchRecord;
    expect(record.players.black).toMatchObject({ playerId: b.player.id, name: "deleted player", deleted: true });
    const joined = record.events.find((e) => e.event.type === "player-joined" && e.event.seat === "black");
    expect(joined?.event).toMatchObject({ name: "deleted player" });
  });
});
