/**
 * Checker plays: every legal play at 0-ply, then gnubg's move filter (the best CANDIDATES within CANDIDATE_WINDOW of
 * the best, and the played one) at 1-ply. Ranked with the 1-ply plays first (best first), then the rest by 0-ply.
 */
import type { Goal } from "../bot/neural";
import { valueOnRoll } from "../bot/neural";
import { boardAt, compactLegalPlays, notationAt, type Board, type Dice, type Position } from "../engine";
import type { Analyser } from "./evaluate";

/** gnubg's move filter: the candidates 0-ply keeps for 1-ply, at most this many within this much of the best. */
export const CANDIDATES = 5;
export const CANDIDATE_WINDOW = 0.16;

export interface RankedPlay {
  /** Index in the roll's compact legal plays. */
  index: number;
  notation: string;
  board: Board;
  /** Normalized equity for the mover: at 1-ply when `deep`, else 0-ply. */
  equity: number;
  deep: boolean;
}

/**
 * The legal plays of `dice` in `position`, ranked. `also`: a play index that must be judged at 1-ply whatever 0-ply
 * thinks of it (the played one). A roll with one legal play is not looked at deeper (it is forced); [] = burned.
 */
export function rankPlays(
  an: Analyser,
  position: Position,
  dice: Dice,
  firstTurn: boolean,
  opponentFirstTurn: boolean,
  goal: Goal,
  also: (board: Board) => boolean = () => false,
): RankedPlay[] {
  const plays = compactLegalPlays(position, dice, { firstTurn });
  const all: RankedPlay[] = [];
  for (let k = 0; k < plays.count; k++) {
    const board = boardAt(plays, k);
    all.push({ index: k, notation: notationAt(plays, k), board, equity: valueOnRoll(an.afterPlay(board, position.turn), goal), deep: false });
  }
  all.sort((a, b) => b.equity - a.equity);
  if (all.length <= 1) return all;
  const top = all[0]!.equity;
  for (let n = 0; n < all.length; n++) {
    const play = all[n]!;
    const candidate = n < CANDIDATES && play.equity >= top - CANDIDATE_WINDOW;
    if (!candidate && !also(play.board)) continue;
    play.equity = an.onePly(play.board, position.turn, opponentFirstTurn, goal);
    play.deep = true;
  }
  return all.sort((a, b) => Number(b.deep) - Number(a.deep) || b.equity - a.equity);
}
