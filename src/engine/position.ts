/** Positions: setup, validation of untrusted boards, numbering, pip counts and small board queries. */
import { fail, ok } from "./errors";
import type { Board, Checkers, Dice, Position, Result, Side, Variant } from "./types";
import { BAR, CHECKERS_PER_SIDE, OFF } from "./types";
import { isVariant, setupCheckers, VARIANTS, zeros } from "./variants";

export function isSide(value: unknown): value is Side {
  return value === "white" || value === "black";
}

export function opponent(side: Side): Side {
  return side === "white" ? "black" : "white";
}

/** 26 zeros (a packed array): no checkers anywhere. */
export function emptyCheckers(): Checkers {
  return zeros();
}

export function initialBoard(variant: Variant): Board {
  const rules = VARIANTS[variant];
  return { white: setupCheckers(rules), black: setupCheckers(rules) };
}

export function initialPosition(variant: Variant, turn: Side = "white"): Position {
  return { variant, board: initialBoard(variant), turn };
}

export function cloneBoard(board: Board): Board {
  return { white: board.white.slice(), black: board.black.slice() };
}

export function borneOff(checkers: Checkers): number {
  return checkers[OFF] ?? 0;
}

/** All checkers in own home (points 1..6) or borne off: bearing off is allowed. */
export function allHome(checkers: Checkers): boolean {
  for (let p = 7; p <= BAR; p++) if ((checkers[p] ?? 0) > 0) return false;
  return true;
}

/** The side that has borne off all 15 checkers, if any: the hand is over. */
export function isHandOver(board: Board): Side | null {
  if (borneOff(board.white) >= CHECKERS_PER_SIDE) return "white";
  if (borneOff(board.black) >= CHECKERS_PER_SIDE) return "black";
  return null;
}

/** Pips to bear everything off: own point number per checker, 25 for the bar. */
export function pipCount(checkers: Checkers): number {
  let pips = 0;
  for (let p = 1; p <= BAR; p++) pips += p * (checkers[p] ?? 0);
  return pips;
}

/** Absolute (White's own) number of `side`'s own point, docs/rules.md §1. */
export function toAbsolute(variant: Variant, side: Side, ownPoint: number): number {
  return VARIANTS[variant].toAbsolute(side, ownPoint);
}

/** `side`'s own number of an absolute point. Both variants' mappings are their own inverses. */
export function fromAbsolute(variant: Variant, side: Side, absPoint: number): number {
  return VARIANTS[variant].toAbsolute(side, absPoint);
}

/** A compact key: one hex-like digit per slot (counts 0..15), White then Black. */
export function boardKey(board: Board): string {
  let key = "";
  for (let i = 0; i < 26; i++) key += (board.white[i] ?? 0).toString(16);
  key += "/";
  for (let i = 0; i < 26; i++) key += (board.black[i] ?? 0).toString(16);
  return key;
}

function validCheckers(value: unknown): value is Checkers {
  return (
    Array.isArray(value) &&
    value.length === 26 &&
    value.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0)
  );
}

/** Checks an untrusted board for `variant`; returns a fresh copy. */
export function validateBoard(variant: Variant, board: unknown): Result<Board> {
  if (!isVariant(variant)) return fail("BAD_BOARD", `unknown variant ${JSON.stringify(variant)}`);
  if (typeof board !== "object" || board === null) return fail("BAD_BOARD", "a board is an object with white and black");
  const { white, black } = board as Record<string, unknown>;
  if (!validCheckers(white) || !validCheckers(black)) {
    return fail("BAD_BOARD", "each side needs an array of 26 non-negative integers (off, points 1..24, bar)");
  }
  for (const [side, checkers] of [
    ["white", white],
    ["black", black],
  ] as const) {
    const total = checkers.reduce((a, b) => a + b, 0);
    if (total !== CHECKERS_PER_SIDE) {
      return fail("BAD_CHECKER_COUNT", `${side} has ${total} checkers, not ${CHECKERS_PER_SIDE}`);
    }
  }
  const rules = VARIANTS[variant];
  if (!rules.bar && (white[BAR] !== 0 || black[BAR] !== 0)) {
    return fail("BAR_IN_LONG", "long nardi has no hitting, so no checker can be on the bar");
  }
  for (let p = 1; p <= 24; p++) {
    const b = rules.toAbsolute("black", p);
    if ((white[b] ?? 0) > 0 && (black[p] ?? 0) > 0) {
      return fail("SHARED_POINT", `absolute point ${b} holds both white and black checkers`);
    }
  }
  return ok({ white: white.slice(), black: black.slice() });
}

export function validatePosition(input: unknown): Result<Position> {
  if (typeof input !== "object" || input === null) return fail("BAD_BOARD", "a position is an object {variant, board, turn}");
  const { variant, board, turn } = input as Record<string, unknown>;
  if (!isVariant(variant)) return fail("BAD_BOARD", `unknown variant ${JSON.stringify(variant)}`);
  if (!isSide(turn)) return fail("BAD_BOARD", `turn must be "white" or "black"`);
  const checked = validateBoard(variant, board);
  if (!checked.ok) return checked;
  return ok({ variant, board: checked.value, turn });
}

export function validateDice(dice: unknown): Result<Dice> {
  if (
    !Array.isArray(dice) ||
    dice.length !== 2 ||
    !dice.every((d) => typeof d === "number" && Number.isInteger(d) && d >= 1 && d <= 6)
  ) {
    return fail("BAD_DICE", "dice are two integers 1..6");
  }
  return ok([dice[0] as number, dice[1] as number]);
}
