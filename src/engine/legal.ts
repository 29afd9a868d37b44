/** The legal plays of a roll (RULES.md §2–§4): every distinct final position, one step sequence each. */
import * as gen from "./movegen";
import type { Board, Dice, Play, PlayContext, Position, Step } from "./types";
import { BAR } from "./types";
import { VARIANTS } from "./variants";

/**
 * Every distinct legal play of `dice` in `position` (which must be valid: see `validatePosition`), in a
 * deterministic order. `[]` means the roll is burned.
 *
 * Plays are values, never to be changed in place: the boards are new arrays (the position given is never
 * shared), but plays of one call that hit nothing share one copy of the opponent's unchanged checkers,
 * and steps are shared frozen objects. Use `cloneBoard` before editing a board.
 */
export function legalPlays(position: Position, dice: Dice, ctx: PlayContext): Play[] {
  return gen.legalPlaysOf(position, dice, ctx);
}

/**
 * The board after the mover plays `steps` (already known to be legal): fresh arrays, the mover's checkers
 * moved and any hit checker on the opponent's bar.
 */
export function boardAfter(position: Position, steps: readonly Step[]): Board {
  const white = position.board.white.slice();
  const black = position.board.black.slice();
  const [mine, theirs] = position.turn === "white" ? [white, black] : [black, white];
  const facing = VARIANTS[position.variant].facing;
  for (const { from, to, hit } of steps) {
    mine[from]!--;
    mine[to]!++;
    if (hit) {
      theirs[facing[to]!]!--;
      theirs[BAR]!++;
    }
  }
  return { white, black };
}

/** How many dice every legal play uses (0 = the roll is burned), without building the plays. */
export function diceToPlay(position: Position, dice: Dice, ctx: PlayContext): number {
  gen.load(position, dice, ctx);
  gen.generate(dice[0], dice[1]);
  return gen.maxSteps();
}
