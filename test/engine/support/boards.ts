/**
 * Small builders for hand-made test positions, and an independent "move the checkers by hand" helper that
 * turns expected notation into expected boards without going through the engine's generator.
 */
import type { Board, Checkers, Position, Side, Variant } from "../../../src/engine/types";

/** One side's checkers from `{point: count}` (own numbering; 0 or `off` = borne off, 25 or `bar` = the bar). */
export function side(points: Partial<Record<number | "off" | "bar", number>>): Checkers {
  const c = new Array<number>(26).fill(0);
  for (const [where, n] of Object.entries(points)) c[where === "off" ? 0 : where === "bar" ? 25 : Number(where)] = n ?? 0;
  return c;
}

export function position(variant: Variant, white: Record<number, number>, black: Record<number, number>, turn: Side = "white"): Position {
  return { variant, board: { white: side(white), black: side(black) }, turn };
}

/** Where the mover's own point `p` is in the opponent's own numbering (docs/rules.md §1). */
function facing(variant: Variant, p: number): number {
  return variant === "long" ? ((p + 11) % 24) + 1 : 25 - p;
}

/**
 * The board after the mover moves checkers as written: each `from/to` (chains allowed, `bar`, `off`)
 * takes one checker from `from` to `to`; a `*` sends the opponent checker on that point to the bar.
 */
export function afterMoves(pos: Position, notation: string): Board {
  const white = pos.board.white.slice();
  const black = pos.board.black.slice();
  const [mine, theirs] = pos.turn === "white" ? [white, black] : [black, white];
  const slot = (s: string): number => (s === "bar" ? 25 : s === "off" ? 0 : Number(s.replace("*", "")));
  for (const token of notation.split(" ").filter(Boolean)) {
    const parts = token.split("/");
    for (let i = 0; i + 1 < parts.length; i++) {
      const from = slot(parts[i]!);
      const to = slot(parts[i + 1]!);
      mine[from]!--;
      mine[to]!++;
      if (parts[i + 1]!.endsWith("*")) {
        theirs[facing(pos.variant, to)]!--;
        theirs[25]!++;
      }
    }
  }
  return { white, black };
}
