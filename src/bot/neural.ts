/**
 * The neural bot's play: every legal play's resulting position is evaluated by the variant's network (0-ply) and
 * the best for the mover is played (in a pure race the hand-written evaluation chooses, see `expertNeuralPlay`). What "best" means is a `Goal`: points (cubeless training and benchmarks),
 * winning only, or the match winning chance from the score and the cube (net-cube.ts).
 */
import { encode, INPUTS } from "./encoding";
import { expertPlay, isRace } from "./evaluate";
import { CHECKERS_PER_SIDE, opponent, OFF, winPoints, type Board, type Play, type Position, type Side, type Variant } from "./engine-adapter";
import { LOSE_KOKS, LOSE_MARS, Network, paramsFromBase64, sparseInput, WIN, WIN_KOKS, WIN_MARS, type SparseInput } from "./net";
import { LONG_WEIGHTS } from "./weights/long";
import { SHORT_WEIGHTS } from "./weights/short";

export const HIDDEN = 64;

/**
 * What a hand's end is worth to a side: `base` plus the weights of its five chances (see net.ts), so any scoring —
 * points, winning only, match winning chances — is one linear function of the chances. `goalOf` builds one.
 */
export interface Goal {
  base: number;
  weights: readonly [number, number, number, number, number];
}

/** The goal whose values are `win[k]` / `lose[k]` for winning / losing a hand worth k + 1 points (oin, mars, koks). */
export function goalOf(win: readonly [number, number, number], lose: readonly [number, number, number]): Goal {
  return { base: lose[0], weights: [win[0] - lose[0], win[1] - win[0], win[2] - win[1], lose[1] - lose[0], lose[2] - lose[1]] };
}

/** Points won or lost, cube 1 (cubeless "money" play); a ruleset without koks scores it as mars. */
export function pointsGoal(koks: boolean): Goal {
  return koks ? goalOf([1, 2, 3], [-1, -2, -3]) : goalOf([1, 2, 2], [-1, -2, -2]);
}

/** Only winning counts (a 1-point match). */
export const WIN_GOAL: Goal = goalOf([1, 1, 1], [0, 0, 0]);

/** A variant's network with its input buffer. */
export interface Evaluator {
  variant: Variant;
  net: Network;
  input: SparseInput;
}

export function newEvaluator(variant: Variant, params?: Float64Array): Evaluator {
  return { variant, net: new Network({ inputs: INPUTS, hidden: HIDDEN }, params), input: sparseInput(INPUTS) };
}

const COMMITTED: Record<Variant, string> = { long: LONG_WEIGHTS, short: SHORT_WEIGHTS };
const loaded: Partial<Record<Variant, Evaluator>> = {};

/** The committed network of `variant` (decoded once per isolate). */
export function committedEvaluator(variant: Variant): Evaluator {
  return (loaded[variant] ??= newEvaluator(variant, paramsFromBase64(COMMITTED[variant])));
}

/** The five chances (see net.ts) of `onRoll`, about to roll in `board`; the array is reused by the next call. */
export function chancesOnRoll(ev: Evaluator, board: Board, onRoll: Side): Float64Array {
  encode(ev.variant, board, onRoll, ev.input);
  return ev.net.evaluate(ev.input);
}

/** The value for a side of chances `c` that belong to its opponent (on roll). */
function valueAfter(c: ArrayLike<number>, goal: Goal): number {
  const w = goal.weights;
  return goal.base + w[0] * (1 - c[WIN]!) + w[1] * c[LOSE_MARS]! + w[2] * c[LOSE_KOKS]! + w[3] * c[WIN_MARS]! + w[4] * c[WIN_KOKS]!;
}

/** The value for a side of its own chances `c` (it is on roll). */
export function valueOnRoll(c: ArrayLike<number>, goal: Goal): number {
  const w = goal.weights;
  return goal.base + w[0] * c[WIN]! + w[1] * c[WIN_MARS]! + w[2] * c[WIN_KOKS]! + w[3] * c[LOSE_MARS]! + w[4] * c[LOSE_KOKS]!;
}

/** The value of a won hand worth `points` (1 oin, 2 mars, 3 koks) to its winner. */
function valueOfWin(points: number, goal: Goal): number {
  const w = goal.weights;
  return goal.base + w[0] + (points >= 2 ? w[1] : 0) + (points >= 3 ? w[2] : 0);
}

/** The mover's value of each play's resulting position, written into `values` (at least plays.length long). */
function valuePlays(ev: Evaluator, position: Position, plays: readonly Play[], goal: Goal, values: Float64Array): void {
  const other = opponent(position.turn);
  for (let i = 0; i < plays.length; i++) {
    const board = plays[i]!.board;
    values[i] =
      (board[position.turn][OFF] ?? 0) >= CHECKERS_PER_SIDE
        ? valueOfWin(winPoints(ev.variant, board, position.turn), goal)
        : valueAfter(chancesOnRoll(ev, board, other), goal);
  }
}

let scratch = new Float64Array(64);

/**
 * The expert's play: in a pure race (no contact) the hand-written evaluation's, which bears off and races nearly
 * perfectly and never forgets the mars danger; otherwise the network's best (`bestPlay`) for `goal`.
 */
export function expertNeuralPlay(position: Position, plays: readonly Play[], goal: Goal): Play {
  return isRace(position.variant, position.board) ? expertPlay(position, plays) : bestPlay(committedEvaluator(position.variant), position, plays, goal);
}

/** The play with the best value for the mover by the network alone (ties: the first listed). */
export function bestPlay(ev: Evaluator, position: Position, plays: readonly Play[], goal: Goal): Play {
  if (plays.length === 0) throw new Error("neural bot: no legal plays to choose from");
  if (scratch.length < plays.length) scratch = new Float64Array(plays.length * 2);
  valuePlays(ev, position, plays, goal, scratch);
  let best = 0;
  for (let i = 1; i < plays.length; i++) if (scratch[i]! > scratch[best]!) best = i;
  return plays[best]!;
}
