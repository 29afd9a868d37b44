/**
 * Engine benchmark: legal-play generation over a fixed, seeded suite of reachable positions per variant
 * (self-play from the opening through the middle game to the bear-off; `test/engine/support/suite.ts`).
 * Two paths are timed:
 * - compact: `compactLegalPlays`, every legal play available as packed steps (what bots and the server use);
 * - readable: `legalPlays`, a board, a step list and a notation string for every play (the path every
 *   caller used before the compact form existed, kept measurable).
 * It runs twice: under tsx (module by module, as `npm run` does) and as one esbuild bundle (as wrangler
 * ships the engine), and prints both. Prints figures; never fails.
 *
 *   npm run bench:engine            # 20,000 positions per variant
 *   npm run bench:engine -- 50000   # a bigger suite
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compactLegalPlays, legalPlays } from "../src/engine/legal";
import type { Variant } from "../src/engine/types";
import { selfPlaySuite, type Case } from "../test/engine/support/suite";

const SUITE_SIZE = Number(process.argv[2] ?? 20_000);
const SEED = 20261130;
const ROUNDS = 7;
/** Set in the bundled copy's environment: it measures and prints, and does not bundle again. */
const BUNDLED = process.env.BENCH_ENGINE_BUNDLED === "1";

interface Figures {
  /** Median and best positions per second over the rounds, by wall clock and by this process's CPU time. */
  wall: [median: number, best: number];
  cpu: [median: number, best: number];
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Times `ROUNDS` passes over the suite after one warm-up pass. */
function time(suite: Case[], pass: (c: Case) => number): Figures {
  for (const c of suite) pass(c);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    let sink = 0;
    for (const c of suite) sink += pass(c);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpuStart);
    if (sink < 0) console.log(sink);
    wall.push(suite.length / seconds);
    cpu.push(suite.length / ((used.user + used.system) / 1e6));
  }
  return { wall: [median(wall), Math.max(...wall)], cpu: [median(cpu), Math.max(...cpu)] };
}

const n = (x: number): string => Math.round(x).toLocaleString("en").padStart(9);
const line = (name: string, f: Figures): string =>
  `  ${name.padEnd(10)} ${n(f.cpu[0])} /CPU-s median ${n(f.cpu[1])} best   ${n(f.wall[0])} /s wall median ${n(f.wall[1])} best`;

function run(variant: Variant): void {
  const { suite, hands } = selfPlaySuite(variant, SUITE_SIZE, SEED);
  let total = 0;
  let max = 0;
  let burned = 0;
  for (const c of suite) {
    const count = compactLegalPlays(c.position, c.dice, c.ctx).count;
    total += count;
    max = Math.max(max, count);
    if (count === 0) burned++;
  }
  const compact = time(suite, (c) => compactLegalPlays(c.position, c.dice, c.ctx).count);
  const readable = time(suite, (c) => legalPlays(c.position, c.dice, c.ctx).length);
  console.log(
    [
      `${variant} nardi: ${suite.length.toLocaleString("en")} positions (seed ${SEED}, ${hands} hands, ${burned} burned rolls), plays per position mean ${(total / suite.length).toFixed(1)}, max ${max}`,
      line("compact", compact),
      line("readable", readable),
    ].join("\n"),
  );
}

function measure(): void {
  const how = BUNDLED ? "bundled (esbuild, one module)" : "tsx (module by module)";
  console.log(`\n== ${how}, node ${process.version}: legal-play calls per second, median and best of ${ROUNDS} rounds`);
  run("long");
  run("short");
}

measure();
if (!BUNDLED) {
  const { build } = await import("esbuild");
  const dir = mkdtempSync(join(tmpdir(), "bench-engine-"));
  try {
    const outfile = join(dir, "engine.mjs");
    await build({ entryPoints: [fileURLToPath(import.meta.url)], bundle: true, platform: "node", format: "esm", outfile, external: ["esbuild"], logLevel: "warning" });
    spawnSync(process.execPath, [outfile, String(SUITE_SIZE)], { stdio: "inherit", env: { ...process.env, BENCH_ENGINE_BUNDLED: "1" } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
