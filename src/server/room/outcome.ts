/**
 * Turning an engine step into a stored change: the pace rules run on (automatic rolls, forced plays), the clock
 * is charged and handed over, and when the match ends the table does too.
 */
import { runPace, type DiceSource, type MatchStep } from "../../engine";
import { clockAfter } from "./clock";
import type { Change } from "./store";
import type { Room } from "./table";

/**
 * The room after `step` at `at`, all in one change; when the match is over the table is too, and no deadline is
 * left to run (the clock stops with the match).
 */
export function settle(room: Room, step: MatchStep, at: number, dice: DiceSource): Pick<Change, "room" | "events" | "clearAllDeadlines" | "at"> {
  const seats = room.info.seats;
  const paced = runPace(step, dice, { white: seats.white?.autoRoll === true, black: seats.black?.autoRoll === true });
  const over = paced.state.phase === "over";
  const clock = clockAfter(room, paced, at);
  return {
    room: { seq: room.seq, info: { ...room.info, status: over ? "over" : room.info.status, clock }, match: paced.state },
    events: paced.events,
    clearAllDeadlines: over,
    at,
  };
}
