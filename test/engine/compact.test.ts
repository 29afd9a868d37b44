/**
 * The compact legal plays (`compactLegalPlays`) and the readable plays built from them: the same plays in
 * the same order, boards never shared, and the dice count a client is told always a real one. Rows for
 * the two defects of issue 7 (a shared opponent board; "5 dice can be used" for a double).
 */
import { describe, expect, it } from "vitest";
import {
  boardAt,
  compactLegalPlays,
  diceToPlay,
  legalPlays,
  notationAt,
  playAt,
  stepsAt,
  unpackStep,
} from "../../src/engine/legal";
import { scriptedDice } from "../../src/engine/dice";
import { applyCommand, compactLegalPlaysFor, legalPlaysFor, newMatch } from "../../src/engine/match";
import { applyPlay } from "../../src/engine/play";
import { PRESETS } from "../../src/engine/rulesets";
import { boardKey, initialPosition } from "../../src/engine/position";
import type { Dice } from "../../src/engine/types";
import { position } from "./support/boards";
import { selfPlaySuite } from "./support/suite";

describe("compact legal plays", () => {
  for (const variant of ["long", "short"] as const) {
    it(`${variant}: the same plays, in the same order, as legalPlays on 3,000 self-play positions`, () => {
      const { suite } = selfPlaySuite(variant, 3000, 7);
      for (const { position: pos, dice, ctx } of suite) {
        const compact = compactLegalPlays(pos, dice, ctx);
        const plays = legalPlays(pos, dice, ctx);
        expect(compact.count).toBe(plays.length);
        expect(compact.steps.length).toBe(compact.count * compact.stepsPerPlay);
        expect(compact.stepsPerPlay).toBe(diceToPlay(pos, dice, ctx));
        for (let i = 0; i < compact.count; i++) {
          const play = plays[i]!;
          expect(playAt(compact, i)).toEqual(play);
          expect(stepsAt(compact, i)).toEqual(play.steps);
          expect(notationAt(compact, i)).toBe(play.notation);
          expect(boardKey(boardAt(compact, i))).toBe(boardKey(play.board));
        }
      }
    });
  }

  it("packs each step as from | to << 5 | hit << 10", () => {
    // Short nardi, White on the bar with 6-5 against Black's blot on White's 20 (Black's own 5).
    const pos = position("short", { 25: 1, 13: 14 }, { 5: 1, 24: 14 });
    const compact = compactLegalPlays(pos, [6, 5], { firstTurn: false });
    const notations = Array.from({ length: compact.count }, (_, i) => notationAt(compact, i));
    const i = notations.indexOf("bar/20* 20/14");
    expect(i).toBeGreaterThanOrEqual(0);
    expect(compact.steps.slice(i * 2, i * 2 + 2)).toEqual([25 | (20 << 5) | (1 << 10), 20 | (14 << 5)]);
    expect(unpackStep(25 | (20 << 5) | (1 << 10))).toEqual({ from: 25, to: 20, hit: true });
  });

  it("a burned roll is an empty set", () => {
    // Short nardi: White on the bar, and Black holds every point White could enter on.
    const pos = position("short", { 25: 1, 13: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 24: 3 });
    const compact = compactLegalPlays(pos, [3, 4], { firstTurn: false });
    expect({ count: compact.count, stepsPerPlay: compact.stepsPerPlay, steps: compact.steps.length }).toEqual({
      count: 0,
      stepsPerPlay: 0,
      steps: 0,
    });
    expect(legalPlays(pos, [3, 4], { firstTurn: false })).toEqual([]);
  });

  it("each call owns its steps: a later call does not change an earlier set", () => {
    const start = initialPosition("short");
    const first = compactLegalPlays(start, [6, 5], { firstTurn: true });
    const before = first.steps.slice();
    compactLegalPlays(start, [1, 1], { firstTurn: true });
    expect(first.steps).toEqual(before);
  });
});

describe("compactLegalPlaysFor (a match's mover)", () => {
  it("is the mover's legal plays while moving, and an empty set in every other phase", () => {
    // Opening roll 6-1: White starts and plays 6-1; then Black must roll.
    const started = newMatch({ ruleset: PRESETS.backgammon, length: 1 }, scriptedDice([6, 1]));
    if (!started.ok) throw new Error(started.error.message);
    const moving = started.value.state;
    expect(moving.phase).toBe("moving");
    const compact = compactLegalPlaysFor(moving);
    expect(Array.from({ length: compact.count }, (_, i) => playAt(compact, i))).toEqual(legalPlaysFor(moving));
    expect(compact.count).toBeGreaterThan(0);
    const played = applyCommand(moving, { type: "play", side: "white", play: notationAt(compact, 0) }, scriptedDice([]));
    if (!played.ok) throw new Error(played.error.message);
    expect(played.value.state.phase).toBe("awaiting-roll");
    expect(compactLegalPlaysFor(played.value.state)).toMatchObject({ count: 0, stepsPerPlay: 0, steps: [] });
  });
});

describe("issue 7: boards handed out are never shared", () => {
  const starts = { long: position("long", { 24: 13, 19: 1, 17: 1 }, { 24: 15 }), short: initialPosition("short") };
  for (const variant of ["long", "short"] as const) {
    it(`${variant}: editing one play's board changes no other play and not the position`, () => {
      const start = starts[variant];
      const startKey = boardKey(start.board);
      const plays = legalPlays(start, [6, 5], { firstTurn: false });
      const keys = plays.map((p) => boardKey(p.board));
      expect(plays.length).toBeGreaterThan(1);
      // None of these plays hits, so the opponent's checkers are equal in every play (they used to be
      // one shared array).
      plays[0]!.board.black[24] = 99;
      plays[0]!.board.white[1] = 99;
      expect(plays.slice(1).map((p) => boardKey(p.board))).toEqual(keys.slice(1));
      expect(boardKey(start.board)).toBe(startKey);
      const compact = compactLegalPlays(start, [6, 5], { firstTurn: false });
      const a = boardAt(compact, 1);
      a.black[24] = 99;
      expect(boardKey(boardAt(compact, 1))).toBe(keys[1]);
    });
  }
});

describe("issue 7: the dice count a client is told is never more than the dice", () => {
  const doubles: Dice[] = [[3, 3], [4, 4], [5, 5], [6, 6]];
  const start = initialPosition("short");
  it.each(doubles.map((d) => [d.join("-"), d] as const))("short opening %s: four dice can be used", (_name, dice) => {
    expect(diceToPlay(start, dice, { firstTurn: true })).toBe(4);
    const empty = applyPlay(start, dice, { firstTurn: true }, "");
    expect(empty).toEqual({ ok: false, error: { code: "MUST_PLAY_MORE", message: "this roll must be played: 4 dice can be used" } });
  });

  it("short opening 6-6 with three steps written: 3 dice played, but 4 can be", () => {
    const three = applyPlay(start, [6, 6], { firstTurn: true }, "24/18 24/18 13/7");
    expect(three).toEqual({ ok: false, error: { code: "MUST_PLAY_MORE", message: "3 dice played, but 4 can be" } });
  });

  for (const variant of ["long", "short"] as const) {
    it(`${variant}: on 5,000 self-play positions every roll's dice count is at most its dice`, () => {
      const { suite } = selfPlaySuite(variant, 5000, 11);
      for (const { position: pos, dice, ctx } of suite) {
        const most = dice[0] === dice[1] ? 4 : 2;
        expect(diceToPlay(pos, dice, ctx)).toBeLessThanOrEqual(most);
      }
    });
  }
});
