/**
 * The page's turn builder (src/web/turn.ts), without a browser: fed with the legal plays the server would
 * send (the engine's), clicking random offered sources and destinations must always reach one of those plays,
 * and the board the page draws at the end must be exactly that play's board.
 */
import { describe, expect, it } from "vitest";
import { initialPosition, legalPlays, type Board, type Dice, type Position, type Side, type Variant } from "../../src/engine";
import type { LegalPlayView } from "../../src/protocol";
import { TurnBuilder } from "../../src/web/turn";
import { seeded } from "./browser";

function views(position: Position, dice: Dice, firstTurn: boolean): LegalPlayView[] {
  return legalPlays(position, dice, { firstTurn }).map((p) => ({ play: p.notation, steps: p.steps, board: p.board }));
}

function emptyBoard(): Board {
  return { white: new Array<number>(26).fill(0), black: new Array<number>(26).fill(0) };
}

describe("building a turn from the server's legal plays", () => {
  for (const variant of ["short", "long"] as const satisfies readonly Variant[]) {
    it(`${variant}: random clicks always end in a legal play, drawn exactly as the server's board`, () => {
      const rand = seeded(variant === "short" ? 11 : 12);
      let turnsChecked = 0;
      for (let game = 0; game < 6; game++) {
        let position: Position = initialPosition(variant, "white");
        const first: Record<Side, boolean> = { white: true, black: true };
        for (let turn = 0; turn < 400; turn++) {
          const dice: Dice = [1 + rand(6), 1 + rand(6)];
          const plays = views(position, dice, first[position.turn]);
          if (plays.length === 0) {
            // Burned: the server passes the turn itself and sends no plays.
            position = { ...position, turn: position.turn === "white" ? "black" : "white" };
            continue;
          }
          const builder = new TurnBuilder(plays, position.turn, variant, position.board);
          let done = builder.complete();
          for (let clicks = 0; !done && clicks < 8; clicks++) {
            const sources = builder.sources();
            expect(sources.length, "a turn that is not complete offers a checker to move").toBeGreaterThan(0);
            const from = sources[rand(sources.length)] as number;
            const dests = builder.destinations(from);
            expect(dests.length).toBeGreaterThan(0);
            const to = (dests[rand(dests.length)] as { to: number }).to;
            expect(builder.move(from, to)).toBe(true);
            done = builder.complete();
          }
          expect(done, "the clicks completed a legal play").not.toBeNull();
          const chosen = done as LegalPlayView;
          expect(plays).toContain(chosen);
          expect(builder.board).toEqual(chosen.board);
          turnsChecked++;
          first[position.turn] = false;
          position = { variant, board: chosen.board, turn: position.turn === "white" ? "black" : "white" };
          if (chosen.board.white[0] === 15 || chosen.board.black[0] === 15) break;
        }
      }
      expect(turnsChecked).toBeGreaterThan(200);
    });
  }

  it("a checker on the bar enters before anything else moves, even though the server lists other steps too", () => {
    const board = emptyBoard();
    board.white[25] = 1;
    board.white[13] = 14;
    board.black[6] = 15; // Black's own 6 is absolute 19: White's entry point for a 6 is closed
    const position: Position = { variant: "short", board, turn: "white" };
    const plays = views(position, [5, 3], false);
    const b = new TurnBuilder(plays, "white", "short", board);
    expect(b.sources()).toEqual([25]);
    const dests = b.destinations(25).map((d) => d.to);
    expect(dests).toContain(20);
    expect(dests).toContain(22);
    b.move(25, 22);
    expect(b.sources().length).toBeGreaterThan(0);
  });

  it("a checker can travel several dice in one click, and undo takes back one click", () => {
    const position = initialPosition("long", "white");
    const plays = views(position, [6, 5], true);
    const b = new TurnBuilder(plays, "white", "long", position.board);
    // One legal play (one checker off the head, 24/13); both dice orders are offered.
    expect(plays.map((p) => p.board.white[13])).toEqual([1]);
    expect(b.sources()).toEqual([24]);
    expect(b.destinations(24).map((d) => d.to)).toEqual([19, 18, 13]);
    expect(b.move(24, 13)).toBe(true);
    expect(b.complete()?.play).toBe(plays.find((p) => p.board.white[13] === 1)?.play);
    expect(b.usedDice([6, 5])).toEqual([true, true]);
    b.undo();
    expect(b.chosen).toEqual([]);
    expect(b.complete()).toBeNull();
  });

  it("a roll with no legal move is one empty play, ready to confirm", () => {
    const b = new TurnBuilder([{ play: "", steps: [], board: initialPosition("long").board }], "white", "long", initialPosition("long").board);
    expect(b.burned).toBe(true);
    expect(b.complete()?.steps).toEqual([]);
    expect(b.sources()).toEqual([]);
  });
});
