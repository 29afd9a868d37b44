import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { initialBoard, PRESETS, type Variant } from "../../src/engine";
import { encode, INPUTS } from "../../src/bot/encoding";
import { matchWinningChance } from "../../src/bot/met";
import { Network, OUTPUTS, sparseInput } from "../../src/bot/net";
import { chancesOnRoll, committedEvaluator, HIDDEN, newEvaluator } from "../../src/bot/neural";
import { newTrainer, randomizeParams, trainHand } from "../../src/bot/td";

const VARIANTS: Variant[] = ["short", "long"];

describe("the committed networks", () => {
  for (const variant of VARIANTS) {
    it(`${variant}: the weights file is under 1 MB and decodes into finite parameters of the documented shape`, () => {
      expect(readFileSync(`src/bot/weights/${variant}.ts`).length).toBeLessThan(1_000_000);
      const ev = committedEvaluator(variant);
      expect(ev.net.params.length).toBe(Network.sizes({ inputs: INPUTS, hidden: HIDDEN }).total);
      expect(ev.net.params.every(Number.isFinite)).toBe(true);
    });

    it(`${variant}: at the start the side on roll wins about half the hands, and its chances are ordered`, () => {
      const c = Array.from(chancesOnRoll(committedEvaluator(variant), initialBoard(variant), "white"));
      expect(c).toHaveLength(OUTPUTS);
      const [win, winMars, winKoks, loseMars, loseKoks] = c as [number, number, number, number, number];
      expect(win).toBeGreaterThan(0.4);
      expect(win).toBeLessThan(0.65);
      expect(winMars).toBeLessThanOrEqual(win);
      expect(winKoks).toBeLessThanOrEqual(winMars + 0.02);
      expect(loseMars).toBeLessThanOrEqual(1 - win);
      expect(loseKoks).toBeLessThanOrEqual(loseMars + 0.02);
    });
  }
});

describe("the encoding", () => {
  it("lights only a few of its inputs, the same for either colour in the mirrored position", () => {
    for (const variant of VARIANTS) {
      const board = initialBoard(variant);
      const white = sparseInput(INPUTS);
      const black = sparseInput(INPUTS);
      encode(variant, board, "white", white);
      encode(variant, { white: board.black, black: board.white }, "black", black);
      expect(white.count).toBeGreaterThan(5);
      expect(white.count).toBeLessThan(INPUTS / 2);
      expect(Array.from(black.values)).toEqual(Array.from(white.values));
    }
  });
});

describe("TD(λ) training", () => {
  const fresh = () => {
    const ev = newEvaluator("short");
    randomizeParams(ev, 7);
    return ev;
  };

  it("is deterministic from its seed and resumes exactly from saved parameters", () => {
    const straight = fresh();
    const tr = newTrainer(straight, PRESETS["georgian-short"], 0.1, 0.7);
    for (let hand = 0; hand < 3; hand++) trainHand(tr, 42, hand);

    const first = fresh();
    const before = newTrainer(first, PRESETS["georgian-short"], 0.1, 0.7);
    for (let hand = 0; hand < 2; hand++) trainHand(before, 42, hand);
    const resumed = newEvaluator("short", Float64Array.from(first.net.params));
    trainHand(newTrainer(resumed, PRESETS["georgian-short"], 0.1, 0.7), 42, 2);

    expect(Array.from(resumed.net.params)).toEqual(Array.from(straight.net.params));
    expect(Array.from(straight.net.params)).not.toEqual(Array.from(fresh().net.params));
  });

  it("a gradient step moves the outputs toward the target", () => {
    const ev = fresh();
    const x = sparseInput(INPUTS);
    encode("short", initialBoard("short"), "white", x);
    const target = [1, 0, 0, 0, 0];
    const scratch = new Float64Array(OUTPUTS + HIDDEN);
    const first = ev.net.train(x, target, 0.1, scratch);
    for (let i = 0; i < 20; i++) ev.net.train(x, target, 0.1, scratch);
    expect(ev.net.train(x, target, 0.1, scratch)).toBeLessThan(first / 2);
  });
});

describe("the match equity table", () => {
  it("is even at equal scores, complementary, and worse the more points a side still needs", () => {
    for (let a = 1; a <= 11; a++) {
      expect(matchWinningChance(a, a, false)).toBeCloseTo(0.5, 12);
      for (let b = 1; b <= 11; b++) {
        expect(matchWinningChance(a, b, false) + matchWinningChance(b, a, false)).toBeCloseTo(1, 12);
        expect(matchWinningChance(a + 1, b, false)).toBeLessThan(matchWinningChance(a, b, false));
      }
    }
    expect(matchWinningChance(0, 3, false)).toBe(1);
    expect(matchWinningChance(3, 0, false)).toBe(0);
  });

  it("Crawford: the leader at 1-away is better off in the Crawford hand than after it", () => {
    for (const b of [2, 3, 5, 7]) expect(matchWinningChance(1, b, false)).toBeGreaterThan(matchWinningChance(1, b, true));
    // After the Crawford hand the trailer at 2-away is as well off as at 1-away: it doubles at once.
    expect(matchWinningChance(1, 2, true)).toBeCloseTo(matchWinningChance(1, 1, true), 12);
  });
});
