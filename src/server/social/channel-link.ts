/**
 * The player channel as the social routes reach it: `notify` (an event to a player's channel) and `presenceOf`
 * (how players show in lists). Until src/server/channel/notify.ts lands these stand in: nothing is sent, and
 * everyone reads as offline.
 */
import type { ChannelEvent, Presence } from "../../protocol";
import type { Env } from "../env";

export async function notify(_env: Env, _playerId: string, _event: ChannelEvent): Promise<void> {}

export async function presenceOf(_env: Env, ids: readonly string[]): Promise<Map<string, Presence>> {
  return new Map(ids.map((id) => [id, { state: "offline", since: 0, tableId: null }]));
}
