/**
 * Challenges of a named player (docs/friends-and-challenges.md): made, read, accepted, declined, cancelled and
 * expired. Every status change is one conditional D1 write (./db.ts), so of two answers at once one wins; the
 * winner tells both players' channels. Accepting makes the table as quick match does (../quick/table.ts), with
 * seat keys and White derived from the challenge's stored secret, so an accept sent again and the challenger's read
 * answer the very same seats.
 */
import {
  PlayerIdSchema,
  SOCIAL_LIMITS,
  type AcceptedChallenge,
  type Challenge,
  type ChallengeList,
  type ChallengeRead,
  type CreateChallengeBody,
  type SeatGrant,
} from "../../protocol";
import { stakeForNewTable } from "../coins/stakes";
import { Db, type PlayerRow } from "../db";
import type { Env } from "../env";
import { nameKey } from "../identity/names";
import { base64url, fromSeatKey, newTableId } from "../ids";
import { objectLog } from "../log";
import { admit } from "../moderation/admission";
import { HttpRefusal, unwrap } from "../problem";
import { makeTable, type SameSeats } from "../quick/table";
import { grant } from "../room/seats";
import { notify } from "./channel-link";
import { SocialDb, type ChallengeRow } from "./db";
import { linksOf } from "./links";

/** Its status as read at `now`: an open challenge past its expiry is expired, whether the sweep wrote it yet or not. */
function statusAt(row: ChallengeRow, now: number): ChallengeRow["status"] {
  return row.status === "open" && row.expiresAt <= now ? "expired" : row.status;
}

/** The challenges as the API shows them, each player with their presence (one presence read for all). */
async function views(env: Env, rows: readonly ChallengeRow[], now: number): Promise<Challenge[]> {
  const links = await linksOf(env, rows.flatMap((row) => [row.from, row.to]));
  return rows.map((row) => {
    const status = statusAt(row, now);
    return {
      id: row.id,
      from: links.get(row.from.id)!,
      to: links.get(row.to.id)!,
      settings: row.settings,
      status,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      answeredAt: status === "expired" && row.status === "open" ? row.expiresAt : row.answeredAt,
      tableId: row.tableId,
    };
  });
}

async function viewOf(env: Env, row: ChallengeRow, now: number): Promise<Challenge> {
  return (await views(env, [row], now))[0]!;
}

/** The table an accept makes: derived from the challenge id, so every accept of it names the same table. */
export async function challengeTableId(challengeId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`nardi-challenge-table-v1\n${challengeId}`)));
  return base64url(digest.slice(0, 16));
}

async function derived(secret: string, what: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`nardi-challenge-v1\n${what}\n${secret}`)));
}

/** Both seats' keys (the challenger's first) and who plays White: fixed by the challenge's secret. */
async function sameSeats(row: ChallengeRow): Promise<SameSeats> {
  const [from, to, white] = await Promise.all([derived(row.seatSecret, "from"), derived(row.seatSecret, "to"), derived(row.seatSecret, "white")]);
  return { seatKeys: [base64url(from), base64url(to)], flip: (white[0]! & 1) === 1 };
}

/**
 * A player's seat at an accepted challenge's table, read again: the token their seat key gives, the table as it
 * stands. Null when the table is not (or no longer) there with both seats bound.
 */
async function seatAgain(env: Env, row: ChallengeRow, side: "from" | "to"): Promise<SeatGrant | null> {
  if (row.tableId === null) return null;
  const same = await sameSeats(row);
  const key = same.seatKeys[side === "from" ? 0 : 1];
  const playsWhite = (side === "from") !== same.flip;
  const token = await fromSeatKey(key, "token");
  const viewed = await env.MATCH.getByName(row.tableId).view(token);
  if (!viewed.ok || viewed.value.players.black === null) return null;
  return grant({ ok: true, value: { seat: playsWhite ? "white" : "black", token, invite: null, table: viewed.value } });
}

/** Tells a player's channel, never failing the request: a channel that missed it shows the change on its next welcome. */
async function tell(env: Env, playerId: string, challenge: Challenge, seat: SeatGrant | null): Promise<void> {
  try {
    await notify(env, playerId, { kind: "challenge", challenge, seat });
  } catch (error) {
    objectLog("challenges").error("telling a player's channel failed", error, { challengeId: challenge.id });
  }
}

async function tellBoth(env: Env, challenge: Challenge, seats: { from: SeatGrant | null; to: SeatGrant | null } = { from: null, to: null }): Promise<void> {
  await Promise.all([tell(env, challenge.from.id, challenge, seats.from), tell(env, challenge.to.id, challenge, seats.to)]);
}

/** The challenged player, by id or by claimed name (any case). */
async function target(env: Env, to: string): Promise<PlayerRow> {
  const db = new Db(env.DB);
  const byId = PlayerIdSchema.safeParse(to).success ? await db.player(to) : null;
  const player = byId ?? (await db.playerByName(nameKey(to)));
  if (!player || player.kind === "deleted") throw new HttpRefusal("PLAYER_NOT_FOUND", `no player ${JSON.stringify(to)}`);
  return player;
}

/**
 * POST /v1/challenges. Checks in order (after the session): the admission as a seek's (site switch, sanctions,
 * cooldown, a guest asking for rated play or a stake), the challenged player exists and is not the challenger,
 * a block either way or their policy (one answer: CHALLENGE_REFUSED), a stake's bounds and the challenger's coins,
 * then the limit of open challenges (counted in the insert itself).
 */
export async function createChallenge(env: Env, player: PlayerRow, body: CreateChallengeBody, now: number = Date.now()): Promise<Challenge> {
  const { settings } = body;
  await admit(env, { what: "seek", player, rated: settings.rated, stake: settings.stake }, now);
  const to = await target(env, body.to);
  if (to.id === player.id) throw new HttpRefusal("SAME_PLAYER", "a player cannot challenge themselves");
  const db = new SocialDb(env.DB);
  const terms = await db.challengeTerms(player.id, to.id);
  if (terms.blocked || terms.policy === "nobody" || (terms.policy === "friends" && !terms.friends)) {
    throw new HttpRefusal("CHALLENGE_REFUSED", "this player takes no challenges from you");
  }
  if (settings.stake !== 0) unwrap(await stakeForNewTable(env, env.DB, { stake: settings.stake, opponent: "human", player }));
  const id = newTableId();
  const seatSecret = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const expiresAt = now + body.expiresInSeconds * 1000;
  const made = await db.createChallenge({ id, fromId: player.id, toId: to.id, settings, createdAt: now, expiresAt, seatSecret }, SOCIAL_LIMITS.maxOpenChallenges);
  if (!made) throw new HttpRefusal("CHALLENGE_LIMIT", `at most ${SOCIAL_LIMITS.maxOpenChallenges} open challenges at once: cancel one or wait for answers`);
  await armExpiry(env, expiresAt);
  const row = (await db.challenge(id))!;
  const challenge = await viewOf(env, row, now);
  await tellBoth(env, challenge);
  return challenge;
}

/** The Monitor's sweep learns of an expiry (./sweep.ts); a failure is logged: reads show it expired all the same. */
async function armExpiry(env: Env, at: number): Promise<void> {
  try {
    await env.MONITOR.getByName("monitor").armChallengeSweep(at);
  } catch (error) {
    objectLog("challenges").error("arming the challenge sweep failed", error);
  }
}

/** The challenge if the player sent or received it; CHALLENGE_NOT_FOUND otherwise (whether it exists is not told). */
async function theirs(env: Env, playerId: string, id: string): Promise<{ row: ChallengeRow; side: "from" | "to" }> {
  const row = PlayerIdSchema.safeParse(id).success ? await new SocialDb(env.DB).challenge(id) : null;
  if (row?.from.id === playerId) return { row, side: "from" };
  if (row?.to.id === playerId) return { row, side: "to" };
  throw new HttpRefusal("CHALLENGE_NOT_FOUND", "no challenge with this id that you sent or received");
}

/** GET /v1/challenges/{id}: the challenge, and once accepted the reader's own seat. */
export async function readChallenge(env: Env, playerId: string, id: string, now: number = Date.now()): Promise<ChallengeRead> {
  const { row, side } = await theirs(env, playerId, id);
  const seat = row.status === "accepted" ? await seatAgain(env, row, side) : null;
  return { challenge: await viewOf(env, row, now), seat };
}

/** GET /v1/challenges, and the channel's welcome: the player's open challenges. */
export async function openChallengesFor(env: Env, playerId: string, now: number = Date.now()): Promise<ChallengeList> {
  const open = await new SocialDb(env.DB).openChallenges(playerId, now);
  const all = await views(env, [...open.incoming, ...open.outgoing], now);
  return { incoming: all.slice(0, open.incoming.length), outgoing: all.slice(open.incoming.length) };
}

function closed(row: ChallengeRow, now: number): HttpRefusal {
  return new HttpRefusal("CHALLENGE_CLOSED", `this challenge is ${statusAt(row, now)}`);
}

/**
 * POST /v1/challenges/{id}/accept, by the challenged player. Checks in order: the challenge is theirs to answer
 * (CHALLENGE_NOT_FOUND), still open (CHALLENGE_CLOSED; an accepted one answers the same seat again), the
 * accepter's admission as a seek's; then the one conditional write, the table, and both channels told.
 */
export async function acceptChallenge(env: Env, player: PlayerRow, id: string, now: number = Date.now()): Promise<AcceptedChallenge> {
  const { row, side } = await theirs(env, player.id, id);
  if (side !== "to") throw new HttpRefusal("CHALLENGE_NOT_FOUND", "only the challenged player accepts a challenge; the challenger may cancel it");
  if (row.status === "accepted") return acceptedAgain(env, row, now);
  if (statusAt(row, now) !== "open") throw closed(row, now);
  await admit(env, { what: "seek", player, rated: row.settings.rated, stake: row.settings.stake }, now);
  const db = new SocialDb(env.DB);
  const tableId = await challengeTableId(row.id);
  if (!(await db.answer(row.id, { side: "to", playerId: player.id }, "accepted", now, tableId))) {
    const fresh = (await db.challenge(row.id))!;
    // Two accepts at once: the other one is making (or made) the table; this one answers the same seat.
    if (fresh.status === "accepted") return acceptedAgain(env, fresh, now);
    throw closed(fresh, now);
  }
  const accepted = (await db.challenge(row.id))!;
  let made;
  try {
    made = await makeTable(env, tableId, row.settings, [
      { playerId: row.from.id, name: row.from.name },
      { playerId: row.to.id, name: player.name ?? row.to.name },
    ], await sameSeats(row));
  } catch (error) {
    await db.reopen(row.id);
    throw error;
  }
  if (!made.ok) {
    // Coins no longer cover the stake: nothing was held, and the challenge is open as before.
    await db.reopen(row.id);
    const senders = made.uncovered.includes(row.from.id);
    throw senders
      ? new HttpRefusal("STAKE_UNCOVERED", "the challenger's coins no longer cover the stake; the challenge stays open")
      : new HttpRefusal("INSUFFICIENT_COINS", "your coins do not cover the stake; the challenge stays open");
  }
  const [fromSeat, toSeat] = made.grants;
  const challenge = await viewOf(env, accepted, now);
  await tellBoth(env, challenge, { from: fromSeat, to: toSeat });
  return { challenge, seat: toSeat };
}

/** An accept of an accepted challenge: the same seat (the table made again with the same keys if it is not complete). */
async function acceptedAgain(env: Env, row: ChallengeRow, now: number): Promise<AcceptedChallenge> {
  const challenge = await viewOf(env, row, now);
  const seat = await seatAgain(env, row, "to");
  if (seat) return { challenge, seat };
  const made = await makeTable(env, row.tableId ?? (await challengeTableId(row.id)), row.settings, [
    { playerId: row.from.id, name: row.from.name },
    { playerId: row.to.id, name: row.to.name },
  ], await sameSeats(row));
  if (!made.ok) throw new HttpRefusal(made.code, "the stake is no longer covered");
  return { challenge, seat: made.grants[1] };
}

/** POST …/decline (the challenged player) and POST …/cancel (the challenger). */
export async function closeChallenge(env: Env, playerId: string, id: string, how: "declined" | "cancelled", now: number = Date.now()): Promise<Challenge> {
  const { row, side } = await theirs(env, playerId, id);
  const need = how === "declined" ? "to" : "from";
  if (side !== need) {
    throw new HttpRefusal("CHALLENGE_NOT_FOUND", how === "declined" ? "only the challenged player declines; cancel your own challenge instead" : "only the challenger cancels; decline a challenge you received instead");
  }
  const db = new SocialDb(env.DB);
  if (!(await db.answer(row.id, { side, playerId }, how, now))) throw closed((await db.challenge(row.id))!, now);
  const challenge = await viewOf(env, (await db.challenge(row.id))!, now);
  await tellBoth(env, challenge);
  return challenge;
}

/** After a block: the open challenges between the two end (declined or cancelled, ./db.ts), and both are told. */
export async function closeChallengesBetween(env: Env, blocker: string, blocked: string, now: number = Date.now()): Promise<void> {
  const db = new SocialDb(env.DB);
  for (const id of await db.closeBetween(blocker, blocked, now)) {
    const row = await db.challenge(id);
    if (row) await tellBoth(env, await viewOf(env, row, now));
  }
}

/**
 * The sweep (from the Monitor's alarm): writes `expired` on the challenges past their expiry and tells both
 * players. The next expiry to sweep at, or null when no challenge is open.
 */
export async function sweepChallenges(env: Env, now: number): Promise<number | null> {
  const db = new SocialDb(env.DB);
  const PER_SWEEP = 100;
  const ids = await db.expireDue(now, PER_SWEEP);
  for (const id of ids) {
    const row = await db.challenge(id);
    if (row) await tellBoth(env, await viewOf(env, row, now));
  }
  if (ids.length === PER_SWEEP) return now;
  return db.nextExpiry();
}
