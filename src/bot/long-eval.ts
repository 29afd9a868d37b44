/**
 * Long nardi evaluation, from the side that has just moved, opponent to roll. There is no hitting, so
 * the game is won by racing efficiently and by blocking: every point we hold (even with one checker)
 * is closed to the opponent. Terms, all in pips: the race; checkers still on the head (only one may
 * leave per turn, so a late head is a traffic jam); runs of our points along the opponent's path with
 * opponent checkers still behind them (legalPlays already forbids an illegal six-block); how many of
 * the six die values the opponent can play at all, and the same for us; spreading rather than
 * stacking; and bearing off. (Mars/koks danger is added by evaluate.ts.)
 */
import { bearOffShape } from "./terms";
import { mirrorPoint, rearmost, type SideView } from "./view";

const HEAD = 24;

/** The weights, in pips. */
const LONG_WEIGHTS = {
  /** Cost of each checker still on the head. */
  head: 3,
  /** A run of our points on the opponent's path with their checkers behind it (index = length). */
  block: [0, 0, 1, 2.5, 5, 9, 14],
  /** Cost to the side with this many points able to play a given die value (0 = that die is dead). */
  mobility: [9, 4, 2, 1, 0],
  /** Scale of our own mobility cost relative to the opponent's (we move after they do). */
  ownMobility: 1,
  /** Per checker beyond three on one point (the head excepted). */
  stack: 2,
  /** Per point we occupy while the sides still interact. */
  spread: 0.4,
};

export function evaluateLong(view: SideView): number {
  const { me, oppOwn } = view;
  let score = view.oppPips - view.myPips + bearOffShape(view);
  score -= LONG_WEIGHTS.head * (me[HEAD] ?? 0);

  let spread = 0;
  for (let p = 1; p < HEAD; p++) {
    const n = me[p] ?? 0;
    if (n > 0) spread++;
    score -= LONG_WEIGHTS.stack * Math.max(0, n - 3);
  }
  if (stillInteracting(view)) {
    score += LONG_WEIGHTS.spread * spread;
    score += blocks(view);
    score += mobilityCost(oppOwn, me, view) - LONG_WEIGHTS.ownMobility * mobilityCost(me, oppOwn, view);
  }
  return score;
}

/** Runs of our points along the opponent's path (opponent-own 24 → 1) with opponent checkers behind them. */
function blocks(view: SideView): number {
  const { me, oppOwn, variant } = view;
  let behind = 0;
  let run = 0;
  let total = 0;
  for (let t = 24; t >= 0; t--) {
    const ours = t >= 1 && (me[mirrorPoint(variant, t)] ?? 0) > 0;
    if (ours) {
      run++;
      continue;
    }
    if (run >= 2 && behind > 0) {
      const weight = behind >= 3 ? 1 : 0.3 + 0.23 * behind;
      total += weight * (LONG_WEIGHTS.block[Math.min(run, 6)] ?? 0);
    }
    run = 0;
    if (t >= 1) behind += oppOwn[t] ?? 0;
  }
  return total;
}

/**
 * How badly `mover` is hemmed in: for each die value, how many of its points could play it (landing
 * on an empty or own point, or bearing off once all are home). A die nobody can play is a burned die.
 * `blocker` is the other side, whose points are closed to `mover`.
 */
function mobilityCost(mover: number[], blocker: number[], view: SideView): number {
  const allHome = rearmost(mover) <= 6;
  const cap = LONG_WEIGHTS.mobility.length - 1;
  let cost = 0;
  for (let d = 1; d <= 6; d++) {
    let sources = 0;
    for (let t = 1; t <= 24 && sources < cap; t++) {
      if ((mover[t] ?? 0) === 0) continue;
      const to = t - d;
      if (to < 1) {
        if (allHome) sources++;
        continue;
      }
      // mover-own point `to` seen from the blocker is mirrored into the blocker's numbering.
      if ((blocker[mirrorPoint(view.variant, to)] ?? 0) === 0) sources++;
    }
    cost += LONG_WEIGHTS.mobility[sources] ?? 0;
  }
  return cost;
}

/**
 * Whether blocking still matters: some checker of one side has yet to travel over points the other side
 * holds or will hold. An opponent checker on its own point t still visits our points mirror(t−1..1):
 * from t ≥ 14 that includes our home (which we will always pass through), from t ≤ 13 only our 13..t+11,
 * which matters only while we still have checkers at 13 or above. The same holds the other way round.
 */
export function stillInteracting(view: SideView): boolean {
  const mine = rearmost(view.me);
  const theirs = rearmost(view.oppOwn);
  if (mine === 0 || theirs === 0) return false;
  return theirs >= 14 || mine >= 14 || (mine >= 13 && theirs >= 2) || (theirs >= 13 && mine >= 2);
}
