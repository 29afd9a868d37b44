/**
 * The seeker registry as the pools and moderation see it: one SeekRegistry object per shard of players
 * (`registry-0` … `registry-31`, the shard a hash of the player id), so no single object carries every pairing of
 * every pool. A player's claims and seeks live in their shard only.
 *
 * A pairing claims its players shard by shard in one fixed global order (lowest shard first; the two players in
 * one call when they share a shard). Each shard's claim is one synchronous transaction, so a player is claimed at
 * most once; a claim refused by a later shard gives back the claims the earlier ones made, so a failed pairing
 * holds nobody. Two pools racing for the same players meet at the lowest shard they share, and one of them wins
 * there.
 *
 * The bridge (docs/deployment.md, "Quick match"): code before the shards kept every claim in one object named
 * `registry`. While `SEEK_REGISTRY_BRIDGE_UNTIL` (an ISO time, set when deploying over that code) lies ahead,
 * claims and seeks are also written there (old pools still running see them) and every claim also checks there
 * (last in the order); after it, seeks that began before it still check there until they have expired.
 */
import * as z from "zod";
import { SEEK_LIMITS } from "../../protocol";
import type { Env } from "../env";
import type { ClaimEntry, ClaimResult } from "./claims";

/** How many shards the players are spread over. Changing it moves players between shards: it needs a bridge too. */
export const REGISTRY_SHARDS = 32;

/** The one registry object of code before the shards. */
export const LEGACY_REGISTRY = "registry";

/** What the registry façade needs of one registry object (a SeekRegistry stub). */
export interface RegistryObject {
  claim(entries: ClaimEntry[], tableId: string): Promise<ClaimResult>;
  taken(entries: ClaimEntry[], tableId: string): Promise<string[]>;
  release(playerIds: string[], tableId: string): Promise<void>;
  seeking(playerId: string, pool: string): Promise<void>;
  poolsOf(playerId: string): Promise<string[]>;
}

/** The shard of a player: FNV-1a (32 bits) of the id's UTF-16 code units, modulo the shard count. Never change it. */
export function shardOf(playerId: string, shards: number = REGISTRY_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < playerId.length; i++) {
    hash ^= playerId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

export function shardName(shard: number): string {
  return `registry-${shard}`;
}

export interface RegistryOptions {
  shards?: number;
  /** ms since the epoch until which the old single object is written as well; null: no bridge. */
  bridgeUntil?: number | null;
  now?: () => number;
}

export class Registry {
  readonly shards: number;
  readonly #object: (name: string) => RegistryObject;
  readonly #bridgeUntil: number | null;
  readonly #now: () => number;

  constructor(object: (name: string) => RegistryObject, options: RegistryOptions = {}) {
    this.#object = object;
    this.shards = options.shards ?? REGISTRY_SHARDS;
    this.#bridgeUntil = options.bridgeUntil ?? null;
    this.#now = options.now ?? Date.now;
  }

  #shard(playerId: string): RegistryObject {
    return this.#object(shardName(shardOf(playerId, this.shards)));
  }

  /** Old pools may still run: write to the old object too. */
  #writesLegacy(now: number): boolean {
    return this.#bridgeUntil !== null && now < this.#bridgeUntil;
  }

  /**
   * A seek that began before the bridge ended may have been paired through the old object; an hour (the longest
   * seek) after the end no such seek is left.
   */
  #readsLegacy(since: number, now: number): boolean {
    return this.#bridgeUntil !== null && since < this.#bridgeUntil && now < this.#bridgeUntil + SEEK_LIMITS.maxSeekMs;
  }

  /**
   * Claims every player for `tableId`, or none of them: the answer names those already paired since their seek
   * began (in the first shard that refused). Two entries for one player are a bug and throw.
   */
  async claim(entries: ClaimEntry[], tableId: string): Promise<ClaimResult> {
    const ids = entries.map((e) => e.playerId);
    if (new Set(ids).size !== ids.length) throw new Error(`quick match: a pairing names a player twice (${ids.join(", ")})`);
    const groups = new Map<number, ClaimEntry[]>();
    for (const e of entries) {
      const shard = shardOf(e.playerId, this.shards);
      groups.set(shard, [...(groups.get(shard) ?? []), e]);
    }
    const done: Array<{ object: RegistryObject; ids: string[] }> = [];
    const giveBack = () => Promise.all(done.map((d) => d.object.release(d.ids, tableId)));
    try {
      for (const shard of [...groups.keys()].sort((x, y) => x - y)) {
        const group = groups.get(shard)!;
        const object = this.#object(shardName(shard));
        const result = await object.claim(group, tableId);
        if (!result.ok) {
          await giveBack();
          return result;
        }
        done.push({ object, ids: group.map((e) => e.playerId) });
      }
      const now = this.#now();
      if (this.#writesLegacy(now)) {
        const result = await this.#object(LEGACY_REGISTRY).claim(entries, tableId);
        if (!result.ok) {
          await giveBack();
          return result;
        }
      } else {
        const older = entries.filter((e) => this.#readsLegacy(e.since, now));
        const taken = older.length === 0 ? [] : await this.#object(LEGACY_REGISTRY).taken(older, tableId);
        if (taken.length > 0) {
          await giveBack();
          return { ok: false, taken };
        }
      }
      return { ok: true };
    } catch (error) {
      // The shards that did claim are given back as well as can be; the pairing then fails as before.
      await giveBack().catch(() => undefined);
      throw error;
    }
  }

  /** Gives back the claims made for a table that was never made (and any the old object holds for it). */
  async release(playerIds: string[], tableId: string): Promise<void> {
    const groups = new Map<number, string[]>();
    for (const id of playerIds) {
      const shard = shardOf(id, this.shards);
      groups.set(shard, [...(groups.get(shard) ?? []), id]);
    }
    const calls = [...groups].map(([shard, ids]) => this.#object(shardName(shard)).release(ids, tableId));
    if (this.#readsLegacy(-Infinity, this.#now())) calls.push(this.#object(LEGACY_REGISTRY).release(playerIds, tableId));
    await Promise.all(calls);
  }

  /** A pool took the player's seek. */
  async seeking(playerId: string, pool: string): Promise<void> {
    const calls = [this.#shard(playerId).seeking(playerId, pool)];
    if (this.#writesLegacy(this.#now())) calls.push(this.#object(LEGACY_REGISTRY).seeking(playerId, pool));
    await Promise.all(calls);
  }

  /** The pools the player may be seeking in now. */
  async poolsOf(playerId: string): Promise<string[]> {
    const calls = [this.#shard(playerId).poolsOf(playerId)];
    if (this.#readsLegacy(-Infinity, this.#now())) calls.push(this.#object(LEGACY_REGISTRY).poolsOf(playerId));
    return [...new Set((await Promise.all(calls)).flat())].sort();
  }
}

const BridgeUntilSchema = z.union([z.literal("").transform(() => null), z.iso.datetime({ offset: true }).transform((at) => Date.parse(at))]);

/** When the bridge to the old single object ends (`SEEK_REGISTRY_BRIDGE_UNTIL`), or null for none. */
export function bridgeUntil(env: Pick<Env, "SEEK_REGISTRY_BRIDGE_UNTIL">): number | null {
  const parsed = BridgeUntilSchema.safeParse(env.SEEK_REGISTRY_BRIDGE_UNTIL ?? "");
  if (!parsed.success) throw new Error(`SEEK_REGISTRY_BRIDGE_UNTIL must be empty or an ISO 8601 time with an offset, not ${JSON.stringify(env.SEEK_REGISTRY_BRIDGE_UNTIL)}`);
  return parsed.data;
}

/** The registry of this deployment: the SEEK_REGISTRY objects, sharded, with the bridge its variable sets. */
export function registryOf(env: Pick<Env, "SEEK_REGISTRY" | "SEEK_REGISTRY_BRIDGE_UNTIL">): Registry {
  return new Registry((name) => env.SEEK_REGISTRY.getByName(name), { bridgeUntil: bridgeUntil(env) });
}
