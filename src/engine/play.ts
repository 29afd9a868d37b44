/**
 * Applying a player's play: parse it, walk its steps one by one on the position, and either return the
 * matching legal play or say with a stable code WHY it is illegal.
 */
import { fail, ok } from "./errors";
import { boardAfter } from "./legal";
import * as gen from "./movegen";
import { formatPlay, formatStep, parsePlay } from "./notation";
import { boardKey, cloneBoard, validateDice } from "./position";
import type { Dice, Play, PlayContext, Position, Result, RuleErrorCode, Step } from "./types";
import { BAR, OFF } from "./types";

type StepInput = Pick<Step, "from" | "to"> & { hit?: boolean };

const STEP_ERRORS: Record<number, [RuleErrorCode, string]> = {
  [gen.STEP_NO_CHECKER]: ["NO_CHECKER", "there is no checker of yours there"],
  [gen.STEP_ENTER_FIRST]: ["MUST_ENTER_FIRST", "a checker on the bar must enter before any other moves"],
  [gen.STEP_BLOCKED]: ["BLOCKED_POINT", "the landing point is closed"],
  [gen.STEP_HEAD]: ["HEAD_RULE", "only one checker may leave the head this turn"],
  [gen.STEP_SIX_BLOCK]: ["SIX_BLOCK", "this would make a block of six with no opponent checker ahead of it"],
  [gen.STEP_CANNOT_BEAR_OFF]: ["CANNOT_BEAR_OFF", "bearing off needs all 15 checkers in your home"],
  [gen.STEP_HIGHER_CHECKER]: ["CANNOT_BEAR_OFF", "a larger die bears off only from the highest occupied point"],
};

interface Failure {
  /** Index of the caller's step that failed; complete-but-not-legal walks use the step count. */
  at: number;
  code: RuleErrorCode;
  message: string;
}

/** What every walk (one per order of the written steps) found: the legal plays reached, by final position. */
interface Routes {
  /** Final board key → the caller's steps (hits marked) of the first route that reached it. */
  readonly found: Map<string, Step[]>;
  /** The first route that reached a legal play but put a `*` where nothing is hit. */
  falseHit: string | null;
}

/**
 * The walk's search over which remaining die (or dice, for a combined `24/13`) each written step uses. It
 * searches every route, not just the first: a step over several dice may pass different points (`8/1` with 5-2
 * goes by 3 or by 6) and so end in different positions, which the caller must then tell apart.
 */
class Walk {
  failure: Failure | null = null;
  /** Dice used by a walk that applied every step but did not end in a legal position. */
  completedDice = -1;
  completedPips = 0;
  /** How many dice each written step used on the current route. */
  private readonly used: number[] = [];

  constructor(
    private readonly steps: readonly StepInput[],
    private readonly remaining: number[],
    private readonly position: Position,
    private readonly routes: Routes,
  ) {}

  private fail(at: number, code: RuleErrorCode, message: string): void {
    if (!this.failure || at > this.failure.at) this.failure = { at, code, message };
  }

  run(i: number): void {
    if (i === this.steps.length) return this.finish();
    const { from, to } = this.steps[i]!;
    const where = `step ${i + 1} (${from === BAR ? "bar" : from}/${to === OFF ? "off" : to})`;
    if (this.remaining.length === 0) {
      this.fail(i, "TOO_MANY_STEPS", `${where}: the dice are already used`);
      return;
    }
    if (gen.me[from] === 0) {
      this.fail(i, "NO_CHECKER", `${where}: there is no checker of yours there`);
      return;
    }
    if (from !== BAR && gen.me[BAR]! > 0) {
      this.fail(i, "MUST_ENTER_FIRST", `${where}: a checker on the bar must enter first`);
      return;
    }
    const candidates = this.dieSequences(from, to);
    if (candidates.length === 0) {
      this.fail(i, "WRONG_DISTANCE", `${where}: no remaining die (${this.remaining.join("-")}) moves ${from === BAR ? "bar" : from} to ${to === OFF ? "off" : to}`);
      return;
    }
    for (const seq of candidates) {
      let applied = 0;
      let p = from;
      let error = gen.STEP_OK;
      for (const d of seq) {
        error = gen.step(p, d);
        if (error !== gen.STEP_OK) break;
        applied++;
        p = Math.max(OFF, p - d);
      }
      if (error === gen.STEP_OK) {
        for (const d of seq) this.remaining.splice(this.remaining.indexOf(d), 1);
        this.used[i] = seq.length;
        this.run(i + 1);
        this.remaining.push(...seq);
        this.remaining.sort((a, b) => b - a);
      } else {
        const [code, message] = STEP_ERRORS[error] ?? ["ILLEGAL_PLAY", "illegal step"];
        this.fail(i, code, `${where}: ${message}`);
      }
      for (let k = 0; k < applied; k++) gen.undo();
    }
  }

  /** Orders of remaining dice that could carry a checker from `from` to `to` (single dice first). */
  private dieSequences(from: number, to: number): number[][] {
    const out: number[][] = [];
    const seen = new Set<string>();
    const extend = (seq: number[], left: number[], pos: number): void => {
      for (let k = 0; k < left.length; k++) {
        const d = left[k]!;
        const next = pos - d;
        const s = [...seq, d];
        const key = s.join(",");
        if (seen.has(key)) continue;
        seen.add(key);
        if (to === OFF ? next <= 0 : next === to) out.push(s);
        else if (next > Math.max(to, 0)) extend(s, [...left.slice(0, k), ...left.slice(k + 1)], next);
      }
    };
    extend([], [...this.remaining].sort((a, b) => a - b), from);
    return out.sort((a, b) => a.length - b.length);
  }

  private finish(): void {
    if (gen.findLeaf() >= 0) {
      const steps: Step[] = [];
      for (let k = 0; k < gen.depth; k++) {
        steps.push({ from: gen.stackFrom[k]!, to: gen.stackTo[k]!, hit: gen.stackHit[k] === 1 });
      }
      const falseHit = this.falseHitMark(steps);
      if (falseHit !== null) {
        this.routes.falseHit ??= falseHit;
        return;
      }
      const key = boardKey(boardAfter(this.position, steps));
      if (!this.routes.found.has(key)) this.routes.found.set(key, steps);
      return;
    }
    let pips = 0;
    for (let k = 0; k < gen.depth; k++) pips += gen.stackDie[k]!;
    if (gen.depth > this.completedDice) {
      this.completedDice = gen.depth;
      this.completedPips = pips;
    }
  }

  /** A written step marked `*` whose last die (the one landing on the written point) hits nothing, as an error message. */
  private falseHitMark(played: readonly Step[]): string | null {
    let end = 0;
    for (let i = 0; i < this.steps.length; i++) {
      end += this.used[i]!;
      const written = this.steps[i]!;
      if (written.hit && !played[end - 1]!.hit) {
        return `${formatStep(written)}: a * marks a hit, but no opponent checker is hit on ${written.to === OFF ? "off" : written.to}`;
      }
    }
    return null;
  }
}

function normalise(play: unknown): Result<StepInput[]> {
  if (typeof play === "string") return parsePlay(play);
  if (!Array.isArray(play)) return fail("BAD_NOTATION", "a play is a string or an array of {from, to} steps");
  const steps: StepInput[] = [];
  for (const s of play as unknown[]) {
    const { from, to } = (s ?? {}) as Record<string, unknown>;
    if (
      typeof from !== "number" ||
      typeof to !== "number" ||
      !Number.isInteger(from) ||
      !Number.isInteger(to) ||
      from < 1 ||
      from > BAR ||
      to < OFF ||
      to >= BAR
    ) {
      return fail("BAD_NOTATION", "each step is {from: 1..25, to: 0..24}");
    }
    steps.push({ from, to });
  }
  return ok(steps);
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}

/**
 * Checks a play (notation or steps) for `position` and `dice`. A legal play comes back as the matching
 * legal `Play` (final board; the caller's steps with hits marked); the position's turn is NOT switched.
 * Steps may use the dice in any order; a step that uses several dice (`24/13` for 6-5) is expanded.
 */
export function applyPlay(
  position: Position,
  dice: Dice,
  ctx: PlayContext,
  play: string | ReadonlyArray<Pick<Step, "from" | "to">>,
): Result<Play> {
  const checkedDice = validateDice(dice);
  if (!checkedDice.ok) return checkedDice;
  const parsed = normalise(play);
  if (!parsed.ok) return parsed;
  const steps = parsed.value;
  const [d1, d2] = checkedDice.value;
  const diceCount = d1 === d2 ? 4 : 2;

  gen.load(position, checkedDice.value, ctx);
  gen.generate(d1, d2);
  const needed = gen.maxSteps();

  if (steps.length === 0) {
    if (needed === 0) return ok({ steps: [], board: cloneBoard(position.board), notation: "" });
    return fail("MUST_PLAY_MORE", `this roll must be played: ${needed} ${needed === 1 ? "die" : "dice"} can be used`);
  }
  if (steps.length > diceCount) {
    return fail("TOO_MANY_STEPS", `${steps.length} steps, but ${d1}-${d2} gives only ${diceCount}`);
  }

  const dicePool = d1 === d2 ? [d1, d1, d1, d1] : [Math.max(d1, d2), Math.min(d1, d2)];
  // The caller's order first: its errors are the ones reported, and its steps the ones returned. A legal play
  // written in an order that breaks a rule midway (a six-block that the other order avoids) is still accepted
  // in another order: written steps are a set, the play is its final position.
  const routes: Routes = { found: new Map(), falseHit: null };
  let first: Walk | null = null;
  const tried = new Set<string>();
  for (const order of permutations(steps)) {
    const orderKey = order.map((s) => formatStep(s)).join(" ");
    if (tried.has(orderKey)) continue;
    tried.add(orderKey);
    const walk = new Walk(order, dicePool.slice(), position, routes);
    walk.run(0);
    first ??= walk;
  }
  const plays = [...routes.found.values()];
  if (plays.length === 1) {
    const found = plays[0]!;
    return ok({ steps: found, board: boardAfter(position, found), notation: formatPlay(found) });
  }
  if (plays.length > 1) {
    const candidates = plays.map((p) => formatPlay(p));
    return {
      ok: false,
      error: {
        code: "AMBIGUOUS_PLAY",
        message: `this play can end in ${candidates.length} different positions; write the point each checker passes: ${candidates.join(" | ")}`,
        candidates,
      },
    };
  }
  if (routes.falseHit !== null) return fail("NOT_A_HIT", routes.falseHit);
  const walk = first!;
  if (walk.completedDice >= 0) {
    if (walk.completedDice < needed) {
      return fail("MUST_PLAY_MORE", `${walk.completedDice} ${walk.completedDice === 1 ? "die" : "dice"} played, but ${needed} can be`);
    }
    if (needed === 1 && d1 !== d2 && walk.completedPips < gen.maxPips()) {
      return fail("MUST_USE_LARGER_DIE", `only one die can be played, and the larger (${gen.maxPips()}) can be`);
    }
    return fail("ILLEGAL_PLAY", "this play is not among the legal plays");
  }
  const failure = walk.failure;
  if (failure) return fail(failure.code, failure.message);
  return fail("ILLEGAL_PLAY", "this play is not among the legal plays");
}

/** True when `play` is a legal play of `dice` in `position`. */
export function isLegalPlay(
  position: Position,
  dice: Dice,
  ctx: PlayContext,
  play: string | ReadonlyArray<Pick<Step, "from" | "to">>,
): boolean {
  return applyPlay(position, dice, ctx, play).ok;
}
