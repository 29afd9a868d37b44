/**
 * Fair play without a moderator awake (docs/fair-play.md), inside workerd with the real D1, match objects, outbox
 * and Rate Limiting bindings: the guest and claim limits; what guests may not do; the cooldown ladder, driven by
 * real matches forfeited or timed out and delivered by the outbox; the pair-flow flag; protected claimed names.
 * Time is moved by moving stored times back (deadlines, the clock's start, the abandonments' times), never waited.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyCheckers, initialBoard, LAG_RULE, type Side } from "../../src/engine";
import { CooldownSchema, type Cooldown, type SeatGrant } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { cooldownAt, lostRace } from "../../src/server/fairplay/cooldown";
import { balance, d1With, resign, runDeliveryNow, setD1 } from "./coins-support";
import { connectSeats, history, ROLL_IS_A_DECISION, stubOf, timePasses } from "./helpers";
import { call, d1Count, delivered, guest, member, outbox, tableBetween } from "./players-support";
import { freshChoice, seekQuery, seekResponse } from "./quick-support";
import { expectProblem } from "../support/problems";

const MINUTE = 60_000;

async function cooldown(token: string): Promise<Cooldown> {
  const res = await call("GET", "/v1/me/cooldown", { token });
  expect(res.status).toBe(200);
  return CooldownSchema.parse(await res.json());
}

/** The white seat leaves: its socket closes, the reconnect window runs out, the alarm forfeits; the record is delivered. */
async function whiteLeaves(table: { id: string; white: SeatGrant; black: SeatGrant }): Promise<void> {
  const seats = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
  seats.white.skipAll();
  seats.black.skipAll();
  seats.white.close();
  await seats.black.next("update");
  await timePasses(table.id);
  await runDurableObjectAlarm(stubOf(table.id));
  expect((await history(table.id)).events.at(-1)?.event).toMatchObject({ type: "match-ended", winner: "black", reason: "forfeit" });
  seats.black.close();
  await delivered(table.id);
}

/** Table creation by `token` (a casual backgammon table). */
function createBy(token: string, body: Record<string, unknown> = {}): Promise<Response> {
  return call("POST", "/v1/tables", { token, body: { preset: "backgammon", ...body } });
}

describe("per-client limits on guests and claims", () => {
  it("guest creation: 5 a minute per address, then 429 RATE_LIMITED with Retry-After; another address is not affected", async () => {
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < 7; i++) {
      const res = await call("POST", "/v1/players", { ip: "198.51.100.21" });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
      else await res.body?.cancel();
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(refused!.headers.get("retry-after")).toBe("60");
    const before = await d1Count("SELECT count(*) AS n FROM players");
    await expectProblem(await call("POST", "/v1/players", { ip: "198.51.100.21" }), 429, "RATE_LIMITED");
    expect(await d1Count("SELECT count(*) AS n FROM players")).toBe(before);
    expect((await call("POST", "/v1/players", { ip: "198.51.100.22" })).status).toBe(201);
  });

  it("claims: 3 a minute per address, counted before the session is read, then 429 with Retry-After", async () => {
    const guests = await Promise.all([guest(), guest(), guest(), guest()]);
    const statuses: number[] = [];
    for (const [i, g] of guests.entries()) {
      const res = await call("POST", "/v1/me/claim", { token: g.token, ip: "198.51.100.31", body: { name: `Claimer${i}x`, password: "correct horse" } });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get("retry-after")).toBe("60");
      await res.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The refused claim changed nothing: the fourth is still a guest.
    expect(((await (await call("GET", "/v1/me", { token: guests[3]!.token })).json()) as { kind: string }).kind).toBe("guest");
  });
});

describe("what guests may do", () => {
  it("a guest plays casual at once: creates and joins a casual table", async () => {
    const [a, b] = [await guest(), await guest()];
    const table = await tableBetween(a.token, b.token);
    expect(table.black.table.status).toBe("playing");
  });

  it("a guest may not create a rated or stake table (CLAIM_REQUIRED), and nothing is created", async () => {
    const a = await guest();
    const listed = async () => ((await (await call("GET", "/v1/tables")).json()) as { tables: unknown[] }).tables.length;
    const before = await listed();
    await expectProblem(await createBy(a.token, { rated: true }), 403, "CLAIM_REQUIRED");
    await expectProblem(await createBy(a.token, { stake: 50 }), 403, "CLAIM_REQUIRED");
    expect(await listed()).toBe(before);
  });

  it("a guest may not join a rated or a stake table (the match object refuses: CLAIM_REQUIRED); the table goes on waiting", async () => {
    const host = await member();
    const g = await guest();
    for (const body of [{ rated: true }, { stake: 50 }]) {
      const created = await createBy(host.token, body);
      expect(created.status).toBe(201);
      const { tableId } = (await created.json()) as SeatGrant;
      await expectProblem(await call("POST", `/v1/tables/${tableId}/join`, { token: g.token, body: {} }), 403, "CLAIM_REQUIRED");
      expect(((await (await call("GET", `/v1/tables/${tableId}`)).json()) as { status: string }).status).toBe("waiting");
      expect(await d1Count("SELECT count(*) AS n FROM coin_transfers WHERE table_id = ?", tableId)).toBe(0);
    }
    // A member's join of the same kind of table is taken.
    const m = await member();
    const created = (await (await createBy(host.token, { rated: true })).json()) as SeatGrant;
    expect((await call("POST", `/v1/tables/${created.tableId}/join`, { token: m.token, body: {} })).status).toBe(200);
  });

  it("a guest may not seek rated play or a stake (CLAIM_REQUIRED); a casual seek is fine", async () => {
    const g = await guest();
    await expectProblem(await seekResponse(seekQuery(freshChoice({ rated: true })), g.token), 403, "CLAIM_REQUIRED");
    await expectProblem(await seekResponse(seekQuery(freshChoice({ rated: false, stake: 50 })), g.token), 403, "CLAIM_REQUIRED");
    const casual = await seekResponse(seekQuery(freshChoice({ rated: false })), g.token);
    expect(casual.status).toBe(101);
    casual.webSocket!.accept();
    casual.webSocket!.close();
  });
});

describe("the cooldown ladder", () => {
  it("free, 15 min, 1 h, 3 h, 24 h as a player leaves match after match; refuses create, join and seek with the end time; expires; decays", async () => {
    const leaver = await guest();
    const other = await guest();
    expect(await cooldown(leaver.token)).toMatchObject({ until: null, offences: 0, nextMinutes: 0, windowDays: 7, ladderMinutes: [0, 15, 60, 180, 1440] });
    // Five matches running at once: a cooldown stops new ones, not those already running.
    const tables = [];
    for (let i = 0; i < 5; i++) tables.push(await tableBetween(leaver.token, other.token, { reconnectSeconds: 60 }));

    const steps: Array<number | null> = [];
    for (const [i, table] of tables.entries()) {
      await whiteLeaves(table);
      const now = await cooldown(leaver.token);
      expect(now.offences).toBe(i + 1);
      expect(now.recent[0]).toMatchObject({ tableId: table.id, cause: "left" });
      steps.push(now.until === null ? null : (now.until - now.recent[0]!.at) / MINUTE);
      if (i === 0) {
        // The free allowance: the next table is still allowed.
        const res = await createBy(leaver.token);
        expect(res.status).toBe(201);
        await res.body?.cancel();
      }
    }
    expect(steps).toEqual([null, 15, 60, 180, 1440]);
    expect(await d1Count("SELECT count(*) AS n FROM abandonments WHERE player_id = ?", leaver.player.id)).toBe(5);
    expect(await d1Count("SELECT count(*) AS n FROM abandonments WHERE player_id = ?", other.player.id)).toBe(0);

    // In the cooldown: no table, no join, no seek; COOLDOWN names the end, Retry-After counts the seconds to it.
    const { until } = await cooldown(leaver.token);
    const refused = await createBy(leaver.token);
    expect(refused.status).toBe(403);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(1439 * 60);
    expect(retryAfter).toBeLessThanOrEqual(1440 * 60);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe("COOLDOWN");
    expect(problem.detail).toContain(new Date(until!).toISOString());
    const open = (await (await createBy(other.token)).json()) as SeatGrant;
    await expectProblem(await call("POST", `/v1/tables/${open.tableId}/join`, { token: leaver.token, body: {} }), 403, "COOLDOWN");
    expect(((await (await call("GET", `/v1/tables/${open.tableId}`)).json()) as { status: string }).status).toBe("waiting");
    await expectProblem(await seekResponse(seekQuery(freshChoice({ rated: false })), leaver.token), 403, "COOLDOWN");
    // The opponent who stayed is not in any cooldown.
    expect((await cooldown(other.token)).until).toBeNull();

    // A day later (every offence's time moved back 25 hours): the cooldown is over, the offences still count.
    await env.DB.prepare("UPDATE abandonments SET at = at - ? WHERE player_id = ?").bind(25 * 60 * MINUTE, leaver.player.id).run();
    expect(await cooldown(leaver.token)).toMatchObject({ until: null, offences: 5, nextMinutes: 1440 });
    const again = await createBy(leaver.token);
    expect(again.status).toBe(201);
    await again.body?.cancel();

    // A week after them the offences no longer count: the next one is free again.
    await env.DB.prepare("UPDATE abandonments SET at = at - ? WHERE player_id = ?").bind(7 * 24 * 60 * MINUTE, leaver.player.id).run();
    expect(await cooldown(leaver.token)).toMatchObject({ until: null, offences: 0, nextMinutes: 0, recent: [] });
  });

  it("a forfeit delivered through a failing D1, a lost acknowledgement and a repeated delivery counts once", async () => {
    const leaver = await member();
    const other = await member();
    const table = await tableBetween(leaver.token, other.token, { rated: true, reconnectSeconds: 60 });
    await setD1(table.id, d1With(async () => Promise.reject(new Error("D1 is down (injected)"))));
    const seats = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    seats.white.skipAll();
    seats.black.skipAll();
    seats.white.close();
    await seats.black.next("update");
    await timePasses(table.id);
    await runDurableObjectAlarm(stubOf(table.id));
    await runDeliveryNow(table.id);
    expect(await d1Count("SELECT count(*) AS n FROM abandonments WHERE table_id = ?", table.id)).toBe(0);
    // D1 commits, but its answer is lost: the row stays and is delivered again.
    await setD1(table.id, d1With(async (real, statements) => {
      await real.batch(statements);
      throw new Error("acknowledgement lost (injected)");
    }));
    await runDeliveryNow(table.id);
    expect(await outbox(table.id)).toHaveLength(1);
    await setD1(table.id, env.DB);
    await delivered(table.id);
    // An at-least-once alarm delivering the same row once more.
    await runInDurableObject(stubOf(table.id), async (room: MatchRoom) => {
      const stored = room.room.store.load()!;
      room.room.commit({ room: stored, events: [], at: Date.now(), outbox: { put: "match-record" }, setDeadlines: [{ kind: "deliver", seat: "table", due: Date.now() - 1 }] });
      await room.room.syncAlarm();
    });
    await delivered(table.id);
    seats.black.close();
    expect(await d1Count("SELECT count(*) AS n FROM abandonments WHERE table_id = ?", table.id)).toBe(1);
    expect(await d1Count("SELECT count(*) AS n FROM pair_results WHERE table_id = ?", table.id)).toBe(1);
    expect((await cooldown(leaver.token)).offences).toBe(1);
  });

  /** A match whose side on roll has `board` for its checkers (the rest as dealt), flagged by its clock and delivered. */
  async function timedOut(board: (mover: Side) => { mover: number[]; other: number[] }) {
    const a = await guest();
    const b = await guest();
    const table = await tableBetween(a.token, b.token, ROLL_IS_A_DECISION);
    const seats = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
    seats.white.skipAll();
    seats.black.skipAll();
    const mover = await runInDurableObject(stubOf(table.id), async (room: MatchRoom) => {
      const core = room.room;
      const loaded = core.store.load()!;
      const match = loaded.match!;
      const side = match.position.turn;
      const other: Side = side === "white" ? "black" : "white";
      const { mover: own, other: theirs } = board(side);
      const position = { ...match.position, board: { [side]: own, [other]: theirs } as Record<Side, number[]> };
      // The decision started long ago: its clock has run out, and the alarm is due.
      const clock = { ...loaded.info.clock!, since: loaded.info.clock!.since - (12_000 + 360_000 + LAG_RULE.perMoveMs) };
      core.commit({ room: { ...loaded, info: { ...loaded.info, clock }, match: { ...match, position } }, events: [], at: Date.now() });
      await core.syncAlarm();
      return side;
    });
    await runDurableObjectAlarm(stubOf(table.id));
    expect((await history(table.id)).events.at(-1)?.event).toMatchObject({ type: "match-ended", reason: "timeout" });
    seats.white.close();
    seats.black.close();
    await delivered(table.id);
    const loser = mover === "white" ? a : b;
    return { table, loser, winner: mover === "white" ? b : a };
  }

  it("a clock run out in a lost race is an offence (cause clock); in an even position it is not", async () => {
    // Lost: the mover has all 15 checkers as dealt (167 pips); the opponent has one checker left on its 1-point.
    const lost = await timedOut(() => {
      const nearlyOff = emptyCheckers();
      nearlyOff[0] = 14;
      nearlyOff[1] = 1;
      return { mover: initialBoard("short").white, other: nearlyOff };
    });
    expect((await cooldown(lost.loser.token)).recent).toEqual([{ tableId: lost.table.id, cause: "clock", at: expect.any(Number) }]);
    expect((await cooldown(lost.winner.token)).offences).toBe(0);

    // Even: both sides as dealt (167 pips each): running out of time there is not giving up a lost game.
    const even = await timedOut(() => ({ mover: initialBoard("short").white, other: initialBoard("short").black }));
    expect((await cooldown(even.loser.token)).offences).toBe(0);
  });

  it("GET /v1/me/cooldown needs a session, and is in the OpenAPI document with the limits' and refusals' codes", async () => {
    await expectProblem(await call("GET", "/v1/me/cooldown"), 401, "UNAUTHORIZED");
    const doc = (await (await call("GET", "/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.paths["/v1/me/cooldown"]?.get).toMatchObject({ operationId: "getCooldown", security: [{ session: [] }] });
    expect(Object.keys(doc.paths["/v1/players"]!.post!.responses)).toContain("429");
    expect(Object.keys(doc.paths["/v1/me/claim"]!.post!.responses)).toContain("429");
    expect(JSON.stringify(doc.paths["/v1/tables"]!.post!.responses)).toMatch(/CLAIM_REQUIRED[\s\S]*COOLDOWN/);
    expect(JSON.stringify(doc.paths["/v1/tables/{id}/join"]!.post!.responses)).toContain("NAME_PROTECTED");
  });
});

describe("the ladder and the lost race, as functions of what is stored", () => {
  const offence = (at: number, tableId = `t${at}`) => ({ tableId, playerId: "p", cause: "left" as const, at });
  const DAY = 24 * 60 * MINUTE;

  it("ranks each offence by the offences of the week up to it; an offence a week old no longer counts", () => {
    const now = 100 * DAY;
    // Two offences eight days apart: each is the first of its week, both free.
    expect(cooldownAt([offence(now - 8 * DAY), offence(now - MINUTE)], now)).toMatchObject({ until: null, offences: 1, nextMinutes: 15 });
    // Three within a week: the third is ranked 3rd, an hour from its time.
    const third = now - 10 * MINUTE;
    expect(cooldownAt([offence(now - 6 * DAY), offence(now - 3 * DAY), offence(third)], now).until).toBe(third + 60 * MINUTE);
    // Three where the first is more than a week older than the third: the third is ranked 2nd (15 minutes, over by now).
    const later = now - 20 * MINUTE;
    expect(cooldownAt([offence(later - 7 * DAY - MINUTE), offence(now - 3 * DAY), offence(later)], now)).toMatchObject({ until: null, offences: 2 });
    // One minute less old, it is in the third's week: ranked 3rd, an hour.
    expect(cooldownAt([offence(later - 7 * DAY + MINUTE), offence(now - 3 * DAY), offence(later)], now).until).toBe(later + 60 * MINUTE);
    // The last step repeats.
    const many = Array.from({ length: 7 }, (_, i) => offence(now - (7 - i) * MINUTE));
    expect(cooldownAt(many, now).until).toBe(now - MINUTE + 1440 * MINUTE);
  });

  it("a lost race: more than 10 % behind the opponent's pip count", () => {
    const board = (points: Array<[number, number]>) => {
      const checkers = emptyCheckers();
      for (const [point, n] of points) checkers[point] = n;
      return checkers;
    };
    const position = (white: number[], black: number[]) => ({ variant: "short" as const, board: { white, black }, turn: "white" as const });
    const hundred = board([[10, 10]]);
    expect(lostRace(position(board([[10, 11]]), hundred), "white")).toBe(false); // 110 against 100
    expect(lostRace(position(board([[10, 10], [11, 1]]), hundred), "white")).toBe(true); // 111 against 100
    expect(lostRace(position(board([[10, 10], [11, 1]]), hundred), "black")).toBe(false); // ahead
  });
});

describe("coins and rating flowing between one pair, flagged for review", () => {
  const flags = (a: string, b: string) =>
    d1Count(
      "SELECT count(*) AS n FROM moderation_log WHERE action = 'flag' AND reason = 'farming' AND actor_id IS NULL AND detail LIKE ? AND detail LIKE ?",
      `%${a}%`,
      `%${b}%`,
    );

  it("five net rated wins over the same opponent in a week: one flag, naming the pair and the figures; more wins the same day add none", async () => {
    const feeder = await member();
    const farmer = await member();
    for (let i = 0; i < 6; i++) {
      const table = await tableBetween(feeder.token, farmer.token, { rated: true });
      await resign(table.id, table.white.token);
      await delivered(table.id);
      expect(await flags(feeder.player.id, farmer.player.id)).toBe(i < 4 ? 0 : 1);
    }
    const row = await env.DB.prepare("SELECT * FROM moderation_log WHERE action = 'flag' AND player_id = ?").bind(farmer.player.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ actor_id: null, reason: "farming", player_id: farmer.player.id });
    expect(JSON.parse(String(row!.detail))).toMatchObject({
      beneficiary: farmer.player.id,
      opponent: feeder.player.id,
      netRatedWins: 5,
      netCoins: 0,
      matches: 5,
      windowDays: 7,
    });
    expect([...(JSON.parse(String(row!.detail)) as { pair: string[] }).pair].sort()).toEqual([feeder.player.id, farmer.player.id].sort());
  });

  it("2,000 net coins won from the same opponent over 3 stake matches: one flag; two matches are not a pattern", async () => {
    const feeder = await member();
    const farmer = await member();
    // The feeder has more coins than a grant (how they came by them does not matter here).
    await balance(feeder.token);
    await env.DB.prepare("INSERT INTO coin_transfers (id, from_account, to_account, amount, purpose, table_id, at) VALUES (?, 'house', ?, 5000, 'top-up', NULL, ?)")
      .bind(`top-up:${feeder.player.id}:fixture`, `player:${feeder.player.id}`, Date.now())
      .run();
    for (let i = 0; i < 3; i++) {
      const table = await tableBetween(feeder.token, farmer.token, { stake: 700 });
      await resign(table.id, table.white.token);
      await delivered(table.id);
      expect(await flags(feeder.player.id, farmer.player.id)).toBe(i < 2 ? 0 : 1);
    }
    const row = await env.DB.prepare("SELECT detail FROM moderation_log WHERE action = 'flag' AND player_id = ?").bind(farmer.player.id).first<{ detail: string }>();
    expect(JSON.parse(row!.detail)).toMatchObject({ beneficiary: farmer.player.id, netCoins: 2100, matches: 3 });
  });

  it("casual matches move nothing and are never summed", async () => {
    const [a, b] = [await guest(), await guest()];
    for (let i = 0; i < 3; i++) {
      const table = await tableBetween(a.token, b.token);
      await resign(table.id, table.white.token);
      await delivered(table.id);
    }
    expect(await d1Count("SELECT count(*) AS n FROM pair_results WHERE winner_id IN (?, ?)", a.player.id, b.player.id)).toBe(0);
  });
});

describe("what a moderator sees of the fair-play rules", () => {
  it("a player's cooldown and pairs, for staff only: 401 without a session, 403 for a plain player, 404 for nobody", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token, { rated: true, stake: 100 });
    await resign(table.id, table.white.token);
    await delivered(table.id);
    const moderator = await member();
    await env.DB.prepare("INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES (?, 'moderator', NULL, ?)").bind(moderator.player.id, Date.now()).run();

    for (const path of [`/v1/admin/players/${b.player.id}/cooldown`, `/v1/admin/players/${b.player.id}/pairs`]) {
      await expectProblem(await call("GET", path), 401, "UNAUTHORIZED");
      await expectProblem(await call("GET", path, { token: a.token }), 403, "FORBIDDEN");
    }
    await expectProblem(await call("GET", "/v1/admin/players/AAAAAAAAAAAAAAAAAAAAAA/pairs", { token: moderator.token }), 404, "PLAYER_NOT_FOUND");
    const pairs = await call("GET", `/v1/admin/players/${b.player.id}/pairs`, { token: moderator.token });
    expect(pairs.status).toBe(200);
    expect(await pairs.json()).toEqual({ playerId: b.player.id, windowDays: 7, pairs: [{ opponentId: a.player.id, matches: 1, netCoins: 100, netRatedWins: 1 }] });
    const cooldownRead = await call("GET", `/v1/admin/players/${a.player.id}/cooldown`, { token: moderator.token });
    expect(CooldownSchema.parse(await cooldownRead.json())).toMatchObject({ until: null, offences: 0 });
  });
});

describe("claimed names are protected", () => {
  it("a display name that folds to a member's name is NAME_PROTECTED at create and join, unless the seat is the member's own", async () => {
    const anahit = await member("Anahit");
    const g = await guest();
    // Cyrillic А and а, a capital, and signs around it: all pass for "Anahit".
    for (const name of ["Anahit", "ANAHIT", "Аnаhit", "a.n.a.h.i.t"]) {
      await expectProblem(await call("POST", "/v1/tables", { body: { preset: "backgammon", name } }), 400, "NAME_PROTECTED");
    }
    const different = await call("POST", "/v1/tables", { body: { preset: "backgammon", name: "Anahita" } });
    expect(different.status).toBe(201);
    await different.body?.cancel();
    await expectProblem(await createBy(g.token, { name: "Аnаhit" }), 400, "NAME_PROTECTED");
    const open = (await (await createBy(g.token)).json()) as SeatGrant;
    await expectProblem(await call("POST", `/v1/tables/${open.tableId}/join`, { body: { name: "anahit" } }), 400, "NAME_PROTECTED");
    await expectProblem(await call("POST", `/v1/tables/${open.tableId}/join`, { token: g.token, body: { name: "ANAHIT" } }), 400, "NAME_PROTECTED");
    // The member herself may write her name as she likes.
    const own = await call("POST", `/v1/tables/${open.tableId}/join`, { token: anahit.token, body: { name: "ANAHIT" } });
    expect(own.status).toBe(200);
    expect(((await own.json()) as SeatGrant).table.players.black?.name).toBe("ANAHIT");
  });

  it("a claim or a rename to a look-alike of another member's name is NAME_TAKEN", async () => {
    await member("Vardan");
    const g = await guest();
    await expectProblem(await call("POST", "/v1/me/claim", { token: g.token, body: { name: "Vаrdаn", password: "correct horse" } }), 409, "NAME_TAKEN");
    await expectProblem(await call("POST", "/v1/me/claim", { token: g.token, body: { name: "V_A_R_D_A_N", password: "correct horse" } }), 409, "NAME_TAKEN");
    const other = await member("Ashot");
    await expectProblem(await call("PATCH", "/v1/me", { token: other.token, body: { name: "vardan-" } }), 409, "NAME_TAKEN");
    expect(((await (await call("GET", "/v1/me", { token: other.token })).json()) as { name: string }).name).toBe("Ashot");
    // Renaming oneself to a look-alike of one's own name is fine.
    expect((await call("PATCH", "/v1/me", { token: other.token, body: { name: "ASHOT" } })).status).toBe(200);
  });

  it("a member from before the skeleton column (NULL) is protected all the same; the skeleton is stored on first need", async () => {
    await env.DB.prepare("INSERT INTO players (id, name, name_key, kind, password, created_at) VALUES ('p-old-member-0001', 'Gohar', 'gohar', 'member', 'x', 1)").run();
    expect(await d1Count("SELECT count(*) AS n FROM players WHERE id = 'p-old-member-0001' AND name_skeleton IS NULL")).toBe(1);
    await expectProblem(await call("POST", "/v1/tables", { body: { preset: "backgammon", name: "G0har" } }), 400, "NAME_PROTECTED");
    expect(await d1Count("SELECT count(*) AS n FROM players WHERE id = 'p-old-member-0001' AND name_skeleton = 'gohar'")).toBe(1);
  });
});
