/**
 * The seeker registry's rows and what it does with them: claims (player, table, time) that make "paired at most
 * once" hold across pools, and the pools each player sought in lately (how moderation finds their seeks).
 * Rows are parsed with ./stored.ts; the tables are made by ./migrations.ts.
 */
import { SEEK_LIMITS } from "../../protocol";
import { SeekRowSchema } from "./stored";

export interface ClaimEntry {
  playerId: string;
  /** When this player's seek in the claiming pool began: a pairing after it elsewhere makes them taken. */
  since: number;
}

export type ClaimResult = { ok: true } | { ok: false; taken: string[] };

/** Claims older than any seek can be are forgotten (a seek lasts at most SEEK_LIMITS.maxSeekMs). */
const CLAIM_KEPT_MS = 2 * SEEK_LIMITS.maxSeekMs;

/** A pool took the player's seek. Rows older than any seek can be are forgotten; a stale one only finds no seeker. */
export function noteSeek(sql: SqlStorage, playerId: string, pool: string, now: number): void {
  sql.exec("INSERT OR REPLACE INTO seeks (player_id, pool, since) VALUES (?, ?, ?)", playerId, pool, now);
  sql.exec("DELETE FROM seeks WHERE since < ?", now - CLAIM_KEPT_MS);
}

/** The pools the player may be seeking in now. */
export function poolsOf(sql: SqlStorage, playerId: string, now: number): string[] {
  return sql
    .exec("SELECT pool FROM seeks WHERE player_id = ? AND since >= ? ORDER BY pool", playerId, now - CLAIM_KEPT_MS)
    .toArray()
    .map((row) => SeekRowSchema.parse(row).pool);
}

/**
 * Claims every player for `tableId`, or none of them (the answer names those already paired since their seek
 * began). Synchronous, so the check and the writes are one transaction.
 */
export function claim(sql: SqlStorage, entries: ClaimEntry[], tableId: string, now: number): ClaimResult {
  const refused = taken(sql, entries, tableId);
  if (refused.length > 0) return { ok: false, taken: refused };
  for (const e of entries) sql.exec("INSERT OR IGNORE INTO claims (player_id, table_id, paired_at) VALUES (?, ?, ?)", e.playerId, tableId, now);
  sql.exec("DELETE FROM claims WHERE paired_at < ?", now - CLAIM_KEPT_MS);
  return { ok: true };
}

/** The players already paired (for another table than `tableId`) since their seek began; nothing is written. */
export function taken(sql: SqlStorage, entries: ClaimEntry[], tableId: string): string[] {
  return entries
    .filter((e) => sql.exec("SELECT 1 FROM claims WHERE player_id = ? AND paired_at >= ? AND table_id != ? LIMIT 1", e.playerId, e.since, tableId).toArray().length > 0)
    .map((e) => e.playerId);
}

/** Gives back the claims made for a table that was never made. */
export function release(sql: SqlStorage, playerIds: string[], tableId: string): void {
  for (const id of playerIds) sql.exec("DELETE FROM claims WHERE player_id = ? AND table_id = ?", id, tableId);
}
