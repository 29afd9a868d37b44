/**
 * Imports `.mat` files into GNU Backgammon (Debian's /usr/games/gnubg, driven through scripts/check-mat.py) and
 * gives back what gnubg read: the input of `npm run check:mat` and of test/engine/mat-gnubg.test.ts. One gnubg
 * process reads every file of a call (it starts in about half a second).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Side } from "../src/engine";

export const GNUBG = "/usr/games/gnubg";

export interface GnubgAction {
  player: "X" | "O";
  /** `move`, `double`, `take`, `drop`, `resign`, `set` (a roll recorded without its play: gnubg's dice). */
  action: string;
  dice: number[] | null;
  move: number[][] | null;
  /** For `resign`: 1, 2 or 3 (single game, gammon, backgammon). */
  points: number | null;
  board: string | null;
}

export interface GnubgMatch {
  file: string;
  info: { "match-length": number; X: { name: string }; O: { name: string } } | null;
  games: Array<{
    info: { "score-X": number; "score-O": number; winner?: "X" | "O" | null; "points-won"?: number; resigned?: boolean };
    actions: GnubgAction[];
  }>;
}

/** gnubg's player 0 (`X`, the file's left column) is White. */
export const PLAYER: Record<Side, "X" | "O"> = { white: "X", black: "O" };

export interface GnubgImport {
  /** One per file, in order (missing when gnubg stopped early). */
  matches: GnubgMatch[];
  /** gnubg's output lines that warn about a line it could not read ("WARNING: Invalid move: …"). */
  warnings: string[];
  status: number | null;
  stderr: string;
}

/** Imports every file (`dir` receives gnubg's list and answers). */
export function importMats(files: readonly string[], dir: string): GnubgImport {
  const list = join(dir, "list.txt");
  const out = join(dir, "gnubg.jsonl");
  writeFileSync(list, files.join("\n") + "\n");
  writeFileSync(out, "");
  const run = spawnSync(GNUBG, ["-t", "-q", "-r", "-p", join(import.meta.dirname, "check-mat.py")], {
    env: { ...process.env, MAT_LIST: list, MAT_OUT: out },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const matches = existsSync(out)
    ? readFileSync(out, "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as GnubgMatch)
    : [];
  // gnubg says what it could not read on its output, and reads on.
  const output = `${run.stdout?.toString() ?? ""}${run.stderr?.toString() ?? ""}`;
  const warnings = output.split("\n").filter((l) => /warning|invalid|error|unrecognised/i.test(l)).map((l) => l.trim());
  return { matches, warnings, status: run.status, stderr: run.stderr?.toString() ?? "" };
}

/** The score gnubg ends the match with: its last game's starting score plus what that game won. */
export function gnubgFinalScore(match: GnubgMatch): Record<Side, number> {
  const last = match.games.at(-1);
  if (!last) return { white: 0, black: 0 };
  const score = { white: last.info["score-X"], black: last.info["score-O"] };
  const winner = last.info.winner;
  if (winner) score[winner === "X" ? "white" : "black"] += last.info["points-won"] ?? 0;
  return score;
}

/**
 * What gnubg scores for a `Wins <n> points` line in a game still being played (a match resigned, forfeited or lost
 * on time): it takes it for a resignation of a single game, a gammon or a backgammon, worth 1, 2 or 3 × the cube,
 * the smallest of them worth at least `n`, else the backgammon (gnubg's import.c, `ParseMatMove`).
 */
export function gnubgResignation(n: number, cube: number): { level: 1 | 2 | 3; points: number } {
  const level = n <= cube ? 1 : n <= 2 * cube ? 2 : 3;
  return { level, points: level * cube };
}
