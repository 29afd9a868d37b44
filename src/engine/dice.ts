/**
 * Dice sources for tests, tools and bots. The server's cryptographic source lives in the server; the engine only
 * sees the `DiceSource` interface, so the match reducer never depends on where the dice come from.
 */
import type { DiceSource } from "./types";

/** The largest multiple of 6 that fits in 32 bits: values at or above it are redrawn so each face is equally likely. */
const UNBIASED_LIMIT = Math.floor(0x1_0000_0000 / 6) * 6;

/**
 * mulberry32: a tiny deterministic generator of 32-bit values. The one seeded generator of the project: seeded
 * dice, bots' seeded choices, tests and benchmarks all draw from it.
 */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Seeded numbers in [0, 1), for bots, tests and benchmarks that must replay exactly. Not for real games. */
export function seededRandom(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 0x1_0000_0000;
}

/**
 * A small deterministic dice source: the same seed always gives the same dice. Not for real games: anyone who
 * knows the seed knows every roll.
 */
export function seededDice(seed: number): DiceSource {
  const next = mulberry32(seed);
  return {
    die() {
      for (;;) {
        const value = next();
        if (value < UNBIASED_LIMIT) return (value % 6) + 1;
      }
    },
  };
}

/**
 * Gives exactly the listed dice, in order, for table tests. Running out is a bug in the test (it needed more
 * dice than it scripted), so it throws rather than inventing a die.
 */
export function scriptedDice(dice: readonly number[]): DiceSource {
  for (const d of dice) {
    if (!Number.isInteger(d) || d < 1 || d > 6) throw new Error(`scripted die ${d} is not 1..6`);
  }
  let next = 0;
  return {
    die() {
      const d = dice[next];
      if (d === undefined) throw new Error(`scripted dice exhausted after ${dice.length} dice`);
      next += 1;
      return d;
    },
  };
}
