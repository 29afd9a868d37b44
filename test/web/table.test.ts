/** The table screen's pure parts: the animation plan and the move list's numbering. */
import { describe, expect, it } from "vitest";
import { initialBoard, toAbsolute } from "../../src/engine/position";
import type { LoggedEvent, TableOrMatchEvent } from "../../src/protocol";
import { plan } from "../../src/web/animate";
import { moveList, playNotation } from "../../src/web/moves";
import { applyStep } from "../../src/web/turn";

const logged = (events: TableOrMatchEvent[]): LoggedEvent[] => events.map((event, i) => ({ seq: i + 1, at: 0, event }) as LoggedEvent);

describe("the animation plan", () => {
  it("a new hand shows its set-up first, then the computer's opening move checker by checker", () => {
    // The board as the last hand left it (anything but the set-up), then hand 2 whose opening move the bot makes.
    const end = initialBoard("short");
    end.white[0] = 15;
    end.white.fill(0, 1, 26);
    const events = logged([
      { type: "hand-started", hand: 2, crawford: false, score: { white: 1, black: 0 } },
      { type: "opening-roll", white: 3, black: 5, starter: "black" },
      { type: "played", side: "black", notation: "13/8 8/5", steps: [{ from: 13, to: 8, hit: false }, { from: 8, to: 5, hit: false }] },
    ]);
    const { beats, board } = plan(end, events, "short", "white");
    expect(beats[0]!.board).toEqual(initialBoard("short"));
    expect(beats.slice(1).map((b) => b.fly && [b.fly.from, b.fly.to])).toEqual([
      [String(toAbsolute("short", "black", 13)), String(toAbsolute("short", "black", 8))],
      [String(toAbsolute("short", "black", 8)), String(toAbsolute("short", "black", 5))],
    ]);
    // While the opening move is shown, the dice on the board are the opening roll the computer plays.
    for (const beat of beats.slice(1)) expect(beat.dice).toEqual([5, 3]);
    let expected = initialBoard("short");
    for (const step of [{ from: 13, to: 8 }, { from: 8, to: 5 }]) expected = applyStep(expected, "short", "black", step);
    expect(board).toEqual(expected);
  });

  it("a hit sends the hit checker flying to the bar; the viewer's own moves are not animated", () => {
    const start = initialBoard("short");
    // A white blot on Black's own 20 (White's 5): Black hits it with 24/20*.
    start.white[6] = 4;
    start.white[5] = 1;
    const blackOwn = 25 - 5;
    const events = logged([
      { type: "rolled", side: "black", dice: [4, 1] },
      { type: "played", side: "black", notation: `24/${blackOwn}* 6/5`, steps: [{ from: 24, to: blackOwn, hit: true }, { from: 6, to: 5, hit: false }] },
      { type: "rolled", side: "white", dice: [2, 1] },
      { type: "played", side: "white", notation: "bar/23 24/23", steps: [{ from: 25, to: 23, hit: false }, { from: 24, to: 23, hit: false }] },
    ]);
    const { beats } = plan(start, events, "short", "white");
    expect(beats.map((b) => b.fly && [b.fly.side, b.fly.to])).toEqual([
      ["black", String(toAbsolute("short", "black", blackOwn))],
      ["white", "bar-white"],
      ["black", String(toAbsolute("short", "black", 5))],
    ]);
  });
});

describe("the move list", () => {
  it("writes the opponent's moves in the reader's own numbering, hands apart", () => {
    const events = logged([
      { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
      { type: "rolled", side: "black", dice: [6, 5] },
      { type: "played", side: "black", notation: "24/18 13/8", steps: [{ from: 24, to: 18, hit: false }, { from: 13, to: 8, hit: false }] },
      { type: "hand-started", hand: 2, crawford: false, score: { white: 1, black: 0 } },
      { type: "rolled", side: "white", dice: [2, 1] },
      { type: "played", side: "white", notation: "13/11 6/5", steps: [{ from: 13, to: 11, hit: false }, { from: 6, to: 5, hit: false }] },
    ]);
    const forWhite = moveList(events, "short", "white");
    expect(forWhite.map((h) => h.hand)).toEqual([1, 2]);
    expect(forWhite[0]!.entries[0]!.text).toBe("Black 6-5: 1/7 12/17");
    expect(forWhite[1]!.entries[0]!.text).toBe("White 2-1: 13/11 6/5");
    expect(moveList(events, "short", "black")[0]!.entries[0]!.text).toBe("Black 6-5: 24/18 13/8");
    // Long nardi turns the board half round: Black's own 24 is White's 12.
    expect(playNotation("long", "black", "white", { notation: "24/18", steps: [{ from: 24, to: 18, hit: false }] })).toBe("12/6");
  });
});
