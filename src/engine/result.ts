/**
 * Hand results (docs/rules.md §3.8 long nardi, §4.7 short nardi): oin, mars or koks, from the loser's checkers at the
 * moment the winner bears off the 15th.
 */
import { opponent } from "./position";
import { BAR, OFF } from "./types";
import type { Board, HandResult, ResignLevel, ResultKind, Ruleset, Side } from "./types";
import { VARIANTS } from "./variants";

/** The winner's home: its own points 1..6. */
const HOME_POINTS = [1, 2, 3, 4, 5, 6] as const;

export const RESULT_POINTS: Record<ResultKind, number> = { oin: 1, mars: 2, koks: 3 };

/** A resignation's level as the hand result it gives: single = oin, gammon = mars, backgammon = koks. */
export const RESIGN_RESULTS: Record<ResignLevel, ResultKind> = { single: "oin", gammon: "mars", backgammon: "koks" };

export const RESIGN_LEVELS: readonly ResignLevel[] = ["single", "gammon", "backgammon"];

export function isResignLevel(value: unknown): value is ResignLevel {
  return typeof value === "string" && Object.hasOwn(RESIGN_RESULTS, value);
}

export function handResultOf(kind: ResultKind): HandResult {
  return { kind, points: RESULT_POINTS[kind] };
}

/**
 * The result of a hand won by `winner` on a finished board. Koks is scored only when the ruleset has it (the
 * federation's `koksInLong` in long nardi; in short nardi a ruleset without koks caps the result at mars).
 * A checker on the bar counts like one in the winner's home (short nardi; long nardi has no bar).
 */
export function handResult(board: Board, winner: Side, ruleset: Ruleset): HandResult {
  const loser = board[opponent(winner)];
  if ((loser[OFF] ?? 0) > 0) return handResultOf("oin");
  if (!ruleset.koks) return handResultOf("mars");
  // The winner's home in the loser's own numbering: long nardi 13–18 (same direction, half a board apart),
  // short nardi 19–24 (opposite directions: where the loser's back checkers started).
  const facing = VARIANTS[ruleset.variant].facing;
  const stuck = (loser[BAR] ?? 0) > 0 || HOME_POINTS.some((p) => (loser[facing[p] ?? 0] ?? 0) > 0);
  return handResultOf(stuck ? "koks" : "mars");
}
