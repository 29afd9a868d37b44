/**
 * The neural bot's inputs: a position seen by the side about to roll ("me") against the other ("them"), each side
 * in its own numbering. Per side and per point 1..24, gnubg/TD-Gammon's truncated unary count: n ≥ 1, n ≥ 2,
 * n ≥ 3, (n − 3) / 2 beyond three. Then per side: bar / 2, borne off / 15, pips / 200, all home (may bear off).
 * Last, two readings of the hand-written expert (see evaluate.ts), which give the net a strong start: its
 * winning chance for me, and tanh of their evaluation in pips / 30. 202 inputs; see docs/bots.md.
 */
import { BAR, OFF, opponent, type Board, type Side, type Variant } from "./engine-adapter";
import { expertOutlook } from "./evaluate";
import type { SparseInput } from "./net";

const PER_POINT = 4;
const SIDE_POINTS = 24 * PER_POINT;
/** me: points 0..95, them: 96..191, then per side bar, off, pips, all-home, then the expert's two. */
const EXTRA = 2 * SIDE_POINTS;
export const INPUTS = EXTRA + 8 + 2;

export function encode(variant: Variant, board: Board, onRoll: Side, x: SparseInput): void {
  for (let k = 0; k < x.count; k++) x.values[x.active[k]!] = 0;
  x.count = 0;
  encodeSide(board[onRoll], 0, EXTRA, x);
  encodeSide(board[opponent(onRoll)], SIDE_POINTS, EXTRA + 4, x);
  const { chance, theirScore } = expertOutlook(variant, board, onRoll);
  put(x, EXTRA + 8, chance);
  put(x, EXTRA + 9, Math.tanh(theirScore / 30));
}

function encodeSide(checkers: readonly number[], pointBase: number, extraBase: number, x: SparseInput): void {
  let pips = 0;
  let home = true;
  for (let p = 1; p <= 24; p++) {
    const n = checkers[p] ?? 0;
    if (n === 0) continue;
    pips += p * n;
    if (p > 6) home = false;
    const at = pointBase + (p - 1) * PER_POINT;
    put(x, at, 1);
    if (n >= 2) put(x, at + 1, 1);
    if (n >= 3) put(x, at + 2, 1);
    if (n > 3) put(x, at + 3, (n - 3) / 2);
  }
  const bar = checkers[BAR] ?? 0;
  if (bar > 0) {
    home = false;
    pips += 25 * bar;
    put(x, extraBase, bar / 2);
  }
  put(x, extraBase + 1, (checkers[OFF] ?? 0) / 15);
  put(x, extraBase + 2, pips / 200);
  put(x, extraBase + 3, home ? 1 : 0);
}

function put(x: SparseInput, i: number, v: number): void {
  if (v === 0) return;
  x.values[i] = v;
  x.active[x.count++] = i;
}
