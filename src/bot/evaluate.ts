/**
 * The expert's evaluation: one registry entry per variant (its evaluation function and the winner's
 * home where koks is scored), so nothing else in the bot asks which variant it is playing.
 */
import { opponent, type Board, type Play, type Position, type Side, type Variant } from "../engine";
import { evaluateLong, stillInteracting } from "./long-eval";
import { evaluateShort, shortContact } from "./short-eval";
import { chanceFromPips, gammonDanger, type ChanceModel } from "./terms";
import { sideView, type SideView } from "./view";

interface VariantEvaluator {
  /** Winning advantage in pips of the side seen, right after it moved (the opponent rolls next). */
  evaluate(view: SideView): number;
  /** The winner's home in the loser's own numbering: a loser with nothing off and a checker here loses koks. */
  koksZone: readonly [number, number];
  /** The sides can still get in each other's way (hits in short nardi, blocks in long nardi). */
  inContact(view: SideView): boolean;
  /**
   * How an evaluation becomes a winning chance for the side on roll, in contact and in a race (see
   * `chanceFromPips`). Fitted by maximum likelihood on 400 seeded expert-vs-expert hands per variant
   * (about 20,000 short and 38,000 long positions; every bucket of the fitted chance lands within a few
   * points of the observed win rate): contact positions swing far more than their pip counts say.
   */
  chance: { contact: ChanceModel; race: ChanceModel };
}

const EVALUATORS: Record<Variant, VariantEvaluator> = {
  short: {
    evaluate: evaluateShort, koksZone: [19, 24], inContact: shortContact,
    chance: { contact: { onRoll: 16, scale: 3.8 }, race: { onRoll: 16, scale: 1.5 } },
  },
  long: {
    evaluate: evaluateLong, koksZone: [13, 18], inContact: stillInteracting,
    chance: { contact: { onRoll: 5, scale: 6.4 }, race: { onRoll: 14, scale: 1.8 } },
  },
};

/**
 * How good `board` is for `side`, in pips, with the opponent to roll next: the winning advantage less
 * the danger of losing double (mars) or triple (koks), which a move can often reduce at little cost.
 */
export function evaluateBoard(variant: Variant, board: Board, side: Side): number {
  const evaluator = EVALUATORS[variant];
  const view = sideView(variant, board, side);
  return evaluator.evaluate(view) - gammonDanger(view, evaluator.koksZone);
}

/**
 * The play whose resulting board evaluates best for the mover. Equal evaluations are common (one race
 * or bear-off play is often as good as another by every term), so ties go to the play that leaves the
 * smallest sum of squared distances: moving the rearmost checkers rather than burying checkers deep in
 * home. That keeps the choice independent of the order in which the engine lists the plays.
 */
export function expertPlay(position: Position, plays: readonly Play[]): Play {
  let best: Play | undefined;
  let bestScore = -Infinity;
  let bestSpread = Infinity;
  for (const play of plays) {
    const score = evaluateBoard(position.variant, play.board, position.turn);
    if (score < bestScore - TIE) continue;
    const spread = squaredDistances(play.board[position.turn]);
    if (score > bestScore + TIE || spread < bestSpread) {
      best = play;
      bestScore = score;
      bestSpread = spread;
    }
  }
  if (!best) throw new Error("expertPlay: no legal plays to choose from");
  return best;
}

const TIE = 1e-9;

function squaredDistances(checkers: readonly number[]): number {
  let sum = 0;
  for (let p = 1; p <= 25; p++) sum += p * p * (checkers[p] ?? 0);
  return sum;
}

/** The sides can no longer get in each other's way: a pure race (the same answer from either side). */
export function isRace(variant: Variant, board: Board): boolean {
  return !EVALUATORS[variant].inContact(sideView(variant, board, "white"));
}

/**
 * Rough chance that `side` wins the hand from `board` when `side` is about to roll. The evaluation is
 * made from the opponent's side (as if it had just moved, which is exactly the situation) and negated.
 */
export function winChanceOnRoll(variant: Variant, board: Board, side: Side): number {
  return expertOutlook(variant, board, side).chance;
}

/**
 * The expert's view of `board` for `side`, about to roll: its winning chance (as `winChanceOnRoll`) and the
 * opponent's evaluation in pips including its mars/koks danger (as `evaluateBoard`), from one evaluation.
 * The neural bot reads both as inputs.
 */
export function expertOutlook(variant: Variant, board: Board, side: Side): { chance: number; theirScore: number } {
  const evaluator = EVALUATORS[variant];
  const theirView = sideView(variant, board, opponent(side));
  const theirs = evaluator.evaluate(theirView);
  const model = evaluator.inContact(theirView) ? evaluator.chance.contact : evaluator.chance.race;
  return {
    chance: chanceFromPips(-theirs, theirView.oppPips + theirView.myPips, model),
    theirScore: theirs - gammonDanger(theirView, evaluator.koksZone),
  };
}
