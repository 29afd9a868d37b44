/**
 * The server's dice: the only place real dice are rolled (RULES.md §2). Values come from `crypto.getRandomValues`
 * and are mapped to faces by rejection sampling, so every face has exactly the same chance (a plain `% 6` of a
 * 32-bit value would favour 1–4 by a hair).
 */
import type { DiceSource } from "../engine";

const TWO_POW_32 = 0x1_0000_0000;
/** The largest multiple of 6 not above 2^32: values from here up are redrawn. */
export const DIE_LIMIT = Math.floor(TWO_POW_32 / 6) * 6;

/** One 32-bit random value → a face 1..6, or null when the value falls in the biased tail and must be redrawn. */
export function dieFromUint32(value: number): number | null {
  if (!Number.isInteger(value) || value < 0 || value >= TWO_POW_32) throw new RangeError(`not a 32-bit value: ${value}`);
  return value < DIE_LIMIT ? (value % 6) + 1 : null;
}

/** Draws 32-bit values in batches (one system call per batch) from `fill`. */
function uint32Stream(fill: (buffer: Uint32Array) => void, batch = 32): () => number {
  const buffer = new Uint32Array(batch);
  let next = batch;
  return () => {
    if (next >= batch) {
      fill(buffer);
      next = 0;
    }
    return buffer[next++] as number;
  };
}

/** A fair die from any source of 32-bit values (tests pass a scripted one to check the mapping). */
export function diceFrom(nextUint32: () => number): DiceSource {
  return {
    die() {
      for (;;) {
        const face = dieFromUint32(nextUint32());
        if (face !== null) return face;
      }
    },
  };
}

/** The production dice source. */
export function cryptoDice(): DiceSource {
  return diceFrom(uint32Stream((buffer) => crypto.getRandomValues(buffer)));
}

/** A uniform float in [0, 1) from the CSPRNG (53 bits), for the bots' choices. */
export function cryptoRandom(): () => number {
  const next = uint32Stream((buffer) => crypto.getRandomValues(buffer));
  // 27 + 26 bits, the way Math.random-quality doubles are usually built: every value k / 2^53 equally likely.
  return () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
}
