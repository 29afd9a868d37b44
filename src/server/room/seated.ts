/**
 * The players' channels hear when a match starts with their seat bound to them, and when its record is delivered
 * (docs/players-channel.md, Presence): that is what makes a player `playing`. The table is named in their presence
 * only if anyone may watch it (spectators allowed, not private). Never awaited by the change that caused it.
 */
import { seated } from "../channel/notify";
import type { RoomCore } from "./core";
import { SIDES, type TableInfo } from "./table";

export function tellSeated(core: RoomCore, info: TableInfo, playing: boolean): void {
  const watchable = info.spectators && info.inviteHash == null;
  for (const side of SIDES) {
    const playerId = info.seats[side]?.playerId;
    if (playerId) core.ctx.waitUntil(seated(core.env, playerId, info.id, playing, watchable));
  }
}
