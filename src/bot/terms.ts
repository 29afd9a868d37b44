/**
 * Evaluation terms both variants use. Every term is in pips: "this is worth as much as being N pips
 * further ahead in the race", so terms add up and the sum can be turned into a winning chance.
 */
import { borneOff } from "../engine";
import type { SideView } from "./view";

/** Average pips a roll moves (doubles count four times): 8.17. */
const PIPS_PER_ROLL = 49 / 6;

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Mars/koks danger: while we have borne off nothing, the opponent's race to finish decides whether we
 * lose double or triple. `koksZone` is the winner's home in our own numbering (short 19..24, long 13..18).
 * The penalty grows smoothly as our rolls-to-first-checker-off approach the opponent's rolls-to-finish,
 * so it only tips the choice when that race is close.
 */
export function gammonDanger(view: SideView, koksZone: readonly [number, number]): number {
  if (borneOff(view.me) > 0) return 0;
  const me = view.me;
  let toHome = 0;
  let lowestHome = 7;
  for (let p = 25; p >= 1; p--) {
    const n = me[p] ?? 0;
    if (n === 0) continue;
    if (p > 6) toHome += (p - 6) * n;
    else if (p < lowestHome) lowestHome = p;
  }
  // One more die is needed to bear a checker off once all are home.
  const myRolls = (toHome + Math.min(lowestHome, 6)) / PIPS_PER_ROLL + 0.5;
  const oppRolls = view.oppPips / PIPS_PER_ROLL + 1;
  const closeness = sigmoid((myRolls - oppRolls + 1) * 1.2);
  let inKoksZone = 0;
  for (let p = koksZone[0]; p <= koksZone[1]; p++) inKoksZone += me[p] ?? 0;
  inKoksZone += me[25] ?? 0;
  return closeness * (MARS_COST + KOKS_COST * Math.min(inKoksZone, 3));
}

const MARS_COST = 30;
const KOKS_COST = 8;

/** Pure-race tidiness: bearing off beats moving inside home, and gaps in home waste later rolls. */
export function bearOffShape(view: SideView): number {
  const me = view.me;
  let occupiedHome = 0;
  for (let p = 1; p <= 6; p++) if ((me[p] ?? 0) > 0) occupiedHome++;
  return 1.5 * borneOff(me) + 0.4 * occupiedHome;
}

/** Winning chance from an evaluation: the lead is worth `onRoll` extra pips to the side on roll, spread `scale`·√pips. */
export interface ChanceModel {
  onRoll: number;
  scale: number;
}

/**
 * The chance that the side on roll wins, from its evaluation in pips (positive = ahead) and the pips
 * both sides still have to go. The outcome is taken as normal around the lead; a race over L pips
 * spreads roughly like √L, wider in contact.
 */
export function chanceFromPips(advantage: number, totalPips: number, model: ChanceModel): number {
  return normalCdf((advantage + model.onRoll) / (model.scale * Math.max(6, Math.sqrt(totalPips))));
}

function normalCdf(z: number): number {
  // Abramowitz–Stegun 7.1.26, plenty for a cube heuristic.
  const t = 1 / (1 + 0.3275911 * Math.abs(z / Math.SQRT2));
  const y =
    1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}
