/**
 * The match clock (delay + reserve, the backgammon convention), as pure arithmetic: every time is passed in as
 * server epoch milliseconds, nothing here reads a clock. One side runs at a time: the side that must act.
 *
 * A decision starts when a side must act and ends when its turn passes (a play, a burned roll, a double, an
 * answer to a double, or the end of the hand); a roll alone does not end it. Each decision first spends a free
 * delay; only time beyond the delay comes off the side's reserve, which is set once per match. A bounded lag
 * allowance (the lag quota, after lichess) is not charged: see LAG_RULE.
 */
import type { Side } from "./types";

/** What a table's time control gives each side, in milliseconds. */
export interface ClockSettings {
  /** Free time at the start of every decision. */
  delayMs: number;
  /** Each side's reserve for the whole match. */
  reserveMs: number;
}

export interface ClockState {
  /** Reserve left per side; for the running side, as it was when its decision started. */
  reserveMs: Record<Side, number>;
  /** Lag allowance each side may still be credited (see LAG_RULE). */
  lagQuotaMs: Record<Side, number>;
  /** The side whose decision is running, or null (no match, or the match is over). */
  running: Side | null;
  /** When the running side's decision started (server epoch ms). */
  since: number;
}

/**
 * The lag quota: each decision, up to `perMoveMs` of its time is not charged, taken from the side's quota; the
 * quota starts at `maxQuotaMs`, pays what is credited, and gains `gainMs` after every decision, up to `maxQuotaMs`.
 * The running side therefore flags `min(perMoveMs, quota)` after its delay and reserve are spent.
 */
export const LAG_RULE = { perMoveMs: 500, gainMs: 250, maxQuotaMs: 2000 } as const;

export function startClock(settings: ClockSettings, running: Side | null, now: number): ClockState {
  return {
    reserveMs: { white: settings.reserveMs, black: settings.reserveMs },
    lagQuotaMs: { white: LAG_RULE.maxQuotaMs, black: LAG_RULE.maxQuotaMs },
    running,
    since: now,
  };
}

/** The lag allowance of `side`'s current (or next) decision. */
export function lagAllowance(clock: ClockState, side: Side): number {
  return Math.min(LAG_RULE.perMoveMs, clock.lagQuotaMs[side]);
}

/** When the running side runs out of time (server epoch ms), or null when no clock runs. */
export function flagAt(clock: ClockState, settings: ClockSettings): number | null {
  if (clock.running === null) return null;
  return clock.since + settings.delayMs + clock.reserveMs[clock.running] + lagAllowance(clock, clock.running);
}

/** The running side's decision ends at `now`: its reserve pays what the delay and lag allowance did not cover. */
function charge(clock: ClockState, settings: ClockSettings, now: number): ClockState {
  const side = clock.running;
  if (side === null) return clock;
  const elapsed = Math.max(0, now - clock.since);
  const credit = Math.min(elapsed, lagAllowance(clock, side));
  const charged = Math.max(0, elapsed - credit - settings.delayMs);
  return {
    ...clock,
    reserveMs: { ...clock.reserveMs, [side]: Math.max(0, clock.reserveMs[side] - charged) },
    lagQuotaMs: { ...clock.lagQuotaMs, [side]: Math.min(LAG_RULE.maxQuotaMs, clock.lagQuotaMs[side] - credit + LAG_RULE.gainMs) },
  };
}

/**
 * The clock after a stored change at `now`: when the change ended the running decision (`decided`), it is charged
 * and `next` (the side that must act now, or null) starts a fresh one; otherwise the running decision goes on.
 */
export function passClock(clock: ClockState, settings: ClockSettings, decided: boolean, next: Side | null, now: number): ClockState {
  if (!decided && clock.running === next) return clock;
  return { ...charge(clock, settings, now), running: next, since: now };
}

/** Delay and reserve left per side at `now` (the running side's counting down, the other's standing still). */
export function clockRemaining(
  clock: ClockState,
  settings: ClockSettings,
  now: number,
): Record<Side, { delayMs: number; reserveMs: number }> {
  const left = (side: Side) => {
    if (clock.running !== side) return { delayMs: settings.delayMs, reserveMs: clock.reserveMs[side] };
    const elapsed = Math.max(0, now - clock.since);
    return {
      delayMs: Math.max(0, settings.delayMs - elapsed),
      reserveMs: Math.max(0, clock.reserveMs[side] - Math.max(0, elapsed - settings.delayMs)),
    };
  };
  return { white: left("white"), black: left("black") };
}
