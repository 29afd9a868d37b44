/**
 * The analysis's evaluations, all with the committed networks of the bots (src/bot/neural.ts): the five chances of a
 * position in the point of view of one side, a play's value at 0-ply (the position after it, opponent on roll) and
 * at 1-ply (the opponent's 21 rolls, each answered by its best reply at 0-ply, averaged), and a position's outlook
 * before a roll (each of the 21 rolls played as well as 0-ply can).
 */
import { chancesOnRoll, committedEvaluator, valueOnRoll, type Evaluator, type Goal } from "../bot/neural";
import { LOSE_KOKS, LOSE_MARS, WIN, WIN_KOKS, WIN_MARS } from "../bot/net";
import { boardAt, CHECKERS_PER_SIDE, compactLegalPlays, handResult, OFF, opponent, type Board, type Dice, type Ruleset, type Side } from "../engine";

/** Chances in one side's own view: win, win mars (or better), win koks, lose mars (or worse), lose koks. */
export type Chances5 = [number, number, number, number, number];

/** The 21 distinct rolls (higher die first) and their chance (1/36 a double, 2/36 the others). */
export const ROLLS: ReadonlyArray<{ dice: Dice; weight: number }> = (() => {
  const out: Array<{ dice: Dice; weight: number }> = [];
  for (let a = 6; a >= 1; a--) for (let b = a; b >= 1; b--) out.push({ dice: [a, b], weight: a === b ? 1 / 36 : 2 / 36 });
  return out;
})();

export function rollIndex(dice: readonly [number, number]): number {
  const hi = Math.max(dice[0], dice[1]);
  const lo = Math.min(dice[0], dice[1]);
  return ROLLS.findIndex((r) => r.dice[0] === hi && r.dice[1] === lo);
}

export class Analyser {
  readonly ev: Evaluator;
  /** Network evaluations made (for the bench). */
  evaluations = 0;

  constructor(readonly ruleset: Ruleset) {
    this.ev = committedEvaluator(ruleset.variant);
  }

  /**
   * Recent evaluations by position: a turn's 1-ply of the played move evaluates exactly the positions the next
   * turn's luck and 0-ply need. Two generations of at most CACHE entries each, so memory stays bounded.
   */
  private cache = new Map<number, Cached>();
  private older = new Map<number, Cached>();

  /** `side`'s chances when it is about to roll in `board`. Do not change the array. */
  onRoll(board: Board, side: Side): Chances5 {
    if (won(board, side)) return this.ended(board, side, true);
    if (won(board, opponent(side))) return this.ended(board, opponent(side), false);
    const key = hashOf(board, side);
    const hit = this.cache.get(key) ?? this.older.get(key);
    if (hit && hit.side === side && same(hit.board, board)) return hit.chances;
    this.evaluations++;
    const c = chancesOnRoll(this.ev, board, side);
    const chances: Chances5 = [c[WIN]!, c[WIN_MARS]!, c[WIN_KOKS]!, c[LOSE_MARS]!, c[LOSE_KOKS]!];
    if (this.cache.size >= CACHE) {
      this.older = this.cache;
      this.cache = new Map();
    }
    this.cache.set(key, { board, side, chances });
    return chances;
  }

  /** `side`'s chances when its opponent is about to roll in `board` (right after `side` played). */
  afterPlay(board: Board, side: Side): Chances5 {
    if (won(board, side)) return this.ended(board, side, true);
    return flip(this.onRoll(board, opponent(side)));
  }

  private ended(board: Board, winner: Side, won: boolean): Chances5 {
    const points = handResult(board, winner, this.ruleset).points;
    const c: Chances5 = [1, points >= 2 ? 1 : 0, points >= 3 ? 1 : 0, 0, 0];
    return won ? c : flip(c);
  }

  /**
   * 1-ply value of `board` for `side`, who has just played: for each of the opponent's 21 rolls its best reply by
   * 0-ply (the one worth least to `side`: the goals are zero-sum), then `side`'s value on roll; weighted by chance.
   */
  onePly(board: Board, side: Side, opponentFirstTurn: boolean, goal: Goal): number {
    if (won(board, side)) return valueOnRoll(this.afterPlay(board, side), goal);
    const other = opponent(side);
    const position = { variant: this.ruleset.variant, board, turn: other };
    let total = 0;
    let stay: number | null = null;
    for (const { dice, weight } of ROLLS) {
      const plays = compactLegalPlays(position, dice, { firstTurn: opponentFirstTurn });
      let worst: number;
      if (plays.count === 0) {
        worst = stay ??= valueOnRoll(this.onRoll(board, side), goal);
      } else {
        worst = Infinity;
        for (let i = 0; i < plays.count; i++) {
          const v = valueOnRoll(this.onRoll(boardAt(plays, i), side), goal);
          if (v < worst) worst = v;
        }
      }
      total += weight * worst;
    }
    return total;
  }

  /**
   * Before `side` rolls in `board`: for each of the 21 rolls the value (for `goal`) of its best play at 0-ply, and
   * the chances after it; the chance-weighted mean of both. A burned roll leaves the board as it is.
   */
  outlook(board: Board, side: Side, firstTurn: boolean, goal: Goal): Outlook {
    const position = { variant: this.ruleset.variant, board, turn: side };
    const values: number[] = [];
    const mean: Chances5 = [0, 0, 0, 0, 0];
    let meanValue = 0;
    for (const { dice, weight } of ROLLS) {
      const plays = compactLegalPlays(position, dice, { firstTurn });
      let best = -Infinity;
      let bestChances: Chances5 | null = null;
      if (plays.count === 0) {
        bestChances = flip(this.onRoll(board, opponent(side)));
        best = valueOnRoll(bestChances, goal);
      }
      for (let i = 0; i < plays.count; i++) {
        const c = this.afterPlay(boardAt(plays, i), side);
        const v = valueOnRoll(c, goal);
        if (v > best) {
          best = v;
          bestChances = c;
        }
      }
      values.push(best);
      meanValue += weight * best;
      for (let k = 0; k < 5; k++) mean[k]! += weight * bestChances![k]!;
    }
    return { values, mean: meanValue, chances: mean };
  }
}

export interface Outlook {
  /** Per roll of ROLLS, the value of its best play. */
  values: number[];
  mean: number;
  /** The mean chances after the best play of each roll (the mover's view). */
  chances: Chances5;
}

const CACHE = 50_000;

/** A cached evaluation; the board is kept (never changed: boards here are fresh per play) to rule out a hash collision. */
interface Cached {
  board: Board;
  side: Side;
  chances: Chances5;
}

/** A 30-bit hash (a small integer: fast as a Map key) of a position and the side on roll; collisions are checked. */
function hashOf(board: Board, side: Side): number {
  let a = side === "white" ? 0x811c9dc5 : 0x01000193;
  const w = board.white;
  const k = board.black;
  for (let i = 0; i < 26; i++) a = Math.imul(a ^ (w[i]! + 16 * k[i]!), 0x01000193);
  return (a ^ (a >>> 15)) & 0x3fffffff;
}

function same(x: Board, y: Board): boolean {
  for (let i = 0; i < 26; i++) if (x.white[i] !== y.white[i] || x.black[i] !== y.black[i]) return false;
  return true;
}

function won(board: Board, side: Side): boolean {
  return (board[side][OFF] ?? 0) >= CHECKERS_PER_SIDE;
}

/** The same chances from the other side. */
export function flip(c: Chances5): Chances5 {
  return [1 - c[0], c[3], c[4], c[1], c[2]];
}
