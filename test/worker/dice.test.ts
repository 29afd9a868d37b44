/** The server's dice: crypto values mapped to faces by rejection sampling (no modulo bias). */
import { describe, expect, it } from "vitest";
import { DIE_LIMIT, cryptoDice, cryptoRandom, diceFrom, dieFromUint32 } from "../../src/server/dice";

const TWO_POW_32 = 2 ** 32;

describe("mapping 32-bit values to faces", () => {
  it("maps the accepted range evenly onto 1..6 and rejects the biased tail", () => {
    expect(DIE_LIMIT % 6).toBe(0);
    expect(TWO_POW_32 - DIE_LIMIT).toBeLessThan(6);
    expect(dieFromUint32(0)).toBe(1);
    expect(dieFromUint32(5)).toBe(6);
    expect(dieFromUint32(6)).toBe(1);
    expect(dieFromUint32(DIE_LIMIT - 1)).toBe(6);
    expect(dieFromUint32(DIE_LIMIT)).toBeNull();
    expect(dieFromUint32(TWO_POW_32 - 1)).toBeNull();
    // Any 6 consecutive accepted values hit every face exactly once, so the accepted range is exactly uniform.
    for (const start of [0, 123_456, DIE_LIMIT - 6]) {
      const faces = Array.from({ length: 6 }, (_, i) => dieFromUint32(start + i)).sort();
      expect(faces).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });

  it("refuses values that are not 32-bit", () => {
    expect(() => dieFromUint32(-1)).toThrow(RangeError);
    expect(() => dieFromUint32(TWO_POW_32)).toThrow(RangeError);
    expect(() => dieFromUint32(1.5)).toThrow(RangeError);
  });

  it("redraws a rejected value instead of folding it onto a face", () => {
    const values = [TWO_POW_32 - 1, DIE_LIMIT, 8];
    const dice = diceFrom(() => values.shift()!);
    expect(dice.die()).toBe(3);
    expect(values).toEqual([]);
  });
});

describe("the crypto source", () => {
  it("gives whole faces 1..6 in fair proportions (chi-square, fixed generous bound)", () => {
    const dice = cryptoDice();
    const rolls = 60_000;
    const counts = [0, 0, 0, 0, 0, 0];
    const odd: number[] = [];
    for (let i = 0; i < rolls; i++) {
      const face = dice.die();
      if (Number.isInteger(face) && face >= 1 && face <= 6) counts[face - 1]! += 1;
      else odd.push(face);
    }
    expect(odd).toEqual([]);
    const expected = rolls / 6;
    const chiSquare = counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: P(χ² > 30) ≈ 1.5e-5 for fair dice; a biased or broken mapping lands far beyond.
    expect(chiSquare).toBeLessThan(30);
  });

  it("gives uniform floats in [0, 1) to the bots", () => {
    const rng = cryptoRandom();
    const buckets = new Array<number>(10).fill(0);
    const outside: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const x = rng();
      if (x >= 0 && x < 1) buckets[Math.floor(x * 10)]! += 1;
      else outside.push(x);
    }
    expect(outside).toEqual([]);
    const chiSquare = buckets.reduce((sum, n) => sum + (n - 2000) ** 2 / 2000, 0);
    // 9 degrees of freedom: P(χ² > 40) ≈ 7e-6.
    expect(chiSquare).toBeLessThan(40);
  });
});
