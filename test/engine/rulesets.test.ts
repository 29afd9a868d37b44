import { describe, expect, it } from "vitest";
import { makeRuleset, PRESET_NAMES, PRESETS, validateRuleset } from "../../src/engine/rulesets";
import { scriptedDice, seededDice } from "../../src/engine/dice";

describe("presets (docs/rules.md §6)", () => {
  it.each([
    ["georgian-short", "short", true, false, "play-opening-dice"],
    ["backgammon", "short", true, true, "play-opening-dice"],
    ["federation-long", "long", true, true, "reroll"],
    ["armenian-long", "long", false, false, "reroll"],
  ] as const)("%s: %s nardi, koks %s, cube %s, opening %s", (name, variant, koks, cube, opening) => {
    expect(PRESETS[name]).toEqual({ preset: name, variant, koks, cube, opening, timeout: "lose-match" });
    expect(makeRuleset(name)).toEqual({ ok: true, value: PRESETS[name] });
  });

  it("lists exactly the four presets", () => {
    expect([...PRESET_NAMES].sort()).toEqual(["armenian-long", "backgammon", "federation-long", "georgian-short"]);
  });
});

describe("makeRuleset overrides", () => {
  it("overrides koks, cube, opening and timeout but keeps the movement", () => {
    const r = makeRuleset("armenian-long", { koks: true, cube: true, opening: "play-opening-dice", timeout: "lose-hand" });
    expect(r).toEqual({
      ok: true,
      value: { preset: "armenian-long", variant: "long", koks: true, cube: true, opening: "play-opening-dice", timeout: "lose-hand" },
    });
  });

  it("gives a ruleset stored before clocks (no timeout rule) the preset's", () => {
    const { timeout: _dropped, ...before } = PRESETS["federation-long"];
    expect(validateRuleset(before)).toEqual({ ok: true, value: PRESETS["federation-long"] });
  });

  it("does not change the preset table", () => {
    makeRuleset("backgammon", { cube: false });
    expect(PRESETS.backgammon.cube).toBe(true);
  });

  it.each([
    ["an unknown preset", "chess", {}],
    ["a non-boolean koks", "backgammon", { koks: "yes" }],
    ["an unknown opening", "backgammon", { opening: "coin-toss" }],
    ["an unknown timeout rule", "backgammon", { timeout: "pause" }],
    ["an option that cannot be overridden", "backgammon", { variant: "long" }],
  ])("rejects %s with BAD_CONFIG", (_label, preset, overrides) => {
    const r = makeRuleset(preset, overrides as never);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("BAD_CONFIG");
  });

  it("validateRuleset rejects a ruleset whose variant contradicts its preset", () => {
    const r = validateRuleset({ ...PRESETS.backgammon, variant: "long" });
    expect(r.ok).toBe(false);
    expect(validateRuleset({ ...PRESETS.backgammon, cube: false }).ok).toBe(true);
  });
});

describe("dice sources", () => {
  it("seededDice repeats for the same seed and gives only 1..6", () => {
    const a = seededDice(42);
    const b = seededDice(42);
    const rolls = Array.from({ length: 600 }, () => a.die());
    expect(Array.from({ length: 600 }, () => b.die())).toEqual(rolls);
    expect(rolls.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)).toBe(true);
  });

  it("seededDice gives every face, roughly evenly, and different seeds differ", () => {
    const source = seededDice(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[source.die() - 1]! += 1;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600); // ~6 standard deviations
    const other = seededDice(8);
    const s7 = seededDice(7);
    expect(Array.from({ length: 20 }, () => other.die())).not.toEqual(Array.from({ length: 20 }, () => s7.die()));
  });

  it("scriptedDice returns its dice in order, then throws", () => {
    const source = scriptedDice([6, 1, 3]);
    expect([source.die(), source.die(), source.die()]).toEqual([6, 1, 3]);
    expect(() => source.die()).toThrow(/exhausted/);
    expect(() => scriptedDice([7])).toThrow();
  });
});
