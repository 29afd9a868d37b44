/** Building a turn by clicks on the table screen: what a click picks or moves, and when the turn starts afresh. */
import { describe, expect, it } from "vitest";
import { initialBoard } from "../../src/engine/position";
import type { LegalPlayView, TableView } from "../../src/protocol";
import { TurnChoice } from "../../src/web/turn-choice";

const board = initialBoard("short");
/** Two of White's legal plays of 6-5 from the start (own numbering: the back checkers are on 24, the mid-point 13). */
const plays: LegalPlayView[] = [
  { play: "24/18 18/13", steps: [{ from: 24, to: 18, hit: false }, { from: 18, to: 13, hit: false }], board },
  { play: "13/7 13/8", steps: [{ from: 13, to: 7, hit: false }, { from: 13, to: 8, hit: false }], board },
];

function table(over: Partial<NonNullable<TableView["match"]>> = {}): TableView {
  return {
    id: "t1",
    status: "playing",
    ruleset: { preset: "backgammon", variant: "short", cube: true, koks: true },
    length: 3,
    match: { phase: "moving", turn: "white", toAct: "white", may: ["play"], hand: 1, dice: [6, 5], board, ...over },
  } as unknown as TableView;
}

describe("the turn being built", () => {
  it("a click picks a checker that may move, a second one sends it; the play is sent in the server's steps", () => {
    const choice = new TurnChoice();
    choice.sync(table(), "white", plays);
    expect(choice.choose(6)).toBe("cleared"); // nothing on 6 moves in these plays
    expect(choice.choose(13)).toBe("picked");
    expect(choice.choose(13)).toBe("cleared"); // the same checker again puts it back
    expect(choice.choose(13)).toBe("picked");
    expect(choice.choose(7)).toBe("moved");
    expect(choice.play()).toBeNull();
    choice.choose(13);
    choice.choose(8);
    expect(choice.play()).toEqual([{ from: 13, to: 7 }, { from: 13, to: 8 }]);
    choice.undo();
    expect(choice.play()).toBeNull();
  });

  it("keeps the steps chosen while the server's plays stay the same, and starts afresh on a new roll", () => {
    const choice = new TurnChoice();
    choice.sync(table(), "white", plays);
    choice.choose(24);
    choice.choose(18);
    choice.sync(table(), "white", plays); // e.g. a reconnect: the same roll and plays
    expect(choice.turn!.canUndo).toBe(true);
    choice.sync(table({ dice: [5, 6] }), "white", plays);
    expect(choice.turn!.canUndo).toBe(false);
  });

  it("there is no turn to build for the player who may not play, nor while the other side answers a double", () => {
    const choice = new TurnChoice();
    choice.sync(table(), "black", plays);
    expect(choice.turn).toBeNull();
    choice.sync(table({ phase: "cube-offered", toAct: "black", may: ["take", "drop"] }), "white", plays);
    expect(choice.turn).toBeNull();
    expect(choice.choose(13)).toBe("cleared");
  });
});
