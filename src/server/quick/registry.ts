/**
 * The seeker registry: one Durable Object (`env.SEEK_REGISTRY.getByName("registry")`) that makes "a player who
 * seeks in several pools is paired at most once" hold. Before a pool creates a table for two seekers it claims
 * both players here, in one synchronous transaction: the claim fails for a player already paired (in any pool)
 * after their seek in this pool began. A claim is a row (player, table, time); the pool releases it when the table
 * could not be made. One object serves every pool: a claim is two indexed reads and two writes, far below what
 * one object handles, and it needs both players in one place to be atomic.
 *
 * Its entry points only hand over to ./claims.ts.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { claim, noteSeek, poolsOf, release, type ClaimEntry, type ClaimResult } from "./claims";
import { migrateRegistry } from "./migrations";

export type { ClaimEntry, ClaimResult } from "./claims";

export class SeekRegistry extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrateRegistry(ctx.storage.sql);
  }

  /** A pool took the player's seek. */
  seeking(playerId: string, pool: string): void {
    noteSeek(this.ctx.storage.sql, playerId, pool, Date.now());
  }

  /** The pools the player may be seeking in now. */
  poolsOf(playerId: string): string[] {
    return poolsOf(this.ctx.storage.sql, playerId, Date.now());
  }

  /** Claims every player for `tableId`, or none of them. */
  claim(entries: ClaimEntry[], tableId: string): ClaimResult {
    return claim(this.ctx.storage.sql, entries, tableId, Date.now());
  }

  /** Gives back the claims made for a table that was never made. */
  release(playerIds: string[], tableId: string): void {
    release(this.ctx.storage.sql, playerIds, tableId);
  }
}
