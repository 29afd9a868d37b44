/**
 * The tables a player sits at (migrations/0005 `player_tables`) and the standing sanctions a match object needs
 * for a seat's player: how a moderation action finds the live tables it must reach (../moderation/live.ts).
 * A row is written when a create, join or pairing binds a seat to a session's player, and removed in the batch
 * that delivers the match's record (Db.recordMatch); a row whose table is gone is harmless.
 */
import * as z from "zod";
import type { Side } from "../../engine";

const TableRowSchema = z.object({ table_id: z.string(), seat: z.enum(["white", "black"]) });
const SanctionRowSchema = z.object({
  muted_until: z.number().int().nullable(),
  suspended_until: z.number().int().nullable(),
  banned: z.number().int(),
});

/** What a match object keeps of a player's sanctions: end times (epoch ms; null: none) and whether a ban stands. */
export interface Standing {
  mutedUntil: number | null;
  suspendedUntil: number | null;
  banned: boolean;
}

export const NO_STANDING: Standing = { mutedUntil: null, suspendedUntil: null, banned: false };

/** One small insert: the seat at `tableId` is `playerId`'s (again: a repeated bind keeps the first row). */
export async function seatTaken(d1: D1Database, playerId: string, tableId: string, seat: Side, now: number): Promise<void> {
  await d1
    .prepare("INSERT INTO player_tables (player_id, table_id, seat, since) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(playerId, tableId, seat, now)
    .run();
}

/** The statement that forgets a table's seats: part of the batch that delivers its match record. */
export function tableFinished(d1: Pick<D1Database, "prepare">, tableId: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM player_tables WHERE table_id = ?").bind(tableId);
}

/** The tables the player holds a seat at, oldest first. */
export async function tablesOf(d1: D1Database, playerId: string): Promise<Array<{ tableId: string; seat: Side }>> {
  const { results } = await d1.prepare("SELECT table_id, seat FROM player_tables WHERE player_id = ? ORDER BY since, table_id").bind(playerId).all();
  return results.map((row) => {
    const parsed = TableRowSchema.parse(row);
    return { tableId: parsed.table_id, seat: parsed.seat };
  });
}

/** The player's standing sanctions as D1 holds them (no row: none). */
export async function standingOf(d1: D1Database, playerId: string): Promise<Standing> {
  const row = await d1.prepare("SELECT muted_until, suspended_until, banned FROM sanctions WHERE player_id = ?").bind(playerId).first();
  if (!row) return NO_STANDING;
  const parsed = SanctionRowSchema.parse(row);
  return { mutedUntil: parsed.muted_until, suspendedUntil: parsed.suspended_until, banned: parsed.banned === 1 };
}
