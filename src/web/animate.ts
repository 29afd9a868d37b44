/**
 * The opponent's moves shown checker by checker: first its roll (the dice on the board before anything moves), then
 * each step flies one checker from its place to the next (a hit checker then flies to the bar). A whole opposing
 * turn — its roll, all its steps, or a burned roll — takes one turn's time at the chosen pace (about 1 s at
 * "normal"; "slow" is kept in localStorage), however many steps it has. A new hand first shows its set-up, so a
 * computer's opening move never looks like a wrong set-up. The viewer's own moves are drawn at once (they just
 * made them). Skippable; with prefers-reduced-motion the final board is drawn at once.
 */
import { cloneBoard, initialBoard, opponent } from "../engine/position";
import { BAR, type Board, type Side, type Variant } from "../engine/types";
import type { LoggedEvent } from "../protocol";
import { checkerCentre, flyingChecker, type Slot } from "./board";
import { slotOf } from "./slots";
import { applyStep } from "./turn";

/** One moment of the show: a board to draw (with the dice of the side moving), and maybe a checker in flight. */
export interface Beat {
  board: Board;
  dice: readonly [number, number] | null;
  diceSide: Side | null;
  /** How long the beat lasts, in ms (a flight takes this long). */
  ms: number;
  fly?: { side: Side; from: Slot; fromIndex: number; to: Slot; toIndex: number };
}

/** How fast the opponent's turns are shown. */
export type Pace = "normal" | "slow";
export const PACES: readonly Pace[] = ["normal", "slow"];
/** A whole opposing turn (its roll shown, then all its flights), in ms. */
export const TURN_MS: Record<Pace, number> = { normal: 1000, slow: 2500 };
/** A new hand's set-up, shown before its first move. */
export const SETUP_MS: Record<Pace, number> = { normal: 600, slow: 1200 };
/** The part of a turn's time its dice are shown before the first checker moves. */
export const ROLL_SHARE = 0.3;

const PACE_KEY = "nardi.pace";

export function loadPace(): Pace {
  try {
    return localStorage.getItem(PACE_KEY) === "slow" ? "slow" : "normal";
  } catch {
    return "normal";
  }
}

export function savePace(pace: Pace): void {
  localStorage.setItem(PACE_KEY, pace);
}

/** The show's plan: its beats, where it leaves the board, how many opposing turns it shows and how long it lasts. */
export interface Plan {
  beats: Beat[];
  board: Board;
  turns: number;
  /** New hands whose set-up it shows. */
  setups: number;
  totalMs: number;
}

/** The dice held at the end of `events` (a roll not yet played), as the show needs them before the next play. */
export interface Held {
  dice: readonly [number, number] | null;
  side: Side | null;
}

/** The dice held at the end of `events`: the last roll, unless a play, a burn or a new hand came after it. */
export function heldDice(events: readonly LoggedEvent[]): Held {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!.event;
    if (e.type === "rolled") return { dice: e.dice, side: e.side };
    if (e.type === "opening-roll" && e.starter) return { dice: [Math.max(e.white, e.black), Math.min(e.white, e.black)], side: e.starter };
    if (e.type === "played" || e.type === "burned" || e.type === "hand-started" || e.type === "opening-roll") return { dice: null, side: null };
  }
  return { dice: null, side: null };
}

/** How many of `side`'s checkers are at its own place `own`. */
const countAt = (board: Board, side: Side, own: number) => board[side][own] ?? 0;

/**
 * The beats that take the board from `start` through `events`. Steps of `viewer` (the player's own moves) give no
 * beats; each other turn gives a beat with its dice on the board before it moves, then its flights, all within
 * TURN_MS[pace]. `held` is the roll made before `events` (a roll sent in an earlier update). The returned board is
 * where the events leave the board.
 */
export function plan(start: Board, events: readonly LoggedEvent[], variant: Variant, viewer: Side | null, pace: Pace = "normal", held: Held = { dice: null, side: null }): Plan {
  const beats: Beat[] = [];
  let board = start;
  let dice = held.dice;
  let diceSide = held.side;
  let turns = 0;
  let setups = 0;
  /** The beats of the opposing turn being planned (its roll beat first), timed once the turn is complete. */
  let turn: Beat[] | null = null;
  const rollBeat = (): Beat[] => [{ board, dice, diceSide, ms: 0 }];
  const finish = (t: Beat[]) => {
    const flights = t.length - 1;
    const total = TURN_MS[pace];
    const roll = flights === 0 ? total : Math.round(total * ROLL_SHARE);
    t[0]!.ms = roll;
    for (let i = 1; i < t.length; i++) t[i]!.ms = Math.round((total - roll) / flights);
    // The rounding's remainder goes to the last flight, so the turn lasts exactly its time.
    const sum = t.reduce((a, b) => a + b.ms, 0);
    t[t.length - 1]!.ms += total - sum;
    beats.push(...t);
    turns++;
  };
  for (const { event: e } of events) {
    if (e.type === "hand-started") {
      board = initialBoard(variant);
      dice = null;
      diceSide = null;
      turn = null;
      setups++;
      beats.push({ board, dice, diceSide, ms: SETUP_MS[pace] });
    } else if (e.type === "opening-roll" && e.starter) {
      dice = [Math.max(e.white, e.black), Math.min(e.white, e.black)];
      diceSide = e.starter;
      turn = e.starter !== viewer ? rollBeat() : null;
    } else if (e.type === "rolled") {
      dice = e.dice;
      diceSide = e.side;
      turn = e.side !== viewer ? rollBeat() : null;
    } else if (e.type === "burned") {
      if (e.side !== viewer) {
        dice = e.dice;
        diceSide = e.side;
        finish(turn ?? rollBeat());
      }
      turn = null;
    } else if (e.type === "played") {
      const side = e.side;
      const mine = side === viewer;
      const t = mine ? null : (turn ?? rollBeat());
      for (const step of e.steps) {
        const after = applyStep(board, variant, side, step);
        if (t) {
          const lifted = cloneBoard(board);
          lifted[side][step.from] = countAt(board, side, step.from) - 1;
          const fly = {
            side,
            from: slotOf(variant, side, step.from),
            fromIndex: countAt(board, side, step.from) - 1,
            to: slotOf(variant, side, step.to),
            toIndex: step.hit ? 0 : countAt(lifted, side, step.to),
          };
          t.push({ board: lifted, dice, diceSide, ms: 0, fly });
          if (step.hit) {
            const other = opponent(side);
            const inFlight = cloneBoard(after);
            inFlight[other][BAR] = countAt(after, other, BAR) - 1;
            const barIndex = countAt(inFlight, other, BAR);
            t.push({ board: inFlight, dice, diceSide, ms: 0, fly: { side: other, from: fly.to, fromIndex: 0, to: `bar-${other}`, toIndex: barIndex } });
          }
        }
        board = after;
      }
      if (t) finish(t);
      turn = null;
      dice = null;
      diceSide = null;
    }
  }
  return { beats, board, turns, setups, totalMs: beats.reduce((a, b) => a + b.ms, 0) };
}

/** Whether the viewer asked the system for less motion. */
export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Plays beats one after another into the board box. `draw` renders a beat's board (and returns the SVG), `done`
 * runs once the queue is empty (to draw the live state). `skip()` ends everything at once.
 */
export class Animator {
  #queue: Beat[] = [];
  #running = false;
  #skip: (() => void) | null = null;

  constructor(
    private readonly draw: (beat: Beat) => SVGSVGElement,
    private readonly done: () => void,
    private readonly variant: () => Variant,
    private readonly viewer: () => Side,
    private readonly onBeat: (beat: Beat) => void = () => undefined,
  ) {}

  get running(): boolean {
    return this.#running;
  }

  enqueue(beats: Beat[]): void {
    if (beats.length === 0) return;
    this.#queue.push(...beats);
    if (!this.#running) void this.#run();
  }

  /** Ends the show: the queue is dropped and the live state is drawn. */
  skip(): void {
    this.#queue.length = 0;
    this.#skip?.();
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      for (let beat = this.#queue.shift(); beat; beat = this.#queue.shift()) {
        const svg = this.draw(beat);
        this.onBeat(beat);
        await this.#show(svg, beat);
      }
    } finally {
      this.#running = false;
      this.#skip = null;
      this.done();
    }
  }

  /** Waits for the beat's time (its flight, if any), or a skip. */
  #show(svg: SVGSVGElement, beat: Beat): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let flight: Animation | null = null;
      const finish = () => {
        if (timer !== null) clearTimeout(timer);
        flight?.cancel();
        this.#skip = null;
        resolve();
      };
      this.#skip = finish;
      if (beat.fly) {
        const model = { variant: this.variant(), viewer: this.viewer() };
        const from = checkerCentre(model, beat.fly.from, beat.fly.fromIndex);
        const to = checkerCentre(model, beat.fly.to, beat.fly.toIndex);
        const el = flyingChecker(beat.fly.side, from);
        el.setAttribute("data-testid", "flying");
        svg.append(el);
        if (typeof el.animate === "function") {
          flight = el.animate([{ transform: "translate(0px, 0px)" }, { transform: `translate(${to.x - from.x}px, ${to.y - from.y}px)` }], {
            duration: beat.ms,
            easing: "ease-in-out",
            fill: "forwards",
          });
        }
      }
      timer = setTimeout(finish, beat.ms);
    });
  }
}
