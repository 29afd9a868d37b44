/**
 * The variant registry: long and short nardi as data plus a few named hooks. Code elsewhere asks the
 * registry (`VARIANTS[variant]`) instead of testing `variant === "long"`.
 */
import type { Checkers, Side, Variant } from "./types";

export interface VariantRules {
  readonly name: Variant;
  /** One side's checkers at the start of a hand, own numbering (index 0 = off, 25 = bar). */
  readonly setup: ReadonlyArray<readonly [point: number, count: number]>;
  /**
   * `facing[p]`: the opponent's own number of the mover's own point p (1..24). Both variants map
   * symmetrically, so the same table turns the opponent's numbering back into the mover's.
   */
  readonly facing: Int8Array;
  /** How many opponent checkers close a point: long nardi 1 (any), short nardi 2 (a blot can be hit). */
  readonly closedAt: number;
  /** A lone opponent checker on the landing point is hit and goes to the bar. */
  readonly hits: boolean;
  /** Checkers may stand on the bar (they get there only by being hit). */
  readonly bar: boolean;
  /** Long nardi head rule (docs/rules.md §3.4): at most one checker leaves own point 24 per turn. */
  readonly headRule: boolean;
  /** Long nardi six-block rule (docs/rules.md §3.5). */
  readonly sixBlock: boolean;
  /** First-turn doubles that may take a second checker off the head (docs/rules.md §3.4). */
  readonly headExceptionDoubles: readonly number[];
  /** Absolute (White's own) number of `side`'s own point p, 1..24. */
  toAbsolute(side: Side, p: number): number;
}

/** The head: every long-nardi checker starts on own point 24. */
export const HEAD = 24;

function facingTable(f: (p: number) => number): Int8Array {
  const t = new Int8Array(26);
  for (let p = 1; p <= 24; p++) t[p] = f(p);
  return t;
}

// Long nardi: both sides travel the same way round, half a board apart (docs/rules.md §1).
const longShift = (p: number): number => ((p + 11) % 24) + 1;
// Short nardi: the sides travel in opposite directions.
const mirror = (p: number): number => 25 - p;

export const VARIANTS: Readonly<Record<Variant, VariantRules>> = {
  long: {
    name: "long",
    setup: [[24, 15]],
    facing: facingTable(longShift),
    closedAt: 1,
    hits: false,
    bar: false,
    headRule: true,
    sixBlock: true,
    headExceptionDoubles: [6, 4, 3],
    toAbsolute: (side, p) => (side === "white" ? p : longShift(p)),
  },
  short: {
    name: "short",
    setup: [
      [24, 2],
      [13, 5],
      [8, 3],
      [6, 5],
    ],
    facing: facingTable(mirror),
    closedAt: 2,
    hits: true,
    bar: true,
    headRule: false,
    sixBlock: false,
    headExceptionDoubles: [],
    toAbsolute: (side, p) => (side === "white" ? p : mirror(p)),
  },
};

export function isVariant(v: unknown): v is Variant {
  return v === "long" || v === "short";
}

/** 26 zeros as a packed array (not `new Array(26)`, whose holes slow down every later copy and read). */
export function zeros(): Checkers {
  return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
}

export function setupCheckers(rules: VariantRules): Checkers {
  const c = zeros();
  for (const [p, n] of rules.setup) c[p] = n;
  return c;
}
