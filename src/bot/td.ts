/**
 * Self-play training by TD(λ), as TD-Gammon: the network plays both sides greedily (0-ply), every position after a
 * play (the other side about to roll) is recorded with the network's chances, and at the end of the hand each
 * recorded position is moved toward its λ-return — the next position's chances (seen from this position's side)
 * blended with the later returns, the last one being the hand's real result. This is the forward view of TD(λ),
 * applied once per hand. Everything is deterministic from the seed: hand g rolls the dice of `handSeed(seed, g)`.
 */
import { expertPlay } from "./evaluate";
import { encode } from "./encoding";
import { isHandOver, opponent, seededDice, seededRandom, type HandResult, type Ruleset, type Side } from "./engine-adapter";
import { LOSE_KOKS, LOSE_MARS, OUTPUTS, sparseInput, WIN, WIN_KOKS, WIN_MARS, type SparseInput } from "./net";
import { bestPlay, pointsGoal, type Evaluator } from "./neural";
import { playHand, type Chooser } from "./selfplay";

/** A fresh network's parameters: uniform in ±0.1, from `seed`. */
export function randomizeParams(ev: Evaluator, seed: number): void {
  const rng = seededRandom(seed);
  for (let i = 0; i < ev.net.params.length; i++) ev.net.params[i] = (rng() - 0.5) * 0.2;
}

export function handSeed(seed: number, hand: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(hand + 1, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2f);
  return (h ^ (h >>> 13)) >>> 0;
}

/** The hand's result as the five chances (all 0 or 1) of `side`. */
export function outcomeFor(side: Side, winner: Side, result: HandResult, target: Float64Array): void {
  target.fill(0);
  const mars = result.points >= 2 ? 1 : 0;
  const koks = result.points >= 3 ? 1 : 0;
  if (side === winner) {
    target[WIN] = 1;
    target[WIN_MARS] = mars;
    target[WIN_KOKS] = koks;
  } else {
    target[LOSE_MARS] = mars;
    target[LOSE_KOKS] = koks;
  }
}

/** The same chances seen from the other side. */
function flipInto(c: Float64Array, into: Float64Array): void {
  const win = c[WIN]!, wm = c[WIN_MARS]!, wk = c[WIN_KOKS]!, lm = c[LOSE_MARS]!, lk = c[LOSE_KOKS]!;
  into[WIN] = 1 - win;
  into[WIN_MARS] = lm;
  into[WIN_KOKS] = lk;
  into[LOSE_MARS] = wm;
  into[LOSE_KOKS] = wk;
}

/** The positions of one hand, as encoded inputs with the side on roll and the network's chances then. */
class HandRecord {
  private active = new Int32Array(1 << 16);
  private values = new Float64Array(1 << 16);
  private starts: number[] = [];
  private ends: number[] = [];
  sides: Side[] = [];
  chances: Float64Array[] = [];

  clear(): void {
    this.starts.length = 0;
    this.ends.length = 0;
    this.sides.length = 0;
    this.chances.length = 0;
  }

  get length(): number {
    return this.sides.length;
  }

  add(x: SparseInput, side: Side, chances: Float64Array): void {
    const start = this.ends.length > 0 ? this.ends[this.ends.length - 1]! : 0;
    if (start + x.count > this.active.length) {
      const active = new Int32Array(this.active.length * 2);
      active.set(this.active);
      const values = new Float64Array(this.values.length * 2);
      values.set(this.values);
      this.active = active;
      this.values = values;
    }
    for (let k = 0; k < x.count; k++) {
      const i = x.active[k]!;
      this.active[start + k] = i;
      this.values[start + k] = x.values[i]!;
    }
    this.starts.push(start);
    this.ends.push(start + x.count);
    this.sides.push(side);
    this.chances.push(Float64Array.from(chances));
  }

  /** Loads position t into `x` (whose values must be all zero for indices not listed; cleared after use). */
  load(t: number, x: SparseInput): void {
    for (let k = 0; k < x.count; k++) x.values[x.active[k]!] = 0;
    const start = this.starts[t]!;
    const end = this.ends[t]!;
    x.count = end - start;
    for (let k = 0; k < x.count; k++) {
      const i = this.active[start + k]!;
      x.active[k] = i;
      x.values[i] = this.values[start + k]!;
    }
  }
}

export interface Trainer {
  ev: Evaluator;
  ruleset: Ruleset;
  alpha: number;
  lambda: number;
  record: HandRecord;
  x: SparseInput;
  scratch: Float64Array;
}

export function newTrainer(ev: Evaluator, ruleset: Ruleset, alpha: number, lambda: number): Trainer {
  return {
    ev,
    ruleset,
    alpha,
    lambda,
    record: new HandRecord(),
    x: sparseInput(ev.net.inputs),
    scratch: new Float64Array(OUTPUTS + ev.net.hidden),
  };
}

/** Plays training hand `hand` of `seed` against itself and learns from it; returns its squared error and turns. */
export function trainHand(tr: Trainer, seed: number, hand: number): { loss: number; positions: number; turns: number } {
  const { ev, record } = tr;
  const goal = pointsGoal(tr.ruleset.koks);
  record.clear();
  const chooser: Chooser = (position, plays) => {
    const play = bestPlay(ev, position, plays, goal);
    const onRoll = opponent(position.turn);
    if (!isHandOver(play.board)) {
      encode(ev.variant, play.board, onRoll, ev.input);
      record.add(ev.input, onRoll, ev.net.evaluate(ev.input));
    }
    return play;
  };
  const starter: Side = hand % 2 === 0 ? "white" : "black";
  const done = playHand(tr.ruleset, { white: chooser, black: chooser }, starter, seededDice(handSeed(seed, hand)));

  // λ-returns from the end backwards, each in the chances of its own side on roll.
  const target = new Float64Array(OUTPUTS);
  const next = new Float64Array(OUTPUTS);
  const seen = new Float64Array(OUTPUTS);
  let loss = 0;
  for (let t = record.length - 1; t >= 0; t--) {
    const side = record.sides[t]!;
    if (t === record.length - 1) {
      outcomeFor(side, done.winner, done.result, target);
    } else {
      // target (the return of t + 1, in its side's view) and the chances at t + 1, both turned to this side.
      const laterSide = record.sides[t + 1]!;
      if (laterSide === side) {
        seen.set(record.chances[t + 1]!);
        next.set(target);
      } else {
        flipInto(record.chances[t + 1]!, seen);
        flipInto(target, next);
      }
      for (let o = 0; o < OUTPUTS; o++) target[o] = (1 - tr.lambda) * seen[o]! + tr.lambda * next[o]!;
    }
    record.load(t, tr.x);
    loss += ev.net.train(tr.x, target, tr.alpha, tr.scratch);
  }
  return { loss, positions: record.length, turns: done.turns };
}

/** Points per hand and wins of the network against the intermediate (hand-written) bot over `hands` seeded hands. */
export function versusIntermediate(ev: Evaluator, ruleset: Ruleset, hands: number, seed: number): { points: number[]; wins: number } {
  const goal = pointsGoal(ruleset.koks);
  const net: Chooser = (position, plays) => bestPlay(ev, position, plays, goal);
  const expert: Chooser = (position, plays) => expertPlay(position, plays);
  const points: number[] = [];
  let wins = 0;
  for (let g = 0; g < hands; g++) {
    // The network is white; starters alternate and each seed's dice are played with both starters in turn.
    const starter: Side = g % 2 === 0 ? "white" : "black";
    const done = playHand(ruleset, { white: net, black: expert }, starter, seededDice(handSeed(seed, g >> 1)));
    const won = done.winner === "white";
    if (won) wins++;
    points.push(won ? done.result.points : -done.result.points);
  }
  return { points, wins };
}
