/** The replay's dice at each position: the roll held, else the hand's last roll (spent), else none (blank dice). */
import { describe, expect, it } from "vitest";
import { initialBoard } from "../../src/engine/position";
import type { ReplayFrame } from "../../src/protocol/export";
import { replayDice } from "../../src/web/replay";

const frame = (hand: number, event: ReplayFrame["event"], dice: [number, number] | null, turn: "white" | "black" = "white"): ReplayFrame => ({
  seq: 0,
  at: 0,
  event,
  hand,
  board: initialBoard("short"),
  turn,
  dice,
  cube: { value: 1, owner: null },
  offeredBy: null,
  score: { white: 0, black: 0 },
  crawford: false,
});

describe("the replay's dice", () => {
  it("held, then spent after the play, and none at a new hand's start", () => {
    const frames = [
      frame(1, { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } }, null),
      frame(1, { type: "opening-roll", white: 5, black: 3, starter: "white" }, [5, 3]),
      frame(1, { type: "played", side: "white", notation: "13/8 6/3", steps: [] }, null),
      frame(1, { type: "rolled", side: "black", dice: [2, 2] }, [2, 2], "black"),
      frame(1, { type: "burned", side: "black", dice: [2, 2] }, null),
      frame(2, { type: "hand-started", hand: 2, crawford: false, score: { white: 1, black: 0 } }, null),
    ];
    expect(frames.map((_, i) => replayDice(frames, i))).toEqual([
      { dice: null, side: null, spent: false },
      { dice: [5, 3], side: "white", spent: false },
      { dice: [5, 3], side: "white", spent: true },
      { dice: [2, 2], side: "black", spent: false },
      { dice: [2, 2], side: "black", spent: true },
      { dice: null, side: null, spent: false },
    ]);
  });
});
