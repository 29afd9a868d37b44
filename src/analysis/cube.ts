/**
 * Cube equities: Janowski's model (the one gnubg's 0-ply cubeful evaluation is built on) applied to match values.
 * The hand's chances give the cubeless ("dead cube") equity and the average value W of a win and L of a loss, in
 * the normalized units of the cube in question (equity.ts, so gammons count as much as the score makes them worth);
 * the "live cube" equity is piecewise linear between the take point and the cash point; the cubeful equity is
 * x × live + (1 − x) × dead with the cube efficiency x = CUBE_EFFICIENCY.
 */
import { normalize, type Scale } from "./equity";
import type { Chances5 } from "./evaluate";

export const CUBE_EFFICIENCY = 0.68;

type Owner = "me" | "centre" | "them";

export interface CubeEquities {
  noDouble: number;
  doubleTake: number;
  doubleDrop: number;
}

/**
 * The doubler's normalized equities (in the current cube's units) of not doubling, doubling and being taken, and
 * doubling and being dropped, from its mean chances on roll `c`; `now` and `doubled` are its scales at the current
 * cube and at twice it; `owner` who holds the cube now (the doubler or the middle).
 */
export function cubeEquities(c: Chances5, now: Scale, doubled: Scale, owner: "me" | "centre"): CubeEquities {
  const nd = cubeful(c, now, owner);
  // Doubled: Janowski in the doubled cube's own units, then back to an MWC and into the current cube's units.
  const dt = normalize(doubled.mid + cubeful(c, doubled, "them") * doubled.half, now);
  return { noDouble: nd, doubleTake: dt, doubleDrop: normalize(now.win[0], now) };
}

/** Cubeful equity in `scale`'s own units. */
function cubeful(c: Chances5, scale: Scale, owner: Owner): number {
  const n = (m: number) => normalize(m, scale);
  const p = Math.min(Math.max(c[0], 0), 1);
  const winValue = (p - c[1]) * n(scale.win[0]) + (c[1] - c[2]) * n(scale.win[1]) + c[2] * n(scale.win[2]);
  const loseValue = (1 - p - c[3]) * n(scale.lose[0]) + (c[3] - c[4]) * n(scale.lose[1]) + c[4] * n(scale.lose[2]);
  const dead = winValue + loseValue;
  const W = p > 1e-6 ? winValue / p : 1;
  const L = 1 - p > 1e-6 ? -loseValue / (1 - p) : 1;
  const take = clamp((L - 0.5) / (W + L + 0.5), 1e-6, 1 - 2e-6);
  const cash = clamp((L + 1) / (W + L + 0.5), take + 1e-6, 1 - 1e-6);
  let live: number;
  if (owner === "them") live = p < take ? -L + (L - 1) * (p / take) : -1 + (W + 1) * ((p - take) / (1 - take));
  else if (owner === "me") live = p < cash ? -L + (1 + L) * (p / cash) : 1 + (W - 1) * ((p - cash) / (1 - cash));
  else if (p < take) live = -L + (L - 1) * (p / take);
  else if (p < cash) live = -1 + 2 * ((p - take) / (cash - take));
  else live = 1 + (W - 1) * ((p - cash) / (1 - cash));
  return CUBE_EFFICIENCY * live + (1 - CUBE_EFFICIENCY) * dead;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(Math.max(x, lo), hi);
}
