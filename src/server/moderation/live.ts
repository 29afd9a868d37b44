/**
 * Moderation that reaches live sockets, not only the next request: after an action is stored in D1, the
 * player's tables (D1 `player_tables`) and quick-match seeks (the seeker registry knows their pools) are told.
 * docs/moderation-live.md ("What an action does at once") is the contract. The stored action is the truth:
 * an object that is gone or unreachable is logged and skipped, never thrown for, so the action stands either way.
 */
import { tableFinished, tablesOf } from "../db/seats";
import type { Env } from "../env";
import { registryOf } from "../quick/shards";
import type { Moderation, ModerationResult } from "../room/moderation";

/** What a stored moderation action asks of the live objects. */
export type LiveAction =
  | { kind: "mute"; playerId: string; until: number }
  | { kind: "unmute"; playerId: string }
  | { kind: "suspend"; playerId: string; until: number }
  | { kind: "unsuspend"; playerId: string }
  | { kind: "ban"; playerId: string }
  | { kind: "unban"; playerId: string }
  | { kind: "rename"; playerId: string; name: string }
  | { kind: "close-table"; tableId: string };

/** What reached which object (for the caller's log or the action's detail); `failed`: the object could not be reached. */
export interface LiveReport {
  tables: Array<{ tableId: string; result: ModerationResult | "failed" }>;
  /** Pools whose seek of the player was ended (ban, suspend) or renamed (rename). */
  seeks: string[];
}

/** Carries the action to the live objects. Never throws for an object that is gone or unreachable (logged). */
export async function applyLive(env: Env, action: LiveAction): Promise<LiveReport> {
  if (action.kind === "close-table") return { tables: [await reach(env, action.tableId, { kind: "close-table" })], seeks: [] };
  // Seeks first: a seek ended now cannot be paired into a new table while the tables are being told.
  const seeks = await reachSeeks(env, action);
  let tables: Array<{ tableId: string }> = [];
  try {
    tables = await tablesOf(env.DB, action.playerId);
  } catch (error) {
    console.error(`moderation ${action.kind}: reading the player's tables failed`, error);
  }
  return { tables: await Promise.all(tables.map((t) => reach(env, t.tableId, action))), seeks };
}

async function reach(env: Env, tableId: string, action: Moderation): Promise<LiveReport["tables"][number]> {
  try {
    const result = await env.MATCH.getByName(tableId).moderate(action);
    // A row that outlived its table (one that expired unjoined) is tidied away as it is found.
    if (result === "no-table") await tableFinished(env.DB, tableId).run();
    return { tableId, result };
  } catch (error) {
    console.error(`moderation ${action.kind}: table ${tableId} could not be reached`, error);
    return { tableId, result: "failed" };
  }
}

/** A ban or suspension ends the player's seeks; a rename renames them; the other actions leave seeks alone. */
async function reachSeeks(env: Env, action: Exclude<LiveAction, { kind: "close-table" }>): Promise<string[]> {
  if (action.kind !== "ban" && action.kind !== "suspend" && action.kind !== "rename") return [];
  let pools: string[] = [];
  try {
    pools = await registryOf(env).poolsOf(action.playerId);
  } catch (error) {
    console.error(`moderation ${action.kind}: the seeker registry could not be reached`, error);
    return [];
  }
  const reached = await Promise.all(
    pools.map(async (pool) => {
      try {
        const stub = env.QUICK_POOL.getByName(pool);
        if (action.kind === "rename") {
          await stub.renameSeeker(action.playerId, action.name);
          return pool;
        }
        return (await stub.cancelSeeker(action.playerId)) ? pool : null;
      } catch (error) {
        console.error(`moderation ${action.kind}: pool ${pool} could not be reached`, error);
        return null;
      }
    }),
  );
  return reached.filter((pool) => pool !== null);
}
