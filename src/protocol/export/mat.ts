/**
 * A short-nardi match as a Jellyfish `.mat` file, the plain match format GNU Backgammon imports (`import mat`).
 * Short nardi is backgammon's movement: mars is gnubg's gammon and koks its backgammon (no checker off, one on
 * the bar or in the winner's home), so gnubg scores every hand as we do. Layout as gnubg writes it (docs/replays.md):
 * White is the left column (gnubg's player 0, "X"), Black the right; moves in the mover's own numbering, 25 the
 * bar and 0 off, `*` a hit.
 */
import type { Side } from "../../engine";
import type { Replay } from "./replay";

/** Width of the left column of a move line (gnubg: `%3d) %-28s`). */
const LEFT = 28;
/** Where the right column starts: after `nnn) ` and the left column. */
const RIGHT_AT = 5 + LEFT;
/**
 * gnubg's reader (import.c, `ImportGame`) finds a line's right column by its second `:` or, on a line longer than
 * this, by a run of two spaces; a shorter line without `:` keeps the right column found on the line before, so
 * gnubg reads that entry again (a ` Takes` alone became a second `Doubles`). Such lines are padded past it.
 */
const GNUBG_SHORT_LINE = 15;

/** A player's name as one word: the score line `name : score` leaves no room for spaces or colons. */
export function matName(name: string, fallback: string): string {
  const word = name.trim().replace(/[\s:;]+/g, "_");
  return word === "" ? fallback : word;
}

function points(n: number): string {
  return `${n} point${n === 1 ? "" : "s"}`;
}

function stepText(step: { from: number; to: number; hit: boolean }): string {
  return `${step.from}/${step.to}${step.hit ? "*" : ""}`;
}

class Game {
  readonly lines: string[] = [];
  /** Whether any action (roll, cube action) is written yet. */
  acted = false;
  private number = 0;
  private left: string | null = null;
  private right: string | null = null;

  act(side: Side, text: string): void {
    this.acted = true;
    if (side === "white") {
      this.flush();
      this.left = text;
    } else {
      this.right = text;
      this.flush();
    }
  }

  /**
   * The `Wins` entry in the winner's column. As gnubg writes it: Black's completes a line White opened (White
   * dropped Black's double); otherwise it stands on an unnumbered line of its own.
   */
  wins(side: Side, text: string): void {
    if (side === "black" && this.left !== null && this.right === null) {
      this.right = text;
      this.flush();
      return;
    }
    this.flush();
    this.lines.push(side === "white" ? `     ${text}` : `${" ".repeat(RIGHT_AT)}${text}`);
  }

  flush(): void {
    if (this.left === null && this.right === null) return;
    this.number += 1;
    const left = this.left ?? "";
    const gap = left.length >= LEFT ? " " : "";
    const line = `${String(this.number).padStart(3)}) ${left.padEnd(LEFT)}${gap}${this.right ?? ""}`.trimEnd();
    this.lines.push(line.length <= GNUBG_SHORT_LINE && !line.includes(":") ? line.padEnd(RIGHT_AT) : line);
    this.left = null;
    this.right = null;
  }
}

/**
 * A hand ended before its first play (lost on time, resigned or forfeited while the starter held the opening roll):
 * gnubg ignores a `Wins` line in a game that has not begun, and would score it for nobody. The starter's roll,
 * written alone, begins it (gnubg records a roll with legal plays left unplayed, as the mover's dice).
 */
function openGame(game: Game, held: { side: Side; dice: [number, number] } | null): void {
  if (!game.acted && held) game.act(held.side, `${held.dice[0]}${held.dice[1]}:`);
}

/** The `.mat` text of a short-nardi replay (throws for long nardi: no gnubg file can describe it). */
export function toMat(replay: Replay): string {
  if (replay.ruleset.variant !== "short") throw new RangeError("only short nardi has a .mat form");
  const white = matName(replay.names.white, "White");
  const black = matName(replay.names.black, "Black");
  const out: string[] = [];
  out.push(`; [Site "nardi"]`);
  if (replay.tableId) out.push(`; [Match ID "${replay.tableId}"]`);
  out.push(`; [Player 1 "${white}"]`, `; [Player 2 "${black}"]`, `; [Variation "Backgammon"]`);
  out.push(`; [Ruleset "${replay.ruleset.preset}"]`, "");
  out.push(` ${replay.length} point match`, "");

  let game: Game | null = null;
  let dice: [number, number] | null = null;
  /** The roll its mover holds and has not played yet. */
  let held: { side: Side; dice: [number, number] } | null = null;
  /** The score when the current hand started (a match conceded mid-hand is scored from it). */
  let handScore = { white: 0, black: 0 };
  const close = () => {
    if (!game) return;
    game.flush();
    out.push(...game.lines, "");
    game = null;
  };
  for (const frame of replay.frames) {
    const event = frame.event;
    switch (event.type) {
      case "hand-started":
        close();
        game = new Game();
        held = null;
        handScore = { ...event.score };
        out.push(` Game ${event.hand}`, ` ${`${white} : ${event.score.white}`.padEnd(31)}${black} : ${event.score.black}`);
        break;
      case "rolled":
        dice = event.dice;
        held = { side: event.side, dice: event.dice };
        break;
      case "played":
        held = null;
        game?.act(event.side, `${dice![0]}${dice![1]}: ${event.steps.map(stepText).join(" ")}`);
        break;
      case "burned":
        held = null;
        game?.act(event.side, `${event.dice[0]}${event.dice[1]}:`);
        break;
      case "doubled":
        game?.act(event.side, ` Doubles => ${event.value}`);
        break;
      case "taken":
        game?.act(event.side, " Takes");
        break;
      case "dropped":
        game?.act(event.side, " Drops");
        break;
      case "hand-ended": {
        if (game) openGame(game, held);
        const matchOver = event.score[event.winner] >= replay.length;
        game?.wins(event.winner, ` Wins ${points(event.value)}${matchOver ? " and the match" : ""}`);
        close();
        break;
      }
      case "match-ended":
        // Ended inside a hand (resigned, forfeited, timed out): the winner takes what it still needed.
        if (game && event.winner) {
          openGame(game, held);
          const won = event.score[event.winner] - handScore[event.winner];
          (game as Game).wins(event.winner, ` Wins ${points(won)} and the match`);
        }
        close();
        break;
      default:
        break;
    }
  }
  close();
  return `${out.join("\n")}\n`;
}
