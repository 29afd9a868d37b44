/**
 * Golden tables for `legalPlays`: named rows of (position, dice, first turn) → every legal play, compared as
 * sets of final boards. Expected boards are computed by moving checkers by hand (`afterMoves`), not by the
 * generator. Each rule of docs/rules.md §2–§4 has a row; each bug found becomes one.
 */
import { describe, expect, it } from "vitest";
import { legalPlays } from "../../src/engine/legal";
import { useShortcuts } from "../../src/engine/movegen";
import { boardKey, initialPosition } from "../../src/engine/position";
import type { Dice, Position } from "../../src/engine/types";
import { afterMoves, position } from "./support/boards";

interface Row {
  name: string;
  position: Position;
  dice: Dice;
  firstTurn: boolean;
  /** Every legal play, one notation each (any step order; chains allowed). */
  plays: string[];
}

function check(row: Row): void {
  const plays = legalPlays(row.position, row.dice, { firstTurn: row.firstTurn });
  const got = plays.map((p) => boardKey(p.board)).sort();
  const want = row.plays.map((n) => boardKey(afterMoves(row.position, n))).sort();
  expect(got, `got ${plays.map((p) => p.notation).join(" | ") || "(burned)"}`).toEqual(want);
}

const longStart = initialPosition("long");

// docs/rules.md §3: White's first turns, every legal play listed.
const firstTurns: Row[] = [
  { name: "1-1: one checker off the head", dice: [1, 1], plays: ["24/23/22/21/20"] },
  { name: "2-2: one checker off the head", dice: [2, 2], plays: ["24/22/20/18/16"] },
  { name: "3-3: two checkers off the head", dice: [3, 3], plays: ["24/18 24/18", "24/15 24/21"] },
  { name: "4-4: two checkers off the head", dice: [4, 4], plays: ["24/16 24/16"] },
  { name: "5-5: one checker off the head", dice: [5, 5], plays: ["24/19/14/9/4"] },
  { name: "6-6: two off the head, the other sixes burned (Black's head blocks 12)", dice: [6, 6], plays: ["24/18 24/18"] },
].map((r) => ({ ...r, dice: r.dice as unknown as Dice, position: longStart, firstTurn: true }));

const longRows: Row[] = [
  { name: "first turn 6-5: one checker, both dice", position: longStart, dice: [6, 5], firstTurn: true, plays: ["24/18/13"] },
  {
    name: "6-6 when it is not the first turn: one checker off the head, the rest burned",
    position: longStart,
    dice: [6, 6],
    firstTurn: false,
    plays: ["24/18"],
  },
  {
    name: "Black's first turn 6-6 mirrors White's (White's head blocks Black's 12)",
    position: position("long", { 24: 15 }, { 24: 15 }, "black"),
    dice: [6, 6],
    firstTurn: true,
    plays: ["24/18 24/18"],
  },
  {
    name: "head rule mid-game 6-6: one checker off the head, the other sixes by other checkers",
    position: position("long", { 24: 10, 17: 5 }, { 24: 15 }),
    dice: [6, 6],
    firstTurn: false,
    plays: ["24/18 17/11 17/11 17/11", "24/18 17/5 17/11", "17/11 17/11 17/11 17/11", "17/11 17/11 17/5", "17/5 17/5"],
  },
  {
    name: "six-block across the corner (abs 22,23,24,1,2,3) with no Black checker ahead: 7/1 only after opening the block",
    position: position("long", { 24: 10, 23: 1, 22: 1, 7: 1, 3: 1, 2: 1 }, { 24: 13, 20: 2 }),
    dice: [6, 5],
    firstTurn: false,
    plays: [
      "24/18 23/18", "24/18 22/17", "24/13", "24/18 7/2", "23/17 24/19", "23/17 22/17", "23/17 7/2",
      "22/16 24/19", "22/16 23/18", "22/11", "22/16 7/2", "23/18 7/1", "22/17 7/1",
    ],
  },
  {
    name: "the same block is allowed with one Black checker ahead of it (Black own 5)",
    position: position("long", { 24: 10, 23: 1, 22: 1, 7: 1, 3: 1, 2: 1 }, { 24: 12, 20: 2, 5: 1 }),
    dice: [6, 5],
    firstTurn: false,
    plays: ["24/18 23/18", "24/13", "24/18 7/2", "22/16 24/19", "22/16 23/18", "22/11", "22/16 7/2", "7/1 24/19", "7/1 23/18"],
  },
  {
    name: "bear-off overshoot only from the highest point; a higher checker forces a move inside home",
    position: position("long", { 0: 12, 5: 1, 2: 2 }, { 24: 15 }),
    dice: [4, 3],
    firstTurn: false,
    plays: ["5/1 2/off", "5/2 2/off"],
  },
  {
    name: "the last checker comes home, then the other die bears off",
    position: position("long", { 8: 1, 6: 2, 1: 12 }, { 24: 15 }),
    dice: [6, 2],
    firstTurn: false,
    plays: ["8/2 6/4", "8/6 6/off"],
  },
  {
    name: "burned roll: both landing points hold a Black checker",
    position: position("long", { 24: 15 }, { 24: 13, 6: 1, 7: 1 }),
    dice: [6, 5],
    firstTurn: false,
    plays: [],
  },
  {
    name: "larger-die rule: either die alone, never both, so the 6",
    position: position("long", { 24: 15 }, { 24: 14, 1: 1 }),
    dice: [6, 5],
    firstTurn: true,
    plays: ["24/18"],
  },
  {
    name: "partial double: only two fives can be played",
    position: position("long", { 24: 15 }, { 24: 14, 21: 1 }),
    dice: [5, 5],
    firstTurn: true,
    plays: ["24/19/14"],
  },
];

const shortRows: Row[] = [
  {
    name: "opening 6-5 (Black's 24 point closes White's 1)",
    position: initialPosition("short"),
    dice: [6, 5],
    firstTurn: true,
    plays: ["24/13", "24/18 13/8", "24/18 8/3", "13/7 13/8", "13/7 8/3", "13/2", "8/2 8/3"],
  },
  {
    name: "bar entry blocked on both dice: burned, nothing else may move",
    position: position("short", { 25: 1, 6: 5, 8: 3, 13: 5, 24: 1 }, { 6: 5, 5: 2, 13: 5, 8: 3 }),
    dice: [6, 5],
    firstTurn: false,
    plays: [],
  },
  {
    name: "bar entry on the open point, then the same checker moves on",
    position: position("short", { 25: 1, 0: 14 }, { 6: 2, 1: 13 }),
    dice: [6, 5],
    firstTurn: false,
    plays: ["bar/20/14"],
  },
  {
    name: "hitting a blot on the way",
    position: position("short", { 24: 1, 0: 14 }, { 7: 1, 2: 14 }),
    dice: [6, 1],
    firstTurn: false,
    plays: ["24/18*/17"],
  },
  {
    name: "bearing off: overshoot from the highest point, or move down first",
    position: position("short", { 0: 13, 2: 1, 1: 1 }, { 6: 15 }),
    dice: [6, 1],
    firstTurn: false,
    plays: ["2/off 1/off", "2/1 1/off"],
  },
  {
    name: "larger-die rule",
    position: position("short", { 20: 1, 0: 14 }, { 16: 2, 6: 13 }),
    dice: [6, 5],
    firstTurn: false,
    plays: ["20/14"],
  },
  {
    name: "partial double: two fours, then the point is closed",
    position: position("short", { 20: 1, 0: 14 }, { 17: 2, 6: 13 }),
    dice: [4, 4],
    firstTurn: false,
    plays: ["20/12"],
  },
];

describe("legal plays: White's first turns in long nardi (docs/rules.md §3)", () => {
  it.each(firstTurns.map((r) => [r.name, r] as const))("%s", (_n, row) => check(row));
});

describe("legal plays: long nardi rules", () => {
  it.each(longRows.map((r) => [r.name, r] as const))("%s", (_n, row) => check(row));
});

describe("legal plays: short nardi rules", () => {
  it.each(shortRows.map((r) => [r.name, r] as const))("%s", (_n, row) => check(row));
});

describe("legal plays: a six-block decides the order of a double's steps", () => {
  // White holds 13..17 (Black's own 1..5) and 19; Black, all on its own 19, has no checker ahead.
  // 19/18 would close Black's 1..6, unless 13/12 has opened Black's 1 first.
  const pos = position("long", { 13: 1, 14: 2, 15: 2, 16: 2, 17: 2, 19: 1, 24: 5 }, { 19: 15 });
  const plays = legalPlays(pos, [1, 1], { firstTurn: false });

  it("finds plays that only a low-to-high order allows", () => {
    const want = boardKey(afterMoves(pos, "13/12 19/18 24/23/22"));
    expect(plays.map((p) => boardKey(p.board))).toContain(want);
  });

  it("never lists a play that keeps all six", () => {
    const closed = plays.filter((p) => [13, 14, 15, 16, 17, 18].every((q) => (p.board.white[q] ?? 0) > 0));
    expect(closed.map((p) => p.notation)).toEqual([]);
  });

  it("agrees with a search of every order of every step", () => {
    useShortcuts(false);
    const everyOrder = legalPlays(pos, [1, 1], { firstTurn: false });
    useShortcuts(true);
    expect(everyOrder.map((p) => boardKey(p.board)).sort()).toEqual(plays.map((p) => boardKey(p.board)).sort());
  });
});

describe("legal plays: shape of the answer", () => {
  it("gives one step per die used, hits marked, and notation matching the steps", () => {
    const [play] = legalPlays(position("short", { 24: 1, 0: 14 }, { 7: 1, 2: 14 }), [6, 1], { firstTurn: false });
    expect(play).toEqual({
      steps: [
        { from: 24, to: 18, hit: true },
        { from: 18, to: 17, hit: false },
      ],
      board: afterMoves(position("short", { 24: 1, 0: 14 }, { 7: 1, 2: 14 }), "24/18*/17"),
      notation: "24/18* 18/17",
    });
  });

  it("never changes the position it is given", () => {
    const pos = initialPosition("short");
    const before = JSON.stringify(pos);
    legalPlays(pos, [3, 1], { firstTurn: true });
    expect(JSON.stringify(pos)).toBe(before);
  });

  it("is deterministic: same plays in the same order, whatever the order of the dice", () => {
    const pos = position("long", { 24: 10, 23: 1, 22: 1, 7: 1, 3: 1, 2: 1 }, { 24: 13, 20: 2 });
    expect(legalPlays(pos, [6, 5], { firstTurn: false })).toEqual(legalPlays(pos, [5, 6], { firstTurn: false }));
  });

  it("never shares arrays with the position: changing a play's board leaves the position alone", () => {
    const pos = initialPosition("short");
    const plays = legalPlays(pos, [6, 5], { firstTurn: true });
    plays[0]!.board.white[24] = 9;
    plays[0]!.board.black[6] = 9;
    expect(plays[1]!.board.white[24]).not.toBe(9);
    expect(pos.board).toEqual(initialPosition("short").board);
    expect(legalPlays(pos, [6, 5], { firstTurn: true })[1]!.board.black[6]).toBe(5);
  });
});
