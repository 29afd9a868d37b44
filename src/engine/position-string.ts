/**
 * The position string: a compact, human-readable, URL-safe text form of a Position that round-trips
 * (docs/position-string.md). It plays the role FEN plays in chess.
 *
 *   <variant>-<turn>-<white checkers>-<black checkers>
 *
 * variant `long` | `short`; turn `w` | `b` (the side to move); each side's checkers in its OWN numbering as
 * `.`-separated entries `<where>` or `<where>x<count>`, where `<where>` is `bar`, a point 24..1, or `off`.
 * Every one of a side's 15 checkers is listed. The formatter writes entries from the bar down to `off` and
 * leaves out `x1`; the parser accepts any order, but no place twice.
 *
 *   long-w-24x15-24x15                                   the long-nardi start, White to move
 *   short-b-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5          the short-nardi start, Black to move
 *   short-w-bar.13x5.8x3.6x5.1-6x5.5x5.4x3.offx2         White on the bar, Black bearing off
 *
 * Only unreserved URL characters are used (letters, digits, `-`, `.`), so a string can go into a path or query
 * unescaped.
 */
import { fail, ok } from "./errors";
import { emptyCheckers, validatePosition } from "./position";
import { BAR, CHECKERS_PER_SIDE, OFF } from "./types";
import type { Checkers, Position, Result, Side } from "./types";
import { isVariant } from "./variants";

const TURN_LETTER: Record<Side, string> = { white: "w", black: "b" };

function placeName(index: number): string {
  if (index === BAR) return "bar";
  if (index === OFF) return "off";
  return String(index);
}

function formatCheckers(checkers: Checkers): string {
  const entries: string[] = [];
  // From the bar down to off: the order a checker travels.
  for (let index = BAR; index >= OFF; index--) {
    const count = checkers[index] ?? 0;
    if (count > 0) entries.push(count === 1 ? placeName(index) : `${placeName(index)}x${count}`);
  }
  return entries.join(".");
}

export function formatPosition(position: Position): string {
  const { variant, turn, board } = position;
  return `${variant}-${TURN_LETTER[turn]}-${formatCheckers(board.white)}-${formatCheckers(board.black)}`;
}

function bad(message: string): Result<never> {
  return fail("BAD_POSITION_STRING", message);
}

const ENTRY = /^(bar|off|[1-9]|1[0-9]|2[0-4])(?:x([1-9][0-9]?))?$/;

function parseCheckers(text: string, side: Side): Result<Checkers> {
  const checkers = emptyCheckers();
  const seen = new Set<number>();
  if (text === "") return bad(`${side}'s checkers are missing`);
  for (const entry of text.split(".")) {
    const match = ENTRY.exec(entry);
    if (!match) return bad(`${side}: "${entry}" is not <point|bar|off>[x<count>]`);
    const where = match[1] as string;
    const index = where === "bar" ? BAR : where === "off" ? OFF : Number(where);
    if (seen.has(index)) return bad(`${side}: ${where} is listed twice`);
    seen.add(index);
    checkers[index] = match[2] === undefined ? 1 : Number(match[2]);
  }
  const total = checkers.reduce((sum, n) => sum + n, 0);
  if (total !== CHECKERS_PER_SIDE) {
    return fail("BAD_CHECKER_COUNT", `${side} lists ${total} checkers, not ${CHECKERS_PER_SIDE}`);
  }
  return ok(checkers);
}

/** Parses a position string; a well-formed string that describes an impossible board gets the board's error code. */
export function parsePosition(text: string): Result<Position> {
  if (typeof text !== "string") return bad("a position string must be a string");
  const parts = text.trim().split("-");
  if (parts.length !== 4) return bad(`expected <variant>-<turn>-<white>-<black>, got "${text}"`);
  const [variantText, turnText, whiteText, blackText] = parts as [string, string, string, string];
  if (!isVariant(variantText)) return bad(`unknown variant "${variantText}" (long or short)`);
  // Not a lookup in an object literal: "constructor" would find something there.
  const turn: Side | null = turnText === "w" ? "white" : turnText === "b" ? "black" : null;
  if (!turn) return bad(`unknown side to move "${turnText}" (w or b)`);
  const white = parseCheckers(whiteText, "white");
  if (!white.ok) return white;
  const black = parseCheckers(blackText, "black");
  if (!black.ok) return black;
  return validatePosition({ variant: variantText, turn, board: { white: white.value, black: black.value } });
}
