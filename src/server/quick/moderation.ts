/** A moderation action reaching a pool (docs/moderation-live.md, Seeks). */
import type { PoolCore } from "./core";

/**
 * A ban or suspension ends the player's seek here: each of their sockets is told `cancelled` (reason
 * `moderation`) and closed. A pairing already under way goes on (its table then meets the action through the
 * player's tables). True when there was a seek to end.
 */
export async function cancelSeeker(core: PoolCore, playerId: string): Promise<boolean> {
  const row = core.store.get(playerId);
  if (row && row.state === "waiting") core.store.remove(playerId);
  const sockets = core.sockets(playerId);
  for (const ws of sockets) core.end(ws, { type: "cancelled", reason: "moderation" });
  await core.schedule(Date.now());
  return row !== null || sockets.length > 0;
}

/** A forced rename: a waiting seeker is paired (and seated) under the new name. */
export function renameSeeker(core: PoolCore, playerId: string, name: string): void {
  core.store.rename(playerId, name);
}
