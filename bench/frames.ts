/**
 * Frame sizes of the mover's `update` after a roll (the only frames that carry legal plays): the written-out plays
 * of `nardi.v1` (every play's notation, steps and board) against the compact plays of `nardi.v2` (packed steps
 * as text), over the same seeded self-play suite as `bench:engine`, plus the richest double found in it (every
 * position of the suite tried with every double). Prints bytes: largest, p95, median (typical). Never fails.
 *
 *   npm run bench:frames            # 20,000 positions per variant
 *   npm run bench:frames -- 100000  # a bigger suite (finds richer doubles)
 */
import { compactLegalPlays, formatPosition, type Dice, type Variant } from "../src/engine";
import { selfPlaySuite } from "../test/engine/support/suite";
import { moverFrames } from "../test/support/frames";

const SUITE_SIZE = Number(process.argv[2] ?? 20_000);
const SEED = 20261130;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

for (const variant of ["short", "long"] as Variant[]) {
  const { suite } = selfPlaySuite(variant, SUITE_SIZE, SEED);
  const v1: number[] = [];
  const v2: number[] = [];
  let richest = { count: -1, index: 0, dice: [1, 1] as Dice };
  for (const [index, c] of suite.entries()) {
    const frames = moverFrames(c.position, c.dice, c.ctx);
    if (frames.plays > 0) {
      v1.push(Buffer.byteLength(frames.v1));
      v2.push(Buffer.byteLength(frames.v2));
    }
    for (let d = 1; d <= 6; d++) {
      const count = compactLegalPlays(c.position, [d, d], c.ctx).count;
      if (count > richest.count) richest = { count, index, dice: [d, d] };
    }
  }
  v1.sort((a, b) => a - b);
  v2.sort((a, b) => a - b);
  const rich = suite[richest.index]!;
  const richFrames = moverFrames(rich.position, richest.dice, rich.ctx);
  console.log(`${variant}: ${v1.length} mover frames with plays (of ${suite.length} positions, seed ${SEED})`);
  console.log(`  form                    largest     p95         median`);
  console.log(`  nardi.v1 (written out)  ${kib(v1.at(-1)!).padEnd(11)} ${kib(percentile(v1, 0.95)).padEnd(11)} ${kib(percentile(v1, 0.5))}`);
  console.log(`  nardi.v2 (compact)      ${kib(v2.at(-1)!).padEnd(11)} ${kib(percentile(v2, 0.95)).padEnd(11)} ${kib(percentile(v2, 0.5))}`);
  console.log(
    `  richest double: ${richest.dice.join("-")} with ${richest.count} plays in ${formatPosition(rich.position)}: ` +
      `v1 ${kib(Buffer.byteLength(richFrames.v1))}, v2 ${kib(Buffer.byteLength(richFrames.v2))}`,
  );
}
