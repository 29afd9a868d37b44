/**
 * The opponent's moves shown checker by checker: each step flies one checker from its place to the next (a hit
 * checker then flies to the bar), at a readable pace. A new hand first shows its set-up, so a computer's opening
 * move never looks like a wrong set-up. The viewer's own moves are drawn at once (they just made them). Skippable;
 * with prefers-reduced-motion the final board is drawn at once.
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

export const FLIGHT_MS = 420;
export const SETUP_MS = 900;

/** How many of `side`'s checkers are at its own place `own`. */
const countAt = (board: Board, side: Side, own: number) => board[side][own] ?? 0;

/**
 * The beats that take the board from `start` through `events`. Steps of `viewer` (the player's own moves) and of
 * nobody worth animating give no flights; the returned board is where the events leave the board.
 */
export function plan(start: Board, events: readonly LoggedEvent[], variant: Variant, viewer: Side | null): { beats: Beat[]; board: Board } {
  const beats: Beat[] = [];
  let board = start;
  let dice: readonly [number, number] | null = null;
  let diceSide: Side | null = null;
  for (const { event: e } of events) {
    if (e.type === "hand-started") {
      board = initialBoard(variant);
      dice = null;
      diceSide = null;
      beats.push({ board, dice, diceSide, ms: SETUP_MS });
    } else if (e.type === "opening-roll" && e.starter) {
      dice = [Math.max(e.white, e.black), Math.min(e.white, e.black)];
      diceSide = e.starter;
    } else if (e.type === "rolled") {
      dice = e.dice;
      diceSide = e.side;
    } else if (e.type === "played") {
      const side = e.side;
      for (const step of e.steps) {
        const after = applyStep(board, variant, side, step);
        if (side !== viewer) {
          const lifted = cloneBoard(board);
          lifted[side][step.from] = countAt(board, side, step.from) - 1;
          const fly = {
            side,
            from: slotOf(variant, side, step.from),
            fromIndex: countAt(board, side, step.from) - 1,
            to: slotOf(variant, side, step.to),
            toIndex: step.hit ? 0 : countAt(lifted, side, step.to),
          };
          beats.push({ board: lifted, dice, diceSide, ms: FLIGHT_MS, fly });
          if (step.hit) {
            const other = opponent(side);
            const inFlight = cloneBoard(after);
            inFlight[other][BAR] = countAt(after, other, BAR) - 1;
            const barIndex = countAt(inFlight, other, BAR);
            beats.push({ board: inFlight, dice, diceSide, ms: FLIGHT_MS, fly: { side: other, from: fly.to, fromIndex: 0, to: `bar-${other}`, toIndex: barIndex } });
          }
        }
        board = after;
      }
    }
  }
  return { beats, board };
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
