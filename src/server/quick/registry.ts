/**
 * The seeker registry: Durable Objects that make "a player who seeks in several pools is paired at most once"
 * hold. Each object is one shard of the players (`env.SEEK_REGISTRY.getByName("registry-<n>")`, the shard a hash
 * of the player id; ./shards.ts routes every call). Before a pool creates a table for two seekers it claims both
 * players, each in their shard, in one synchronous transaction per shard: the claim fails for a player already
 * paired (in any pool) after their seek in this pool began. A claim is a row (player, table, time); the pool
 * releases it when the table could not be made. The object named `registry` is the single registry of code
 * before the shards, consulted only while the bridge of ./shards.ts runs.
 *
 * Its entry points only hand over to ./claims.ts.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { claim, noteSeek, poolsOf, release, taken, type ClaimEntry, type ClaimResult } from "./claims";
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

  /** The players already paired since their seek began (the claim's check alone; nothing is written). */
  taken(entries: ClaimEntry[], tableId: string): string[] {
    return taken(this.ctx.storage.sql, entries, tableId);
  }

  /** Gives back the claims made for a table that was never made. */
  release(playerIds: string[], tableId: string): void {
    release(this.ctx.storage.sql, playerIds, tableId);
  }
}
