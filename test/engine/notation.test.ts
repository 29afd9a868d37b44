/** Move notation (docs/rules.md §1): parsing every accepted form, and formatting step by step. */
import { describe, expect, it } from "vitest";
import { formatPlay, formatStep, parsePlay } from "../../src/engine/notation";

const step = (from: number, to: number, hit = false) => ({ from, to, hit });

describe("parsePlay", () => {
  it.each([
    ["steps", "24/18 13/11", [step(24, 18), step(13, 11)]],
    ["a chain expands into one step per die", "24/18/13", [step(24, 18), step(18, 13)]],
    ["bar entry", "bar/22", [step(25, 22)]],
    ["bearing off", "6/off 5/off", [step(6, 0), step(5, 0)]],
    ["a hit", "13/7*", [step(13, 7, true)]],
    ["a hit inside a chain", "24/18*/13", [step(24, 18, true), step(18, 13)]],
    ["repetition", "24/18(2)", [step(24, 18), step(24, 18)]],
    ["repetition of a chain", "24/20/16(2)", [step(24, 20), step(20, 16), step(24, 20), step(20, 16)]],
    ["case and spaces", "  BAR/22   6/OFF ", [step(25, 22), step(6, 0)]],
    ["commas", "24/18, 13/11", [step(24, 18), step(13, 11)]],
    ["the empty play", "", []],
  ] as const)("%s: %s", (_name, text, want) => {
    expect(parsePlay(text)).toEqual({ ok: true, value: want });
  });

  it.each([
    ["words", "pass"],
    ["a lone point", "24"],
    ["a point past the board", "26/20"],
    ["off as a start", "off/3"],
    ["bar as an end", "3/bar"],
    ["a hit on the start point", "24*/18"],
    ["an empty part", "24//18"],
    ["a bad repetition", "24/18(5)"],
    ["trailing slash", "24/"],
  ])("%s is BAD_NOTATION: %s", (_name, text) => {
    const r = parsePlay(text);
    expect(r.ok ? "ok" : r.error.code).toBe("BAD_NOTATION");
  });
});

describe("formatPlay", () => {
  it("writes each step, bar, off and hits", () => {
    expect(formatStep(step(25, 22, true))).toBe("bar/22*");
    expect(formatStep(step(6, 0))).toBe("6/off");
    expect(formatPlay([step(24, 18), step(18, 13), step(13, 7, true)])).toBe("24/18 18/13 13/7*");
    expect(formatPlay([])).toBe("");
  });

  it("parses back what it writes", () => {
    const steps = [step(25, 20, true), step(20, 14), step(6, 0), step(3, 0)];
    expect(parsePlay(formatPlay(steps))).toEqual({ ok: true, value: steps });
  });
});
