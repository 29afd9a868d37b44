/**
 * Equity for the analysis: the match winning chance (MWC) of each hand result at a cube and score, from the match
 * equity table the bots use (src/bot/met.ts), normalized the way gnubg reports it (EMG, "equivalent money game"):
 * the MWC's distance from the middle between winning and losing a single hand at the current cube, divided by half
 * that gap, so winning a single hand is +1 and losing one −1 at every score and cube.
 */
import { matchWinningChance } from "../bot/met";
import { goalOf, type Goal } from "../bot/neural";
import { opponent, type Score, type Side } from "../engine";

/** Where a hand stands in its match: what the MET needs. */
export interface Situation {
  length: number;
  score: Score;
  /** The Crawford hand has been reached (post-Crawford scoring); always false where the ruleset has no cube. */
  crawfordPassed: boolean;
  koks: boolean;
}

/** The MWC of each result (oin, mars, koks) won and lost by `side` at one cube, and its normalization. */
export interface Scale {
  win: [number, number, number];
  lose: [number, number, number];
  /** The middle between a single won and a single lost, and half the gap between them (MWC). */
  mid: number;
  half: number;
}

export function scaleOf(s: Situation, side: Side, cube: number): Scale {
  const need = s.length - s.score[side];
  const theirs = s.length - s.score[opponent(side)];
  const mwc = (a: number, b: number) => matchWinningChance(a, b, s.crawfordPassed);
  const top = s.koks ? 3 : 2;
  const win: Scale["win"] = [mwc(need - cube, theirs), mwc(need - 2 * cube, theirs), mwc(need - top * cube, theirs)];
  const lose: Scale["lose"] = [mwc(need, theirs - cube), mwc(need, theirs - 2 * cube), mwc(need, theirs - top * cube)];
  return { win, lose, mid: (win[0] + lose[0]) / 2, half: Math.max((win[0] - lose[0]) / 2, 1e-9) };
}

/** A normalized MWC: `by`'s units (the current cube's). */
export function normalize(mwc: number, by: Scale): number {
  return (mwc - by.mid) / by.half;
}

/** The goal (neural.ts) whose value of the five chances is `scale`'s results' MWC normalized in `by`'s units. */
export function normalizedGoal(scale: Scale, by: Scale = scale): Goal {
  const n = (m: number) => normalize(m, by);
  return goalOf([n(scale.win[0]), n(scale.win[1]), n(scale.win[2])], [n(scale.lose[0]), n(scale.lose[1]), n(scale.lose[2])]);
}
