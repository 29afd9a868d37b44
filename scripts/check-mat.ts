/**
 * `npm run check:mat`: proves that our `.mat` export is what GNU Backgammon reads. Bots play a few hundred seeded
 * matches of both short presets (`backgammon` with the cube, `georgian-short` without) at lengths 1, 3, 5 and 7;
 * each is exported with `toMat`, imported into gnubg (Debian's /usr/games/gnubg, driven through
 * scripts/check-mat.py) and compared: the players' names, every game's starting score, every action (dice and
 * checker steps, doubles, takes, drops) with the board before each move (gnubg's Position ID against ours), who won
 * each game and how many points, and the final score; gnubg must not warn about any line (an invalid move). Exits
 * non-zero on any difference.
 *
 *   npm run check:mat -- [--matches 320] [--keep <dir>]
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { toGnubgId, type PresetName, type Side } from "../src/engine";
import type { BotLevel } from "../src/bot";
import { matName, replayLog, toMat, type Replay } from "../src/protocol/export";
import { botMatch } from "./bot-match";
import { GNUBG, importMats, PLAYER, type GnubgMatch } from "./gnubg-import";

const PRESETS: PresetName[] = ["backgammon", "georgian-short"];
const LENGTHS = [1, 3, 5, 7];
/** Names as players write them (spaces, colons, other scripts): the file must still read back. */
const NAMES: Array<{ white: string; black: string }> = [
  { white: "Ann Lee", black: "Bo: the 2nd" },
  { white: "ნინო", black: "Анна Ли" },
  { white: "Արամ", black: "x" },
];
const PAIRINGS: Array<{ white: BotLevel; black: BotLevel }> = [
  { white: "intermediate", black: "intermediate" },
  { white: "expert", black: "intermediate" },
  { white: "intermediate", black: "beginner" },
];

/** What gnubg should have read: per game, the starting score, every action, and the winner's points. */
interface Expected {
  /** Each action as `moveKey` writes it, and the gnubg Position ID of the board before it (moves only). */
  games: Array<{ score: Record<Side, number>; actions: string[]; boards: Array<string | null>; winner: Side | null; points: number }>;
  final: Record<Side, number>;
  /** The names as the file writes them. */
  names: Record<Side, string>;
}


function moveKey(player: string, dice: readonly number[], steps: ReadonlyArray<readonly number[]>): string {
  const sortedDice = [...dice].sort((a, b) => b - a).join("");
  const sortedSteps = steps.map((s) => `${s[0]}/${s[1]}`).sort().join(" ");
  return `${player} ${sortedDice}: ${sortedSteps}`;
}

function expected(replay: Replay): Expected {
  const games: Expected["games"] = [];
  let dice: readonly number[] = [];
  let before: string | null = null;
  for (const frame of replay.frames) {
    const { event } = frame;
    const game = games.at(-1);
    switch (event.type) {
      case "hand-started":
        games.push({ score: { ...event.score }, actions: [], boards: [], winner: null, points: 0 });
        break;
      case "rolled":
        dice = event.dice;
        before = toGnubgId({ variant: "short", board: frame.board, turn: event.side });
        break;
      case "played":
        game!.actions.push(moveKey(PLAYER[event.side], dice, event.steps.map((s) => [s.from, s.to])));
        game!.boards.push(before);
        break;
      case "burned":
        game!.actions.push(moveKey(PLAYER[event.side], event.dice, []));
        game!.boards.push(before);
        break;
      case "doubled":
      case "taken":
      case "dropped":
        game!.actions.push(`${PLAYER[event.side]} ${{ doubled: "double", taken: "take", dropped: "drop" }[event.type]}`);
        game!.boards.push(null);
        break;
      case "hand-ended":
        game!.winner = event.winner;
        game!.points = event.value;
        break;
      default:
        break;
    }
  }
  const last = replay.frames.at(-1)!.score;
  const names = { white: matName(replay.names.white, "White"), black: matName(replay.names.black, "Black") };
  return { games, final: { ...last }, names };
}

function compare(ours: Expected, theirs: GnubgMatch, length: number): string | null {
  if (!theirs.info) return "gnubg read no match";
  if (theirs.info["match-length"] !== length) return `match length ${theirs.info["match-length"]}, ours ${length}`;
  if (theirs.info.X.name !== ours.names.white || theirs.info.O.name !== ours.names.black) {
    return `players ${theirs.info.X.name} and ${theirs.info.O.name}, ours ${ours.names.white} and ${ours.names.black}`;
  }
  if (theirs.games.length !== ours.games.length) return `gnubg read ${theirs.games.length} games, ours ${ours.games.length}`;
  const final = { white: 0, black: 0 };
  for (const [g, game] of ours.games.entries()) {
    const got = theirs.games[g]!;
    const where = `game ${g + 1}`;
    if (got.info["score-X"] !== game.score.white || got.info["score-O"] !== game.score.black) {
      return `${where}: gnubg starts at ${got.info["score-X"]}-${got.info["score-O"]}, ours ${game.score.white}-${game.score.black}`;
    }
    const actions = got.actions.map((a) => (a.action === "move" ? moveKey(a.player, a.dice ?? [], a.move ?? []) : `${a.player} ${a.action}`));
    for (let i = 0; i < Math.max(actions.length, game.actions.length); i++) {
      if (actions[i] !== game.actions[i]) return `${where}, action ${i + 1}: gnubg "${actions[i] ?? "(none)"}", ours "${game.actions[i] ?? "(none)"}"`;
      const board = game.boards[i];
      if (board && got.actions[i]!.board !== board) return `${where}, action ${i + 1} (${actions[i]}): gnubg's board ${got.actions[i]!.board}, ours ${board}`;
    }
    if (got.info.resigned) return `${where}: gnubg scored it as a resignation`;
    if (game.winner === null || PLAYER[game.winner] !== got.info.winner || got.info["points-won"] !== game.points) {
      return `${where}: gnubg has ${got.info.winner} winning ${got.info["points-won"]}, ours ${game.winner} ${game.points}`;
    }
    final[game.winner] = game.score[game.winner] + game.points;
    final[game.winner === "white" ? "black" : "white"] = game.score[game.winner === "white" ? "black" : "white"];
  }
  if (final.white !== ours.final.white || final.black !== ours.final.black) {
    return `final score: gnubg ${final.white}-${final.black}, ours ${ours.final.white}-${ours.final.black}`;
  }
  return null;
}

function main(): number {
  const { values } = parseArgs({ options: { matches: { type: "string", default: "320" }, keep: { type: "string" } } });
  const total = Number(values.matches);
  if (!Number.isInteger(total) || total < 1) throw new Error("--matches takes a positive integer");
  if (!existsSync(GNUBG)) {
    console.error(`check:mat needs GNU Backgammon at ${GNUBG} (apt-get install gnubg)`);
    return 2;
  }
  const dir = values.keep ?? mkdtempSync(join(tmpdir(), "check-mat-"));
  const started = performance.now();
  const jobs: Array<{ file: string; preset: PresetName; length: number; expected: Expected }> = [];
  let doubles = 0;
  let drops = 0;
  for (let i = 0; i < total; i++) {
    const preset = PRESETS[i % PRESETS.length]!;
    const length = LENGTHS[Math.floor(i / PRESETS.length) % LENGTHS.length]!;
    const levels = PAIRINGS[Math.floor(i / (PRESETS.length * LENGTHS.length)) % PAIRINGS.length]!;
    const seed = 1000 + i;
    const replayed = replayLog(botMatch({ preset, length, seed, levels, names: NAMES[i % NAMES.length]! }));
    if (!replayed.ok) throw new Error(`seed ${seed}: our own log does not replay at seq ${replayed.seq}: ${replayed.message}`);
    const file = join(dir, `${String(i + 1).padStart(4, "0")}-${preset}-${length}-seed${seed}.mat`);
    writeFileSync(file, toMat(replayed.replay));
    const ours = expected(replayed.replay);
    for (const game of ours.games) {
      doubles += game.actions.filter((a) => a.endsWith(" double")).length;
      drops += game.actions.filter((a) => a.endsWith(" drop")).length;
    }
    jobs.push({ file, preset, length, expected: ours });
    if ((i + 1) % 40 === 0 || i + 1 === total) console.log(`played and exported ${i + 1}/${total} matches`);
  }
  const exported = performance.now();

  console.log(`importing ${jobs.length} files into gnubg …`);
  const run = importMats(jobs.map((j) => j.file), dir);
  if (run.status !== 0) console.error(`gnubg exited with ${run.status}: ${run.stderr.slice(-2000)}`);
  const answers = run.matches;
  const warnings = run.warnings;
  const imported = performance.now();

  const failures: string[] = [];
  let games = 0;
  let actions = 0;
  for (const [i, job] of jobs.entries()) {
    const answer = answers[i];
    const problem = answer ? compare(job.expected, answer, job.length) : "gnubg gave no answer";
    if (problem) failures.push(`${job.file}: ${problem}`);
    games += job.expected.games.length;
    actions += job.expected.games.reduce((n, g) => n + g.actions.length, 0);
  }
  const byPreset = PRESETS.map((p) => `${p} ${jobs.filter((j) => j.preset === p).length}`).join(", ");
  console.log(
    `${jobs.length} matches (${byPreset}; lengths ${LENGTHS.join(",")}), ${games} games, ${actions} actions ` +
      `(${doubles} doubles, ${drops} drops): ${jobs.length - failures.length} imported identically, ${failures.length} differ`,
  );
  console.log(`time: bots + export ${((exported - started) / 1000).toFixed(1)} s, gnubg import ${((imported - exported) / 1000).toFixed(1)} s`);
  for (const failure of failures.slice(0, 20)) console.error(`MISMATCH ${failure}`);
  for (const warning of warnings.slice(0, 20)) console.error(`GNUBG ${warning.trim()}`);
  if (warnings.length > 0) failures.push(`${warnings.length} warnings from gnubg`);
  if (failures.length === 0 && !values.keep) rmSync(dir, { recursive: true, force: true });
  else console.log(`files kept in ${dir}`);
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = main();
