/**
 * Hand results (RULES.md §3.8 long nardi, §4.7 short nardi): oin, mars or koks, from the loser's checkers at the
 * moment the winner bears off the 15th.
 */
import { BAR, OFF } from "./types";
import type { Board, HandResult, ResultKind, Ruleset, Side, Variant } from "./types";

/**
 * The winner's home in the LOSER's own numbering: the points where a loser's checker makes koks.
 * Long nardi: both sides travel the same way, so the winner's home (absolute 1–6 for White) is the loser's own
 * 13–18. Short nardi: the sides travel in opposite directions, so it is the loser's own 19–24, where the loser's
 * back checkers started.
 */
const WINNERS_HOME_IN_LOSER_OWN: Record<Variant, { low: number; high: number }> = {
  long: { low: 13, high: 18 },
  short: { low: 19, high: 24 },
};

export const RESULT_POINTS: Record<ResultKind, number> = { oin: 1, mars: 2, koks: 3 };

export function handResultOf(kind: ResultKind): HandResult {
  return { kind, points: RESULT_POINTS[kind] };
}

/**
 * The result of a hand won by `winner` on a finished board. Koks is scored only when the ruleset has it (the
 * federation's `koksInLong` in long nardi; in short nardi a ruleset without koks caps the result at mars).
 * A checker on the bar counts like one in the winner's home (short nardi; long nardi has no bar).
 */
export function handResult(board: Board, winner: Side, ruleset: Ruleset): HandResult {
  const loser = board[winner === "white" ? "black" : "white"];
  if ((loser[OFF] ?? 0) > 0) return handResultOf("oin");
  if (!ruleset.koks) return handResultOf("mars");
  const home = WINNERS_HOME_IN_LOSER_OWN[ruleset.variant];
  let stuck = (loser[BAR] ?? 0) > 0;
  for (let point = home.low; point <= home.high && !stuck; point++) stuck = (loser[point] ?? 0) > 0;
  return handResultOf(stuck ? "koks" : "mars");
}
