/**
 * Bot strength benchmark (`npm run bench:bot [-- --games N]`, N = 2000 by default). For each variant and each pairing
 * (expert vs random, expert vs race, race vs random) it plays N single hands from the initial position
 * with seeded dice and rngs (so every run gives the same figures), alternating who starts, and prints
 * win rates with 95% Wilson intervals, the oin/mars/koks breakdown, games per second, and the time a
 * bot takes per move (legal-play generation plus its choice). It prints figures; it does not pass or fail.
 */
import { performance } from "node:perf_hooks";
import { PRESETS, seededDice, type Play, type Position, type ResultKind, type Ruleset, type Side } from "../src/engine";
import { expertPlay, playHand, racePlay, randomPlay, seededRng, type Chooser } from "../src/bot";

type Strategy = "expert" | "race" | "random";
const CHOOSE: Record<Strategy, (position: Position, plays: Play[], rng: () => number) => Play> = {
  expert: (position, plays) => expertPlay(position, plays),
  race: (position, plays) => racePlay(position, plays),
  random: (_position, plays, rng) => randomPlay(plays, rng),
};

const RULESETS: Ruleset[] = [PRESETS["georgian-short"], PRESETS["federation-long"]];
const PAIRINGS: Array<[Strategy, Strategy]> = [
  ["expert", "random"],
  ["expert", "race"],
  ["race", "random"],
];

/** Wall-clock and CPU milliseconds per move (CPU time is what a bot seat costs; wall time also counts other load). */
interface MoveTimes {
  count: number;
  /** Every move's CPU time, for the 99th percentile and the maximum. */
  cpuAll: number[];
  wall: number;
  wallMax: number;
  cpu: number;
}
const newTimes = (): MoveTimes => ({ count: 0, cpuAll: [], wall: 0, wallMax: 0, cpu: 0 });
const moveTimes: Record<Strategy, MoveTimes> = { expert: newTimes(), race: newTimes(), random: newTimes() };

/** Times the whole turn a bot seat would cost the server: legal plays plus the choice. */
function timedTurn(bot: Strategy) {
  return (_mover: Side, turn: () => Play | null): Play | null => {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const play = turn();
    const wall = performance.now() - started;
    const cpuUsed = process.cpuUsage(cpuStart);
    const cpu = (cpuUsed.user + cpuUsed.system) / 1000;
    const times = moveTimes[bot];
    times.count++;
    times.wall += wall;
    times.cpu += cpu;
    times.cpuAll.push(cpu);
    if (wall > times.wallMax) times.wallMax = wall;
    return play;
  };
}

function playPairing(ruleset: Ruleset, a: Strategy, b: Strategy, seed: number, starter: Side) {
  const rng = seededRng(seed ^ 0x5bd1e995);
  const bots: Record<Side, Strategy> = { white: a, black: b };
  const choosers: Record<Side, Chooser> = {
    white: (position, plays) => CHOOSE[a](position, plays, rng),
    black: (position, plays) => CHOOSE[b](position, plays, rng),
  };
  return playHand(ruleset, choosers, starter, seededDice(seed), { aroundTurn: (mover, turn) => timedTurn(bots[mover])(mover, turn) });
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

function parseGames(): number {
  const i = process.argv.indexOf("--games");
  const n = i >= 0 ? Number(process.argv[i + 1]) : 2000;
  if (!Number.isInteger(n) || n < 1) throw new Error("--games needs a positive integer");
  return n;
}

const games = parseGames();
const benchStart = performance.now();
console.log(`bot benchmark: ${games} hands per pairing and variant (seeded, reproducible)\n`);

for (const ruleset of RULESETS) {
  for (const [a, b] of PAIRINGS) {
    const wins = { a: 0, b: 0 };
    const kinds: Record<"a" | "b", Record<ResultKind, number>> = {
      a: { oin: 0, mars: 0, koks: 0 },
      b: { oin: 0, mars: 0, koks: 0 },
    };
    let turns = 0;
    const started = performance.now();
    for (let game = 0; game < games; game++) {
      // Bot a is white; who starts alternates, so neither bot gets the first roll more often.
      const seed = (ruleset.variant === "long" ? 1_000_000 : 0) + PAIRINGS.findIndex(([x, y]) => x === a && y === b) * 100_000 + game;
      const starter: Side = game % 2 === 0 ? "white" : "black";
      const outcome = playPairing(ruleset, a, b, seed, starter);
      const who = outcome.winner === "white" ? "a" : "b";
      wins[who]++;
      kinds[who][outcome.result.kind]++;
      turns += outcome.turns;
      if ((game + 1) % Math.max(1, Math.floor(games / 4)) === 0 && game + 1 < games) {
        progress(`  … ${ruleset.preset} ${a} vs ${b}: ${game + 1}/${games} hands`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const [lo, hi] = wilson(wins.a, games);
    const k = (x: Record<ResultKind, number>) => `oin ${x.oin}, mars ${x.mars}, koks ${x.koks}`;
    progress("");
    console.log(
      `${ruleset.preset.padEnd(15)} ${a} vs ${b}: ${a} wins ${wins.a}/${games} = ${pct(wins.a / games)} ` +
        `[95% CI ${pct(lo)}–${pct(hi)}]  ${a}: ${k(kinds.a)} | ${b}: ${k(kinds.b)}  ` +
        `${(games / seconds).toFixed(0)} games/s, ${(turns / games).toFixed(0)} turns/hand`,
    );
  }
}

console.log("\nper move (legal plays + choice), milliseconds:");
for (const [bot, t] of Object.entries(moveTimes)) {
  const n = Math.max(1, t.count);
  const sorted = t.cpuAll.sort((x, y) => x - y);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  const cpuMax = sorted[sorted.length - 1] ?? 0;
  console.log(
    `  ${bot.padEnd(6)} CPU mean ${(t.cpu / n).toFixed(3)}, p99 ${p99.toFixed(2)}, max ${cpuMax.toFixed(2)} | wall mean ${(t.wall / n).toFixed(3)}, ` +
      `max ${t.wallMax.toFixed(2)} | ${t.count} moves`,
  );
}
console.log(`total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
