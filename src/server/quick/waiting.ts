/**
 * `GET /v1/seek/pools`' answer: the counts of the pools' index (./counts.ts), kept by each Worker isolate for
 * SEEK_POOLS_FRESH_MS so pages that poll the panel read the index at most once per interval per isolate, then the
 * caller's own seeks left out (a seeker never counts themselves). docs/matchmaking.md, Pool counts.
 */
import { SEEK_POOLS_FRESH_MS, poolKey, type SeekPool, type SeekPools } from "../../protocol";
import { PRESETS } from "../../engine";
import type { Env } from "../env";
import type { PoolWaiting } from "./counts";

let cached: { asOf: number; pools: PoolWaiting[] } | null = null;

async function poolsNow(env: Env, now: number): Promise<{ asOf: number; pools: PoolWaiting[] }> {
  if (cached && now - cached.asOf < SEEK_POOLS_FRESH_MS) return cached;
  cached = { asOf: now, pools: await env.POOL_COUNTS.getByName("counts").waiting() };
  return cached;
}

/** The pools with someone waiting, `playerId`'s own seeks not counted, most waiting first. */
export async function seekPools(env: Env, playerId: string | null, now: number): Promise<SeekPools> {
  const read = await poolsNow(env, now);
  const pools: SeekPool[] = read.pools.flatMap(({ choice, players }) => {
    const waiting = players.filter((id) => id !== playerId).length;
    if (waiting === 0) return [];
    return [{ pool: poolKey(choice), ...choice, variant: PRESETS[choice.preset].variant, waiting }];
  });
  pools.sort((a, b) => b.waiting - a.waiting || a.pool.localeCompare(b.pool));
  return { pools, asOf: read.asOf };
}
