/**
 * A board seen from one side: the side's own checkers, and the opponent's checkers translated into
 * the same (own) numbering, so every evaluation term reads one array per side and never converts
 * between numberings itself. The only variant-specific fact here is how the two numberings meet.
 */
import { BAR, opponent, pipCount, type Board, type Checkers, type Side, type Variant } from "../engine";

/** Opponent-own point → own point. Short nardi: the sides run opposite ways; long nardi: half a board apart. */
const MIRROR: Record<Variant, (oppOwn: number) => number> = {
  short: (q) => 25 - q,
  long: (q) => (q > 12 ? q - 12 : q + 12),
};

export interface SideView {
  variant: Variant;
  /** Own checkers: 0 = off, 1..24 own points, 25 = bar. */
  me: Checkers;
  /** The opponent's own checkers (own numbering of the opponent). */
  oppOwn: Checkers;
  /** Opponent checkers standing on each of MY points 1..24 (index 0 and 25 unused). */
  oppAt: number[];
  myPips: number;
  oppPips: number;
}

export function sideView(variant: Variant, board: Board, side: Side): SideView {
  const me = board[side];
  const oppOwn = board[opponent(side)];
  const mirror = MIRROR[variant];
  const oppAt = new Array<number>(26).fill(0);
  for (let q = 1; q <= 24; q++) {
    const n = oppOwn[q] ?? 0;
    if (n > 0) oppAt[mirror(q)] = n;
  }
  return { variant, me, oppOwn, oppAt, myPips: pipCount(me), oppPips: pipCount(oppOwn) };
}

/** The own point the opponent's point `oppOwnPoint` stands on. */
export function mirrorPoint(variant: Variant, oppOwnPoint: number): number {
  return MIRROR[variant](oppOwnPoint);
}

/** The highest own point still holding a checker (25 when one is on the bar, 0 when all are off). */
export function rearmost(checkers: Checkers): number {
  for (let p = BAR; p >= 1; p--) if ((checkers[p] ?? 0) > 0) return p;
  return 0;
}
