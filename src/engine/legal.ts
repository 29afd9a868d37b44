/**
 * The legal plays of a roll (docs/rules.md §2–§4): every distinct final position, one step sequence each.
 * The generator hands them out compact (`CompactPlays`: packed steps); this module is the one place that
 * turns a compact play into a readable `Play` (steps, board, notation), for the plays someone reads.
 */
import * as gen from "./movegen";
import { formatStep } from "./notation";
import type { Board, CompactPlays, Dice, Play, PlayContext, Position, Step } from "./types";
import { BAR } from "./types";
import { VARIANTS } from "./variants";

/** See `playGenerations`. */
let generations = 0;

/**
 * Every distinct legal play of `dice` in `position` (which must be valid: see `validatePosition`), in
 * compact form and a deterministic order: see `CompactPlays`. This is the fast path (no board, step
 * object or string is built); read plays with `playAt`, `stepsAt`, `boardAt`, `notationAt`.
 */
export function compactLegalPlays(position: Position, dice: Dice, ctx: PlayContext): CompactPlays {
  generations++;
  return gen.compactPlaysOf(position, dice, ctx);
}

/**
 * How many times this module has generated a roll's legal plays (compact, written out, or only counted by
 * `diceToPlay`) since it loaded. Only for
 * tests and benchmarks: a match state's plays are generated once (`stateFacts`), and a test counts that per command.
 */
export function playGenerations(): number {
  return generations;
}

/**
 * Every distinct legal play of `dice` in `position` (which must be valid: see `validatePosition`), in a
 * deterministic order, readable: `playAt` over every play of `compactLegalPlays`. `[]` means the roll
 * is burned.
 *
 * Each play's board is its own pair of fresh arrays (never shared with another play or the position
 * given); steps are shared frozen objects.
 */
export function legalPlays(position: Position, dice: Dice, ctx: PlayContext): Play[] {
  return readPlays(compactLegalPlays(position, dice, ctx));
}

/** Every play of `plays`, readable (`playAt` over each), in the same order. */
export function readPlays(plays: CompactPlays): Play[] {
  const out = new Array<Play>(plays.count);
  for (let i = 0; i < plays.count; i++) out[i] = playAt(plays, i);
  return out;
}

// Steps and their notation are interned (one frozen object and one string per from/to/hit), so a play
// allocates only what it owns: its step list, its board arrays and its notation string. Filled arrays
// (not sparse ones, which V8 would keep as slow dictionaries), indexed by packed step.
const STEP_KEYS = 1 << 11;
const STEPS: Array<Readonly<Step> | null> = new Array<Readonly<Step> | null>(STEP_KEYS).fill(null);
const TEXTS: string[] = new Array<string>(STEP_KEYS).fill("");

/** The step packed as `from | to << 5 | hit << 10` (see `CompactPlays`): a shared frozen object. */
export function unpackStep(packed: number): Step {
  let s = STEPS[packed]!;
  if (s === null) {
    s = Object.freeze({ from: packed & 31, to: (packed >> 5) & 31, hit: (packed & 0x400) !== 0 });
    STEPS[packed] = s;
    TEXTS[packed] = formatStep(s);
  }
  return s;
}

/** Play i of `plays` as readable steps (a fresh array of shared frozen steps). */
export function stepsAt(plays: CompactPlays, i: number): Step[] {
  const n = plays.stepsPerPlay;
  const out = new Array<Step>(n);
  for (let k = 0; k < n; k++) out[k] = unpackStep(plays.steps[i * n + k]!);
  return out;
}

/** Play i of `plays` in docs/rules.md §1 notation, step by step (e.g. "24/18 13/11", "bar/22*", "6/off"). */
export function notationAt(plays: CompactPlays, i: number): string {
  const n = plays.stepsPerPlay;
  let text = "";
  for (let k = 0; k < n; k++) {
    const s = plays.steps[i * n + k]!;
    unpackStep(s);
    text = k === 0 ? TEXTS[s]! : text + " " + TEXTS[s]!;
  }
  return text;
}

/** The board after play i of `plays`: fresh arrays, never shared. */
export function boardAt(plays: CompactPlays, i: number): Board {
  return boardAfter(plays.position, stepsAt(plays, i));
}

/** Play i of `plays`, readable: its steps, the board after it and its notation (all its own). */
export function playAt(plays: CompactPlays, i: number): Play {
  const steps = stepsAt(plays, i);
  return { steps, board: boardAfter(plays.position, steps), notation: notationAt(plays, i) };
}

/**
 * The board after the mover plays `steps` (already known to be legal): fresh arrays, the mover's checkers
 * moved and any hit checker on the opponent's bar.
 */
export function boardAfter(position: Position, steps: readonly Step[]): Board {
  const white = position.board.white.slice();
  const black = position.board.black.slice();
  const moverIsWhite = position.turn === "white";
  const mine = moverIsWhite ? white : black;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k]!;
    mine[step.from]!--;
    mine[step.to]!++;
    if (step.hit) {
      const theirs = moverIsWhite ? black : white;
      theirs[VARIANTS[position.variant].facing[step.to]!]!--;
      theirs[BAR]!++;
    }
  }
  return { white, black };
}

/** How many dice every legal play uses (0 = the roll is burned), without building the plays. */
export function diceToPlay(position: Position, dice: Dice, ctx: PlayContext): number {
  generations++;
  gen.load(position, dice, ctx);
  gen.generate(dice[0], dice[1]);
  return gen.maxSteps();
}
