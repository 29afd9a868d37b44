import { describe, expect, it } from "vitest";
import {
  parsePosition,
  runPace,
  scriptedDice,
  type AutoRoll,
  type MatchState,
  type MatchStep,
} from "../../src/engine";
import { startMatch as start } from "./support/matches";

const MANUAL: AutoRoll = { white: false, black: false };

/** `state` with a constructed position, its side to move about to roll. */
function at(state: MatchState, text: string): MatchState {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(p.error.message);
  return { ...state, position: p.value, phase: "awaiting-roll", dice: null, firstTurn: { white: false, black: false } };
}

const rolledBy = (step: MatchStep) => step.events.filter((e) => e.type === "rolled");

describe("auto-roll: no decision, no click", () => {
  it("rolls at once for a side that may not double (no cube in the ruleset); a long-nardi first 6-3 is forced", () => {
    const opened = start("armenian-long", 1, [5, 2]);
    expect(opened.state.phase).toBe("awaiting-roll");
    const paced = runPace(opened, scriptedDice([6, 3, 5, 2, 4, 1]), MANUAL);
    expect(paced.events.slice(0, opened.events.length)).toEqual(opened.events);
    // Only one checker may leave the head on a first turn: each side's first non-double has one play.
    expect(paced.events.slice(opened.events.length)).toEqual([
      { type: "rolled", side: "white", dice: [6, 3], auto: true },
      expect.objectContaining({ type: "played", side: "white", notation: "24/18 18/15", forced: true }),
      { type: "rolled", side: "black", dice: [5, 2], auto: true },
      expect.objectContaining({ type: "played", side: "black", notation: "24/19 19/17", forced: true }),
      { type: "rolled", side: "white", dice: [4, 1], auto: true },
    ]);
    expect(paced.state).toMatchObject({ phase: "moving", dice: [4, 1] });
  });

  it("leaves the choice to a side that could double, unless it asked for auto-roll", () => {
    const opened = start("backgammon", 3, [5, 2], { opening: "reroll" });
    expect(runPace(opened, scriptedDice([]), MANUAL)).toEqual(opened);
    const auto = runPace(opened, scriptedDice([4, 1]), { white: true, black: false });
    expect(rolledBy(auto)).toEqual([{ type: "rolled", side: "white", dice: [4, 1], auto: true }]);
  });

  it.each([
    ["the cube is on the opponent's side", (s: MatchState): MatchState => ({ ...s, cube: { value: 2, owner: "black" } })],
    ["the Crawford hand", (s: MatchState): MatchState => ({ ...s, crawford: true })],
    ["the cube is at 64", (s: MatchState): MatchState => ({ ...s, cube: { value: 64, owner: null } })],
    ["a 1-point match", (s: MatchState): MatchState => ({ ...s, config: { ...s.config, length: 1 } })],
  ])("rolls when %s", (_why, change) => {
    const opened = start("backgammon", 3, [5, 2], { opening: "reroll" });
    const paced = runPace({ state: change(opened.state), events: [] }, scriptedDice([4, 1]), MANUAL);
    expect(rolledBy(paced)).toEqual([{ type: "rolled", side: "white", dice: [4, 1], auto: true }]);
  });
});

describe("forced plays", () => {
  it("plays a roll with exactly one legal play for the mover, marked forced, and runs on into the next hand", () => {
    const opened = start("georgian-short", 3, [5, 2]);
    // White has one checker left on its 1-point: 2-1 can only bear it off.
    const state = at(opened.state, "short-w-1.offx14-6x15");
    const paced = runPace({ state, events: [] }, scriptedDice([2, 1, 6, 1]), MANUAL);
    expect(paced.events.slice(0, 3)).toEqual([
      { type: "rolled", side: "white", dice: [2, 1], auto: true },
      { type: "played", side: "white", notation: "1/off", steps: [{ from: 1, to: 0, hit: false }], forced: true },
      expect.objectContaining({ type: "hand-ended", winner: "white" }),
    ]);
    // The next hand's opening roll needs no click either; its 6-1 has a choice, so pace stops there.
    expect(paced.events.slice(3).map((e) => e.type)).toEqual(["hand-started", "opening-roll", "rolled"]);
    expect(paced.state).toMatchObject({ phase: "moving", hand: 2, dice: [6, 1] });
  });

  it("a burned roll passes the turn and the next side's roll comes at once", () => {
    const opened = start("georgian-short", 3, [5, 2]);
    // White is on the bar against Black's closed home board: nothing can enter, whatever the dice.
    const state = at(opened.state, "short-w-bar.6x14-1x2.2x2.3x2.4x2.5x2.6x2.7x3");
    const paced = runPace({ state, events: [] }, scriptedDice([3, 3, 6, 5]), MANUAL);
    expect(paced.events.slice(0, 3)).toEqual([
      { type: "rolled", side: "white", dice: [3, 3], auto: true },
      { type: "burned", side: "white", dice: [3, 3] },
      { type: "rolled", side: "black", dice: [6, 5], auto: true },
    ]);
  });
});
