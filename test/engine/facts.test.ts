import { describe, expect, it } from "vitest";
import { botCommand } from "../../src/bot";
import {
  applyCommand,
  compactLegalPlaysFor,
  legalPlaysFor,
  parsePosition,
  playGenerations,
  runPace,
  scriptedDice,
  stateFacts,
  type MatchState,
} from "../../src/engine";
import { seededRng } from "../../src/bot";
import { startMatch as start } from "./support/matches";

function must(step: ReturnType<typeof applyCommand>): MatchState {
  if (!step.ok) throw new Error(step.error.message);
  return step.value.state;
}

/** How many times `run` generated legal plays. */
function generationsOf(run: () => void): number {
  const before = playGenerations();
  run();
  return playGenerations() - before;
}

describe("the facts of a state", () => {
  it("during a double the side answering acts (its clock runs), and may only take or drop", () => {
    const opened = start("backgammon", 5, [5, 2], { opening: "reroll" });
    expect(stateFacts(opened.state)).toEqual({ toAct: "white", may: ["roll", "double"], plays: null });
    const doubled = must(applyCommand(opened.state, { type: "double", side: "white" }, scriptedDice([])));
    expect(doubled.position.turn).toBe("white");
    expect(stateFacts(doubled)).toEqual({ toAct: "black", may: ["take", "drop"], plays: null });
    const taken = must(applyCommand(doubled, { type: "take", side: "black" }, scriptedDice([])));
    // The cube is Black's now: White may only roll.
    expect(stateFacts(taken)).toEqual({ toAct: "white", may: ["roll"], plays: null });
    const rolled = must(applyCommand(taken, { type: "roll", side: "white" }, scriptedDice([6, 1])));
    expect(stateFacts(rolled)).toMatchObject({ toAct: "white", may: ["play"] });
    expect(stateFacts(rolled).plays?.count).toBe(legalPlaysFor(rolled).length);
    const over = must(applyCommand(rolled, { type: "resign", side: "black" }, scriptedDice([])));
    expect(stateFacts(over)).toEqual({ toAct: null, may: [], plays: null });
  });

  it("are decided once per state: the same object each time", () => {
    const opened = start("backgammon", 5, [5, 2], { opening: "reroll" });
    expect(stateFacts(opened.state)).toBe(stateFacts(opened.state));
  });
});

describe("legal plays are generated once per state", () => {
  it("a command whose pace plays two forced plays: pace, the view and the bot share each state's plays", () => {
    // Long nardi: each side's first non-double has one play (the head rule), so 6-3 and 5-2 are forced; 4-1 is not.
    const opened = start("armenian-long", 1, [5, 2]);
    const generated = generationsOf(() => {
      const paced = runPace(opened, scriptedDice([6, 3, 5, 2, 4, 1]), { white: false, black: false });
      expect(paced.events.filter((e) => e.type === "played" && e.forced)).toHaveLength(2);
      const final = paced.state;
      expect(final).toMatchObject({ phase: "moving", dice: [4, 1] });
      // What the match object does next with the final state: the view's facts, the mover's plays, a bot's move.
      expect(stateFacts(final).plays?.count).toBeGreaterThan(1);
      expect(compactLegalPlaysFor(final)).toBe(stateFacts(final).plays);
      expect(legalPlaysFor(final)).toHaveLength(stateFacts(final).plays!.count);
      expect(botCommand(final, "white", "beginner", seededRng(1))).toMatchObject({ type: "play", side: "white" });
    });
    // Three rolls (6-3, 5-2, 4-1): three generations, however many readers (the reducer's check for a burned roll
    // included: it is the same generation).
    expect(generated).toBe(3);
  });

  it("a burned roll is generated once, to find it has no play", () => {
    const opened = start("georgian-short", 3, [5, 2]);
    // White is on the bar against Black's closed home board: nothing can enter, whatever the dice.
    const text = "short-w-bar.6x14-1x2.2x2.3x2.4x2.5x2.6x2.7x3";
    const parsed = parsePosition(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const state: MatchState = { ...opened.state, position: parsed.value, phase: "awaiting-roll", dice: null, firstTurn: { white: false, black: false } };
    const generated = generationsOf(() => {
      const rolled = applyCommand(state, { type: "roll", side: "white" }, scriptedDice([3, 3]));
      if (!rolled.ok) throw new Error(rolled.error.message);
      expect(rolled.value.events.map((e) => e.type)).toEqual(["rolled", "burned"]);
      expect(stateFacts(rolled.value.state)).toMatchObject({ toAct: "black", plays: null });
    });
    expect(generated).toBe(1);
  });

  it("a play command: the plays of the state it is played in are not generated again", () => {
    const opened = start("backgammon", 5, [5, 2], { opening: "reroll" });
    const rolled = must(applyCommand(opened.state, { type: "roll", side: "white" }, scriptedDice([6, 1])));
    const plays = legalPlaysFor(rolled);
    const generated = generationsOf(() => {
      expect(stateFacts(rolled).plays?.count).toBe(plays.length);
      const played = applyCommand(rolled, { type: "play", side: "white", play: plays[0]!.steps }, scriptedDice([]));
      if (!played.ok) throw new Error(played.error.message);
      // Black may double: the pace stops at once, with no state in phase moving.
      runPace(played.value, scriptedDice([]), { white: false, black: false });
    });
    expect(generated).toBe(0);
  });
});
