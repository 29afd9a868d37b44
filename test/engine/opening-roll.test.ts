/**
 * The opening dice under `play-opening-dice` (docs/rules.md §5.2): the `rolled` event that hands them to the starter is
 * a roll the server made without a command, so it is marked `auto: true` like every server roll (docs/protocol.md,
 * the events table). The stored event also carries the opening roll's `entropy`: test/worker/opening-roll.test.ts.
 */
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../src/engine/dice";
import { applyCommand, legalPlaysFor } from "../../src/engine/match";
import type { MatchCommand, MatchState, MatchStep } from "../../src/engine/types";
import { startMatch as start } from "./support/matches";

function apply(state: MatchState, command: MatchCommand, dice: number[] = []): MatchStep {
  const r = applyCommand(state, command, scriptedDice(dice));
  if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
  return r.value;
}

describe("the opening dice handed to the starter", () => {
  it("are a server roll: the match's first `rolled` says auto", () => {
    const { events } = start("georgian-short", 3, [3, 3, 2, 5]);
    expect(events.slice(-2)).toEqual([
      { type: "opening-roll", white: 2, black: 5, starter: "black" },
      { type: "rolled", side: "black", dice: [5, 2], auto: true },
    ]);
  });

  it("of a later hand (after a dropped double) are marked the same way", () => {
    const opened = start("backgammon", 3, [2, 5]).state;
    const played = apply(opened, { type: "play", side: "black", play: legalPlaysFor(opened)[0]!.steps }).state;
    const offered = apply(played, { type: "double", side: "white" }).state;
    const { events } = apply(offered, { type: "drop", side: "black" }, [6, 1]);
    expect(events.slice(-3)).toEqual([
      { type: "hand-started", hand: 2, crawford: false, score: { white: 1, black: 0 } },
      { type: "opening-roll", white: 6, black: 1, starter: "white" },
      { type: "rolled", side: "white", dice: [6, 1], auto: true },
    ]);
  });

  it("a roll the starter's opponent asks for is not auto; under `reroll` the opening hands out no dice", () => {
    const opened = start("backgammon", 3, [2, 5]).state;
    const played = apply(opened, { type: "play", side: "black", play: legalPlaysFor(opened)[0]!.steps }).state;
    expect(apply(played, { type: "roll", side: "white" }, [4, 3]).events[0]).toEqual({ type: "rolled", side: "white", dice: [4, 3] });
    const reroll = start("backgammon", 3, [2, 5], { opening: "reroll" });
    expect(reroll.events.map((e) => e.type)).toEqual(["hand-started", "opening-roll"]);
    expect(reroll.state.phase).toBe("awaiting-roll");
  });
});
