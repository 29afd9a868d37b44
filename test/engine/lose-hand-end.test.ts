/**
 * A flag under the `lose-hand` timeout rule that ends the match (docs/protocol.md, the events table): the hand is
 * scored as a dropped double, and when those points reach the length the match ends with reason `score` (the hand's
 * points won it), not `timeout` — `timeout` is the reason only under `lose-match`.
 */
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../src/engine/dice";
import { applyCommand, newMatch } from "../../src/engine/match";
import { makeRuleset } from "../../src/engine/rulesets";
import type { MatchEvent, RulesetOverrides } from "../../src/engine/types";

function flagInOneHand(overrides: RulesetOverrides): MatchEvent[] {
  const ruleset = makeRuleset("backgammon", overrides);
  if (!ruleset.ok) throw new Error(ruleset.error.message);
  const started = newMatch({ ruleset: ruleset.value, length: 1 }, scriptedDice([2, 5]));
  if (!started.ok) throw new Error(started.error.message);
  // Black starts (5 against 2) and its time runs out while it is to move.
  const flagged = applyCommand(started.value.state, { type: "timeout", side: "black" }, scriptedDice([]));
  if (!flagged.ok) throw new Error(flagged.error.message);
  return flagged.value.events;
}

describe("a flag that ends the match", () => {
  it("under lose-hand: the hand's point wins it, reason score", () => {
    const events = flagInOneHand({ timeout: "lose-hand" });
    expect(events.map((e) => e.type)).toEqual(["timed-out", "hand-ended", "match-ended"]);
    expect(events.at(-1)).toEqual({ type: "match-ended", winner: "white", reason: "score", score: { white: 1, black: 0 } });
  });

  it("under lose-match: reason timeout", () => {
    const events = flagInOneHand({ timeout: "lose-match" });
    expect(events.map((e) => e.type)).toEqual(["timed-out", "match-ended"]);
    expect(events.at(-1)).toMatchObject({ type: "match-ended", winner: "white", reason: "timeout" });
  });
});
