/**
 * Trains a variant's neural bot by self-play TD(λ) (src/bot/td.ts):
 *
 *   npm run train -- --variant short|long [--games N] [--seed S] [--alpha A] [--lambda L]
 *                    [--check-every K] [--check-hands M] [--checkpoint FILE] [--export]
 *
 * Deterministic from the seed; resumable: it starts from the checkpoint file when it exists (default
 * train-output/<variant>.json) and saves it every K hands and on Ctrl-C. `--alpha` on a resumed run changes the
 * step size from there on (recorded in the checkpoint). Prints hands/s and the mean squared
 * error every 200 hands, and every K hands a strength check: M seeded hands against the hand-written expert
 * (points per hand with a 95% interval, win rate), also kept in the checkpoint as the learning curve.
 * `--export` writes the weights to src/bot/weights/<variant>.ts (float32, base64) when training stops;
 * `--curve` prints the checkpoint's learning curve as a Markdown table and exits.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { performance } from "node:perf_hooks";
import type { Variant } from "../src/engine";
import { NET_RULESETS } from "../src/bot/engine-adapter";
import { HIDDEN, newEvaluator } from "../src/bot/neural";
import { paramsToBase64 } from "../src/bot/net";
import { newTrainer, randomizeParams, trainHand, versusIntermediate } from "../src/bot/td";


interface CurvePoint {
  hands: number;
  seconds: number;
  ppg: number;
  ci: number;
  winRate: number;
  checkHands: number;
}

interface Checkpoint {
  variant: Variant;
  seed: number;
  alpha: number;
  lambda: number;
  hidden: number;
  hands: number;
  seconds: number;
  /** The step sizes in order (a resumed run's `--alpha` adds one): from hand `hands` on, `alpha`. */
  alphaChanges?: Array<{ hands: number; alpha: number }>;
  /** float64 parameters, base64 (exact, so a resumed run continues bit for bit). */
  params: string;
  curve: CurvePoint[];
}

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
function num(name: string, fallback: number): number {
  const v = Number(arg(name, String(fallback)));
  if (!Number.isFinite(v)) throw new Error(`--${name} needs a number`);
  return v;
}

const variant = arg("variant");
if (variant !== "short" && variant !== "long") throw new Error("--variant short|long is required");
const ruleset = NET_RULESETS[variant];
const target = num("games", 20000);
const checkEvery = num("check-every", 2000);
const checkHands = num("check-hands", 400);
const file = arg("checkpoint", `train-output/${variant}.json`)!;
const exportWeights = process.argv.includes("--export");

let ck: Checkpoint;
if (existsSync(file)) {
  ck = JSON.parse(readFileSync(file, "utf8")) as Checkpoint;
  console.log(`resuming ${file}: ${ck.hands} hands trained, seed ${ck.seed}`);
  const alpha = arg("alpha");
  if (alpha !== undefined && Number(alpha) !== ck.alpha) {
    (ck.alphaChanges ??= [{ hands: 0, alpha: ck.alpha }]).push({ hands: ck.hands, alpha: num("alpha", ck.alpha) });
    ck.alpha = num("alpha", ck.alpha);
    console.log(`step size from now on: ${ck.alpha}`);
  }
} else {
  const seed = num("seed", 1);
  const ev = newEvaluator(variant);
  randomizeParams(ev, seed);
  ck = {
    variant,
    seed,
    alpha: num("alpha", 0.1),
    lambda: num("lambda", 0.7),
    hidden: HIDDEN,
    hands: 0,
    seconds: 0,
    params: float64ToBase64(ev.net.params),
    curve: [],
  };
}
if (process.argv.includes("--curve")) {
  console.log("| hands trained | training time | points/hand vs intermediate (95% CI) | wins |\n|---|---|---|---|");
  for (const p of ck.curve) {
    console.log(`| ${p.hands} | ${(p.seconds / 60).toFixed(0)} min | ${p.ppg >= 0 ? "+" : ""}${p.ppg.toFixed(3)} ± ${p.ci.toFixed(3)} | ${(100 * p.winRate).toFixed(1)}% of ${p.checkHands} |`);
  }
  process.exit(0);
}
if (ck.hidden !== HIDDEN) throw new Error(`checkpoint has ${ck.hidden} hidden units, the code ${HIDDEN}`);
const ev = newEvaluator(variant, float64FromBase64(ck.params));
const trainer = newTrainer(ev, ruleset, ck.alpha, ck.lambda);

let stopping = false;
process.on("SIGINT", () => (stopping = true));
process.on("SIGTERM", () => (stopping = true));

function save(): void {
  ck.params = float64ToBase64(ev.net.params);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(ck));
  renameSync(`${file}.tmp`, file);
}

function check(): void {
  const { points, wins } = versusIntermediate(ev, ruleset, checkHands, 0x5eed);
  const mean = points.reduce((a, b) => a + b, 0) / points.length;
  const sd = Math.sqrt(points.reduce((a, b) => a + (b - mean) ** 2, 0) / (points.length - 1));
  const point = { hands: ck.hands, seconds: Math.round(ck.seconds), ppg: mean, ci: (1.96 * sd) / Math.sqrt(points.length), winRate: wins / points.length, checkHands };
  ck.curve.push(point);
  console.log(
    `check @${point.hands} hands (${point.seconds} s): vs intermediate ${mean >= 0 ? "+" : ""}${mean.toFixed(3)} ± ${point.ci.toFixed(3)} points/hand, wins ${(100 * point.winRate).toFixed(1)}% of ${checkHands}`,
  );
}

console.log(`training ${variant} (${ruleset.preset}) to ${target} hands: alpha ${ck.alpha}, lambda ${ck.lambda}, ${HIDDEN} hidden`);
if (ck.curve.length === 0) check();
let windowStart = performance.now();
let windowLoss = 0;
let windowPositions = 0;
let windowHands = 0;
while (ck.hands < target && !stopping) {
  const started = performance.now();
  const r = trainHand(trainer, ck.seed, ck.hands);
  ck.seconds += (performance.now() - started) / 1000;
  ck.hands++;
  windowLoss += r.loss;
  windowPositions += r.positions;
  windowHands++;
  if (ck.hands % 200 === 0) {
    // Let the signal handlers run (the loop is otherwise synchronous).
    await new Promise((resolve) => setImmediate(resolve));
    const secs = (performance.now() - windowStart) / 1000;
    console.log(`${ck.hands} hands: ${(windowHands / secs).toFixed(1)} hands/s, mse ${(windowLoss / windowPositions).toFixed(4)}`);
    windowStart = performance.now();
    windowLoss = windowPositions = windowHands = 0;
  }
  if (ck.hands % checkEvery === 0) {
    check();
    save();
  }
}
save();
console.log(`saved ${file} at ${ck.hands} hands (${Math.round(ck.seconds)} s of training)`);
if (exportWeights) {
  const out = `src/bot/weights/${variant}.ts`;
  const name = `${variant.toUpperCase()}_WEIGHTS`;
  writeFileSync(
    out,
    `/**\n * The ${variant}-nardi network (src/bot/neural.ts): ${ev.net.params.length} float32 parameters, little-endian, base64.\n` +
      ` * ${ck.hands} self-play hands, seed ${ck.seed}, lambda ${ck.lambda}, alpha ${alphaHistory()}; made by \`npm run train -- --variant ${variant} --export\`.\n */\n` +
      `export const ${name} =\n  "${paramsToBase64(ev.net.params)}";\n`,
  );
  console.log(`wrote ${out}`);
}

function alphaHistory(): string {
  return (ck.alphaChanges ?? [{ hands: 0, alpha: ck.alpha }]).map((c) => `${c.alpha} from hand ${c.hands}`).join(", ");
}

function float64ToBase64(params: Float64Array): string {
  return Buffer.from(params.buffer, params.byteOffset, params.byteLength).toString("base64");
}
function float64FromBase64(text: string): Float64Array {
  const bytes = Buffer.from(text, "base64");
  return new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
