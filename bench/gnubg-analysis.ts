/**
 * GNU Backgammon's own analysis of `.mat` files (Debian's /usr/games/gnubg, driven through bench/analysis-gnubg.py;
 * nothing of gnubg enters the project): the reference side of `npm run bench:analysis:gnubg`. gnubg imports each file,
 * runs `analyse match` at the plies asked for and answers with its statistics and every action's mark; this module
 * reads that answer into the figures `show statistics match` prints ("Error rate mEMG" for chequer play, cube and
 * overall) and into marks keyed per decision, the way our analysis's decisions are keyed (see `decisionKey`).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Side } from "../src/engine";
import type { LoggedEvent } from "../src/protocol";

export const GNUBG = "/usr/games/gnubg";

/** One file for gnubg: its path, the analysis plies (gnubg's default is 2) and whether the ruleset has the cube. */
export interface GnubgJob {
  file: string;
  plies: number;
  cube: boolean;
}

/** An action of gnubg's game record as bench/analysis-gnubg.py writes it. */
export interface GnubgRawAction {
  player: "X" | "O";
  action: string;
  dice: number[] | null;
  /** The mark of the action itself (a move's chequer play, a double, take or drop). */
  skill: GnubgMark | null;
  /** On a move: the mark of the cube decision before the roll (a missed double). */
  "cube-skill": GnubgMark | null;
  /** On an unforced move: the chequer play's loss in normalized equity (best minus played); else null. */
  loss?: number | null;
}

export type GnubgMark = "doubtful" | "bad" | "very bad";

interface RawPlayerStats {
  moves: { "unforced-moves": number; "total-moves": number; "error-skill": number; marked: Record<string, number> };
  /** Absent when cube decisions were not analysed (a ruleset without the cube). */
  cube?: Record<string, number>;
  dice: { luck: number };
}

/** One line of bench/analysis-gnubg.py's output. */
export interface GnubgRawMatch {
  file: string;
  plies: number;
  stats: { X: RawPlayerStats; O: RawPlayerStats } | null;
  games: GnubgRawAction[][];
}

/** A player's figures as gnubg's `show statistics match` prints them (EMG: normalized equity; rates in milli-EMG). */
export interface GnubgPlayerFigures {
  /** Unforced moves. */
  checkerDecisions: number;
  /** Close or actual cube decisions. */
  cubeDecisions: number;
  checkerErrorTotal: number;
  cubeErrorTotal: number;
  /** "Error rate mEMG" of chequer play: total / unforced moves × 1000. */
  checkerErrorRate: number;
  /** "Error rate mEMG" of cube decisions: total / close or actual decisions × 1000. */
  cubeErrorRate: number;
  /** Overall "Error rate mEMG": both totals over both counts × 1000. */
  errorRate: number;
  /** Moves marked doubtful, bad, very bad. */
  marks: { doubtful: number; bad: number; veryBad: number };
  /** "Luck total EMG". */
  luck: number;
}

export interface GnubgMatchFigures {
  plies: number;
  players: Record<Side, GnubgPlayerFigures>;
  /** gnubg's marks per decision, keyed by `decisionKey`; unmarked decisions are absent. */
  marks: Map<string, GnubgMark>;
  /** Every decision gnubg saw, keyed by `decisionKey` (unforced or not). */
  decisions: Set<string>;
  /** The loss of each unforced chequer play, keyed by `decisionKey`. */
  losses: Map<string, number>;
}

/** gnubg's player X is the file's left column, our White (src/protocol/export/mat.ts). */
const SIDE: Record<"X" | "O", Side> = { X: "white", O: "black" };

const rate = (total: number, n: number) => (n > 0 ? (1000 * total) / n : 0);

function playerFigures(stats: RawPlayerStats): GnubgPlayerFigures {
  const checkerDecisions = stats.moves["unforced-moves"];
  const checkerErrorTotal = stats.moves["error-skill"];
  const cube = stats.cube ?? {};
  const cubeDecisions = cube["close-cube"] ?? 0;
  // gnubg's Python `cube.error-skill` is already a rate per close decision; the total is the sum of its parts
  // (missed doubles, wrong doubles, wrong takes and passes), as `show statistics` adds them.
  const cubeErrorTotal = Object.entries(cube)
    .filter(([k]) => k.startsWith("err-") && k.endsWith("-skill"))
    .reduce((sum, [, v]) => sum + v, 0);
  const marked = stats.moves.marked;
  return {
    checkerDecisions,
    cubeDecisions,
    checkerErrorTotal,
    cubeErrorTotal,
    checkerErrorRate: rate(checkerErrorTotal, checkerDecisions),
    cubeErrorRate: rate(cubeErrorTotal, cubeDecisions),
    errorRate: rate(checkerErrorTotal + cubeErrorTotal, checkerDecisions + cubeDecisions),
    marks: { doubtful: marked["doubtful"] ?? 0, bad: marked["bad"] ?? 0, veryBad: marked["very bad"] ?? 0 },
    luck: stats.dice.luck,
  };
}

/**
 * A decision's key, the same for gnubg's record and our log: the hand (0 = the match's first), the number of
 * checker plays (played or burned rolls) made in the hand before it, and what it is — `play` (the checker play
 * with that index), `roll` (the on-roll cube decision before it: double or not) or `answer` (take or drop).
 */
export function decisionKey(hand: number, playsBefore: number, kind: "play" | "roll" | "answer"): string {
  return `${hand}:${playsBefore}:${kind}`;
}

/** gnubg's answer for one match as figures and marks per decision. */
export function gnubgFigures(raw: GnubgRawMatch): GnubgMatchFigures {
  if (!raw.stats) throw new Error(`${raw.file}: gnubg read no match`);
  const marks = new Map<string, GnubgMark>();
  const decisions = new Set<string>();
  const losses = new Map<string, number>();
  for (const [hand, actions] of raw.games.entries()) {
    let plays = 0;
    for (const action of actions) {
      if (action.action === "move") {
        const key = decisionKey(hand, plays, "play");
        decisions.add(key);
        if (action.skill) marks.set(key, action.skill);
        if (typeof action.loss === "number") losses.set(key, action.loss);
        if (action["cube-skill"]) marks.set(decisionKey(hand, plays, "roll"), action["cube-skill"]);
        plays++;
      } else if (action.action === "double") {
        const key = decisionKey(hand, plays, "roll");
        decisions.add(key);
        if (action.skill) marks.set(key, action.skill);
      } else if (action.action === "take" || action.action === "drop") {
        const key = decisionKey(hand, plays, "answer");
        decisions.add(key);
        if (action.skill) marks.set(key, action.skill);
      }
    }
  }
  return { plies: raw.plies, players: { white: playerFigures(raw.stats.X), black: playerFigures(raw.stats.O) }, marks, decisions, losses };
}

/**
 * For each event of a match's log: its hand (0-based, counted by `hand-started`) and the checker plays made in that
 * hand before it — the parts of `decisionKey` for a decision made at that event's seq.
 */
export function decisionPlaces(events: readonly LoggedEvent[]): Map<number, { hand: number; playsBefore: number }> {
  const places = new Map<number, { hand: number; playsBefore: number }>();
  let hand = -1;
  let plays = 0;
  for (const { seq, event } of events) {
    if (event.type === "hand-started") {
      hand++;
      plays = 0;
    }
    places.set(seq, { hand, playsBefore: plays });
    if (event.type === "played" || event.type === "burned") plays++;
  }
  return places;
}

/**
 * Runs gnubg on every job, in at most `processes` gnubg processes at once, and gives back its answers in the jobs'
 * order. `onProgress` hears how many are done (polled every few seconds from the processes' output files).
 */
export async function analyseWithGnubg(
  jobs: readonly GnubgJob[],
  dir: string,
  processes: number,
  onProgress?: (done: number) => void,
): Promise<GnubgRawMatch[]> {
  const n = Math.max(1, Math.min(processes, jobs.length));
  const chunks: GnubgJob[][] = Array.from({ length: n }, () => []);
  jobs.forEach((job, i) => chunks[i % n]!.push(job));
  const outs = chunks.map((_, i) => join(dir, `gnubg-${i}.jsonl`));
  const lines = (out: string) => (existsSync(out) ? readFileSync(out, "utf8").split("\n").filter((l) => l !== "") : []);
  const timer = onProgress ? setInterval(() => onProgress(outs.reduce((sum, out) => sum + lines(out).length, 0)), 5000) : null;
  try {
    await Promise.all(
      chunks.map((chunk, i) => {
        const list = join(dir, `gnubg-${i}.txt`);
        writeFileSync(list, chunk.map((j) => `${j.file} ${j.plies} ${j.cube ? "cube" : "nocube"}`).join("\n") + "\n");
        writeFileSync(outs[i]!, "");
        return new Promise<void>((resolve, reject) => {
          const child = spawn(GNUBG, ["-t", "-q", "-r", "-p", join(import.meta.dirname, "analysis-gnubg.py")], {
            env: { ...process.env, AG_LIST: list, AG_OUT: outs[i]! },
            stdio: ["ignore", "ignore", "pipe"],
          });
          let stderr = "";
          child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
          child.on("error", reject);
          child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`gnubg exited with ${code}: ${stderr}`))));
        });
      }),
    );
  } finally {
    if (timer) clearInterval(timer);
  }
  const byFile = new Map<string, GnubgRawMatch>();
  for (const out of outs) for (const line of lines(out)) {
    const raw = JSON.parse(line) as GnubgRawMatch;
    byFile.set(raw.file, raw);
  }
  return jobs.map((job) => {
    const raw = byFile.get(job.file);
    if (!raw) throw new Error(`gnubg gave no answer for ${job.file}`);
    return raw;
  });
}

/** Pearson's correlation coefficient of paired samples (NaN for fewer than two or no spread). */
export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return Number.NaN;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Cohen's κ of two raters' yes/no over the same items, with the 2×2 table. */
export function cohenKappa(pairs: ReadonlyArray<readonly [boolean, boolean]>): {
  kappa: number;
  both: number;
  onlyFirst: number;
  onlySecond: number;
  neither: number;
} {
  let both = 0;
  let onlyFirst = 0;
  let onlySecond = 0;
  let neither = 0;
  for (const [a, b] of pairs) {
    if (a && b) both++;
    else if (a) onlyFirst++;
    else if (b) onlySecond++;
    else neither++;
  }
  const n = pairs.length;
  const observed = (both + neither) / n;
  const first = (both + onlyFirst) / n;
  const second = (both + onlySecond) / n;
  const chance = first * second + (1 - first) * (1 - second);
  const kappa = chance === 1 ? Number.NaN : (observed - chance) / (1 - chance);
  return { kappa, both, onlyFirst, onlySecond, neither };
}
