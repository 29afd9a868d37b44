/** The legal plays of a roll (RULES.md §2–§4): every distinct final position, one step sequence each. */
import * as gen from "./movegen";
import { formatStep } from "./notation";
import type { Board, Dice, Play, PlayContext, Position, Step } from "./types";
import { VARIANTS } from "./variants";

/**
 * Every distinct legal play of `dice` in `position` (which must be valid: see `validatePosition`), in a
 * deterministic order. `[]` means the roll is burned.
 */
export function legalPlays(position: Position, dice: Dice, ctx: PlayContext): Play[] {
  gen.load(position, dice, ctx);
  gen.generate(dice[0], dice[1]);
  if (gen.maxSteps() === 0) return [];
  const count = gen.leafCount;
  const plays: Play[] = new Array<Play>(count);
  const white = position.turn === "white";
  const mine = white ? position.board.white : position.board.black;
  const theirs = white ? position.board.black : position.board.white;
  const facing = VARIANTS[position.variant].facing;
  for (let i = 0; i < count; i++) {
    const n = gen.leafStepCount(i);
    const steps: Step[] = new Array<Step>(n);
    const m = mine.slice();
    const o = theirs.slice();
    let notation = "";
    for (let k = 0; k < n; k++) {
      const from = gen.leafFrom(i, k);
      const to = gen.leafTo(i, k);
      const hit = gen.leafHit(i, k);
      const s = sharedStep(from, to, hit);
      steps[k] = s;
      notation = k === 0 ? stepText(s) : notation + " " + stepText(s);
      m[from]!--;
      m[to]!++;
      if (hit) {
        o[facing[to]!]!--;
        o[25]!++;
      }
    }
    plays[i] = { steps, board: white ? { white: m, black: o } : { white: o, black: m }, notation };
  }
  return plays;
}

// Steps and their notation are interned: one frozen object and one string per (from, to, hit), so
// building thousands of plays per second allocates only what each play owns (its arrays and board).
const STEPS: Array<Readonly<Step> | undefined> = [];
const TEXTS: string[] = [];

function sharedStep(from: number, to: number, hit: boolean): Step {
  const key = (from * 26 + to) * 2 + (hit ? 1 : 0);
  let s = STEPS[key];
  if (s === undefined) {
    s = Object.freeze({ from, to, hit });
    STEPS[key] = s;
    TEXTS[key] = formatStep(s);
  }
  return s;
}

function stepText(s: Step): string {
  return TEXTS[(s.from * 26 + s.to) * 2 + (s.hit ? 1 : 0)]!;
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
      theirs[25]!++;
    }
  }
  return { white, black };
}

/** How many dice every legal play uses (0 = the roll is burned). */
export function diceToPlay(position: Position, dice: Dice, ctx: PlayContext): number {
  gen.load(position, dice, ctx);
  gen.generate(dice[0], dice[1]);
  return gen.maxSteps();
}
