/**
 * Analysis cost: `npm run bench:analysis [-- --matches 10 --length 5]`. It prints figures; it does not pass or fail.
 *
 * For each preset, seeded bot matches (expert against intermediate, the starter alternating by seed) are played on
 * the engine (scripts/bot-match.ts), then analysed by the bundled analyser (src/analysis built by esbuild as wrangler
 * builds it, so the figures are the Worker's code, not tsx's). Per preset: the CPU milliseconds per match (mean,
 * median and largest), per decision analysed, and the network evaluations per match. docs/analysis.md quotes them.
 */
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { PresetName } from "../src/engine";
import { botMatch } from "../scripts/bot-match";

async function bundledAnalyser(): Promise<typeof import("../src/analysis")> {
  mkdirSync("dist/bench", { recursive: true });
  const outfile = "dist/bench/analysis.mjs";
  await build({ entryPoints: ["src/analysis/index.ts"], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "error" });
  return import(pathToFileURL(outfile).href);
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer`);
  return n;
}

const matches = arg("matches", 10);
const length = arg("length", 5);
const analyser = await bundledAnalyser();
const PRESETS: PresetName[] = ["backgammon", "georgian-short", "federation-long", "armenian-long"];

console.log(`analysis cost: ${matches} matches of ${length} points per preset, expert vs intermediate, bundled analyser (${analyser.ANALYSIS_DEPTH.checker}; cube ${analyser.ANALYSIS_DEPTH.cube})`);
console.log("preset            ms/match mean  median    max   decisions/match  ms/decision");
for (const preset of PRESETS) {
  const ms: number[] = [];
  let decisions = 0;
  for (let seed = 1; seed <= matches; seed++) {
    const levels = seed % 2 ? { white: "expert" as const, black: "intermediate" as const } : { white: "intermediate" as const, black: "expert" as const };
    const events = botMatch({ preset, length, seed, levels });
    const before = process.cpuUsage();
    const analysis = analyser.analyseMatch({ events });
    const used = process.cpuUsage(before);
    ms.push((used.user + used.system) / 1000);
    decisions += analysis.decisions.length;
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  const median = ms[Math.floor(ms.length / 2)]!;
  console.log(
    `${preset.padEnd(18)}${mean.toFixed(0).padStart(13)}${median.toFixed(0).padStart(8)}${ms.at(-1)!.toFixed(0).padStart(7)}${(decisions / matches).toFixed(0).padStart(18)}${(mean / (decisions / matches)).toFixed(2).padStart(13)}`,
  );
}
