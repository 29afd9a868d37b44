import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPosition, parsePosition } from "../../src/engine/position-string";
import { initialPosition } from "../../src/engine/position";
import type { Position, Side, Variant } from "../../src/engine/types";
import { side as checkers } from "./support/boards";

const SHORT_START = checkers({ 24: 2, 13: 5, 8: 3, 6: 5 });

describe("position string: documented examples", () => {
  it.each([
    ["long-w-24x15-24x15", { variant: "long", turn: "white", board: { white: checkers({ 24: 15 }), black: checkers({ 24: 15 }) } }],
    [
      "short-b-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5",
      { variant: "short", turn: "black", board: { white: SHORT_START, black: SHORT_START } },
    ],
    [
      "short-w-bar.13x5.8x3.6x5.1-6x5.5x5.4x3.offx2",
      {
        variant: "short",
        turn: "white",
        board: { white: checkers({ bar: 1, 13: 5, 8: 3, 6: 5, 1: 1 }), black: checkers({ 6: 5, 5: 5, 4: 3, off: 2 }) },
      },
    ],
    [
      "long-b-offx15-12x3.1x12",
      { variant: "long", turn: "black", board: { white: checkers({ off: 15 }), black: checkers({ 12: 3, 1: 12 }) } },
    ],
  ] as Array<[string, Position]>)("%s", (text, position) => {
    expect(formatPosition(position)).toBe(text);
    expect(parsePosition(text)).toEqual({ ok: true, value: position });
    expect(encodeURIComponent(text)).toBe(text);
  });

  it("matches the engine's starting positions", () => {
    expect(formatPosition(initialPosition("long", "white"))).toBe("long-w-24x15-24x15");
    expect(formatPosition(initialPosition("short", "black"))).toBe("short-b-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5");
  });

  it("accepts entries in any order and an explicit x1", () => {
    const r = parsePosition("short-w-6x5.8x3.13x5.24x2-6x5.24x2.13x5.8x3");
    expect(r.ok && formatPosition(r.value)).toBe("short-w-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5");
    const x1 = parsePosition("long-w-24x14.23x1-24x15");
    expect(x1.ok && formatPosition(x1.value)).toBe("long-w-24x14.23-24x15");
  });
});

describe("position string: errors", () => {
  it.each([
    ["", "BAD_POSITION_STRING"],
    ["long-w-24x15", "BAD_POSITION_STRING"],
    ["medium-w-24x15-24x15", "BAD_POSITION_STRING"],
    ["long-x-24x15-24x15", "BAD_POSITION_STRING"],
    ["long-w-25x15-24x15", "BAD_POSITION_STRING"],
    ["long-w-24x15-24xx15", "BAD_POSITION_STRING"],
    ["long-w-24x10.24x5-24x15", "BAD_POSITION_STRING"],
    ["long-w-24x0-24x15", "BAD_POSITION_STRING"],
    ["long-w-24x14-24x15", "BAD_CHECKER_COUNT"],
    ["long-w-24x16-24x15", "BAD_CHECKER_COUNT"],
    // White's own 12 is absolute 12, Black's head in long nardi.
    ["long-w-24x14.12-24x15", "SHARED_POINT"],
    ["long-w-bar.24x14-24x15", "BAR_IN_LONG"],
    // Short nardi: White's own 1 is Black's own 24.
    ["short-w-24x2.13x5.8x3.6x4.1-24x2.13x5.8x3.6x5", "SHARED_POINT"],
  ])("%j → %s", (text, code) => {
    const r = parsePosition(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });
});

/** Random legal-looking positions: 15 checkers per side spread over the side's own places, no shared points. */
const arbitraryPosition: fc.Arbitrary<Position> = fc
  .record({
    variant: fc.constantFrom<Variant>("long", "short"),
    turn: fc.constantFrom<Side>("white", "black"),
    whiteSpots: fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 15, maxLength: 15 }),
    blackSpots: fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 15, maxLength: 15 }),
  })
  .map(({ variant, turn, whiteSpots, blackSpots }) => {
    // Absolute point of a side's own point (docs/rules.md §1), to keep the two sides off each other's points.
    const abs = (side: Side, p: number) => (side === "white" ? p : variant === "short" ? 25 - p : ((p + 11) % 24) + 1);
    const onBoard = (spot: number) => (variant === "long" && spot === 25 ? 0 : spot); // long nardi has no bar
    const white = new Array<number>(26).fill(0);
    const black = new Array<number>(26).fill(0);
    for (const spot of whiteSpots) white[onBoard(spot)]! += 1;
    for (const spot of blackSpots) {
      const p = onBoard(spot);
      // A point White holds is closed to Black here: that checker is counted as borne off instead.
      const clash = p >= 1 && p <= 24 && (white[abs("black", p)] ?? 0) > 0;
      black[clash ? 0 : p]! += 1;
    }
    return { variant, turn, board: { white, black } };
  });

describe("position string: property", () => {
  it("format → parse round-trips every valid position of both variants", () => {
    fc.assert(
      fc.property(arbitraryPosition, (position) => {
        const text = formatPosition(position);
        expect(encodeURIComponent(text)).toBe(text);
        expect(parsePosition(text)).toEqual({ ok: true, value: position });
      }),
      { numRuns: 500 },
    );
  });
});
