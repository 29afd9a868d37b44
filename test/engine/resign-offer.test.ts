/** Resignation offers (docs/rules.md §5.5): backgammon preset only; accepted = level × cube; refused = play goes on. */
import { describe, expect, it } from "vitest";
import { applyCommand, makeRuleset, newMatch, seededDice, stateFacts, type MatchState } from "../../src/engine";

const dice = seededDice(7);

function start(preset: string, length = 5): MatchState {
  const ruleset = makeRuleset(preset);
  if (!ruleset.ok) throw new Error(ruleset.error.message);
  const m = newMatch({ ruleset: ruleset.value, length }, dice);
  if (!m.ok) throw new Error(m.error.message);
  return m.value.state;
}

describe("resignation offers", () => {
  it("an accepted gammon ends the hand with 2 × cube for the opponent", () => {
    const s = start("backgammon");
    const side = s.position.turn;
    const other = side === "white" ? "black" : "white";
    const offered = applyCommand(s, { type: "offer-resign", side, level: "gammon" }, dice);
    expect(offered.ok).toBe(true);
    if (!offered.ok) return;
    expect(stateFacts(offered.value.state)).toMatchObject({ toAct: other, may: ["accept-resign", "reject-resign"] });
    expect(applyCommand(offered.value.state, { type: "roll", side }, dice)).toMatchObject({ ok: false, error: { code: "RESIGN_PENDING" } });
    const accepted = applyCommand(offered.value.state, { type: "accept-resign", side: other }, dice);
    expect(accepted.ok).toBe(true);
    if (!accepted.ok) return;
    const ended = accepted.value.events.find((e) => e.type === "hand-ended");
    expect(ended).toMatchObject({ winner: other, result: { kind: "mars", points: 2 }, value: 2 });
    expect(accepted.value.state.score[other]).toBe(2);
    expect(accepted.value.state.resignOffer).toBeNull();
  });

  it("a refused offer leaves play where it was, and the same turn may not offer again", () => {
    const s = start("backgammon");
    const side = s.position.turn;
    const other = side === "white" ? "black" : "white";
    const offered = applyCommand(s, { type: "offer-resign", side, level: "single" }, dice);
    if (!offered.ok) throw new Error(offered.error.code);
    const refused = applyCommand(offered.value.state, { type: "reject-resign", side: other }, dice);
    if (!refused.ok) throw new Error(refused.error.code);
    expect(refused.value.state.phase).toBe(s.phase);
    expect(refused.value.state.dice).toEqual(s.dice);
    expect(stateFacts(refused.value.state).toAct).toBe(side);
    expect(applyCommand(refused.value.state, { type: "offer-resign", side, level: "gammon" }, dice)).toMatchObject({
      ok: false,
      error: { code: "RESIGN_ALREADY_REFUSED" },
    });
  });

  it("Georgian and federation rules have no offers; answers need an offer; offers only on one's own turn", () => {
    for (const preset of ["georgian-short", "federation-long", "armenian-long"]) {
      const s = start(preset);
      expect(applyCommand(s, { type: "offer-resign", side: s.position.turn, level: "single" }, dice)).toMatchObject({
        ok: false,
        error: { code: "RESIGN_UNAVAILABLE" },
      });
    }
    const s = start("backgammon");
    const other = s.position.turn === "white" ? "black" : "white";
    expect(applyCommand(s, { type: "accept-resign", side: other }, dice)).toMatchObject({ ok: false, error: { code: "NO_RESIGN_OFFERED" } });
    expect(applyCommand(s, { type: "offer-resign", side: other, level: "single" }, dice)).toMatchObject({ ok: false, error: { code: "NOT_YOUR_TURN" } });
  });
});
