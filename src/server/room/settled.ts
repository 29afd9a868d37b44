/**
 * After the match: what it changed in D1, told to the table. Ratings and Domino Coins settle in the outbox's delivery
 * (./outbox.ts), after the final event; once it is acknowledged this object stores each seat's rating change and coin
 * change beside the match (not in its log) and sends a `settled` message to every socket, and to each socket that
 * connects later (docs/protocol.md, "After the match: settled").
 */
import type { Side } from "../../engine";
import type { RatingChange, SettledMessage } from "../../protocol";
import { Db, type RatingWrite } from "../db";
import { isProvisional } from "../ratings/glicko2";
import { stakeView } from "../coins/stakes";
import type { RoomCore } from "./core";
import { sideTable } from "./side-table";
import type { Room } from "./table";

const SCHEMA = "CREATE TABLE IF NOT EXISTS settled (key TEXT PRIMARY KEY, value TEXT NOT NULL)";

const tables = new WeakMap<RoomCore, () => SqlStorage>();
function sql(core: RoomCore): SqlStorage {
  let table = tables.get(core);
  if (!table) tables.set(core, (table = sideTable(core.ctx.storage.sql, SCHEMA)));
  return table();
}

function stored(core: RoomCore): SettledMessage | null {
  const value = sql(core).exec<{ value: string }>("SELECT value FROM settled WHERE key = 'settled'").toArray()[0]?.value;
  return value === undefined ? null : (JSON.parse(value) as SettledMessage);
}

/**
 * Each seat's coin change at a stake table: the winner gains the payout less its own stake, the loser loses its stake;
 * a match without a winner refunds both (0). Null without a stake.
 */
export function coinChanges(room: Room): SettledMessage["coins"] {
  const stake = room.info.stake;
  if (!stake) return null;
  const winner = room.match?.winner ?? null;
  if (winner === null) return { white: 0, black: 0 };
  const gain = stakeView(stake).payout - stake.amount;
  return winner === "white" ? { white: gain, black: -stake.amount } : { white: -stake.amount, black: gain };
}

/**
 * The ratings the delivery wrote (`writes`), or, when an earlier attempt had already recorded the match (`writes` null),
 * the record's before and after with the player's stored rating deciding "provisional". Null when no rating changed.
 */
async function ratingChanges(d1: D1Database, room: Room, writes: RatingWrite[] | null): Promise<SettledMessage["ratings"]> {
  if (writes !== null) {
    const of = (side: Side): RatingChange | null => {
      const w = writes.find((x) => x.playerId === room.info.seats[side]?.playerId);
      return w ? { before: w.before.rating, after: w.after.rating, provisional: isProvisional(w.after) } : null;
    };
    const white = of("white");
    const black = of("black");
    return white && black ? { white, black } : null;
  }
  const db = new Db(d1);
  const record = await db.matchRecord(room.info.id);
  if (!record) return null;
  const of = async (side: Side): Promise<RatingChange | null> => {
    const p = record.players[side];
    if (p.playerId === null || p.ratingBefore === null || p.ratingAfter === null) return null;
    const now = await db.rating(p.playerId, record.pool, record.endedAt);
    return { before: p.ratingBefore, after: p.ratingAfter, provisional: isProvisional(now) };
  };
  const [white, black] = await Promise.all([of("white"), of("black")]);
  return white && black ? { white, black } : null;
}

/** Once the delivery is acknowledged: stores the settlement and tells every socket. */
export async function announceSettled(core: RoomCore, room: Room, writes: RatingWrite[] | null): Promise<void> {
  const message: SettledMessage = { type: "settled", ratings: await ratingChanges(core.d1, room, writes), coins: coinChanges(room) };
  sql(core).exec("INSERT OR REPLACE INTO settled (key, value) VALUES ('settled', ?)", JSON.stringify(message));
  for (const socket of core.sockets.open()) core.sockets.send(socket, message);
}

/** After a welcome at a finished table: the settlement, once there is one. */
export function sendSettledState(core: RoomCore, ws: WebSocket): void {
  const message = stored(core);
  if (message) core.sockets.send(ws, message);
}
