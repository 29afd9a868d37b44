import { describe, expect, it } from "vitest";
import { fromGnubgId, toGnubgId } from "../../src/engine/gnubg";
import { seededDice } from "../../src/engine/dice";
import { legalPlays } from "../../src/engine/legal";
import { initialPosition, opponent } from "../../src/engine/position";
import { formatPosition, parsePosition } from "../../src/engine/position-string";
import type { Position } from "../../src/engine/types";

function position(text: string): Position {
  const r = parsePosition(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("gnubg Position ID", () => {
  it("the short-nardi start is 4HPwATDgc/ABMA for either side on roll", () => {
    expect(toGnubgId(initialPosition("short", "white"))).toBe("4HPwATDgc/ABMA");
    expect(toGnubgId(initialPosition("short", "black"))).toBe("4HPwATDgc/ABMA");
    expect(fromGnubgId("4HPwATDgc/ABMA")).toEqual({ ok: true, value: initialPosition("short", "white") });
    expect(fromGnubgId("4HPwATDgc/ABMA", "black")).toEqual({ ok: true, value: initialPosition("short", "black") });
  });

  // IDs produced by gnubg (collected in the wildbg project's tests, which check them against gnubg), decoded by hand
  // from the bit layout: the player NOT on roll first, then the player on roll (here White).
  it.each([
    ["jGfkASjg8wcBMA", "short-w-24x2.13.8x7.6x5-24.23.13x4.11.8x2.6x4.3x2"],
    ["zGbiIQgxH/AAWA", "short-w-bar.24x2.13x4.6x5.4x2.1-22.17.13x4.10.8x2.6x2.5x2.3x2"],
    ["zGbiIYCYD3gALA", "short-w-bar.24x2.13x4.6x5.4x2.1-17.13x4.10.8x2.6x2.5x2.3x2.off"],
  ])("%s ↔ %s", (id, text) => {
    expect(fromGnubgId(id, "white")).toEqual({ ok: true, value: position(text) });
    expect(toGnubgId(position(text))).toBe(id);
  });

  it("the side on roll is the key's second player: the same ID read for Black swaps the colours", () => {
    const asBlack = fromGnubgId("zGbiIQgxH/AAWA", "black");
    expect(asBlack.ok && formatPosition(asBlack.value)).toBe(
      "short-b-22.17.13x4.10.8x2.6x2.5x2.3x2-bar.24x2.13x4.6x5.4x2.1",
    );
    if (asBlack.ok) expect(toGnubgId(asBlack.value)).toBe("zGbiIQgxH/AAWA");
  });

  it("round-trips positions with checkers off and on the bar", () => {
    for (const text of [
      "short-w-6x5.5x5.4x3.offx2-bar.24x2.13x4.6x5.4x2.1",
      "short-b-offx15-1x15",
      "short-b-barx15-1x15",
    ]) {
      const p = position(text);
      const back = fromGnubgId(toGnubgId(p), p.turn);
      expect(back.ok && formatPosition(back.value)).toBe(text);
    }
  });

  it("round-trips every position of random short-nardi games (hits, bar, bearing off)", () => {
    const dice = seededDice(2024);
    let checked = 0;
    for (let game = 0; game < 20; game++) {
      let position = initialPosition("short", game % 2 === 0 ? "white" : "black");
      for (let ply = 0; ply < 400 && position.board.white[0]! < 15 && position.board.black[0]! < 15; ply++) {
        const back = fromGnubgId(toGnubgId(position), position.turn);
        expect(back).toEqual({ ok: true, value: position });
        checked++;
        const plays = legalPlays(position, [dice.die(), dice.die()], { firstTurn: false });
        const board = plays.length > 0 ? plays[dice.die() % plays.length]!.board : position.board;
        position = { variant: "short", board, turn: opponent(position.turn) };
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it.each([
    ["too short", "4HPwATDgc/ABM", "BAD_POSITION_STRING"],
    ["not base64", "4HPwATDgc/AB!A", "BAD_POSITION_STRING"],
    ["padding bits set", "4HPwATDgc/ABMB", "BAD_POSITION_STRING"],
    ["more than 15 checkers for a side", "//8AAAAAAAAAAA", "BAD_POSITION_STRING"],
    ["one that never closes its points", "/////////////w", "BAD_POSITION_STRING"],
  ])("rejects an ID that is %s", (_label, id, code) => {
    const r = fromGnubgId(id);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it("refuses long-nardi positions (an ID would name a different, backgammon position)", () => {
    expect(() => toGnubgId(initialPosition("long", "white"))).toThrow(RangeError);
  });
});
