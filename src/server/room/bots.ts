/**
 * What a bot seat plays now. The bots are played inside the match object, right after every change (./step.ts
 * `runBots`): each bot command is its own step, exactly like a player's.
 */
import { botCommand } from "../../bot";
import { sideToAct, type MatchCommand, type Side } from "../../engine";
import type { RoomCore } from "./core";
import type { Room } from "./table";

/** The command of the bot seat that must act in `room`, or null when no bot has anything to do. */
export function botCommandFor(core: RoomCore, room: Room): { side: Side; command: MatchCommand } | null {
  if (room.info.status !== "playing" || !room.match) return null;
  const side = sideToAct(room.match);
  const seat = side ? room.info.seats[side] : null;
  if (!side || !seat || seat.kind !== "bot") return null;
  const command = botCommand(room.match, side, seat.botLevel ?? "expert", core.botRng, core.compactPlays(room) ?? undefined);
  return command ? { side, command } : null;
}
