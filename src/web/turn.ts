/**
 * Building a turn by clicks, offered ONLY from the server's legal plays. The server sends one step sequence
 * per distinct legal play; the steps chosen so far (in any order) must be a part of some legal play's steps
 * (or of the same play with one checker's two dice the other way round), and the next choices are the
 * remaining steps of those plays whose checker is really there now. A checker
 * may also be sent along a chain of its remaining steps in one click (24/18/13). Confirming sends the
 * matched play's own step sequence, which the server generated and so accepts in that order.
 */
import { allHome, cloneBoard, fromAbsolute, opponent, toAbsolute } from "../engine/position";
import { BAR, OFF, type Board, type Side, type Variant } from "../engine/types";
import type { LegalPlayView } from "../protocol";

export interface StepChoice {
  from: number;
  to: number;
}

/** A destination reachable from a source in one click: the steps that get the checker there. */
export interface Destination {
  to: number;
  steps: StepChoice[];
}

function sameStep(a: StepChoice, b: StepChoice): boolean {
  return a.from === b.from && a.to === b.to;
}

/** `steps` minus the multiset `taken`, or null when `taken` is not contained in `steps`. */
function remainder(steps: readonly StepChoice[], taken: readonly StepChoice[]): StepChoice[] | null {
  const left = steps.map((s) => ({ from: s.from, to: s.to }));
  for (const t of taken) {
    const i = left.findIndex((s) => sameStep(s, t));
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

/** The board after one step of `side` (own numbering), hitting a lone opponent checker it lands on. */
export function applyStep(board: Board, variant: Variant, side: Side, step: StepChoice): Board {
  const other = opponent(side);
  const next = cloneBoard(board);
  const mine = next[side];
  const theirs = next[other];
  mine[step.from] = (mine[step.from] ?? 0) - 1;
  mine[step.to] = (mine[step.to] ?? 0) + 1;
  if (step.to !== OFF) {
    const theirPoint = fromAbsolute(variant, other, toAbsolute(variant, side, step.to));
    // Only short nardi can land on a lone opponent checker; long nardi's legal steps never do.
    if ((theirs[theirPoint] ?? 0) === 1) {
      theirs[theirPoint] = 0;
      theirs[BAR] = (theirs[BAR] ?? 0) + 1;
    }
  }
  return next;
}

/** A legal play and one order of its steps in which a player may take them. */
interface StepOrder {
  play: LegalPlayView;
  steps: StepChoice[];
}

/**
 * The step orders offered for a play: the server's own, and for one checker that uses both dice of a
 * non-double (24/18/13), the other die first (24/19/13) when the point in between is free of opponent
 * checkers (so nothing is hit there and the play stays the same).
 */
function stepOrders(play: LegalPlayView, opponentAt: (ownPoint: number) => number): StepOrder[] {
  const own: StepOrder = { play, steps: play.steps.map(({ from, to }) => ({ from, to })) };
  const [a, b] = play.steps;
  if (play.steps.length !== 2 || !a || !b || a.to !== b.from || a.hit || b.to === OFF) return [own];
  const first = a.from - a.to;
  const second = b.from - b.to;
  const middle = a.from - second;
  if (first === second || middle < 1 || middle > 24 || opponentAt(middle) > 0) return [own];
  return [own, { play, steps: [{ from: a.from, to: middle }, { from: middle, to: b.to }] }];
}

export class TurnBuilder {
  /** Click groups (one source→destination each), so undo takes back what one click did. */
  private readonly groups: StepChoice[][] = [];
  readonly plays: readonly LegalPlayView[];
  private readonly orders: StepOrder[];

  constructor(
    plays: readonly LegalPlayView[],
    readonly side: Side,
    readonly variant: Variant,
    readonly start: Board,
  ) {
    // No legal play at all is the same as the empty play: the roll is burned.
    this.plays = plays.length > 0 ? plays : [{ play: "", steps: [], board: start }];
    const other = opponent(side);
    const opponentAt = (p: number) => start[other][fromAbsolute(variant, other, toAbsolute(variant, side, p))] ?? 0;
    this.orders = this.plays.flatMap((p) => stepOrders(p, opponentAt));
  }

  get chosen(): StepChoice[] {
    return this.groups.flat();
  }

  /** The roll cannot be played at all (only the empty play is legal). */
  get burned(): boolean {
    return this.plays.length > 0 && this.plays.every((p) => p.steps.length === 0);
  }

  get board(): Board {
    let b = this.start;
    for (const st of this.chosen) b = applyStep(b, this.variant, this.side, st);
    return b;
  }

  /** For each step order still consistent with the chosen steps: its remaining steps. */
  private remaining(): StepChoice[][] {
    const chosen = this.chosen;
    const out: StepChoice[][] = [];
    for (const o of this.orders) {
      const left = remainder(o.steps, chosen);
      if (left) out.push(left);
    }
    return out;
  }

  /**
   * Whether `step` may come next on `board`. The server's plays are legal in their own order; when the player
   * takes their steps in another order, two rules of order still hold: a checker on the bar enters before
   * anything else moves, and bearing off waits until every checker is home.
   */
  private inOrder(board: Board, step: StepChoice): boolean {
    const mine = board[this.side];
    if ((mine[step.from] ?? 0) <= 0) return false;
    if ((mine[BAR] ?? 0) > 0 && step.from !== BAR) return false;
    return step.to !== OFF || allHome(mine);
  }

  /** Every destination of a checker on own point `from` (BAR for the bar), chains included. */
  destinations(from: number): Destination[] {
    const found = new Map<number, StepChoice[]>();
    const walk = (board: Board, at: number, left: StepChoice[], path: StepChoice[]) => {
      for (let i = 0; i < left.length; i++) {
        const st = left[i] as StepChoice;
        if (st.from !== at || !this.inOrder(board, st)) continue;
        const nextPath = [...path, st];
        // Prefer the shortest path to each destination (fewest steps).
        const known = found.get(st.to);
        if (!known || known.length > nextPath.length) found.set(st.to, nextPath);
        if (st.to !== OFF) {
          const after = applyStep(board, this.variant, this.side, st);
          walk(after, st.to, [...left.slice(0, i), ...left.slice(i + 1)], nextPath);
        }
      }
    };
    const board = this.board;
    for (const left of this.remaining()) walk(board, from, left, []);
    return [...found.entries()].map(([to, steps]) => ({ to, steps })).sort((a, b) => b.to - a.to);
  }

  /** Own points (BAR included) holding a checker that some consistent legal play moves next. */
  sources(): number[] {
    if (this.complete()) return [];
    const board = this.board;
    const set = new Set<number>();
    for (const left of this.remaining()) for (const st of left) if (this.inOrder(board, st)) set.add(st.from);
    return [...set].sort((a, b) => b - a);
  }

  /** Moves a checker from `from` to `to` along the steps found by `destinations`. */
  move(from: number, to: number): boolean {
    const d = this.destinations(from).find((x) => x.to === to);
    if (!d) return false;
    this.groups.push(d.steps);
    return true;
  }

  undo(): void {
    this.groups.pop();
  }

  reset(): void {
    this.groups.length = 0;
  }

  get canUndo(): boolean {
    return this.groups.length > 0;
  }

  /** The legal play the chosen steps make, once they are all of one play's steps. */
  complete(): LegalPlayView | null {
    const chosen = this.chosen;
    for (const o of this.orders) {
      if (o.steps.length !== chosen.length) continue;
      const left = remainder(o.steps, chosen);
      if (left && left.length === 0) return o.play;
    }
    return null;
  }

  /** Which dice the chosen steps have used, for greying them out (a bear-off may use a larger die). */
  usedDice(dice: readonly [number, number]): boolean[] {
    const faces = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
    const used = faces.map(() => false);
    for (const st of this.chosen) {
      const dist = st.from - st.to;
      let i = faces.findIndex((f, k) => !used[k] && f === dist);
      if (i < 0) {
        let best = -1;
        faces.forEach((f, k) => {
          if (!used[k] && f >= dist && (best < 0 || f < (faces[best] ?? 7))) best = k;
        });
        i = best;
      }
      if (i >= 0) used[i] = true;
    }
    return used;
  }
}
