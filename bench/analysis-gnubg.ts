/**
 * `npm run bench:analysis:gnubg [-- options]`: our match analysis (src/analysis) against GNU Backgammon's own analysis
 * of the same short-nardi matches (issue 25, "Checked against gnubg"). It prints figures and the issue's targets; it
 * does not pass or fail (exit 0 unless something breaks).
 *
 *   --matches N     matches to play (default 200)
 *   --seed S        the seed of the whole set (default 1): a seed and a count name the same matches every run
 *   --plies P       gnubg's analysis plies for chequer play and cube (default 2, gnubg's own default)
 *   --processes K   gnubg processes at once (default 2, at most 2)
 *   --out FILE      also write a JSON summary (settings, figures, every player's row)
 *   --cache DIR     gnubg's answers per file (default dist/bench/analysis-gnubg): a second run analyses only new files
 *   --gnubg-only    gnubg's figures alone (fills the cache), without ours
 *
 * Matches are bot matches straight on the engine (scripts/bot-match.ts): match i pairs White and Black from
 * beginner / intermediate / expert (all nine ordered pairs, i mod 9), length 1 + i mod 5, preset `georgian-short`
 * (no cube) when i mod 4 = 3 and else `backgammon` (with the cube). Each is exported with `toMat`, analysed by gnubg
 * (`import mat`, `analyse match`, its statistics) and by our `analyseMatch`. Per player per match it compares the
 * error rates (milli-equity per decision, normalized); per decision whether both call it very bad (checker plays
 * matched by hand and play number, cube decisions by hand, plays before and kind: bench/gnubg-analysis.ts).
 *
 * Cost on the 2-core development machine (shared): 200 matches take gnubg about 25 minutes at 2-ply in two processes
 * (3 minutes at 1-ply, 1 at 0-ply) and ours about 2.4 s of CPU per match; gnubg's answers are cached, so a rerun after
 * a change to src/analysis costs only ours. A smoke run, `--matches 12 --plies 0`, takes about 30 s of CPU (its 24
 * players are too few to check the targets: on the same 12 matches r among intermediate+ read 0.82 against gnubg's
 * 2-ply and 0.93 against its 0-ply, while over 200 matches both are near 0.7).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { PresetName, Side } from "../src/engine";
import type { BotLevel } from "../src/bot";
import type { LoggedEvent, MatchRecord } from "../src/protocol";
import type { Analysis } from "../src/protocol/analysis";
import { analyseMatch } from "../src/analysis";
import { replayLog, toMat } from "../src/protocol/export";
import { botMatch } from "../scripts/bot-match";
import {
  analyseWithGnubg,
  cohenKappa,
  decisionKey,
  decisionPlaces,
  GNUBG,
  gnubgFigures,
  pearson,
  type GnubgJob,
  type GnubgMatchFigures,
  type GnubgPlayerFigures,
  type GnubgRawMatch,
} from "./gnubg-analysis";

const LEVELS: BotLevel[] = ["beginner", "intermediate", "expert"];
const TARGETS = { all: 0.9, skilled: 0.85 };

const { values } = parseArgs({
  options: {
    matches: { type: "string", default: "200" },
    seed: { type: "string", default: "1" },
    plies: { type: "string", default: "2" },
    processes: { type: "string", default: "2" },
    out: { type: "string" },
    cache: { type: "string", default: "dist/bench/analysis-gnubg" },
    "gnubg-only": { type: "boolean", default: false },
  },
});
function integer(name: keyof typeof values, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} takes an integer from ${min} to ${max}`);
  return n;
}
const total = integer("matches", 1);
const seed = integer("seed", 0);
const plies = integer("plies", 0, 4);
const processes = integer("processes", 1, 2);

interface Played {
  index: number;
  seed: number;
  preset: PresetName;
  length: number;
  levels: Record<Side, BotLevel>;
  events: LoggedEvent[];
  mat: string;
}

/** The record D1 would hold for a bot match played straight on the engine. */
function recordOf(m: Played): MatchRecord {
  const first = m.events[0]!;
  const last = m.events.at(-1)!;
  const end = last.event;
  if (end.type !== "match-ended") throw new Error(`match ${m.index}: the log does not end with the match`);
  const player = (side: Side) => ({
    playerId: null,
    name: `Bot ${m.levels[side]} ${side === "white" ? "W" : "B"}`,
    kind: "bot" as const,
    deleted: false,
    ratingBefore: null,
    ratingAfter: null,
  });
  return {
    tableId: `bench-${m.seed}`,
    pool: m.preset,
    length: m.length,
    rated: false,
    winner: end.winner,
    reason: end.reason,
    score: end.score,
    startedAt: first.at,
    endedAt: last.at,
    players: { white: player("white"), black: player("black") },
    events: m.events,
  } as MatchRecord;
}

function play(index: number): Played {
  const pair = index % 9;
  const levels = { white: LEVELS[Math.floor(pair / 3)]!, black: LEVELS[pair % 3]! };
  const preset: PresetName = index % 4 === 3 ? "georgian-short" : "backgammon";
  const length = 1 + (index % 5);
  const matchSeed = seed * 100_003 + index;
  const events = botMatch({ preset, length, seed: matchSeed, levels });
  const replayed = replayLog(events);
  if (!replayed.ok) throw new Error(`seed ${matchSeed}: our own log does not replay at seq ${replayed.seq}: ${replayed.message}`);
  return { index, seed: matchSeed, preset, length, levels, events, mat: toMat(replayed.replay) };
}

interface Row {
  match: number;
  seed: number;
  preset: PresetName;
  length: number;
  side: Side;
  level: BotLevel;
  opponent: BotLevel;
  gnubg: GnubgPlayerFigures;
  ours: {
    decisions: number;
    checkerDecisions: number;
    cubeDecisions: number;
    errorRate: number;
    checkerErrorRate: number;
    cubeErrorRate: number;
    pr: number;
    veryBad: number;
  } | null;
}

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : "—");
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN);
const progress = (text: string) => console.log(text);

async function main(): Promise<number> {
  if (!existsSync(GNUBG)) {
    console.error(`bench:analysis:gnubg needs GNU Backgammon at ${GNUBG} (apt-get install gnubg)`);
    return 2;
  }
  const started = performance.now();
  console.log(`analysis against gnubg: ${total} matches, seed ${seed}, gnubg at ${plies}-ply, ${processes} gnubg process(es)`);

  // 1. The matches.
  const matches: Played[] = [];
  for (let i = 0; i < total; i++) {
    matches.push(play(i));
    if ((i + 1) % 25 === 0 || i + 1 === total) progress(`  played ${i + 1}/${total} matches`);
  }
  const playedAt = performance.now();

  // 2. gnubg, for the files its cache does not hold yet.
  mkdirSync(values.cache!, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), "analysis-gnubg-"));
  const cacheFile = (m: Played) => {
    const cube = m.preset === "backgammon";
    const hash = createHash("sha256").update(`${plies} ${cube}\n${m.mat}`).digest("hex").slice(0, 24);
    return join(values.cache!, `${hash}.json`);
  };
  const answers = new Map<number, GnubgRawMatch>();
  const jobs: Array<{ match: Played; job: GnubgJob }> = [];
  for (const m of matches) {
    const cached = cacheFile(m);
    if (existsSync(cached)) answers.set(m.index, JSON.parse(readFileSync(cached, "utf8")) as GnubgRawMatch);
    else {
      const file = join(dir, `${String(m.index).padStart(4, "0")}.mat`);
      writeFileSync(file, m.mat);
      jobs.push({ match: m, job: { file, plies, cube: m.preset === "backgammon" } });
    }
  }
  console.log(`gnubg: ${answers.size} answers cached, ${jobs.length} files to analyse …`);
  if (jobs.length > 0) {
    let reported = 0;
    const raws = await analyseWithGnubg(jobs.map((j) => j.job), dir, processes, (done) => {
      if (done === reported) return;
      reported = done;
      progress(`  gnubg analysed ${done}/${jobs.length} (${((performance.now() - playedAt) / 1000).toFixed(0)} s)`);
    });
    for (const [i, raw] of raws.entries()) {
      const m = jobs[i]!.match;
      answers.set(m.index, raw);
      writeFileSync(cacheFile(m), JSON.stringify(raw));
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const gnubgAt = performance.now();

  // 3. Ours.
  const analyse = values["gnubg-only"] ? null : analyseMatch;
  const rows: Row[] = [];
  /** Very bad or not, per decision, ours and gnubg's: checker plays and cube decisions apart. */
  const veryBad = { play: [] as Array<[boolean, boolean]>, cube: [] as Array<[boolean, boolean]> };
  /** Per unforced chequer play both counted: our loss and gnubg's. */
  const losses: Array<{ ours: number; gnubg: number; level: BotLevel }> = [];
  let depth: Analysis["depth"] | null = null;
  let ourCpuMs = 0;
  for (const m of matches) {
    const figures = gnubgFigures(answers.get(m.index)!);
    let analysis: Analysis | null = null;
    if (analyse) {
      const cpu = process.cpuUsage();
      analysis = analyse(recordOf(m));
      const used = process.cpuUsage(cpu);
      ourCpuMs += (used.user + used.system) / 1000;
      depth ??= analysis.depth;
      compareDecisions(m, analysis, figures, veryBad, losses);
    }
    for (const side of ["white", "black"] as const) {
      const p = analysis?.players[side];
      rows.push({
        match: m.index,
        seed: m.seed,
        preset: m.preset,
        length: m.length,
        side,
        level: m.levels[side],
        opponent: m.levels[side === "white" ? "black" : "white"],
        gnubg: figures.players[side],
        ours: p
          ? {
              decisions: p.decisions,
              checkerDecisions: p.checkerDecisions,
              cubeDecisions: p.cubeDecisions,
              errorRate: p.errorRate,
              checkerErrorRate: p.checkerErrorRate,
              cubeErrorRate: p.cubeErrorRate,
              pr: p.pr,
              veryBad: p.marks.veryBad,
            }
          : null,
      });
    }
    if (analyse && ((m.index + 1) % 25 === 0 || m.index + 1 === total)) progress(`  our analysis ${m.index + 1}/${total}`);
  }
  const oursAt = performance.now();

  // 4. Figures.
  const summary = report(rows, veryBad, losses, depth);
  const timing = {
    playSeconds: (playedAt - started) / 1000,
    gnubgSeconds: (gnubgAt - playedAt) / 1000,
    gnubgAnalysed: jobs.length,
    oursSeconds: (oursAt - gnubgAt) / 1000,
    oursCpuMsPerMatch: analyse ? ourCpuMs / total : null,
    totalSeconds: (performance.now() - started) / 1000,
  };
  console.log(
    `\ntime: bots ${fmt(timing.playSeconds)} s, gnubg ${fmt(timing.gnubgSeconds)} s (${jobs.length} files), ` +
      `ours ${fmt(timing.oursSeconds)} s${analyse ? ` (${fmt(ourCpuMs / total, 0)} ms CPU per match)` : ""}, total ${fmt(timing.totalSeconds)} s`,
  );
  if (values.out) {
    const settings = {
      matches: total,
      seed,
      gnubg: { version: "1.07.001", plies, evaluation: "cubeful, pruning nets, noiseless, gnubg's default move filters" },
      ours: depth,
    };
    writeFileSync(values.out, JSON.stringify({ settings, targets: TARGETS, ...summary, timing, rows }, null, 1) + "\n");
    console.log(`summary written to ${values.out}`);
  }
  return 0;
}

/** Our decisions against gnubg's marks, by `decisionKey`. */
function compareDecisions(
  m: Played,
  analysis: Analysis,
  figures: GnubgMatchFigures,
  veryBad: { play: Array<[boolean, boolean]>; cube: Array<[boolean, boolean]> },
  losses: Array<{ ours: number; gnubg: number; level: BotLevel }>,
): void {
  const places = decisionPlaces(m.events);
  const seen = new Set<string>();
  for (const d of analysis.decisions) {
    if (!d.counted) continue;
    const place = places.get(d.seq);
    if (!place) throw new Error(`match ${m.index}: decision at seq ${d.seq} is not in the log`);
    const kind = d.decision.kind === "play" ? "play" : d.decision.action === "take" || d.decision.action === "drop" ? "answer" : "roll";
    const key = decisionKey(place.hand, place.playsBefore, kind);
    seen.add(key);
    const theirs = figures.marks.get(key) === "very bad";
    (kind === "play" ? veryBad.play : veryBad.cube).push([d.mark === "very-bad", theirs]);
    const gnubgLoss = figures.losses.get(key);
    if (kind === "play" && gnubgLoss !== undefined) losses.push({ ours: d.loss, gnubg: gnubgLoss, level: m.levels[d.side as Side] });
  }
  // A decision gnubg marks very bad that we do not count (forced, or one sensible option to us) disagrees too.
  for (const [key, mark] of figures.marks) {
    if (mark !== "very bad" || seen.has(key)) continue;
    (key.endsWith(":play") ? veryBad.play : veryBad.cube).push([false, true]);
  }
}

function report(
  rows: Row[],
  veryBad: { play: Array<[boolean, boolean]>; cube: Array<[boolean, boolean]> },
  losses: Array<{ ours: number; gnubg: number; level: BotLevel }>,
  depth: Analysis["depth"] | null,
) {
  const compared = rows.filter((r) => r.ours && r.ours.decisions > 0 && r.gnubg.checkerDecisions + r.gnubg.cubeDecisions > 0);
  const skilled = compared.filter((r) => r.level !== "beginner");
  const r = (set: Row[], pick: (row: Row) => [number, number] | null) => {
    const pairs = set.map(pick).filter((p): p is [number, number] => p !== null);
    return { r: pearson(pairs.map((p) => p[0]), pairs.map((p) => p[1])), n: pairs.length };
  };
  const overall = (row: Row): [number, number] => [row.ours!.errorRate, row.gnubg.errorRate];
  const checker = (row: Row): [number, number] | null =>
    row.ours!.checkerDecisions > 0 && row.gnubg.checkerDecisions > 0 ? [row.ours!.checkerErrorRate, row.gnubg.checkerErrorRate] : null;
  const cube = (row: Row): [number, number] | null =>
    row.ours!.cubeDecisions > 0 && row.gnubg.cubeDecisions > 0 ? [row.ours!.cubeErrorRate, row.gnubg.cubeErrorRate] : null;
  /** Diagnostic: our checker plays with gnubg's cube decisions (how much of the gap our cube side makes). */
  const hybrid = (row: Row): [number, number] => {
    const o = row.ours!;
    const g = row.gnubg;
    const decisions = o.checkerDecisions + g.cubeDecisions;
    const errors = (o.checkerErrorRate * o.checkerDecisions) / 1000 + g.cubeErrorTotal;
    return [decisions > 0 ? (1000 * errors) / decisions : 0, g.errorRate];
  };
  const correlations = rows.some((x) => x.ours)
    ? {
        hybridAll: r(compared, hybrid),
        hybridSkilled: r(skilled, hybrid),
        all: r(compared, overall),
        skilled: r(skilled, overall),
        checkerAll: r(compared, checker),
        checkerSkilled: r(skilled, checker),
        cubeAll: r(compared, cube),
        cubeSkilled: r(skilled, cube),
        byPreset: Object.fromEntries(
          (["backgammon", "georgian-short"] as const).map((p) => [p, { all: r(compared.filter((x) => x.preset === p), overall), skilled: r(skilled.filter((x) => x.preset === p), overall) }]),
        ),
        perDecisionLoss: {
          r: pearson(losses.map((l) => l.ours), losses.map((l) => l.gnubg)),
          n: losses.length,
          skilled: pearson(losses.filter((l) => l.level !== "beginner").map((l) => l.ours), losses.filter((l) => l.level !== "beginner").map((l) => l.gnubg)),
        },
      }
    : null;

  const levels = Object.fromEntries(
    LEVELS.map((level) => {
      const set = rows.filter((x) => x.level === level);
      const withOurs = set.filter((x) => x.ours);
      return [
        level,
        {
          players: set.length,
          gnubg: {
            errorRate: mean(set.map((x) => x.gnubg.errorRate)),
            checkerErrorRate: mean(set.filter((x) => x.gnubg.checkerDecisions > 0).map((x) => x.gnubg.checkerErrorRate)),
            cubeErrorRate: mean(set.filter((x) => x.gnubg.cubeDecisions > 0).map((x) => x.gnubg.cubeErrorRate)),
            decisions: mean(set.map((x) => x.gnubg.checkerDecisions + x.gnubg.cubeDecisions)),
            cubeDecisions: mean(set.map((x) => x.gnubg.cubeDecisions)),
            veryBadPerMatch: mean(set.map((x) => x.gnubg.marks.veryBad)),
            // Pooled over the level's matches (total error over total decisions), as gnubg's figures over a session.
            pooledErrorRate:
              (1000 * set.reduce((s, x) => s + x.gnubg.checkerErrorTotal + x.gnubg.cubeErrorTotal, 0)) /
              set.reduce((s, x) => s + x.gnubg.checkerDecisions + x.gnubg.cubeDecisions, 0),
          },
          ours: withOurs.length
            ? {
                errorRate: mean(withOurs.map((x) => x.ours!.errorRate)),
                checkerErrorRate: mean(withOurs.filter((x) => x.ours!.checkerDecisions > 0).map((x) => x.ours!.checkerErrorRate)),
                cubeErrorRate: mean(withOurs.filter((x) => x.ours!.cubeDecisions > 0).map((x) => x.ours!.cubeErrorRate)),
                decisions: mean(withOurs.map((x) => x.ours!.decisions)),
                cubeDecisions: mean(withOurs.map((x) => x.ours!.cubeDecisions)),
                veryBadPerMatch: mean(withOurs.map((x) => x.ours!.veryBad)),
                pr: mean(withOurs.map((x) => x.ours!.pr)),
                pooledErrorRate:
                  (1000 *
                    withOurs.reduce((s, x) => s + (x.ours!.errorRate * x.ours!.decisions) / 1000, 0)) /
                  withOurs.reduce((s, x) => s + x.ours!.decisions, 0),
              }
            : null,
        },
      ];
    }),
  );

  const kappa = correlations
    ? { play: cohenKappa(veryBad.play), cube: cohenKappa(veryBad.cube), all: cohenKappa([...veryBad.play, ...veryBad.cube]) }
    : null;

  // Printing.
  console.log(`\n${rows.length / 2} matches, ${rows.length} players (${compared.length} compared)`);
  if (depth) console.log(`our depth: checker ${depth.checker}; cube ${depth.cube}`);
  console.log("\nper level (mean of per-player-per-match rates, milli-equity per decision; pooled = total error / total decisions):");
  console.log("  level          players | gnubg: overall pooled checker  cube  dec  vb/m | ours: overall pooled checker  cube  dec  vb/m    PR");
  for (const level of LEVELS) {
    const l = levels[level]!;
    const g = l.gnubg;
    const o = l.ours;
    console.log(
      `  ${level.padEnd(14)} ${String(l.players).padStart(7)} | ${fmt(g.errorRate).padStart(14)} ${fmt(g.pooledErrorRate).padStart(6)} ${fmt(g.checkerErrorRate).padStart(7)} ${fmt(g.cubeErrorRate).padStart(5)} ${fmt(g.decisions, 0).padStart(4)} ${fmt(g.veryBadPerMatch, 2).padStart(5)} | ` +
        (o
          ? `${fmt(o.errorRate).padStart(13)} ${fmt(o.pooledErrorRate).padStart(6)} ${fmt(o.checkerErrorRate).padStart(7)} ${fmt(o.cubeErrorRate).padStart(5)} ${fmt(o.decisions, 0).padStart(4)} ${fmt(o.veryBadPerMatch, 2).padStart(5)} ${fmt(o.pr).padStart(5)}`
          : "—"),
    );
  }
  if (correlations && kappa) {
    const verdict = (x: number, target: number) => (x >= target ? `meets ≥ ${target}` : `MISSES ≥ ${target}`);
    console.log("\nPearson r, our error rate against gnubg's, per player per match:");
    console.log(`  all players              r = ${fmt(correlations.all.r, 3)} (n ${correlations.all.n})  ${verdict(correlations.all.r, TARGETS.all)}`);
    console.log(`  intermediate and expert  r = ${fmt(correlations.skilled.r, 3)} (n ${correlations.skilled.n})  ${verdict(correlations.skilled.r, TARGETS.skilled)}`);
    console.log(`  checker play only        r = ${fmt(correlations.checkerAll.r, 3)} all, ${fmt(correlations.checkerSkilled.r, 3)} intermediate+`);
    console.log(`  ours with gnubg's cube   r = ${fmt(correlations.hybridAll.r, 3)} all, ${fmt(correlations.hybridSkilled.r, 3)} intermediate+ (our checker plays, gnubg's cube errors)`);
    console.log(`  cube only                r = ${fmt(correlations.cubeAll.r, 3)} all (n ${correlations.cubeAll.n}), ${fmt(correlations.cubeSkilled.r, 3)} intermediate+ (n ${correlations.cubeSkilled.n})`);
    for (const [preset, c] of Object.entries(correlations.byPreset)) {
      console.log(`  ${preset.padEnd(24)} r = ${fmt(c.all.r, 3)} all (n ${c.all.n}), ${fmt(c.skilled.r, 3)} intermediate+ (n ${c.skilled.n})`);
    }
    console.log(`  per chequer play, loss   r = ${fmt(correlations.perDecisionLoss.r, 3)} (n ${correlations.perDecisionLoss.n}), ${fmt(correlations.perDecisionLoss.skilled, 3)} intermediate+`);
    console.log("\nvery bad marks (ours vs gnubg's, per decision; Cohen's κ):");
    for (const [what, k] of Object.entries(kappa)) {
      console.log(`  ${what.padEnd(5)} κ = ${fmt(k.kappa, 3)}  both ${k.both}, only ours ${k.onlyFirst}, only gnubg's ${k.onlySecond}, neither ${k.neither}`);
    }
  }
  return { correlations, levels, kappa };
}

process.exitCode = await main();
