/**
 * The table's clock on the server: kept in the room row (the table info) with the rest of the table, charged and
 * handed over in the same stored change as the command that ended a decision, and read by the alarm. Its deadline
 * (when the running side flags) is derived from that stored clock, so it costs no row of its own and a restart or
 * eviction can neither stop nor reset it.
 */
import {
  clockRemaining,
  flagAt,
  lagAllowance,
  passClock,
  sideToAct,
  startClock,
  type ClockState,
  type MatchStep,
} from "../../engine";
import { clockSettings, DEFAULT_TIME_CONTROL, resolveTimeControl, type ClockView, type TimeControlView } from "../../protocol";
import type { Room, TableInfo } from "./table";

/** The table's time control; tables stored before clocks play the default. */
export function timeControlOf(info: TableInfo): TimeControlView {
  return info.timeControl ?? resolveTimeControl(DEFAULT_TIME_CONTROL, info.length);
}

/** The clock as stored; a match stored before clocks gets a fresh one, started by the first change or alarm after. */
function storedClock(room: Room, now: number): ClockState | null {
  if (!room.match) return null;
  return room.info.clock ?? startClock(clockSettings(timeControlOf(room.info)), sideToAct(room.match), now);
}

/**
 * The clock after `step` at `now`. A decision ends when the side to act changes or anything but a roll happened
 * (a play, a burned roll, a cube action, the end of a hand): then its time is charged and the next decision starts.
 */
export function clockAfter(room: Room, step: MatchStep, now: number): ClockState {
  const settings = clockSettings(timeControlOf(room.info));
  const next = sideToAct(step.state);
  const before = room.match ? storedClock(room, now) : null;
  if (!before) return startClock(settings, next, now);
  const decided = step.events.some((event) => event.type !== "rolled");
  return passClock(before, settings, decided, next, now);
}

/** When the running side flags (epoch ms), or null when no clock runs. */
export function clockDeadline(room: Room): number | null {
  if (!room.match || room.match.phase === "over" || !room.info.clock) return null;
  return flagAt(room.info.clock, clockSettings(timeControlOf(room.info)));
}

export function clockView(room: Room, now: number): ClockView | null {
  const clock = storedClock(room, now);
  if (!clock) return null;
  const settings = clockSettings(timeControlOf(room.info));
  return {
    serverTime: now,
    running: clock.running,
    since: clock.since,
    remaining: clockRemaining(clock, settings, now),
    lagAllowanceMs: clock.running ? lagAllowance(clock, clock.running) : 0,
    flagAt: flagAt(clock, settings),
  };
}
