/**
 * The expert's doubling-cube decisions, from a rough winning chance (race plus position, see terms.ts).
 * It doubles when clearly ahead but not so far ahead that playing on for mars/koks is better, and drops
 * only when the position is close to hopeless. Match score matters in two simple ways: never double when
 * the current cube already wins the match, and always take when dropping would lose the match anyway.
 */
import { borneOff, canDouble, opponent, type MatchState, type Side } from "../engine";
import { winChanceOnRoll } from "./evaluate";

const DOUBLE_FROM = 0.72;
/** Above this (while the opponent has borne off nothing) the bot plays on for mars instead of doubling. */
const TOO_GOOD = 0.9;
const DROP_BELOW = 0.2;

export function expertDoubles(state: MatchState, side: Side): boolean {
  if (!canDouble(state, side)) return false;
  if (state.score[side] + state.cube.value >= state.config.length) return false;
  const chance = winChanceOnRoll(state.position.variant, state.position.board, side);
  const opponentOff = borneOff(state.position.board[opponent(side)]);
  if (chance > TOO_GOOD && opponentOff === 0) return false;
  return chance >= DOUBLE_FROM;
}

/** Whether to take the double offered to `side` (the offerer is on roll). */
export function expertTakes(state: MatchState, side: Side): boolean {
  const offerer = opponent(side);
  if (state.score[offerer] + state.cube.value >= state.config.length) return true;
  const theirChance = winChanceOnRoll(state.position.variant, state.position.board, offerer);
  return 1 - theirChance >= DROP_BELOW;
}
