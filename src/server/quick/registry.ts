/**
 * The seeker registry: one Durable Object (`env.SEEK_REGISTRY.getByName("registry")`) that makes "a player who
 * seeks in several pools is paired at most once" hold. Before a pool creates a table for two seekers it claims
 * both players here, in one synchronous transaction: the claim fails for a player already paired (in any pool)
 * after their seek in this pool began. A claim is a row (player, table, time); the pool releases it when the table
 * could not be made. One object serves every pool: a claim is two indexed reads and two writes, far below what
 * one object handles, and it needs both players in one place to be atomic.
 */
import { DurableObject } from "cloudflare:workers";
import { SEEK_LIMITS } from "../../protocol";
import type { Env } from "../env";

export interface ClaimEntry {
  playerId: string;
  /** When this player's seek in the claiming pool began: a pairing after it elsewhere makes them taken. */
  since: number;
}

export type ClaimResult = { ok: true } | { ok: false; taken: string[] };

/** Claims older than any seek can be are forgotten (a seek lasts at most SEEK_LIMITS.maxSeekMs). */
const CLAIM_KEPT_MS = 2 * SEEK_LIMITS.maxSeekMs;

export class SeekRegistry extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(
      `CREATE TABLE IF NOT EXISTS claims (
         player_id TEXT NOT NULL,
         table_id TEXT NOT NULL,
         paired_at INTEGER NOT NULL,
         PRIMARY KEY (player_id, table_id)
       )`,
    );
    sql.exec("CREATE INDEX IF NOT EXISTS claims_by_player ON claims (player_id, paired_at)");
    sql.exec("CREATE INDEX IF NOT EXISTS claims_by_age ON claims (paired_at)");
    // Which pools a player has sought in lately: how a moderation action finds their seeks (docs/moderation-live.md).
    sql.exec("CREATE TABLE IF NOT EXISTS seeks (player_id TEXT NOT NULL, pool TEXT NOT NULL, since INTEGER NOT NULL, PRIMARY KEY (player_id, pool))");
    sql.exec("CREATE INDEX IF NOT EXISTS seeks_by_age ON seeks (since)");
  }

  /** A pool took the player's seek. Rows older than any seek can be are forgotten; a stale one only finds no seeker. */
  seeking(playerId: string, pool: string): void {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    sql.exec("INSERT OR REPLACE INTO seeks (player_id, pool, since) VALUES (?, ?, ?)", playerId, pool, now);
    sql.exec("DELETE FROM seeks WHERE since < ?", now - CLAIM_KEPT_MS);
  }

  /** The pools the player may be seeking in now. */
  poolsOf(playerId: string): string[] {
    return this.ctx.storage.sql
      .exec<{ pool: string }>("SELECT pool FROM seeks WHERE player_id = ? AND since >= ? ORDER BY pool", playerId, Date.now() - CLAIM_KEPT_MS)
      .toArray()
      .map((row) => row.pool);
  }

  /** Claims every player for `tableId`, or none of them (the answer names those already paired since their seek began). */
  claim(entries: ClaimEntry[], tableId: string): ClaimResult {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    const taken = entries
      .filter((e) => sql.exec("SELECT 1 FROM claims WHERE player_id = ? AND paired_at >= ? AND table_id != ? LIMIT 1", e.playerId, e.since, tableId).toArray().length > 0)
      .map((e) => e.playerId);
    if (taken.length > 0) return { ok: false, taken };
    for (const e of entries) sql.exec("INSERT OR IGNORE INTO claims (player_id, table_id, paired_at) VALUES (?, ?, ?)", e.playerId, tableId, now);
    sql.exec("DELETE FROM claims WHERE paired_at < ?", now - CLAIM_KEPT_MS);
    return { ok: true };
  }

  /** Gives back the claims made for a table that was never made. */
  release(playerIds: string[], tableId: string): void {
    for (const id of playerIds) this.ctx.storage.sql.exec("DELETE FROM claims WHERE player_id = ? AND table_id = ?", id, tableId);
  }
}
