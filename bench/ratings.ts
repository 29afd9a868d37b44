/**
 * Calibration of the ratings (src/server/ratings/glicko2.ts): simulates matches between players of known
 * strength and compares the predicted chance of winning with how often it happened, per decile of the
 * prediction. A player's true strength is a rating on the same scale: the stronger side wins a match to n with
 * probability 1 / (1 + e^(−√n·ΔT/173.7)) (FIBS's √n law). Matches are to 1, 3, 5 or 7 points, between random
 * opponents of nearby rating (like a lobby's), a few per player and day, with some players taking breaks.
 *
 *   npm run bench:ratings [-- --matches 40000 --players 400 --seed 1]
 */
import { seededRandom } from "../src/engine";
import { GLICKO_SCALE, NEW_RATING, rateMatch, winProbability, type Glicko } from "../src/server/ratings/glicko2";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const MATCHES = arg("matches", 40_000);
const PLAYERS = arg("players", 400);
const rng = seededRandom(arg("seed", 1));
const DAY = 86_400_000;
const LENGTHS = [1, 3, 5, 7];
/** The first matches only get every player a rating; predictions are scored after them. */
const WARMUP = Math.min(Math.floor(MATCHES / 4), PLAYERS * 15);

function normal(): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

interface SimPlayer {
  truth: number;
  rating: Glicko & { ratedAt: number };
}

const players: SimPlayer[] = Array.from({ length: PLAYERS }, () => ({ truth: 1500 + 300 * normal(), rating: { ...NEW_RATING, ratedAt: 0 } }));
const buckets = Array.from({ length: 10 }, () => ({ n: 0, predicted: 0, won: 0 }));
let now = 0;
let brier = 0;
let scored = 0;

for (let i = 0; i < MATCHES; i++) {
  now += DAY / (PLAYERS / 4); // about two matches per player and day
  const a = players[Math.floor(rng() * PLAYERS)]!;
  // An opponent near a's rating: the closest of a few drawn at random.
  let b = a;
  let bestGap = Infinity;
  for (let k = 0; k < 4; k++) {
    const c = players[Math.floor(rng() * PLAYERS)]!;
    const gap = Math.abs(c.rating.rating - a.rating.rating);
    if (c !== a && gap < bestGap) [b, bestGap] = [c, gap];
  }
  if (b === a) continue;
  const length = LENGTHS[Math.floor(rng() * LENGTHS.length)]!;
  const truthWhite = 1 / (1 + Math.exp((-Math.sqrt(length) * (a.truth - b.truth)) / GLICKO_SCALE));
  const whiteWins = rng() < truthWhite;
  if (i >= WARMUP) {
    const p = winProbability(a.rating, b.rating, length);
    const bucket = buckets[Math.min(9, Math.floor(p * 10))]!;
    bucket.n += 1;
    bucket.predicted += p;
    bucket.won += whiteWins ? 1 : 0;
    brier += (p - (whiteWins ? 1 : 0)) ** 2;
    scored += 1;
  }
  const after = rateMatch({ white: a.rating, black: b.rating }, whiteWins ? "white" : "black", length, now);
  a.rating = { ...after.white, ratedAt: now };
  b.rating = { ...after.black, ratedAt: now };
}

console.log(`ratings calibration: ${MATCHES} matches (first ${WARMUP} unscored), ${PLAYERS} players, lengths ${LENGTHS.join("/")}`);
console.log("predicted   matches   mean predicted   actual   actual − predicted");
let worst = 0;
for (const [i, b] of buckets.entries()) {
  if (b.n === 0) continue;
  const predicted = (100 * b.predicted) / b.n;
  const actual = (100 * b.won) / b.n;
  if (b.n >= 100) worst = Math.max(worst, Math.abs(actual - predicted));
  console.log(
    `${String(i * 10).padStart(3)}–${String(i * 10 + 10).padEnd(3)} %  ${String(b.n).padStart(8)}   ${predicted.toFixed(1).padStart(13)} %   ${actual.toFixed(1).padStart(5)} %   ${(actual - predicted >= 0 ? "+" : "") + (actual - predicted).toFixed(1)} points`,
  );
}
const error = players.reduce((sum, p) => sum + Math.abs(p.rating.rating - 1500 - (p.truth - 1500)), 0) / PLAYERS;
console.log(`largest gap (deciles with ≥ 100 matches): ${worst.toFixed(1)} points; Brier score ${(brier / scored).toFixed(4)}`);
console.log(`mean |rating − true strength|: ${error.toFixed(0)}; mean RD ${(players.reduce((s, p) => s + p.rating.rd, 0) / PLAYERS).toFixed(0)}`);
