/** Positions: setup, validation of untrusted boards, numbering (docs/rules.md §1), pip counts. */
import { describe, expect, it } from "vitest";
import {
  allHome,
  boardKey,
  borneOff,
  cloneBoard,
  emptyCheckers,
  fromAbsolute,
  initialBoard,
  initialPosition,
  isHandOver,
  opponent,
  pipCount,
  toAbsolute,
  validateBoard,
  validateDice,
  validatePosition,
} from "../../src/engine/position";
import type { RuleErrorCode, Variant } from "../../src/engine/types";
import { side } from "./support/boards";

describe("setup", () => {
  it("long nardi: all 15 on own 24, the head", () => {
    expect(initialBoard("long")).toEqual({ white: side({ 24: 15 }), black: side({ 24: 15 }) });
  });
  it("short nardi: 2 on 24, 5 on 13, 3 on 8, 5 on 6", () => {
    const each = side({ 24: 2, 13: 5, 8: 3, 6: 5 });
    expect(initialBoard("short")).toEqual({ white: each, black: each });
  });
  it("initialPosition takes the side to move, White by default", () => {
    expect(initialPosition("short").turn).toBe("white");
    expect(initialPosition("long", "black")).toEqual({ variant: "long", board: initialBoard("long"), turn: "black" });
  });
  it("gives fresh arrays each time", () => {
    const a = initialBoard("short");
    a.white[6] = 0;
    expect(initialBoard("short").white[6]).toBe(5);
  });
  it("emptyCheckers is 26 zeros", () => {
    expect(emptyCheckers()).toEqual(new Array(26).fill(0));
  });
  it("the initial positions are valid", () => {
    for (const v of ["long", "short"] as Variant[]) expect(validateBoard(v, initialBoard(v)).ok).toBe(true);
  });
});

describe("numbering (docs/rules.md §1)", () => {
  it.each([
    ["long", "white", 24, 24],
    ["long", "white", 1, 1],
    ["long", "black", 24, 12],
    ["long", "black", 1, 13],
    ["long", "black", 13, 1],
    ["long", "black", 12, 24],
    ["short", "white", 6, 6],
    ["short", "black", 24, 1],
    ["short", "black", 1, 24],
  ] as const)("%s: %s own %i is absolute %i", (variant, s, own, abs) => {
    expect(toAbsolute(variant, s, own)).toBe(abs);
    expect(fromAbsolute(variant, s, abs)).toBe(own);
  });
  it("fromAbsolute undoes toAbsolute on every point", () => {
    for (const v of ["long", "short"] as Variant[]) {
      for (const s of ["white", "black"] as const) {
        for (let p = 1; p <= 24; p++) expect(fromAbsolute(v, s, toAbsolute(v, s, p))).toBe(p);
      }
    }
  });
  it("opponent", () => {
    expect(opponent("white")).toBe("black");
    expect(opponent("black")).toBe("white");
  });
});

describe("board queries", () => {
  it("pip count: own point per checker, 25 for the bar", () => {
    expect(pipCount(initialBoard("long").white)).toBe(360);
    expect(pipCount(initialBoard("short").white)).toBe(167);
    expect(pipCount(side({ 25: 1, 0: 14 }))).toBe(25);
  });
  it("borne off, all home, hand over", () => {
    expect(borneOff(side({ 0: 3, 5: 12 }))).toBe(3);
    expect(allHome(side({ 0: 3, 5: 12 }))).toBe(true);
    expect(allHome(side({ 7: 1, 5: 14 }))).toBe(false);
    expect(allHome(side({ 25: 1, 5: 14 }))).toBe(false);
    expect(isHandOver(initialBoard("long"))).toBe(null);
    expect(isHandOver({ white: side({ 24: 15 }), black: side({ 0: 15 }) })).toBe("black");
  });
  it("boardKey: equal boards have equal keys, different boards different keys", () => {
    const a = initialBoard("short");
    expect(boardKey(cloneBoard(a))).toBe(boardKey(a));
    const b = cloneBoard(a);
    b.white[6] = 4;
    b.white[5] = 1;
    expect(boardKey(b)).not.toBe(boardKey(a));
    expect(boardKey({ white: a.black, black: a.white })).toBe(boardKey(a));
    expect(boardKey({ white: side({ 24: 15 }), black: side({ 24: 14, 23: 1 }) })).not.toBe(
      boardKey({ white: side({ 24: 14, 23: 1 }), black: side({ 24: 15 }) }),
    );
  });
  it("cloneBoard copies", () => {
    const a = initialBoard("long");
    const b = cloneBoard(a);
    b.white[24] = 0;
    expect(a.white[24]).toBe(15);
  });
});

describe("validation", () => {
  const rows: Array<[string, Variant, unknown, RuleErrorCode | "ok"]> = [
    ["the long setup", "long", initialBoard("long"), "ok"],
    ["not an object", "long", "24:15", "BAD_BOARD"],
    ["a side missing", "short", { white: side({ 24: 15 }) }, "BAD_BOARD"],
    ["25 slots", "short", { white: new Array(25).fill(0), black: side({ 24: 15 }) }, "BAD_BOARD"],
    ["a negative count", "long", { white: side({ 24: 16, 23: -1 }), black: side({ 24: 15 }) }, "BAD_BOARD"],
    ["a fraction", "long", { white: side({ 24: 14.5, 23: 0.5 }), black: side({ 24: 15 }) }, "BAD_BOARD"],
    ["14 checkers", "long", { white: side({ 24: 14 }), black: side({ 24: 15 }) }, "BAD_CHECKER_COUNT"],
    ["16 checkers", "short", { white: side({ 24: 16 }), black: side({ 1: 15 }) }, "BAD_CHECKER_COUNT"],
    // Long: White's own 12 is Black's own 24 (absolute 12).
    ["long: a point held by both", "long", { white: side({ 24: 14, 12: 1 }), black: side({ 24: 15 }) }, "SHARED_POINT"],
    ["long: Black's own 1 is White's 13", "long", { white: side({ 24: 14, 13: 1 }), black: side({ 24: 14, 1: 1 }) }, "SHARED_POINT"],
    // Short: White's own 24 is Black's own 1.
    ["short: a point held by both", "short", { white: side({ 24: 15 }), black: side({ 1: 1, 6: 14 }) }, "SHARED_POINT"],
    ["short: the same own number is not the same point", "short", { white: side({ 6: 15 }), black: side({ 6: 15 }) }, "ok"],
    ["long: a checker on the bar", "long", { white: side({ 25: 1, 24: 14 }), black: side({ 24: 15 }) }, "BAR_IN_LONG"],
    ["short: a checker on the bar is fine", "short", { white: side({ 25: 1, 24: 14 }), black: side({ 6: 15 }) }, "ok"],
    ["unknown variant", "russian" as Variant, initialBoard("long"), "BAD_BOARD"],
  ];
  it.each(rows)("%s", (_name, variant, board, want) => {
    const result = validateBoard(variant, board);
    expect(result.ok ? "ok" : result.error.code).toBe(want);
  });

  it("returns a fresh copy", () => {
    const board = initialBoard("long");
    const result = validateBoard("long", board);
    if (!result.ok) throw new Error(result.error.message);
    result.value.white[24] = 0;
    expect(board.white[24]).toBe(15);
  });

  it("validatePosition checks variant, turn and board", () => {
    expect(validatePosition({ variant: "long", board: initialBoard("long"), turn: "black" })).toEqual({
      ok: true,
      value: { variant: "long", board: initialBoard("long"), turn: "black" },
    });
    const code = (input: unknown): string => {
      const r = validatePosition(input);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code(null)).toBe("BAD_BOARD");
    expect(code({ variant: "long", board: initialBoard("long"), turn: "red" })).toBe("BAD_BOARD");
    expect(code({ variant: "chess", board: initialBoard("long"), turn: "white" })).toBe("BAD_BOARD");
    expect(code({ variant: "long", board: { white: side({ 24: 14, 12: 1 }), black: side({ 24: 15 }) }, turn: "white" })).toBe("SHARED_POINT");
    expect(code({ variant: "long", board: { white: side({ 24: 14, 25: 1 }), black: side({ 24: 15 }) }, turn: "white" })).toBe("BAR_IN_LONG");
  });

  it.each([
    [[6, 5], true],
    [[1, 1], true],
    [[0, 5], false],
    [[7, 1], false],
    [[2.5, 1], false],
    [[3], false],
    [[1, 2, 3], false],
    ["6-5", false],
    [null, false],
  ] as const)("dice %j valid: %s", (dice, valid) => {
    const r = validateDice(dice);
    expect(r.ok ? "ok" : r.error.code).toBe(valid ? "ok" : "BAD_DICE");
  });
});
