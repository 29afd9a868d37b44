/**
 * `npm run check:mat`: proves that our `.mat` export is what GNU Backgammon reads. Bots play a few hundred seeded
 * matches of both short presets (`backgammon` with the cube, `georgian-short` without) at lengths 1, 3, 5 and 7;
 * each is exported with `toMat`, imported into gnubg (Debian's /usr/games/gnubg, driven through
 * scripts/check-mat.py) and compared: the players' names, every game's starting score, every action (dice and
 * checker steps, doubles, takes, drops) with the board before each move (gnubg's Position ID against ours), who won
 * each game and how many points, and the final score; gnubg must not warn about any line (an invalid move). A
 * quarter of the matches are resigned, forfeited or lost on time inside a hand (some before its first play): gnubg
 * must read that game as the resignation docs/replays.md describes, and end with the score it says. Exits non-zero on
 * any difference.
 *
 *   npm run check:mat -- [--matches 320] [--keep <dir>]
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sideToAct, toGnubgId, type MatchCommand, type PresetName, type Side } from "../src/engine";
import type { BotLevel } from "../src/bot";
import { matName, replayLog, toMat, type Replay } from "../src/protocol/export";
import { botMatch, type BotMatchOptions } from "./bot-match";
import { GNUBG, gnubgResignation, importMats, PLAYER, type GnubgMatch } from "./gnubg-import";

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
  /**
   * Each action as `moveKey` writes it, and the gnubg Position ID of the board before it (moves only). A game the
   * match ended in (resigned, forfeited, lost on time) is gnubg's resignation, worth what docs/replays.md says.
   */
  games: Array<{ score: Record<Side, number>; actions: string[]; boards: Array<string | null>; winner: Side | null; points: number; resigned: boolean }>;
  /** The final score gnubg should end with (ours, except where docs/replays.md says gnubg reads a concession otherwise). */
  final: Record<Side, number>;
  /** The server's final score. */
  server: Record<Side, number>;
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
  /** Who holds a roll not played yet. */
  let held: Side | null = null;
  for (const frame of replay.frames) {
    const { event } = frame;
    const game = games.at(-1);
    switch (event.type) {
      case "hand-started":
        games.push({ score: { ...event.score }, actions: [], boards: [], winner: null, points: 0, resigned: false });
        held = null;
        break;
      case "rolled":
        dice = event.dice;
        held = event.side;
        before = toGnubgId({ variant: "short", board: frame.board, turn: event.side });
        break;
      case "played":
        held = null;
        game!.actions.push(moveKey(PLAYER[event.side], dice, event.steps.map((s) => [s.from, s.to])));
        game!.boards.push(before);
        break;
      case "burned":
        held = null;
        game!.actions.push(moveKey(PLAYER[event.side], event.dice, []));
        game!.boards.push(before);
        break;
      case "doubled":
      case "taken":
      case "dropped":
        game!.actions.push(`${PLAYER[event.side]} ${{ doubled: "double", taken: "take", dropped: "drop" }[event.type]}`);
        game!.boards.push(null);
        break;
      case "resign-accepted":
        // An accepted offer (backgammon preset): the file's `Wins <level × cube> points` is gnubg's resignation at that level.
        game!.actions.push(`${PLAYER[event.side === "white" ? "black" : "white"]} resign`);
        game!.boards.push(null);
        break;
      case "hand-ended":
        game!.winner = event.winner;
        game!.points = event.value;
        break;
      case "match-ended":
        // Conceded inside a hand: the file's `Wins` line is gnubg's resignation (a roll held at the hand's start is
        // written alone first, so gnubg has a game to score).
        if (game && game.winner === null && event.winner) {
          const loser = event.winner === "white" ? "black" : "white";
          if (game.actions.length === 0 && held) {
            game.actions.push(`${PLAYER[held]} set`);
            game.boards.push(null);
          }
          game.actions.push(`${PLAYER[loser]} resign`);
          game.boards.push(null);
          game.winner = event.winner;
          game.points = gnubgResignation(event.score[event.winner] - game.score[event.winner], frame.cube.value).points;
          game.resigned = true;
        }
        break;
      default:
        break;
    }
  }
  const server = { ...replay.frames.at(-1)!.score };
  const final = { ...server };
  const last = games.at(-1);
  if (last?.resigned && last.winner) {
    final[last.winner] = last.score[last.winner] + last.points;
    final[last.winner === "white" ? "black" : "white"] = last.score[last.winner === "white" ? "black" : "white"];
  }
  const names = { white: matName(replay.names.white, "White"), black: matName(replay.names.black, "Black") };
  return { games, final, server, names };
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
    if (Boolean(got.info.resigned) !== game.resigned) return `${where}: gnubg ${got.info.resigned ? "scored" : "did not score"} it as a resignation`;
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

const CONCESSIONS = ["resign", "forfeit", "timeout"] as const;

/**
 * Every fourth block of 24 matches (so both presets, every length and pairing) ends inside a hand: the match is
 * resigned, forfeited or lost on time after a seeded number of commands (0 = before any move), unless it ended first.
 */
function concession(i: number, seed: number): { kind: (typeof CONCESSIONS)[number]; at: BotMatchOptions["interrupt"] } | null {
  if (Math.floor(i / 24) % 4 !== 3) return null;
  const kind = CONCESSIONS[i % CONCESSIONS.length]!;
  const after = i % 5 === 0 ? 0 : (seed * 37) % 150;
  return {
    kind,
    at: (state, commands) => {
      if (commands < after || state.phase === "over") return null;
      // A clock runs out for the side that must act; anyone may resign or leave.
      const side = kind === "timeout" ? sideToAct(state)! : seed % 2 === 0 ? "white" : "black";
      return { type: kind, side } as MatchCommand;
    },
  };
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
  const jobs: Array<{ file: string; preset: PresetName; length: number; expected: Expected; reason: string }> = [];
  let doubles = 0;
  let drops = 0;
  for (let i = 0; i < total; i++) {
    const preset = PRESETS[i % PRESETS.length]!;
    const length = LENGTHS[Math.floor(i / PRESETS.length) % LENGTHS.length]!;
    const levels = PAIRINGS[Math.floor(i / (PRESETS.length * LENGTHS.length)) % PAIRINGS.length]!;
    const seed = 1000 + i;
    const interrupt = concession(i, seed);
    const replayed = replayLog(botMatch({ preset, length, seed, levels, names: NAMES[i % NAMES.length]!, interrupt: interrupt?.at }));
    if (!replayed.ok) throw new Error(`seed ${seed}: our own log does not replay at seq ${replayed.seq}: ${replayed.message}`);
    const file = join(dir, `${String(i + 1).padStart(4, "0")}-${preset}-${length}-seed${seed}.mat`);
    writeFileSync(file, toMat(replayed.replay));
    const ours = expected(replayed.replay);
    for (const game of ours.games) {
      doubles += game.actions.filter((a) => a.endsWith(" double")).length;
      drops += game.actions.filter((a) => a.endsWith(" drop")).length;
    }
    const end = replayed.replay.frames.at(-1)!.event;
    jobs.push({ file, preset, length, expected: ours, reason: end.type === "match-ended" ? end.reason : "none" });
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
  const conceded = jobs.filter((j) => j.expected.games.at(-1)?.resigned);
  const byReason = CONCESSIONS.map((kind) => `${kind} ${conceded.filter((j) => j.reason === kind).length}`).join(", ");
  const beforeAnyMove = conceded.filter((j) => j.expected.games.at(-1)!.actions[0]?.endsWith(" set")).length;
  const exact = conceded.filter((j) => j.expected.final.white === j.expected.server.white && j.expected.final.black === j.expected.server.black).length;
  console.log(
    `${conceded.length} of them ended inside a hand (${byReason}; ${beforeAnyMove} before the hand's first play): ` +
      `gnubg's final score is ours in ${exact}, and in the ${conceded.length - exact} others what docs/replays.md says`,
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
