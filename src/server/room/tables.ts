/** The table's HTTP side, called over RPC from the Worker's routes: create, join, view, history, counters. */
import { makeRuleset, newMatch, type MatchEvent, type Side } from "../../engine";
import {
  botName,
  diceCommitment,
  resolveTimeControl,
  type CreateTableBodySchema,
  type EventHistory,
  type JoinTableBodySchema,
  type SeatRating,
  type TableEvent,
  type TableSummary,
  type TableView,
} from "../../protocol";
import { newFairDice, sealRolls } from "../dice";
import { fromSeatKey, newInviteSecret, newSeatToken, sameDigest, sha256Hex } from "../ids";
import { oneAtATime } from "../one-at-a-time";
import { refuse, type Outcome } from "../problem";
import { holdStakes, stakeForNewTable } from "../coins/stakes";
import { guestSeatRefusal } from "../fairplay/guests";
import { newMatchChange } from "./change";
import type { RoomCore } from "./core";
import type { Deadline, Stats } from "./store";
import { reportPlaying } from "./listing";
import { ratingField, seatRating } from "./seat-rating";
import { seatOfToken, type SeatIssued, type SeatPlayer } from "./seats";
import { runBots } from "./step";
import { matchFacts, type MatchFacts } from "../record/facts";
import { seatTaken } from "../db/seats";
import { ARRIVAL_GRACE_MS, SIDES, WAITING_TABLE_TTL_MS, type Room, type Seat, type TableInfo } from "./table";
import { tellSeated } from "./seated";
import type { z } from "zod";

/** `client`: a hash of the creator's address, so the lobby can cap the tables one client has listed. */
export type CreateInput = z.output<typeof CreateTableBodySchema> & { id: string; client: string; player?: SeatPlayer | null };
export type JoinInput = z.output<typeof JoinTableBodySchema> & { player?: SeatPlayer | null };

/** The name on a seat: the one asked for, else the player's; at a rated or stake table always the player's, so no one plays under another's name. */
function seatName(input: { name?: string | undefined; player?: SeatPlayer | null }, rated: boolean, fallback: string): string {
  if (input.player && (rated || input.name === undefined)) return input.player.name;
  return input.name ?? fallback;
}

/** A `player-joined` event's client seed field: absent when the seat gave none. */
function seedOf(clientSeed: string | undefined): { clientSeed?: string } {
  return clientSeed === undefined ? {} : { clientSeed };
}

/** The seat's token: from the request's seat key if it has one (the same on every retry), else fresh. */
function tokenFor(seatKey: string | undefined): Promise<string> {
  return seatKey === undefined ? Promise.resolve(newSeatToken()) : fromSeatKey(seatKey, "token");
}

/**
 * A create or join sent again with its seat key after the answer was lost: the seat whose token the key gives is
 * answered again, as it stands now, and nothing changes. Null when the key holds no seat here.
 */
async function grantAgain(core: RoomCore, room: Room, side: Side, seatKey: string, token: string): Promise<Outcome<SeatIssued> | null> {
  const hash = room.info.seats[side]?.tokenHash;
  if (!hash || !sameDigest(hash, await sha256Hex(token))) return null;
  const invite = side === "white" && room.info.inviteHash != null ? await fromSeatKey(seatKey, "invite") : null;
  return { ok: true, value: { seat: side, token, invite, table: core.view(room) } };
}

export async function createTable(core: RoomCore, input: CreateInput): Promise<Outcome<SeatIssued>> {
  // Sent again with its seat key: answered before any check, which the first one passed.
  const existing = input.seatKey === undefined ? null : core.store.load();
  if (existing && input.seatKey !== undefined) {
    const again = await grantAgain(core, existing, "white", input.seatKey, await tokenFor(input.seatKey));
    return again ?? refuse("INTERNAL", "table id already in use");
  }
  const ruleset = makeRuleset(input.preset, input.overrides);
  if (!ruleset.ok) return refuse("BAD_REQUEST", ruleset.error.message);
  if (input.rated && input.opponent === "bot") return refuse("RATED_NEEDS_PLAYER", "games against the computer are never rated");
  if (input.rated && !input.player) return refuse("RATED_NEEDS_PLAYER", "a rated table needs a player's session (Authorization: Bearer)");
  const guest = guestSeatRefusal(input.player?.kind, { rated: input.rated, stake: input.stake ?? 0 });
  if (guest) return refuse(guest.code, guest.message);
  const stake = await stakeForNewTable(core.env, core.d1, input);
  if (!stake.ok) return stake;
  const name = seatName(input, input.rated || stake.value !== null, "Player 1");
  const rating = input.player ? await seatRating(core.d1, input.player.id, ruleset.value.preset, core.log) : undefined;
  // Everything that awaits happens before the synchronous load → check → commit, so nothing can interleave.
  const token = await tokenFor(input.seatKey);
  const tokenHash = await sha256Hex(token);
  const privateTable = input.private && input.opponent === "human";
  const invite = !privateTable ? null : input.seatKey === undefined ? newInviteSecret() : await fromSeatKey(input.seatKey, "invite");
  const inviteHash = invite === null ? null : await sha256Hex(invite);
  const raced = core.store.load();
  if (raced) {
    // The same create, sent again while this one awaited: the first to get here made the table.
    const again = input.seatKey === undefined ? null : await grantAgain(core, raced, "white", input.seatKey, token);
    return again ?? refuse("INTERNAL", "table id already in use");
  }

  const now = Date.now();
  const info: TableInfo = {
    id: input.id,
    createdAt: now,
    status: "waiting",
    ruleset: ruleset.value,
    length: input.length,
    reconnectSeconds: input.reconnectSeconds,
    spectators: input.spectators,
    rated: input.rated,
    inviteHash,
    seats: { white: { name, kind: "human", botLevel: null, tokenHash, playerId: input.player?.id ?? null, ...ratingField(rating), ...(input.player?.bot ? { botAccount: true as const } : {}) }, black: null },
    timeControl: resolveTimeControl(input.timeControl, input.length),
    fairDice: newFairDice(input.clientSeed),
    ...(stake.value ? { stake: stake.value } : {}),
  };
  // The first rolls are drawn before the table is stored: they count from the inputs just made.
  const draw = core.draw("", info);
  const events: Array<TableEvent | MatchEvent> = [
    {
      type: "table-created",
      ruleset: info.ruleset,
      length: info.length,
      reconnectSeconds: info.reconnectSeconds,
      spectators: info.spectators,
      timeControl: info.timeControl,
      diceCommitment: diceCommitment(info.fairDice!.serverSeed),
    },
    { type: "player-joined", seat: "white", name, kind: "human", botLevel: null, ...seedOf(input.clientSeed) },
  ];
  let room: Room = { seq: 0, info, match: null };
  if (input.opponent === "bot") {
    const bot: Seat = { name: botName(input.botLevel), kind: "bot", botLevel: input.botLevel, tokenHash: null };
    const started = newMatch({ ruleset: info.ruleset, length: info.length }, draw.roller);
    if (!started.ok) return refuse("BAD_REQUEST", started.error.message);
    const seated: Room = { seq: 0, info: { ...info, status: "playing", seats: { ...info.seats, black: bot } }, match: null };
    const playing = newMatchChange(core, seated, started.value, draw.roller, now);
    room = playing.room;
    events.push({ type: "player-joined", seat: "black", name: bot.name, kind: "bot", botLevel: bot.botLevel }, ...playing.events);
  }
  const expires = now + WAITING_TABLE_TTL_MS;
  const waiting = room.info.status === "waiting";
  const windows = waiting ? { events: [], deadlines: [] } : matchStartWindows(core, room.info, now);
  core.store.create(
    sealRolls({ room, events, at: now, setDeadlines: waiting ? [{ kind: "expire", seat: "table", due: expires }] : windows.deadlines }, ""),
  );
  if (!waiting) tellSeated(core, room.info, true);
  if (waiting) {
    if (inviteHash === null) {
      const summary: TableSummary = {
        id: info.id,
        ruleset: info.ruleset,
        length: info.length,
        host: name,
        createdAt: now,
        ...(info.stake ? { stake: info.stake.amount } : {}),
        rated: info.rated ?? false,
        ...(rating ? { hostRating: rating } : {}),
      };
      core.tellLobby((lobby) => lobby.add(summary, expires, input.client));
    }
  } else {
    reportPlaying(core, null, core.store.load()!);
    runBots(core, "");
  }
  if (input.player) await rememberSeat(core, input.player.id, info.id, "white", now);
  return { ok: true, value: { seat: "white", token, invite, table: core.view(core.store.load()!) } };
}

/**
 * D1 learns which table the player now sits at, so a moderation action can reach it (../moderation/live.ts). The
 * seat is already stored and given: a failed insert is logged, not answered (the table then only misses live
 * moderation; the next request's checks still apply).
 */
async function rememberSeat(core: RoomCore, playerId: string, tableId: string, seat: Side, now: number): Promise<void> {
  try {
    await seatTaken(core.d1, playerId, tableId, seat, now);
  } catch (error) {
    core.log.error(`remembering ${seat}'s player failed`, error, { tableId });
  }
}

/**
 * Order of checks: the table exists → a private table's invite secret (before anything else about the table is
 * told) → a free seat → a rated table's session → a guest at a rated or stake table (CLAIM_REQUIRED) → the other
 * player at a rated table → a stake table's session, other player and coins (both stakes
 * move to the escrow here, ../coins/stakes.ts). Every refusal changes nothing. Joins to one table run one at a time.
 */
export async function joinTable(core: RoomCore, input: JoinInput): Promise<Outcome<SeatIssued>> {
  // The pool (preset) never changes, so the rating is read before the joins queue; a refused join just drops it.
  const pool = core.store.load()?.info.ruleset.preset;
  const rating = input.player && pool ? await seatRating(core.d1, input.player.id, pool, core.log) : undefined;
  const joined = await oneAtATime(core, () => joinOnce(core, input, rating));
  if (joined.ok && input.player) await rememberSeat(core, input.player.id, joined.value.table.id, "black", Date.now());
  return joined;
}

async function joinOnce(core: RoomCore, input: JoinInput, rating: SeatRating | undefined): Promise<Outcome<SeatIssued>> {
  const token = await tokenFor(input.seatKey);
  const tokenHash = await sha256Hex(token);
  const inviteHash = await sha256Hex(input.invite ?? "");
  let room = core.store.load();
  if (!room) return refuse("TABLE_NOT_FOUND", "no table with this id");
  const expected = room.info.inviteHash;
  if (expected != null && (input.invite === undefined || !sameDigest(expected, inviteHash))) {
    return refuse("BAD_INVITE", "this table is private: join with the invite secret from its invite link");
  }
  if (input.seatKey !== undefined) {
    const again = await grantAgain(core, room, "black", input.seatKey, token);
    if (again) return again;
    const white = room.info.seats.white?.tokenHash;
    if (white && sameDigest(white, tokenHash)) return refuse("BAD_REQUEST", "this seat key made White's seat here: use a fresh key for each request");
  }
  if (room.info.status !== "waiting" || room.info.seats.black) return refuse("TABLE_FULL", "both seats are taken");
  if (room.info.rated && !input.player) return refuse("RATED_NEEDS_PLAYER", "a rated table needs a player's session (Authorization: Bearer)");
  const guest = guestSeatRefusal(input.player?.kind, { rated: room.info.rated ?? false, stake: room.info.stake?.amount ?? 0 });
  if (guest) return refuse(guest.code, guest.message);
  if (room.info.rated && input.player?.id === room.info.seats.white?.playerId) return refuse("SAME_PLAYER", "nobody plays a rated match against themselves");
  if (room.info.stake) {
    const held = await holdStakes(core.env, core.d1, room, input.player);
    if (!held.ok) return held;
    // Reloaded after the await: an expiry that ran meanwhile refunded and closed the escrow (and refused the holds).
    room = core.store.load();
    if (room?.info.status !== "waiting") return refuse("TABLE_NOT_FOUND", "this table has closed");
  }
  const name = seatName(input, (room.info.rated ?? false) || room.info.stake !== undefined, "Player 2");

  const fairDice = room.info.fairDice && { ...room.info.fairDice, clientSeeds: { ...room.info.fairDice.clientSeeds, black: input.clientSeed ?? "" } };
  const info: TableInfo = {
    ...room.info,
    status: "playing",
    seats: { ...room.info.seats, black: { name, kind: "human", botLevel: null, tokenHash, playerId: input.player?.id ?? null, ...ratingField(rating), ...(input.player?.bot ? { botAccount: true as const } : {}) } },
    ...(fairDice ? { fairDice } : {}),
  };
  // The black seat's client seed is not stored yet: the opening counts from this info's inputs.
  const draw = core.draw("", info);
  const started = newMatch({ ruleset: room.info.ruleset, length: room.info.length }, draw.roller);
  if (!started.ok) return refuse("INTERNAL", started.error.message);
  const now = Date.now();
  const playing = newMatchChange(core, { seq: room.seq, info, match: null }, started.value, draw.roller, now);
  const events: Array<TableEvent | MatchEvent> = [
    { type: "player-joined", seat: "black", name, kind: "human", botLevel: null, ...seedOf(input.clientSeed) },
    ...playing.events,
  ];
  const windows = matchStartWindows(core, info, now);
  const logged = core.commit({
    room: playing.room,
    events: [...events, ...windows.events],
    at: now,
    clearDeadlines: [{ kind: "expire", seat: "table" }],
    setDeadlines: windows.deadlines,
  }, draw);
  core.broadcast(logged);
  tellSeated(core, info, true);
  // No `remove` for the lobby: the start's report (`reportPlaying` in `commit`) takes the table off the open list
  // in the same call, so the feed shows the join as one change (a separate remove could land in an earlier batch).
  return { ok: true, value: { seat: "black", token, invite: null, table: core.view(core.store.load()!) } };
}

/**
 * Human seats without a socket when the match starts. One that was here and left while the table waited is away:
 * its reconnect window opens (logged). One that never connected (a program that joined over HTTP and connects
 * next) gets a silent arrival window instead, so a player who never comes cannot hold the match forever.
 */
function matchStartWindows(core: RoomCore, info: TableInfo, now: number): { events: TableEvent[]; deadlines: Deadline[] } {
  const events: TableEvent[] = [];
  const deadlines: Deadline[] = [];
  for (const side of SIDES) {
    const seat = info.seats[side];
    if (!seat || seat.kind !== "human" || core.sockets.seatConnected(side)) continue;
    if (seat.seen) {
      const deadline = now + info.reconnectSeconds * 1000;
      info.seats[side] = { ...seat, away: true };
      events.push({ type: "player-disconnected", seat: side, deadline });
      deadlines.push({ kind: "reconnect", seat: side, due: deadline });
    } else {
      deadlines.push({ kind: "arrive", seat: side, due: now + Math.max(info.reconnectSeconds * 1000, ARRIVAL_GRACE_MS) });
    }
  }
  return { events, deadlines };
}

/**
 * The table for an HTTP reader: with a seat token (`Authorization: Bearer`), that seat's; without one, anyone's.
 * `seated` says whether the reader holds a seat. A token that holds no seat is BAD_TOKEN.
 */
async function readTable(core: RoomCore, token: string | undefined): Promise<Outcome<{ room: Room; seated: boolean }>> {
  const tokenHash = token === undefined ? null : await sha256Hex(token);
  const room = core.store.load();
  if (!room) return refuse("TABLE_NOT_FOUND", "no table with this id");
  if (tokenHash !== null && seatOfToken(room, tokenHash) === null) return refuse("BAD_TOKEN", "this token holds no seat at this table");
  return { ok: true, value: { room, seated: tokenHash !== null } };
}

/** The table view; at a table without spectators, `match` (board, dice, score) is null for readers without a seat. */
export async function viewTable(core: RoomCore, token?: string): Promise<Outcome<TableView>> {
  const read = await readTable(core, token);
  if (!read.ok) return read;
  const { room, seated } = read.value;
  const view = core.view(room);
  return { ok: true, value: seated || room.info.spectators ? view : { ...view, match: null } };
}

/** A page of the event log; at a table without spectators only seat holders may read it (SPECTATORS_DISABLED). */
export async function tableEvents(core: RoomCore, after: number, limit: number, token?: string): Promise<Outcome<EventHistory>> {
  const read = await readTable(core, token);
  if (!read.ok) return read;
  const { room, seated } = read.value;
  if (!seated && !room.info.spectators) return refuse("SPECTATORS_DISABLED", "this table does not allow spectators; read its events with a seat token");
  return { ok: true, value: { tableId: room.info.id, seq: room.seq, ...core.store.eventsAfter(after, limit) } };
}

/** The finished match's record (players, result, the whole log), read as the event log is (SPECTATORS_DISABLED). */
export async function tableRecord(core: RoomCore, token?: string): Promise<Outcome<MatchFacts>> {
  const read = await readTable(core, token);
  if (!read.ok) return read;
  const { room, seated } = read.value;
  if (!seated && !room.info.spectators) return refuse("SPECTATORS_DISABLED", "this table does not allow spectators; read its record with a seat token");
  if (room.match?.phase !== "over") return refuse("MATCH_NOT_OVER", "the match has not ended yet; its events are at …/events");
  return { ok: true, value: matchFacts(room, core.store.eventsAfter(0, Number.MAX_SAFE_INTEGER).events) };
}

export function tableStats(core: RoomCore): Outcome<Stats> {
  if (!core.store.exists()) return refuse("TABLE_NOT_FOUND", "no table with this id");
  return { ok: true, value: core.store.stats() };
}
