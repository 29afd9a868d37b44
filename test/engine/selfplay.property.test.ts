/**
 * Random self-play (fast-check drives the dice and the choices) from the opening of both variants, checking
 * the engine's invariants after every roll: 15 checkers a side, no shared point, no bar in long nardi;
 * listed plays distinct, all using the same number of dice, each accepted by applyPlay in its own
 * notation and as steps; the head and six-block rules never broken, even midway through a play;
 * legalPlays deterministic, and its search shortcuts changing nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legalPlays } from "../../src/engine/legal";
import { useShortcuts } from "../../src/engine/movegen";
import { applyPlay } from "../../src/engine/play";
import { boardKey, fromAbsolute, initialPosition, isHandOver, opponent, toAbsolute, validateBoard } from "../../src/engine/position";
import type { Checkers, Dice, Play, Position, Side, Variant } from "../../src/engine/types";

/** Six mover points in a row along the opponent's path, with no opponent checker ahead (docs/rules.md §3.5). */
function forbiddenBlock(pos: Position, mine: Checkers, theirs: Checkers): boolean {
  const held = new Array<boolean>(25).fill(false);
  for (let p = 1; p <= 24; p++) {
    if ((mine[p] ?? 0) > 0) held[fromAbsolute("long", opponent(pos.turn), toAbsolute("long", pos.turn, p))] = true;
  }
  for (let lo = 1; lo + 5 <= 24; lo++) {
    if (![0, 1, 2, 3, 4, 5].every((k) => held[lo + k])) continue;
    const ahead = (theirs[0] ?? 0) > 0 || theirs.slice(1, lo).some((n) => n > 0);
    if (!ahead) return true;
  }
  return false;
}

/** A plain check: `expect` is too slow for the hundreds of thousands of checks below. */
function assert(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

function checkPlay(pos: Position, dice: Dice, firstTurn: boolean, play: Play): void {
  const mover = pos.turn;
  // Replay the steps by hand: every intermediate position must keep the rules.
  const mine = pos.board[mover].slice();
  const theirs = pos.board[opponent(mover)].slice();
  let offHead = 0;
  for (const s of play.steps) {
    mine[s.from]!--;
    mine[s.to]!++;
    if (pos.variant === "long") {
      if (s.from === 24) offHead++;
      assert(!forbiddenBlock(pos, mine, theirs), () => `six-block midway through ${play.notation}`);
    }
  }
  if (pos.variant === "long") {
    const exception = firstTurn && dice[0] === dice[1] && [3, 4, 6].includes(dice[0]);
    assert(offHead <= (exception ? 2 : 1), () => `head rule broken by ${play.notation}`);
  }
  assert(mine.join() === play.board[mover].join(), () => `steps of ${play.notation} do not give its board`);
  const valid = validateBoard(pos.variant, play.board);
  assert(valid.ok, () => `${play.notation} gives an invalid board: ${valid.ok ? "" : valid.error.code}`);

  for (const form of [play.notation, play.steps.map(({ from, to }) => ({ from, to }))]) {
    const applied = applyPlay(pos, dice, { firstTurn }, form);
    const got = applied.ok ? boardKey(applied.value.board) : applied.error.code;
    assert(got === boardKey(play.board), () => `applyPlay(${JSON.stringify(form)}) gave ${got}`);
  }
}

/** Longest run of the mover's points along the opponent's path. */
function longestWall(pos: Position, mine: Checkers): number {
  let best = 0;
  let run = 0;
  for (let q = 1; q <= 24; q++) {
    const p = pos.variant === "long" ? fromAbsolute("long", pos.turn, toAbsolute("long", opponent(pos.turn), q)) : 25 - q;
    run = (mine[p] ?? 0) > 0 ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

function blockiest(pos: Position, plays: Play[]): Play | undefined {
  let best: Play | undefined;
  let bestWall = -1;
  for (const play of plays) {
    const wall = longestWall(pos, play.board[pos.turn]);
    if (wall > bestWall) [best, bestWall] = [play, wall];
  }
  return best;
}

function keys(plays: Play[]): string {
  return plays
    .map((p) => boardKey(p.board))
    .sort()
    .join(" ");
}

const turn = fc.record({ d1: fc.integer({ min: 1, max: 6 }), d2: fc.integer({ min: 1, max: 6 }), pick: fc.nat() });

function selfPlay(variant: Variant, turns: Array<{ d1: number; d2: number; pick: number }>): void {
  let pos = initialPosition(variant);
  let firstTurn: Record<Side, boolean> = { white: true, black: true };
  for (const { d1, d2, pick } of turns) {
    const dice: Dice = [d1, d2];
    const ctx = { firstTurn: firstTurn[pos.turn] };
    const plays = legalPlays(pos, dice, ctx);
    expect(legalPlays(pos, dice, ctx)).toEqual(plays);
    expect(new Set(plays.map((p) => boardKey(p.board))).size).toBe(plays.length);
    // The generator's shortcuts (gnubg's high-to-low order for doubles, the second dice order searching
    // only what the first cannot find) give exactly the plays of a search of every order.
    useShortcuts(false);
    const everyOrder = legalPlays(pos, dice, ctx);
    useShortcuts(true);
    assert(
      keys(everyOrder) === keys(plays),
      () => `shortcuts changed the plays of ${JSON.stringify({ pos, dice, ctx })}`,
    );
    expect(new Set(plays.map((p) => p.steps.length)).size).toBeLessThanOrEqual(1);
    for (const play of plays) checkPlay(pos, dice, ctx.firstTurn, play);
    if (plays.length === 0) {
      const burned = applyPlay(pos, dice, ctx, "");
      expect(burned.ok).toBe(true);
    }
    // Every third turn builds the longest wall it can, so six-block positions actually come up.
    const chosen = pick % 3 === 0 ? blockiest(pos, plays) : plays[pick % plays.length];
    const next = chosen ? chosen.board : pos.board;
    firstTurn = { ...firstTurn, [pos.turn]: false };
    if (isHandOver(next)) {
      pos = initialPosition(variant);
      firstTurn = { white: true, black: true };
    } else {
      pos = { variant, board: next, turn: opponent(pos.turn) };
    }
  }
}

describe("self-play invariants", () => {
  for (const variant of ["long", "short"] as const) {
    it(`${variant} nardi`, () => {
      fc.assert(
        fc.property(fc.array(turn, { minLength: 80, maxLength: 220 }), (turns) => selfPlay(variant, turns)),
        { numRuns: 10, endOnFailure: true },
      );
    });
  }
});
