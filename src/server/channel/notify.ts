/**
 * How the rest of the server reaches players' channels (./channel.ts) and the presence index (./presence-index.ts):
 * an event to a player, the presence of many players in one call, a seat taken or left, a revoked token's sockets.
 * None of these throws to its caller: a channel that cannot be reached is logged, and the caller's own change stands.
 */
import type { ChannelEvent, Presence } from "../../protocol";
import type { Env } from "../env";
import { objectLog } from "../log";

const log = { error: (...args: Parameters<ReturnType<typeof objectLog>["error"]>) => objectLog("player-channel").error(...args) };
const OFFLINE: Presence = { state: "offline", since: 0, tableId: null };

/** Appends the event to the player's channel (numbered, kept for `since`) and sends it to their open sockets. */
export async function notify(env: Env, playerId: string, event: ChannelEvent): Promise<void> {
  try {
    await env.PLAYER_CHANNEL.getByName(playerId).deliver(playerId, event);
  } catch (error) {
    log.error("channel: delivering an event failed", error, { playerId, kind: event.kind });
  }
}

/** The presence of these players, one call to the index; a player it does not know (or could not answer for) is offline. */
export async function presenceOf(env: Env, playerIds: readonly string[]): Promise<Map<string, Presence>> {
  const unique = [...new Set(playerIds)];
  let known: Record<string, Presence> = {};
  if (unique.length > 0) {
    try {
      known = await env.PRESENCE.getByName("presence").read(unique);
    } catch (error) {
      log.error("presence: reading the index failed", error);
    }
  }
  return new Map(unique.map((id) => [id, known[id] ?? OFFLINE]));
}

/** Players online (a channel socket open, or seated at a match) and playing, from the index. */
export async function presenceCount(env: Env): Promise<{ online: number; playing: number }> {
  return env.PRESENCE.getByName("presence").count();
}

/** A match object's word: this player sat down at a match (`playing`), or that match ended. */
export async function seated(env: Env, playerId: string, tableId: string, playing: boolean, watchable: boolean): Promise<void> {
  try {
    await env.PLAYER_CHANNEL.getByName(playerId).seated(playerId, tableId, playing, watchable);
  } catch (error) {
    log.error("presence: telling a channel about a seat failed", error, { playerId, tableId });
  }
}

/** Closes at once (code 4401) every channel socket of the player opened with this token: a revoked API token. */
export async function closeChannelSockets(env: Env, playerId: string, tokenHash: string): Promise<void> {
  try {
    await env.PLAYER_CHANNEL.getByName(playerId).closeToken(tokenHash);
  } catch (error) {
    log.error("channel: closing a revoked token's sockets failed", error, { playerId });
  }
}
