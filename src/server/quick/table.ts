/**
 * The table of a pairing, made through the same path as POST /v1/tables and POST /v1/tables/{id}/join: the match
 * object's `create` with the first player, then its `join` with the second, each seat bound to its player. The
 * table is private (never listed in the lobby; the join passes the invite secret the create handed back). A seek
 * with a stake makes a stake table: the create checks the first player's coins, the join moves both stakes into
 * the table's escrow (../coins/stakes.ts), or neither.
 */
import { CreateTableBodySchema, type ErrorCode, type SeatGrant, type SeekChoice } from "../../protocol";
import { stakeForNewTable } from "../coins/stakes";
import type { Env } from "../env";
import { HttpRefusal, type Refusal } from "../problem";
import { grant } from "../room/seats";

export interface Seated {
  playerId: string;
  name: string;
}

/** The seats of a new table, or the players whose coins no longer cover the stake (no table started, no coins moved). */
export type MadeTable = { ok: true; grants: [SeatGrant, SeatGrant] } | { ok: false; uncovered: string[]; code: ErrorCode };

/** The refusals that mean a player's coins no longer cover the stake, and whose they are. */
const UNCOVERED: Partial<Record<"create" | "join", Partial<Record<ErrorCode, "white" | "black">>>> = {
  create: { INSUFFICIENT_COINS: "white" },
  join: { INSUFFICIENT_COINS: "black", STAKE_UNCOVERED: "white" },
};

/**
 * The seekers of a stake pool whose balance (read with the coins module's grants and top-ups) is below the stake:
 * checked for both before a table is made, so both are told at once.
 */
async function uncoveredPlayers(env: Env, choice: SeekChoice, players: Seated[]): Promise<string[]> {
  if (choice.stake === 0) return [];
  const checks = await Promise.all(
    players.map((p) => stakeForNewTable(env, env.DB, { stake: choice.stake, opponent: "human", player: { id: p.playerId } })),
  );
  return players.filter((_, i) => {
    const check = checks[i]!;
    return !check.ok && check.error.code === "INSUFFICIENT_COINS";
  }).map((p) => p.playerId);
}

/**
 * A table made again with the same seat keys answers the same seats (a retried challenge accept:
 * ../social/challenges.ts): `seatKeys` go with `players`, and `flip` fixes who plays White (true: the second).
 */
export interface SameSeats {
  seatKeys: [string, string];
  flip: boolean;
}

/** White is drawn at random: neither the longer wait nor the rating decides who moves first in the opening roll-off. */
export async function makeTable(env: Env, tableId: string, choice: SeekChoice, players: [Seated, Seated], same?: SameSeats): Promise<MadeTable> {
  const short = await uncoveredPlayers(env, choice, players);
  if (short.length > 0) return { ok: false, uncovered: short, code: "INSUFFICIENT_COINS" };
  const flip = same ? same.flip : (crypto.getRandomValues(new Uint8Array(1))[0]! & 1) === 1;
  const keys = same ? (flip ? [same.seatKeys[1], same.seatKeys[0]] : same.seatKeys) : [undefined, undefined];
  const [white, black] = flip ? [players[1], players[0]] : players;
  const body = CreateTableBodySchema.parse({
    preset: choice.preset,
    length: choice.length,
    timeControl: choice.timeControl,
    rated: choice.rated,
    private: true,
    ...(choice.stake > 0 ? { stake: choice.stake } : {}),
  });
  const room = env.MATCH.getByName(tableId);
  const ids = { white: white.playerId, black: black.playerId };
  // Coins spent between the check above and the holds: the refusal names whose they were. The table then waits
  // unjoined and private until it expires; nothing was held, so nothing moves.
  // Any other refusal is a fault of the pairing: thrown, and both seekers wait on.
  const uncovered = (step: "create" | "join", refused: Refusal): MadeTable => {
    const seat = UNCOVERED[step]?.[refused.code];
    if (!seat) throw new HttpRefusal(refused.code, refused.message);
    return { ok: false, uncovered: [ids[seat]], code: refused.code };
  };
  const created = await room.create({ ...body, id: tableId, client: `quick:${tableId}`, player: { id: white.playerId, name: white.name }, seatKey: keys[0] });
  if (!created.ok) return uncovered("create", created.error);
  const whiteGrant = grant(created);
  const joined = await room.join({ invite: whiteGrant.invite ?? undefined, player: { id: black.playerId, name: black.name }, seatKey: keys[1] });
  if (!joined.ok) return uncovered("join", joined.error);
  const blackGrant = grant(joined);
  // The invite secret opened the second seat and nobody else needs it; both see the table as the join left it.
  const seats: [SeatGrant, SeatGrant] = [{ ...whiteGrant, invite: null, table: blackGrant.table }, blackGrant];
  return { ok: true, grants: flip ? [seats[1], seats[0]] : seats };
}
