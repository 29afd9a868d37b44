/**
 * Short nardi (backgammon movement) evaluation, from the side that has just moved, opponent to roll.
 * Terms, all in pips: the race; made points (home board, bar point, anchors) and primes in front of
 * the opponent's back checkers; opponent checkers on the bar against our closed points; stacking; and
 * the expected cost of our blots being hit, counted over all 36 opponent rolls (direct and indirect
 * shots, our made points blocking, the opponent's own bar checkers having to enter first).
 * In a pure race only the race and bear-off shape count. (Mars/koks danger is added by evaluate.ts.)
 */
import { borneOff } from "../engine";
import { bearOffShape } from "./terms";
import { rearmost, type SideView } from "./view";

/** The weights, in pips. */
const SHORT_WEIGHTS = {
  /** Holding each own point with two or more checkers while there is contact (index = own point). */
  point: [0, 0.5, 1, 2, 3.5, 5, 4.5, 4, 2.5, 1.5, 1, 0.5, 0.5, 0.3, 0.3, 0.3, 0.3, 0.5, 1.5, 1.5, 3.5, 3, 2, 1, 0.5],
  /** A run of consecutive made points with an opponent checker still behind it (index = length). */
  prime: [0, 0, 0, 2, 5, 9, 14, 16, 18, 20, 22, 24, 26],
  /** Per checker beyond three on one point. */
  stack: 0.8,
  /** A hit costs the pips lost plus this much (tempo, the chance of staying on the bar)... */
  hitBase: 6,
  /** ...plus this much per point the opponent has closed in its home board (where we must enter). */
  hitPerClosedEntry: 2,
  /** Scale of the expected hit cost. */
  blotRisk: 1,
  /** Each opponent checker on the bar, plus this much per point closed in our home board. */
  oppOnBar: 3,
  oppOnBarPerClosed: 2,
  /** Per checker borne off (with contact; in a race see bearOffShape). */
  off: 1.5,
};

export function evaluateShort(view: SideView): number {
  const { me, oppOwn, oppAt } = view;
  const race = view.oppPips - view.myPips;
  if (!shortContact(view)) return race + bearOffShape(view);

  let score = race + SHORT_WEIGHTS.off * borneOff(me);
  // Our points, primes in front of the opponent's rearmost checker (our numbering; bar = 0).
  const oppRear = 25 - rearmost(oppOwn);
  let run = 0;
  for (let p = 1; p <= 25; p++) {
    const made = p <= 24 && (me[p] ?? 0) >= 2;
    if (made) {
      score += SHORT_WEIGHTS.point[p] ?? 0;
      score -= SHORT_WEIGHTS.stack * Math.max(0, (me[p] ?? 0) - 3);
      run++;
    } else {
      if (run >= 3 && p - run > oppRear) score += SHORT_WEIGHTS.prime[run] ?? 0;
      run = 0;
    }
  }
  let homeClosed = 0;
  for (let p = 1; p <= 6; p++) if ((me[p] ?? 0) >= 2) homeClosed++;
  score += (oppOwn[25] ?? 0) * (SHORT_WEIGHTS.oppOnBar + SHORT_WEIGHTS.oppOnBarPerClosed * homeClosed);

  let oppHomeClosed = 0;
  for (let p = 19; p <= 24; p++) if ((oppAt[p] ?? 0) >= 2) oppHomeClosed++;
  score -= SHORT_WEIGHTS.blotRisk * blotRisk(view, SHORT_WEIGHTS.hitBase + SHORT_WEIGHTS.hitPerClosedEntry * oppHomeClosed);
  return score;
}

/** Some checker still has to pass an opponent checker (so hits are still possible). */
export function shortContact(view: SideView): boolean {
  return rearmost(view.me) + rearmost(view.oppOwn) > 25;
}

/**
 * Expected pips we lose to hits on the opponent's next roll: for each of the 36 rolls, the worst blot
 * it can hit (each hit costs 25 − point + `hitBase`), weighted by the roll's probability.
 */
function blotRisk(view: SideView, hitBase: number): number {
  const { me, oppAt, oppOwn } = view;
  let anyBlot = false;
  const loss = new Array<number>(25).fill(0);
  for (let p = 1; p <= 24; p++) {
    if ((me[p] ?? 0) === 1) {
      loss[p] = 25 - p + hitBase;
      anyBlot = true;
    }
  }
  if (!anyBlot) return 0;
  // Opponent checkers move up our numbering; a point is closed to them where we have two or more.
  const open = (pt: number) => pt <= 24 && (me[pt] ?? 0) < 2;
  const sources: number[] = [];
  for (let x = 1; x <= 24; x++) if ((oppAt[x] ?? 0) > 0) sources.push(x);
  const onBar = oppOwn[25] ?? 0;

  let total = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = a; b <= 6; b++) {
      const best = a === b ? worstHitDouble(a, sources, onBar, open, loss) : worstHitPair(a, b, sources, onBar, open, loss);
      total += (a === b ? 1 : 2) * best;
    }
  }
  return total / 36;
}

type Open = (pt: number) => boolean;

function worstHitPair(a: number, b: number, sources: number[], onBar: number, open: Open, loss: number[]): number {
  let worst = 0;
  const hit = (pt: number) => {
    if (pt <= 24) worst = Math.max(worst, loss[pt] ?? 0);
  };
  if (onBar === 0) {
    for (const x of sources) {
      hit(x + a);
      hit(x + b);
      if (open(x + a) || open(x + b)) hit(x + a + b);
    }
  } else if (onBar === 1) {
    // Enter with one die, then the other die moves any checker (the entered one included).
    for (const [enter, other] of [
      [a, b],
      [b, a],
    ] as const) {
      if (!open(enter)) continue;
      hit(enter);
      hit(enter + other);
      for (const x of sources) hit(x + other);
    }
  } else {
    if (open(a)) hit(a);
    if (open(b)) hit(b);
  }
  return worst;
}

function worstHitDouble(d: number, sources: number[], onBar: number, open: Open, loss: number[]): number {
  let worst = 0;
  const chain = (from: number, steps: number) => {
    for (let k = 1, pt = from + d; k <= steps && pt <= 24; k++, pt += d) {
      worst = Math.max(worst, loss[pt] ?? 0);
      if (!open(pt)) break;
    }
  };
  if (onBar === 0) {
    for (const x of sources) chain(x, 4);
    return worst;
  }
  if (!open(d)) return 0;
  worst = loss[d] ?? 0;
  const left = 4 - Math.min(onBar, 4);
  if (left > 0) {
    chain(d, left);
    for (const x of sources) chain(x, left);
  }
  return worst;
}
