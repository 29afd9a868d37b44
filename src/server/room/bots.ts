/**
 * Bot seats are played inside the match object, right after every change: while the bot has something to do,
 * each of its commands is its own stored transaction and broadcast, exactly like a player's. No timers: the
 * loop runs to the point where a human must act.
 */
import { botCommand } from "../../bot";
import { sideToAct } from "../../engine";
import type { RoomCore } from "./core";
import { settleCommand } from "./outcome";

/** More bot commands than any hand can need in a row: a guard against a bot and the engine disagreeing forever. */
const MAX_BOT_COMMANDS = 200;

export function runBots(core: RoomCore): void {
  for (let i = 0; i < MAX_BOT_COMMANDS; i++) {
    const room = core.store.load();
    if (!room || room.info.status !== "playing" || !room.match) return;
    const side = sideToAct(room.match);
    const seat = side ? room.info.seats[side] : null;
    if (!side || !seat || seat.kind !== "bot") return;
    const command = botCommand(room.match, side, seat.botLevel ?? "expert", core.botRng, core.compactPlays(room) ?? undefined);
    if (!command) return;
    const step = settleCommand(core, room, room.match, command);
    if (!step.ok) {
      core.log.error(`bot ${side} gave a refused command`, step.error, { command });
      return;
    }
    const logged = core.commit({ ...step.value, command: { seat: side, id: null } });
    core.broadcast(logged);
  }
}
