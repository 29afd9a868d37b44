/**
 * Counting a table's clock down smoothly between updates. The server is the only authority: its `clock` view
 * says what each side had left at `serverTime`; the client anchors that to its own clock when the view arrived
 * (so the two machines' clocks never need to agree) and subtracts what has passed since, delay first.
 */
import type { Side } from "../engine/types";
import type { ClockView } from "../protocol";

export interface SideTime {
  /** Free delay left in the running decision (the full delay for the side not running). */
  delayMs: number;
  reserveMs: number;
  /** delayMs + reserveMs: time before this side's flag falls (less the lag allowance, which the server adds). */
  totalMs: number;
}

/** Each side's time left at `now` (local ms), for a clock view that arrived at `receivedAt` (local ms). */
export function remainingTime(clock: ClockView, receivedAt: number, now: number = Date.now()): Record<Side, SideTime> {
  const passed = Math.max(0, now - receivedAt);
  const left = (side: Side): SideTime => {
    const at = clock.remaining[side];
    if (clock.running !== side) return { ...at, totalMs: at.delayMs + at.reserveMs };
    const delayMs = Math.max(0, at.delayMs - passed);
    const reserveMs = Math.max(0, at.reserveMs - Math.max(0, passed - at.delayMs));
    return { delayMs, reserveMs, totalMs: delayMs + reserveMs };
  };
  return { white: left("white"), black: left("black") };
}
