import { describe, expect, it } from "vitest";
import { handResult } from "../../src/engine/result";
import { PRESETS, makeRuleset } from "../../src/engine/rulesets";
import type { Board, Checkers, Ruleset } from "../../src/engine/types";
import { side as checkersOf } from "./support/boards";

/** A side's checkers from a map of own point → count; `off` = index 0, `bar` = index 25. */
function side(places: Partial<Record<number | "off" | "bar", number>>): Checkers {
  const c = checkersOf(places);
  expect(c.reduce((a, b) => a + b, 0)).toBe(15);
  return c;
}

/** A finished board: `winner` has all 15 off, the loser as given. */
function won(winner: "white" | "black", loser: Checkers): Board {
  const all = side({ off: 15 });
  return winner === "white" ? { white: all, black: loser } : { white: loser, black: all };
}

const noKoksShort: Ruleset = (() => {
  const r = makeRuleset("georgian-short", { koks: false });
  if (!r.ok) throw new Error("bad ruleset");
  return r.value;
})();

describe("short nardi results: the Georgian scoring examples (docs/rules.md §4.7)", () => {
  it.each([
    ["B has 3 off, 12 in home → oin", side({ off: 3, 6: 4, 5: 4, 4: 4 }), "oin", 1],
    ["B has 1 off and 1 on the bar → oin", side({ off: 1, bar: 1, 6: 13 }), "oin", 1],
    ["B has none off, all in own home, nothing on the bar → mars", side({ 6: 5, 5: 5, 1: 5 }), "mars", 2],
    ["B has none off, two still in the outer boards outside A's home → mars", side({ 14: 1, 18: 1, 6: 13 }), "mars", 2],
    ["B has none off, one on A's home's last point where the game started → koks", side({ 24: 1, 6: 14 }), "koks", 3],
    ["B has none off, nothing in A's home, one on the bar → koks", side({ bar: 1, 6: 14 }), "koks", 3],
    ["a checker on the edge of A's home (B's own 19) → koks", side({ 19: 1, 6: 14 }), "koks", 3],
  ])("%s", (_label, loser, kind, points) => {
    for (const preset of ["georgian-short", "backgammon"] as const) {
      for (const winner of ["white", "black"] as const) {
        expect(handResult(won(winner, loser), winner, PRESETS[preset])).toEqual({ kind, points });
      }
    }
  });

  it("a short ruleset without koks caps the result at mars", () => {
    expect(handResult(won("white", side({ bar: 1, 6: 14 })), "white", noKoksShort)).toEqual({ kind: "mars", points: 2 });
    expect(handResult(won("white", side({ 24: 2, 6: 13 })), "white", noKoksShort)).toEqual({ kind: "mars", points: 2 });
    expect(handResult(won("white", side({ off: 1, 24: 14 })), "white", noKoksShort)).toEqual({ kind: "oin", points: 1 });
  });
});

describe("long nardi results (docs/rules.md §3.8)", () => {
  const cases = [
    ["the loser has borne off one → oin", side({ off: 1, 3: 14 }), "oin", "oin"],
    ["none off, all in own home → mars", side({ 1: 5, 2: 5, 6: 5 }), "mars", "mars"],
    ["none off, one in the winner's home (own 13) → koks with koksInLong", side({ 13: 1, 6: 14 }), "koks", "mars"],
    ["none off, one on own 18 (the winner's home's far edge) → koks", side({ 18: 1, 6: 14 }), "koks", "mars"],
    ["none off, all still behind the winner's home (own 19–24) → mars", side({ 24: 10, 19: 5 }), "mars", "mars"],
    ["none off, checkers past the winner's home (own 7–12) → mars", side({ 12: 5, 7: 10 }), "mars", "mars"],
  ] as const;

  it.each(cases)("%s", (_label, loser, federation, armenian) => {
    const points = { oin: 1, mars: 2, koks: 3 } as const;
    for (const winner of ["white", "black"] as const) {
      expect(handResult(won(winner, loser), winner, PRESETS["federation-long"])).toEqual({
        kind: federation,
        points: points[federation],
      });
      // armenian-long has no koks: mars is the most.
      expect(handResult(won(winner, loser), winner, PRESETS["armenian-long"])).toEqual({
        kind: armenian,
        points: points[armenian],
      });
    }
  });
});
