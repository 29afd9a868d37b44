import { describe, expect, it } from "vitest";
import { NEW_RATING, ageRating, expectedScore, isProvisional, rate, rateMatch } from "../../src/server/ratings/glicko2";

describe("Glicko-2", () => {
  it("reproduces Glickman's worked example (1500/200 vs 1400/30 win, 1550/100 loss, 1700/300 loss)", () => {
    const player = { rating: 1500, rd: 200, volatility: 0.06 };
    const tau05 = rate(
      player,
      [
        { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
      ],
      { clampRd: false, tau: 0.5 },
    );
    // The paper rounds its intermediate steps; exact arithmetic lands 0.01 under its 1464.06.
    expect(Math.abs(tau05.rating - 1464.06)).toBeLessThan(0.015);
    expect(tau05.rd).toBeCloseTo(151.52, 2);
    expect(tau05.volatility).toBeGreaterThan(0.05999); // the paper prints 0.05999 (truncated)
    expect(tau05.volatility).toBeLessThan(0.06);
  });

  it("weights a match to n points by √n: for established ratings a match to 7 moves them more than a match to 3, and 3 more than 1", () => {
    for (const rd of [45, 60, 110]) {
      const player = { rating: 1500, rd, volatility: 0.06, ratedAt: 0 };
      const gain = (length: number) => rateMatch({ white: player, black: player }, "white", length, 0).white.rating - 1500;
      expect(gain(7)).toBeGreaterThan(gain(3));
      expect(gain(3)).toBeGreaterThan(gain(1));
    }
    const one = rateMatch({ white: { ...NEW_RATING, ratedAt: 0 }, black: { ...NEW_RATING, ratedAt: 0 } }, "white", 1, 0);
    // Equal players: the winner's gain is the loser's loss.
    expect(one.white.rating - 1500).toBeCloseTo(1500 - one.black.rating, 6);
    // And the favourite's expected score grows with the length, as FIBS's formula has it.
    const strong = { rating: 1700, rd: 60, volatility: 0.06 };
    const weak = { rating: 1500, rd: 60, volatility: 0.06 };
    expect(expectedScore(strong, weak, 7)).toBeGreaterThan(expectedScore(strong, weak, 1));
    expect(expectedScore(strong, weak, 1)).toBeGreaterThan(0.5);
  });

  it("grows RD with real time away, up to 500, and marks RD above 110 provisional", () => {
    const settled = { rating: 1800, rd: 60, volatility: 0.06 };
    expect(isProvisional(settled)).toBe(false);
    const year = ageRating(settled, 365);
    expect(year.rd).toBeGreaterThan(60);
    expect(year.rating).toBe(1800);
    expect(ageRating(settled, 1e6).rd).toBe(500);
    expect(isProvisional(NEW_RATING)).toBe(true);
  });

  it("keeps RD within lichess's bounds however many games are played", () => {
    let a = { ...NEW_RATING, ratedAt: 0 };
    let b = { ...NEW_RATING, ratedAt: 0 };
    for (let i = 0; i < 300; i++) {
      const next = rateMatch({ white: a, black: b }, i % 3 === 0 ? "black" : "white", 3, 0);
      a = { ...next.white, ratedAt: 0 };
      b = { ...next.black, ratedAt: 0 };
    }
    expect(a.rd).toBeGreaterThanOrEqual(45);
    expect(a.volatility).toBeLessThanOrEqual(0.1);
    expect(a.rating).toBeGreaterThan(b.rating);
  });
});
