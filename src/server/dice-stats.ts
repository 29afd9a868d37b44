/** χ² goodness of fit of dice counts against fair dice (docs/fair-dice.md), for the statistics route and the benchmark. */
import chiSquareCdf from "@stdlib/stats-base-dists-chisquare-cdf";
import type { ChiSquare, DiceCounts, DiceStats } from "../protocol";

/** Pearson's χ² of `observed` against `expected` counts (same length), with k − 1 degrees of freedom. */
export function chiSquare(observed: readonly number[], expected: readonly number[]): ChiSquare {
  const df = observed.length - 1;
  const total = expected.reduce((a, b) => a + b, 0);
  if (total === 0) return { statistic: 0, df, p: null };
  const statistic = observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
  return { statistic, df, p: 1 - chiSquareCdf(statistic, df) };
}

/** The faces against 1/6 each, doubles against 1/6 of the rolls. */
export function diceStatistics(playerId: string, counts: DiceCounts): DiceStats {
  const dice = counts.rolls * 2;
  return {
    playerId,
    ...counts,
    chiSquare: {
      faces: chiSquare(counts.faces, counts.faces.map(() => dice / 6)),
      doubles: chiSquare([counts.doubles, counts.rolls - counts.doubles], [counts.rolls / 6, (counts.rolls * 5) / 6]),
    },
  };
}
