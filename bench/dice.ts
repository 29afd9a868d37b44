/**
 * The fair dice' derivation (src/protocol/fair-dice.ts) over many rolls: χ² of the faces and of doubles against
 * fair dice, with degrees of freedom and p-values, and the CPU time per roll. One table, a fresh random server
 * seed, client seeds and a fresh entropy per roll, exactly as the match object derives them.
 *
 *   npm run bench:dice [-- --rolls 1000000]
 */
import { fairRoll, randomHex } from "../src/protocol";
import { diceStatistics } from "../src/server/dice-stats";

const i = process.argv.indexOf("--rolls");
const ROLLS = i >= 0 ? Number(process.argv[i + 1]) : 1_000_000;

const serverSeed = randomHex(32);
const tableId = randomHex(12);
const clientSeeds = { white: randomHex(16), black: randomHex(16) };
const entropies = Array.from({ length: 1024 }, () => randomHex(16));

const faces: [number, number, number, number, number, number] = [0, 0, 0, 0, 0, 0];
let doubles = 0;
const start = process.cpuUsage();
for (let roll = 1; roll <= ROLLS; roll++) {
  const [a, b] = fairRoll(serverSeed, { tableId, roll, clientSeeds, entropy: roll % 3 === 0 ? "" : entropies[roll % 1024]! });
  faces[a - 1]!++;
  faces[b - 1]!++;
  if (a === b) doubles++;
}
const cpu = process.cpuUsage(start);
const micros = (cpu.user + cpu.system) / ROLLS;

const stats = diceStatistics("bench", { rolls: ROLLS, doubles, faces });
const fmt = (x: number) => x.toFixed(3);
console.log(`fair dice: ${ROLLS.toLocaleString("en")} rolls (${(ROLLS * 2).toLocaleString("en")} dice), HMAC-SHA256 (@noble/hashes), rejection sampling`);
console.log(`faces    ${faces.map((n, k) => `${k + 1}: ${n}`).join("  ")}  (expected ${fmt((ROLLS * 2) / 6)} each)`);
console.log(`         χ² = ${fmt(stats.chiSquare.faces.statistic)}, df = ${stats.chiSquare.faces.df}, p = ${fmt(stats.chiSquare.faces.p ?? NaN)}`);
console.log(`doubles  ${doubles} of ${ROLLS} (${((100 * doubles) / ROLLS).toFixed(3)}%, expected ${(100 / 6).toFixed(3)}%)`);
console.log(`         χ² = ${fmt(stats.chiSquare.doubles.statistic)}, df = ${stats.chiSquare.doubles.df}, p = ${fmt(stats.chiSquare.doubles.p ?? NaN)}`);
console.log(`CPU      ${micros.toFixed(2)} µs per roll (${Math.round(1e6 / micros).toLocaleString("en")} rolls/s, one core, tsx)`);
