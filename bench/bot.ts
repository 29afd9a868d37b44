/**
 * Bot strength benchmark: `npm run bench:bot [-- options]`. It prints figures; it does not pass or fail.
 *
 *   --games N         hands per pairing (default 5000 for the neural expert's pairings, 2000 for the others)
 *   --sections LIST   any of neural,classic,gnubg (default all three)
 *   --variants LIST   short,long (default both)
 *   --gnubg-games M   hands against GNU Backgammon (default 1000; short nardi only, needs /usr/games/gnubg)
 *
 * Every pairing plays single hands from the initial position with seeded dice and rngs (every run gives the same
 * figures): the first bot is White, the starter alternates and each dice seed is played once with each starter.
 * Sections: `neural` — the expert (neural network) against the intermediate (hand-written) bot, cubeless (points
 * per hand, mars 2, koks 3) and as 1-point matches (the expert then plays to win only), and against the beginner
 * (random, at most 1000 hands); `classic` — intermediate vs beginner, intermediate vs race, race vs beginner;
 * `gnubg` — the expert (and, over at most 500 hands, the intermediate) against GNU Backgammon's 0-ply cubeless
 * play (backgammon preset). It prints points per hand with a 95% interval, win rates with 95% Wilson intervals,
 * oin/mars/koks counts per side, hands per second, and the CPU time each bot needs per move (legal plays plus its
 * choice), measured on the bundled bot (the code the Worker runs,
 * built by esbuild as wrangler builds it).
 */
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { PRESETS, seededDice, type Play, type ResultKind, type Ruleset, type Side, type Variant } from "../src/engine";
import type { Chooser, Goal } from "../src/bot";
import { GnubgOpponent } from "./gnubg";

/** The bot module as the Worker bundles it. */
async function bundledBot(): Promise<typeof import("../src/bot")> {
  mkdirSync("dist/bench", { recursive: true });
  const outfile = "dist/bench/bot.mjs";
  await build({ entryPoints: ["src/bot/index.ts"], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "error" });
  return import(pathToFileURL(outfile).href);
}
const bot = await bundledBot();

type Level = "expert" | "intermediate" | "race" | "beginner" | "gnubg";
type Mode = "cubeless" | "1-point";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
function count(name: string, fallback: number): number {
  const n = Number(arg(name) ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer`);
  return n;
}
const gamesArg = arg("games");
const sections = (arg("sections") ?? "neural,classic,gnubg").split(",");
const variants = (arg("variants") ?? "short,long").split(",") as Variant[];
const gnubgGames = count("gnubg-games", 1000);

/** CPU milliseconds per move, per bot (CPU time is what a bot seat costs; wall time also counts other load). */
const cpuPerMove: Record<string, number[]> = {};
const wallPerMove: Record<string, number[]> = {};

let gnubg: GnubgOpponent | null = null;

function chooser(level: Level, ruleset: Ruleset, mode: Mode, rng: () => number): Chooser {
  const goal: Goal = mode === "1-point" ? bot.WIN_GOAL : bot.pointsGoal(ruleset.koks);
  switch (level) {
    case "expert":
      return (position, plays) => bot.expertNeuralPlay(position, plays, goal);
    case "intermediate":
      return (position, plays) => bot.expertPlay(position, plays);
    case "race":
      return (position, plays) => bot.racePlay(position, plays);
    case "beginner":
      return (_position, plays) => bot.randomPlay(plays, rng);
    case "gnubg":
      return (position, plays, dice) => {
        if (!gnubg) throw new Error("gnubg is not running");
        return gnubg.choose(position, plays, dice);
      };
  }
}

/** Times the whole turn a bot seat would cost the server: legal plays plus the choice. */
function timed(level: Level) {
  return (_mover: Side, turn: () => Play | null): Play | null => {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const play = turn();
    const cpu = process.cpuUsage(cpuStart);
    (cpuPerMove[level] ??= []).push((cpu.user + cpu.system) / 1000);
    (wallPerMove[level] ??= []).push(performance.now() - started);
    return play;
  };
}

function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return [centre - half, centre + half];
}

/** Progress on one overwritten line on a terminal, as plain lines when piped to a file. */
function progress(text: string): void {
  if (process.stdout.isTTY) process.stdout.write(`\r${text.padEnd(70)}\r`);
  else if (text) console.log(text);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(3)}`;

let pairingNumber = 0;
function pairing(ruleset: Ruleset, a: Level, b: Level, mode: Mode, games: number): void {
  pairingNumber++;
  const wins = { a: 0, b: 0 };
  const kinds: Record<"a" | "b", Record<ResultKind, number>> = { a: { oin: 0, mars: 0, koks: 0 }, b: { oin: 0, mars: 0, koks: 0 } };
  let points = 0;
  let squares = 0;
  let turns = 0;
  const started = performance.now();
  for (let game = 0; game < games; game++) {
    const seed = pairingNumber * 1_000_003 + (game >> 1);
    const rng = bot.seededRng(seed ^ 0x5bd1e995);
    const levels: Record<Side, Level> = { white: a, black: b };
    const starter: Side = game % 2 === 0 ? "white" : "black";
    const outcome = bot.playHand(
      ruleset,
      { white: chooser(a, ruleset, mode, rng), black: chooser(b, ruleset, mode, rng) },
      starter,
      seededDice(seed),
      { aroundTurn: (mover, turn) => timed(levels[mover])(mover, turn) },
    );
    const who = outcome.winner === "white" ? "a" : "b";
    wins[who]++;
    kinds[who][outcome.result.kind]++;
    const won = who === "a" ? outcome.result.points : -outcome.result.points;
    points += won;
    squares += won * won;
    turns += outcome.turns;
    if ((game + 1) % Math.max(1, Math.floor(games / 4)) === 0 && game + 1 < games) {
      progress(`  … ${ruleset.preset} ${a} vs ${b} (${mode}): ${game + 1}/${games} hands`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const [lo, hi] = wilson(wins.a, games);
  const mean = points / games;
  const sd = Math.sqrt(Math.max(0, squares / games - mean * mean) * (games / (games - 1)));
  const ci = (1.96 * sd) / Math.sqrt(games);
  const k = (x: Record<ResultKind, number>) => `oin ${x.oin}, mars ${x.mars}, koks ${x.koks}`;
  progress("");
  const perHand = mode === "cubeless" ? `${signed(mean)} points/hand [95% CI ${signed(mean - ci)} to ${signed(mean + ci)}], ` : "";
  console.log(
    `${ruleset.preset.padEnd(15)} ${a} vs ${b} (${mode}, ${games} hands): ${perHand}${a} wins ${pct(wins.a / games)} ` +
      `[95% CI ${pct(lo)}–${pct(hi)}]  ${a}: ${k(kinds.a)} | ${b}: ${k(kinds.b)}  ` +
      `${(games / seconds).toFixed(1)} hands/s, ${(turns / games).toFixed(0)} turns/hand`,
  );
}

const benchStart = performance.now();
console.log(`bot benchmark (seeded, reproducible): sections ${sections.join(", ")}; variants ${variants.join(", ")}\n`);
for (const variant of variants) {
  const ruleset = bot.NET_RULESETS[variant];
  if (sections.includes("neural")) {
    const games = Number(gamesArg ?? 5000);
    pairing(ruleset, "expert", "intermediate", "cubeless", games);
    pairing(ruleset, "expert", "intermediate", "1-point", games);
    pairing(ruleset, "expert", "beginner", "cubeless", Math.min(games, 1000));
  }
  if (sections.includes("classic")) {
    const games = Number(gamesArg ?? 2000);
    pairing(ruleset, "intermediate", "beginner", "cubeless", games);
    pairing(ruleset, "intermediate", "race", "cubeless", games);
    pairing(ruleset, "race", "beginner", "cubeless", games);
  }
}
if (sections.includes("gnubg") && variants.includes("short")) {
  if (!GnubgOpponent.available()) console.log("gnubg: /usr/games/gnubg is not installed (apt-get install gnubg); skipped");
  else {
    const running = new GnubgOpponent();
    gnubg = running;
    pairing(PRESETS.backgammon, "expert", "gnubg", "cubeless", gnubgGames);
    pairing(PRESETS.backgammon, "intermediate", "gnubg", "cubeless", Math.min(gnubgGames, 500));
    running.close();
  }
}

console.log("\nper move (legal plays + choice), milliseconds:");
for (const [level, cpuAll] of Object.entries(cpuPerMove)) {
  const sorted = cpuAll.sort((x, y) => x - y);
  const walls = wallPerMove[level]!;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  // A loop, not Math.max(...walls): a long run keeps a million entries, more than a call's arguments may be.
  const wallMax = walls.reduce((m, x) => (x > m ? x : m), 0);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  console.log(
    `  ${level.padEnd(12)}${level === "gnubg" ? " (this process only; gnubg's own CPU is not counted)" : ""} CPU mean ${mean(sorted).toFixed(3)}, p99 ${p99.toFixed(2)}, max ${(sorted[sorted.length - 1] ?? 0).toFixed(2)} | ` +
      `wall mean ${mean(walls).toFixed(3)}, max ${wallMax.toFixed(2)} | ${sorted.length} moves`,
  );
}
console.log(`total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
