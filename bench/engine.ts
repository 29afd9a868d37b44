/**
 * Engine benchmark: full `legalPlays` calls over a fixed, seeded suite of reachable positions per variant
 * (self-play from the opening through the middle game to the bear-off). Prints figures; never fails.
 *
 *   npm run bench:engine            # 10,000 positions per variant
 *   npm run bench:engine -- 50000   # a bigger suite
 */
import { seededRandom } from "../src/engine/dice";
import { legalPlays } from "../src/engine/legal";
import { initialPosition, isHandOver, opponent } from "../src/engine/position";
import type { Dice, PlayContext, Position, Side, Variant } from "../src/engine/types";

const SUITE_SIZE = Number(process.argv[2] ?? 10_000);
const ROUNDS = 5;

interface Case {
  position: Position;
  dice: Dice;
  ctx: PlayContext;
}

function buildSuite(variant: Variant, size: number, seed: number): { suite: Case[]; hands: number } {
  // The engine's seeded generator, so every run measures the same suite.
  const rand = seededRandom(seed);
  const die = (): number => 1 + Math.floor(rand() * 6);
  const suite: Case[] = [];
  let hands = 1;
  let position = initialPosition(variant, "white");
  let firstTurn: Record<Side, boolean> = { white: true, black: true };
  while (suite.length < size) {
    const dice: Dice = [die(), die()];
    const ctx = { firstTurn: firstTurn[position.turn] };
    suite.push({ position, dice, ctx });
    const plays = legalPlays(position, dice, ctx);
    const board = plays.length === 0 ? position.board : plays[Math.floor(rand() * plays.length)]!.board;
    firstTurn = { ...firstTurn, [position.turn]: false };
    position = { variant, board, turn: opponent(position.turn) };
    if (isHandOver(board)) {
      position = initialPosition(variant, rand() < 0.5 ? "white" : "black");
      firstTurn = { white: true, black: true };
      hands++;
    }
    if (suite.length % 2000 === 0) process.stdout.write(`\r  building ${variant} suite: ${suite.length}/${size}`);
  }
  process.stdout.write("\n");
  return { suite, hands };
}

let peakHeap = 0;

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

function run(variant: Variant, seed: number): void {
  const { suite, hands } = buildSuite(variant, SUITE_SIZE, seed);
  let total = 0;
  let max = 0;
  let burned = 0;
  for (const c of suite) {
    const n = legalPlays(c.position, c.dice, c.ctx).length;
    total += n;
    max = Math.max(max, n);
    if (n === 0) burned++;
  }
  // Wall time, and this process's CPU time: on a busy machine the CPU figure is the fairer one-core number.
  let best = Infinity;
  let bestCpu = Infinity;
  for (let round = 1; round <= ROUNDS; round++) {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (const c of suite) legalPlays(c.position, c.dice, c.ctx);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    best = Math.min(best, seconds);
    bestCpu = Math.min(bestCpu, (used.user + used.system) / 1e6);
    process.stdout.write(`\r  ${variant}: round ${round}/${ROUNDS}: ${Math.round(suite.length / seconds).toLocaleString("en")} positions/s   `);
  }
  process.stdout.write("\n");
  const mem = process.memoryUsage();
  peakHeap = Math.max(peakHeap, mem.heapUsed);
  console.log(
    [
      `${variant} nardi`,
      `  positions:            ${suite.length.toLocaleString("en")} (seed ${seed}, ${hands} hands, ${burned} burned rolls)`,
      `  legalPlays calls/s:   ${Math.round(suite.length / best).toLocaleString("en")} wall-clock, ${Math.round(suite.length / bestCpu).toLocaleString("en")} per CPU-second (best of ${ROUNDS} rounds after a warm-up pass)`,
      `  plays per position:   mean ${(total / suite.length).toFixed(1)}, max ${max}`,
      `  memory:               peak rss ${mb(process.resourceUsage().maxRSS * 1024)}, heap used now ${mb(mem.heapUsed)} (peak seen ${mb(peakHeap)})`,
    ].join("\n"),
  );
}

console.log(`engine benchmark: ${SUITE_SIZE.toLocaleString("en")} positions per variant, node ${process.version}`);
run("long", 20261130);
run("short", 20261130);
