/** The table screen's pure parts: the animation plan (its dice, its length at each pace) and the move list. */
import { describe, expect, it } from "vitest";
import { initialBoard, toAbsolute } from "../../src/engine/position";
import type { LoggedEvent, TableOrMatchEvent } from "../../src/protocol";
import { heldDice, plan, ROLL_SHARE, SETUP_MS, TURN_MS } from "../../src/web/animate";
import { moveTable, playNotation } from "../../src/web/moves";
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
    // The roll first: the set-up with the opening dice on it, nothing in flight; then the checkers.
    expect(beats[1]!.fly).toBeUndefined();
    expect(beats[1]!.board).toEqual(initialBoard("short"));
    expect(beats.slice(2).map((b) => b.fly && [b.fly.from, b.fly.to])).toEqual([
      [String(toAbsolute("short", "black", 13)), String(toAbsolute("short", "black", 8))],
      [String(toAbsolute("short", "black", 8)), String(toAbsolute("short", "black", 5))],
    ]);
    // While the opening move is shown, the dice on the board are the opening roll the computer plays.
    for (const beat of beats.slice(1)) expect([beat.dice, beat.diceSide]).toEqual([[5, 3], "black"]);
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
      undefined,
      ["black", String(toAbsolute("short", "black", blackOwn))],
      ["white", "bar-white"],
      ["black", String(toAbsolute("short", "black", 5))],
    ]);
  });

  const rolled = (side: "white" | "black", dice: [number, number]): TableOrMatchEvent => ({ type: "rolled", side, dice });
  const twoSteps: TableOrMatchEvent = { type: "played", side: "black", notation: "13/8 8/5", steps: [{ from: 13, to: 8, hit: false }, { from: 8, to: 5, hit: false }] };
  const fourSteps: TableOrMatchEvent = {
    type: "played",
    side: "black",
    notation: "13/11(2) 6/4(2)",
    steps: [
      { from: 13, to: 11, hit: false },
      { from: 13, to: 11, hit: false },
      { from: 6, to: 4, hit: false },
      { from: 6, to: 4, hit: false },
    ],
  };

  it("a whole opposing turn lasts one turn's time at each pace, however many steps; its dice are on the board first", () => {
    for (const pace of ["normal", "slow"] as const) {
      for (const play of [twoSteps, fourSteps]) {
        const p = plan(initialBoard("short"), logged([rolled("black", [5, 3]), play]), "short", "white", pace);
        expect(p.turns).toBe(1);
        expect(p.totalMs).toBe(TURN_MS[pace]);
        expect(p.beats.reduce((a, b) => a + b.ms, 0)).toBe(TURN_MS[pace]);
        expect(p.beats[0]!.fly).toBeUndefined();
        expect(p.beats[0]!.ms).toBe(Math.round(TURN_MS[pace] * ROLL_SHARE));
        for (const beat of p.beats) expect(beat.dice).toEqual([5, 3]);
      }
    }
    expect(TURN_MS.normal).toBe(1000);
    expect(TURN_MS.slow).toBeGreaterThan(TURN_MS.normal);
    // A burned roll is a turn too: its dice are shown for the turn's time.
    const burned = plan(initialBoard("short"), logged([rolled("black", [6, 6]), { type: "burned", side: "black", dice: [6, 6] }]), "short", "white");
    expect(burned.beats.map((b) => [b.dice, b.ms, b.fly])).toEqual([[[6, 6], TURN_MS.normal, undefined]]);
    // Two opposing turns in one update (the viewer's roll burned between them): two turns' time.
    const chain = plan(
      initialBoard("short"),
      logged([rolled("black", [5, 3]), twoSteps, rolled("white", [6, 6]), { type: "burned", side: "white", dice: [6, 6] }, rolled("black", [2, 2]), fourSteps]),
      "short",
      "white",
    );
    expect([chain.turns, chain.totalMs]).toEqual([2, 2 * TURN_MS.normal]);
    // A new hand's set-up comes on top.
    const hand = plan(initialBoard("short"), logged([{ type: "hand-started", hand: 2, crawford: false, score: { white: 1, black: 0 } }, rolled("black", [5, 3]), twoSteps]), "short", "white");
    expect(hand.totalMs).toBe(SETUP_MS.normal + TURN_MS.normal);
  });

  it("a roll sent in an earlier update is still on the board while its play is shown", () => {
    const before = logged([rolled("white", [2, 1]), { type: "played", side: "white", notation: "13/11 6/5", steps: [] }, rolled("black", [5, 3])]);
    const held = heldDice(before);
    expect(held).toEqual({ dice: [5, 3], side: "black" });
    const p = plan(initialBoard("short"), logged([twoSteps]), "short", "white", "normal", held);
    expect(p.beats.map((b) => [b.dice, b.diceSide])).toEqual([
      [[5, 3], "black"],
      [[5, 3], "black"],
      [[5, 3], "black"],
    ]);
    // After a play nothing is held.
    expect(heldDice(logged([rolled("black", [5, 3]), twoSteps]))).toEqual({ dice: null, side: null });
  });
});

describe("the move list", () => {
  it("writes the opponent's moves in the reader's own numbering, hands apart, a turn per row", () => {
    const events = logged([
      { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
      { type: "rolled", side: "black", dice: [6, 5] },
      { type: "played", side: "black", notation: "24/18 13/8", steps: [{ from: 24, to: 18, hit: false }, { from: 13, to: 8, hit: false }] },
      { type: "hand-started", hand: 2, crawford: false, score: { white: 1, black: 0 } },
      { type: "rolled", side: "white", dice: [2, 1] },
      { type: "played", side: "white", notation: "13/11 6/5", steps: [{ from: 13, to: 11, hit: false }, { from: 6, to: 5, hit: false }] },
    ]);
    const forWhite = moveTable(events, "short", "white");
    expect(forWhite.map((h) => h.hand)).toEqual([1, 2]);
    // Black started hand 1: row 1's White cell is empty.
    expect(forWhite[0]!.rows).toMatchObject([{ turn: 1, white: [], black: [{ text: "6-5: 1/7 12/17" }] }]);
    expect(forWhite[1]!.rows).toMatchObject([{ turn: 1, white: [{ text: "2-1: 13/11 6/5" }], black: [] }]);
    expect(moveTable(events, "short", "black")[0]!.rows[0]!.black[0]!.text).toBe("6-5: 24/18 13/8");
    // Long nardi turns the board half round: Black's own 24 is White's 12.
    expect(playNotation("long", "black", "white", { notation: "24/18", steps: [{ from: 24, to: 18, hit: false }] })).toBe("12/6");
  });

  it("pairs White's and Black's plays by turn, numbers past 9 and cube actions in the doubler's cell", () => {
    const play = (side: "white" | "black"): TableOrMatchEvent[] => [
      { type: "rolled", side, dice: [2, 1] },
      { type: "played", side, notation: "6/4 6/5", steps: [{ from: 6, to: 4, hit: false }, { from: 6, to: 5, hit: false }] },
    ];
    const events = logged([
      { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
      ...Array.from({ length: 12 }, () => [...play("white"), ...play("black")]).flat(),
      { type: "doubled", side: "white", value: 2 },
      { type: "taken", side: "black", value: 2 },
      ...play("white"),
      { type: "doubled", side: "black", value: 4 },
      { type: "dropped", side: "white" },
    ]);
    const rows = moveTable(events, "short", "white")[0]!.rows;
    expect(rows.map((r) => r.turn)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(rows[11]!.white.map((i) => i.text)).toEqual(["2-1: 6/4 6/5"]);
    expect(rows[11]!.black).toHaveLength(1);
    expect(rows[12]!.white.map((i) => i.text)).toEqual(["doubles to 2", "Black takes", "2-1: 6/4 6/5"]);
    expect(rows[12]!.black.map((i) => i.text)).toEqual(["doubles to 4", "White drops"]);
  });
});
