/**
 * The expert's evaluation: one registry entry per variant (its evaluation function and the winner's
 * home where koks is scored), so nothing else in the bot asks which variant it is playing.
 */
import type { Board, Play, Position, Side, Variant } from "../engine";
import { evaluateLong } from "./long-eval";
import { evaluateShort } from "./short-eval";
import { chanceFromPips } from "./terms";
import { sideView, type SideView } from "./view";

interface VariantEvaluator {
  /** Advantage in pips of the side seen, right after it moved (the opponent rolls next). */
  evaluate(view: SideView): number;
}

const EVALUATORS: Record<Variant, VariantEvaluator> = {
  short: { evaluate: evaluateShort },
  long: { evaluate: evaluateLong },
};

/** How good `board` is for `side`, in pips, with the opponent to roll next. */
export function evaluateBoard(variant: Variant, board: Board, side: Side): number {
  return EVALUATORS[variant].evaluate(sideView(variant, board, side));
}

/** The play whose resulting board evaluates best for the mover (the first one on ties, so it is deterministic). */
export function expertPlay(position: Position, plays: readonly Play[]): Play {
  let best = plays[0];
  let bestScore = -Infinity;
  for (const play of plays) {
    const score = evaluateBoard(position.variant, play.board, position.turn);
    if (score > bestScore) {
      bestScore = score;
      best = play;
    }
  }
  if (!best) throw new Error("expertPlay: no legal plays to choose from");
  return best;
}

/**
 * Rough chance that `side` wins the hand from `board` when `side` is about to roll. The evaluation is
 * made from the opponent's side (as if it had just moved, which is exactly the situation) and negated.
 */
export function winChanceOnRoll(variant: Variant, board: Board, side: Side): number {
  const theirView = sideView(variant, board, side === "white" ? "black" : "white");
  const theirs = EVALUATORS[variant].evaluate(theirView);
  return chanceFromPips(-theirs, theirView.oppPips, theirView.myPips, true);
}
