/**
 * `applyPlay`: a table of named rows (position, dice, the play a user sends) → the legal play, or the stable
 * error code that tells the user WHY it is illegal.
 */
import { describe, expect, it } from "vitest";
import { applyPlay, isLegalPlay } from "../../src/engine/play";
import { boardKey, initialPosition } from "../../src/engine/position";
import type { Dice, Position, RuleErrorCode, Step } from "../../src/engine/types";
import { afterMoves, position } from "./support/boards";

const longStart = initialPosition("long");
const shortStart = initialPosition("short");
// White's corner block: 22, 23, 24 and 1, 2, 3 are consecutive on Black's path.
const cornerBlock = position("long", { 24: 10, 23: 1, 22: 1, 7: 1, 3: 1, 2: 1 }, { 24: 13, 20: 2 });
const cornerBlockBlackAhead = position("long", { 24: 10, 23: 1, 22: 1, 7: 1, 3: 1, 2: 1 }, { 24: 12, 20: 2, 5: 1 });
const whiteOnBar = position("short", { 25: 1, 6: 5, 8: 3, 13: 5, 24: 1 }, { 6: 5, 13: 5, 8: 3, 1: 2 });
const blotAt18 = position("short", { 24: 2, 13: 5, 8: 3, 6: 5 }, { 7: 1, 6: 4, 1: 2, 13: 5, 8: 3 });
// 19/18 closes Black's own 1..6 unless 13/12 has opened Black's 1 first.
const lowStepFirst = position("long", { 13: 1, 14: 2, 15: 2, 16: 2, 17: 2, 19: 1, 24: 5 }, { 19: 15 });
const longBearOff = position("long", { 0: 12, 5: 1, 2: 2 }, { 24: 15 });
// A Black blot on White's 3 (Black's own 22), White's 6 open: 8/1 with 5-2 goes by 3 (hitting) or by 6.
const blotAt3 = position("short", { 24: 2, 13: 5, 8: 3, 6: 5 }, { 22: 1, 6: 5, 8: 4, 13: 5 });

interface Row {
  name: string;
  position: Position;
  dice: Dice;
  firstTurn?: boolean;
  play: string | Array<Pick<Step, "from" | "to">>;
  /** The expected final board as hand moves (legal), or the error code. */
  expect: { board: string; notation?: string } | { error: RuleErrorCode };
}

const rows: Row[] = [
  // Legal plays, in the forms a user may write them.
  { name: "step form", position: shortStart, dice: [6, 2], play: "24/18 13/11", expect: { board: "24/18 13/11", notation: "24/18 13/11" } },
  { name: "steps in either die order", position: shortStart, dice: [6, 2], play: "13/11 24/18", expect: { board: "24/18 13/11", notation: "13/11 24/18" } },
  { name: "a chain", position: shortStart, dice: [6, 5], play: "24/18/13", expect: { board: "24/13", notation: "24/18 18/13" } },
  { name: "one checker written as one step over both dice", position: shortStart, dice: [6, 5], play: "24/13", expect: { board: "24/13", notation: "24/18 18/13" } },
  { name: "steps as objects", position: shortStart, dice: [6, 2], play: [{ from: 24, to: 18 }, { from: 13, to: 11 }], expect: { board: "24/18 13/11" } },
  { name: "a double with repetition suffix", position: longStart, dice: [4, 4], firstTurn: true, play: "24/20(2) 20/16(2)", expect: { board: "24/16 24/16" } },
  { name: "upper case and extra spaces", position: shortStart, dice: [6, 2], play: "  24/18   13/11 ", expect: { board: "24/18 13/11" } },
  { name: "a hit is marked even when the user did not write *", position: blotAt18, dice: [6, 2], play: "24/18 13/11", expect: { board: "24/18* 13/11", notation: "24/18* 13/11" } },
  { name: "bar entry", position: whiteOnBar, dice: [6, 5], play: "bar/20 13/7", expect: { board: "bar/20 13/7", notation: "bar/20 13/7" } },
  { name: "a six-block play accepted in the order that avoids the block midway", position: cornerBlock, dice: [6, 5], play: "7/1 22/17", expect: { board: "22/17 7/1" } },
  { name: "a double's steps written high first, legal only low first", position: lowStepFirst, dice: [1, 1], play: "19/18 13/12 24/23 23/22", expect: { board: "13/12 19/18 24/22", notation: "13/12 19/18 24/23 23/22" } },
  { name: "the block with a Black checker ahead", position: cornerBlockBlackAhead, dice: [6, 5], play: "7/1 24/19", expect: { board: "7/1 24/19" } },
  { name: "a play is its final position: bar entry written second", position: whiteOnBar, dice: [6, 5], play: "13/7 bar/20", expect: { board: "bar/20 13/7", notation: "bar/20 13/7" } },
  { name: "a play is its final position: bear-off written before the checker comes home", position: position("long", { 8: 1, 6: 2, 1: 12 }, { 24: 15 }), dice: [6, 2], play: "6/off 8/6", expect: { board: "8/6 6/off", notation: "8/6 6/off" } },
  { name: "the first-turn 6-6 exception", position: longStart, dice: [6, 6], firstTurn: true, play: "24/18 24/18", expect: { board: "24/18 24/18" } },
  { name: "the empty play when the roll is burned", position: position("long", { 24: 15 }, { 24: 13, 6: 1, 7: 1 }), dice: [6, 5], play: "", expect: { board: "" } },
  { name: "bear-off overshoot from the highest point", position: longBearOff, dice: [4, 3], play: "5/2 2/off", expect: { board: "5/2 2/off" } },
  { name: "a * that marks a real hit", position: blotAt18, dice: [6, 2], play: "24/18* 13/11", expect: { board: "24/18* 13/11", notation: "24/18* 13/11" } },
  { name: "a step over two dice whose routes end the same (long: nothing is hit on the way)", position: longStart, dice: [6, 5], play: "24/13", expect: { board: "24/13" } },
  { name: "a step over two dice through a blot, named as a chain", position: blotAt3, dice: [5, 2], play: "8/3*/1", expect: { board: "8/3*/1", notation: "8/3* 3/1" } },
  { name: "the other route, named as a chain", position: blotAt3, dice: [5, 2], play: "8/6/1", expect: { board: "8/6/1", notation: "8/6 6/1" } },
  { name: "the chain's hit found without a *", position: blotAt3, dice: [5, 2], play: "8/3/1", expect: { board: "8/3*/1", notation: "8/3* 3/1" } },
  { name: "a step over two dice by a point where only one route is open", position: blotAt18, dice: [6, 5], play: "24/13", expect: { board: "24/18*/13", notation: "24/18* 18/13" } },

  // Every error code, with the rule that produces it.
  { name: "garbage", position: shortStart, dice: [6, 2], play: "hello", expect: { error: "BAD_NOTATION" } },
  { name: "dice out of range", position: shortStart, dice: [7, 2], play: "24/18", expect: { error: "BAD_DICE" } },
  { name: "no checker on the from-point", position: shortStart, dice: [6, 2], play: "20/14 13/11", expect: { error: "NO_CHECKER" } },
  { name: "bar/.. with nothing on the bar", position: shortStart, dice: [6, 2], play: "bar/19 13/11", expect: { error: "NO_CHECKER" } },
  { name: "a distance no die gives", position: shortStart, dice: [6, 2], play: "24/21 13/11", expect: { error: "WRONG_DISTANCE" } },
  { name: "the same die twice", position: shortStart, dice: [6, 2], play: "24/18 24/18", expect: { error: "WRONG_DISTANCE" } },
  { name: "moving backwards", position: shortStart, dice: [6, 2], play: "6/8 13/7", expect: { error: "WRONG_DISTANCE" } },
  { name: "landing on a closed point (short: two opponent checkers)", position: shortStart, dice: [5, 2], play: "24/19 13/11", expect: { error: "BLOCKED_POINT" } },
  { name: "landing on any opponent checker (long)", position: longStart, dice: [6, 6], play: "24/18/12", expect: { error: "BLOCKED_POINT" } },
  { name: "moving while a checker is on the bar", position: whiteOnBar, dice: [6, 5], play: "13/7 8/3", expect: { error: "MUST_ENTER_FIRST" } },
  { name: "a second checker off the head", position: longStart, dice: [6, 5], firstTurn: true, play: "24/18 24/19", expect: { error: "HEAD_RULE" } },
  { name: "mid-game 6-6 takes only one checker off the head", position: position("long", { 24: 10, 17: 5 }, { 24: 15 }), dice: [6, 6], play: "24/18 24/18 17/11 17/11", expect: { error: "HEAD_RULE" } },
  { name: "5-5 never takes two off the head, even on the first turn", position: longStart, dice: [5, 5], firstTurn: true, play: "24/19/14 24/19/14", expect: { error: "HEAD_RULE" } },
  { name: "completing six in a row across the corner", position: cornerBlock, dice: [6, 5], play: "24/19 7/1", expect: { error: "SIX_BLOCK" } },
  { name: "closing six in a row with a double", position: lowStepFirst, dice: [1, 1], play: "19/18 24/23/22/21", expect: { error: "SIX_BLOCK" } },
  { name: "bearing off with a checker outside home", position: position("long", { 8: 1, 6: 2, 1: 12 }, { 24: 15 }), dice: [6, 2], play: "6/off 6/4", expect: { error: "CANNOT_BEAR_OFF" } },
  { name: "overshooting while a higher checker stands", position: longBearOff, dice: [4, 3], play: "2/off 2/off", expect: { error: "CANNOT_BEAR_OFF" } },
  { name: "three steps for a non-double", position: shortStart, dice: [6, 2], play: "24/18 13/11 8/2", expect: { error: "TOO_MANY_STEPS" } },
  { name: "five steps for a double", position: shortStart, dice: [1, 1], play: "8/7 8/7 6/5 6/5 6/5", expect: { error: "TOO_MANY_STEPS" } },
  { name: "one die when both can be played", position: shortStart, dice: [6, 2], play: "24/18", expect: { error: "MUST_PLAY_MORE" } },
  { name: "the empty play when something can be played", position: shortStart, dice: [6, 2], play: "", expect: { error: "MUST_PLAY_MORE" } },
  { name: "three fours when four can be played", position: shortStart, dice: [4, 4], play: "13/9 13/9 6/2", expect: { error: "MUST_PLAY_MORE" } },
  { name: "the smaller die when only one can be played", position: position("long", { 24: 15 }, { 24: 14, 1: 1 }), dice: [6, 5], firstTurn: true, play: "24/19", expect: { error: "MUST_USE_LARGER_DIE" } },
  { name: "the smaller die (short)", position: position("short", { 20: 1, 0: 14 }, { 16: 2, 6: 13 }), dice: [6, 5], play: "20/15", expect: { error: "MUST_USE_LARGER_DIE" } },
  { name: "a * where nothing is hit", position: shortStart, dice: [6, 1], play: "24/18* 24/23", expect: { error: "NOT_A_HIT" } },
  { name: "a * on the landing point of a step over two dice that hits only on the way", position: blotAt3, dice: [5, 2], play: "8/1*", expect: { error: "NOT_A_HIT" } },
  { name: "a * on a chain's first point", position: blotAt3, dice: [5, 2], play: "8/6*/1", expect: { error: "NOT_A_HIT" } },
  { name: "a step over two dice whose routes end in different positions", position: blotAt3, dice: [5, 2], play: "8/1", expect: { error: "AMBIGUOUS_PLAY" } },
  { name: "the same as steps", position: blotAt3, dice: [5, 2], play: [{ from: 8, to: 1 }], expect: { error: "AMBIGUOUS_PLAY" } },
  { name: "a step that cannot be entered (burned roll)", position: position("long", { 24: 15 }, { 24: 13, 6: 1, 7: 1 }), dice: [6, 5], play: "24/18", expect: { error: "BLOCKED_POINT" } },
];

describe("applyPlay", () => {
  it.each(rows.map((r) => [r.name, r] as const))("%s", (_n, row) => {
    const result = applyPlay(row.position, row.dice, { firstTurn: row.firstTurn ?? false }, row.play);
    if ("error" in row.expect) {
      expect(result.ok ? "legal" : result.error.code).toBe(row.expect.error);
      if (!result.ok) expect(result.error.message.length).toBeGreaterThan(0);
      return;
    }
    expect(result.ok ? "legal" : `${result.error.code}: ${result.error.message}`).toBe("legal");
    if (!result.ok) return;
    expect(boardKey(result.value.board)).toBe(boardKey(afterMoves(row.position, row.expect.board)));
    if (row.expect.notation !== undefined) expect(result.value.notation).toBe(row.expect.notation);
  });

  it("accepts every legal play of the opening in both notations", () => {
    expect(isLegalPlay(shortStart, [3, 1], { firstTurn: true }, "8/5 6/5")).toBe(true);
    expect(isLegalPlay(shortStart, [3, 1], { firstTurn: true }, "6/5 8/5")).toBe(true);
    expect(isLegalPlay(shortStart, [3, 1], { firstTurn: true }, "24/21 24/23")).toBe(true);
    expect(isLegalPlay(shortStart, [3, 1], { firstTurn: true }, "24/22")).toBe(false);
  });

  it("lists both routes of an ambiguous step, each written so that it is accepted as it stands", () => {
    const result = applyPlay(blotAt3, [5, 2], { firstTurn: false }, "8/1");
    if (result.ok) throw new Error("8/1 was accepted");
    expect(result.error.code).toBe("AMBIGUOUS_PLAY");
    expect(result.error.candidates?.slice().sort()).toEqual(["8/3* 3/1", "8/6 6/1"]);
    for (const candidate of result.error.candidates!) {
      expect(result.error.message).toContain(candidate);
      const again = applyPlay(blotAt3, [5, 2], { firstTurn: false }, candidate);
      expect(again.ok && again.value.notation).toBe(candidate);
    }
  });

  it("does not flip the turn or touch the position", () => {
    const pos = initialPosition("short");
    const before = JSON.stringify(pos);
    const result = applyPlay(pos, [6, 2], { firstTurn: true }, "24/18 13/11");
    expect(result.ok).toBe(true);
    expect(JSON.stringify(pos)).toBe(before);
  });

  it("returns the caller's steps with hits marked", () => {
    const result = applyPlay(blotAt18, [6, 2], { firstTurn: false }, "13/11 24/18");
    expect(result).toEqual({
      ok: true,
      value: {
        steps: [
          { from: 13, to: 11, hit: false },
          { from: 24, to: 18, hit: true },
        ],
        board: afterMoves(blotAt18, "13/11 24/18*"),
        notation: "13/11 24/18*",
      },
    });
  });
});
