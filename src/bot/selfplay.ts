/**
 * One hand between two move choosers, straight on the engine (legal plays → chosen play's board →
 * hand over?), for the benchmark and the tests. The first roll follows the ruleset's opening rule: when
 * the starter plays the opening dice they are never a double (a tied opening roll is rolled again).
 */
import {
  handResult,
  initialPosition,
  isHandOver,
  opponent,
  type Board,
  type Dice,
  type DiceSource,
  type HandResult,
  type Play,
  type PlayContext,
  type Position,
  type Ruleset,
  type Side,
} from "../engine";
import { playsOf } from "./engine-adapter";

export type Chooser = (position: Position, plays: Play[], dice: Dice, ctx: PlayContext) => Play;

export interface HandRecord {
  winner: Side;
  result: HandResult;
  turns: number;
  /** Every play's notation in order ("" for a burned roll), to compare replays. */
  moves: string[];
  board: Board;
}

export interface HandOptions {
  /** Wraps each turn's move generation and choice, e.g. to time it. */
  aroundTurn?: (mover: Side, turn: () => Play | null) => Play | null;
  /** A hand running longer than this is a bug (it would otherwise spin forever). */
  maxTurns?: number;
}

export function playHand(
  ruleset: Ruleset,
  choosers: Record<Side, Chooser>,
  starter: Side,
  dice: DiceSource,
  options: HandOptions = {},
): HandRecord {
  const maxTurns = options.maxTurns ?? 2000;
  let position = initialPosition(ruleset.variant, starter);
  const firstTurn: Record<Side, boolean> = { white: true, black: true };
  const moves: string[] = [];
  for (let turns = 1; turns <= maxTurns; turns++) {
    let d1 = dice.die();
    let d2 = dice.die();
    while (turns === 1 && ruleset.opening === "play-opening-dice" && d1 === d2) {
      d1 = dice.die();
      d2 = dice.die();
    }
    const mover = position.turn;
    const current = position;
    const turn = (): Play | null => {
      const ctx = { firstTurn: firstTurn[mover] };
      const plays = playsOf(current, [d1, d2], ctx);
      return plays.length > 0 ? choosers[mover](current, plays, [d1, d2], ctx) : null;
    };
    const play = options.aroundTurn ? options.aroundTurn(mover, turn) : turn();
    moves.push(play ? play.notation : "");
    firstTurn[mover] = false;
    const board = play ? play.board : position.board;
    const winner = isHandOver(board);
    if (winner) return { winner, result: handResult(board, winner, ruleset), turns, moves, board };
    position = { variant: ruleset.variant, board, turn: opponent(mover) };
  }
  throw new Error(`hand did not end within ${maxTurns} turns`);
}
