/**
 * GNU Backgammon (Debian's /usr/games/gnubg, an external program; nothing of it enters the project) as a short-nardi
 * opponent: its 0-ply cubeless choice for a position and dice, asked through bench/gnubg-opponent.py over two FIFOs
 * so that a synchronous chooser can wait for the answer.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { boardKey, opponent, type Board, type Dice, type Play, type Position } from "../src/engine";

export const GNUBG = "/usr/games/gnubg";

export class GnubgOpponent {
  private readonly dir = mkdtempSync(join(tmpdir(), "gnubg-"));
  private readonly child: ChildProcess;
  private readonly input: number;
  private readonly output: number;
  private pending = "";

  constructor() {
    const requests = join(this.dir, "in");
    const answers = join(this.dir, "out");
    spawnSync("mkfifo", [requests, answers]);
    this.child = spawn(GNUBG, ["-t", "-q", "-r", "-p", join(import.meta.dirname, "gnubg-opponent.py")], {
      stdio: "ignore",
      env: { ...process.env, GNUBG_IN: requests, GNUBG_OUT: answers },
    });
    this.input = openSync(requests, "w");
    this.output = openSync(answers, "r");
    if (this.readLine() !== "READY") throw new Error("gnubg did not start");
  }

  static available(): boolean {
    return existsSync(GNUBG);
  }

  /** gnubg's play among `plays` (the engine's legal plays of `dice` in `position`). */
  choose(position: Position, plays: readonly Play[], dice: Dice): Play {
    const mover = position.turn;
    const them = opponent(mover);
    const own = (side: typeof mover) => position.board[side].slice(1, 26).join(",");
    writeSync(this.input, `${dice[0]} ${dice[1]} ${own(them)} ${own(mover)}\n`);
    const answer = this.readLine().split(" ");
    if (answer[0] !== "MOVE") throw new Error(`gnubg answered ${answer.join(" ")}`);
    const board: Board = { white: position.board.white.slice(), black: position.board.black.slice() };
    const mine = board[mover];
    const theirs = board[them];
    for (let i = 1; i + 1 < answer.length; i += 2) {
      const from = Number(answer[i]);
      const to = Number(answer[i + 1]);
      if (from <= 0) break;
      mine[from]!--;
      if (to <= 0) {
        mine[0]!++;
        continue;
      }
      mine[to]!++;
      // A lone opponent checker on the landing point (25 − to in its own numbering) is hit.
      if (theirs[25 - to] === 1) {
        theirs[25 - to] = 0;
        theirs[25]!++;
      }
    }
    const key = boardKey(board);
    const play = plays.find((p) => boardKey(p.board) === key);
    if (!play) throw new Error(`gnubg's play ${answer.slice(1).join(" ")} is not among the ${plays.length} legal plays`);
    return play;
  }

  close(): void {
    closeSync(this.input);
    closeSync(this.output);
    this.child.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private readLine(): string {
    const buffer = Buffer.alloc(4096);
    for (;;) {
      const newline = this.pending.indexOf("\n");
      if (newline >= 0) {
        const line = this.pending.slice(0, newline);
        this.pending = this.pending.slice(newline + 1);
        return line;
      }
      const n = readSync(this.output, buffer, 0, buffer.length, null);
      if (n === 0) throw new Error("gnubg closed its answers");
      this.pending += buffer.toString("utf8", 0, n);
    }
  }
}
