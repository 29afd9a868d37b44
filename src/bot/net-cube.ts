/**
 * The neural bot's cube and its match-aware goal. From the score, the cube and the match equity table (met.ts), each
 * hand result (oin, mars, koks won or lost at the current cube) has a match winning chance; the net's five chances
 * weigh them (a `Goal`). The bot doubles when the position is worth more to it doubled — whether the opponent takes
 * or drops — than undoubled, and its winning chance is at least `MIN_DOUBLE` (the cube it gives away is worth
 * something the model does not count); it takes when playing on doubled is worth more than dropping.
 */
import { canDouble, opponent, type MatchState, type Side } from "./engine-adapter";
import { matchWinningChance } from "./met";
import { chancesOnRoll, committedEvaluator, goalOf, valueOnRoll, type Goal } from "./neural";
import { WIN } from "./net";

const MIN_DOUBLE = 0.62;

/** What the hand's results are worth to `side` in match winning chance when the cube is `cube`. */
export function matchGoal(state: MatchState, side: Side, cube: number = state.cube.value): Goal {
  const { win, lose } = afterHand(state, side, cube);
  const koks = state.config.ruleset.koks ? 3 : 2;
  return goalOf([win(1), win(2), win(koks)], [lose(1), lose(2), lose(koks)]);
}

/** `side`'s match winning chance after it wins / loses a hand of `points` at cube `cube`. */
function afterHand(state: MatchState, side: Side, cube: number) {
  const need = state.config.length - state.score[side];
  const theirs = state.config.length - state.score[opponent(side)];
  const passed = state.crawford || state.crawfordDone;
  return {
    win: (points: number) => matchWinningChance(need - points * cube, theirs, passed),
    lose: (points: number) => matchWinningChance(need, theirs - points * cube, passed),
  };
}

/** Whether `side`, about to roll, doubles. */
export function neuralDoubles(state: MatchState, side: Side): boolean {
  if (!canDouble(state, side)) return false;
  const c = chancesOnRoll(committedEvaluator(state.position.variant), state.position.board, side);
  if (c[WIN]! < MIN_DOUBLE) return false;
  const cube = state.cube.value;
  const now = valueOnRoll(c, matchGoal(state, side, cube));
  const taken = valueOnRoll(c, matchGoal(state, side, 2 * cube));
  return Math.min(taken, droppedFor(state, side)) > now;
}

/** Whether `side` takes the double offered to it (the offerer is on roll). */
export function neuralTakes(state: MatchState, side: Side): boolean {
  const offerer = opponent(side);
  const c = chancesOnRoll(committedEvaluator(state.position.variant), state.position.board, offerer);
  const theirsTaken = valueOnRoll(c, matchGoal(state, offerer, 2 * state.cube.value));
  return theirsTaken <= droppedFor(state, offerer);
}

/** The offerer's match winning chance when its double is dropped (it scores the current cube). */
function droppedFor(state: MatchState, offerer: Side): number {
  return afterHand(state, offerer, state.cube.value).win(1);
}
