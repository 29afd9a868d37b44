/** The legal plays of a roll (RULES.md §2–§4): every distinct final position, one step sequence each. */
import * as gen from "./movegen";
import { formatPlay } from "./notation";
import type { Dice, Play, PlayContext, Position, Step } from "./types";

/**
 * Every distinct legal play of `dice` in `position` (which must be valid: see `validatePosition`), in a
 * deterministic order. `[]` means the roll is burned.
 */
export function legalPlays(position: Position, dice: Dice, ctx: PlayContext): Play[] {
  gen.load(position, dice, ctx);
  gen.generate(dice[0], dice[1]);
  if (gen.maxSteps() === 0) return [];
  return collectPlays(position.turn === "white");
}

/** The generator's current leaves as public plays. */
export function collectPlays(moverIsWhite: boolean): Play[] {
  const plays: Play[] = new Array<Play>(gen.leafCount);
  for (let i = 0; i < gen.leafCount; i++) {
    const n = gen.leafStepCount(i);
    const steps: Step[] = new Array<Step>(n);
    for (let k = 0; k < n; k++) steps[k] = { from: gen.leafFrom(i, k), to: gen.leafTo(i, k), hit: gen.leafHit(i, k) };
    plays[i] = { steps, board: gen.leafBoard(i, moverIsWhite), notation: formatPlay(steps) };
  }
  return plays;
}

/** How many dice every legal play uses (0 = the roll is burned). */
export function diceToPlay(position: Position, dice: Dice, ctx: PlayContext): number {
  gen.load(position, dice, ctx);
  gen.generate(dice[0], dice[1]);
  return gen.maxSteps();
}
