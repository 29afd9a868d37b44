/**
 * The play screen's model: for each phase of a match, what a seated player and a spectator see: whose line is
 * outlined, which buttons there are and which can be pressed, and what the status line says. The table views are
 * written as the server sends them (`toAct` and `may` are the server's facts; docs/protocol.md).
 */
import { describe, expect, it } from "vitest";
import { initialBoard } from "../../src/engine/position";
import type { Side } from "../../src/engine/types";
import type { LegalPlayView, LoggedEvent, MatchView, TableView } from "../../src/protocol";
import { announcement, pipLine, screen, type ScreenInput, type TurnState } from "../../src/web/screen";

const player = (name: string) => ({ name, kind: "human" as const, botLevel: null, playerId: null, connected: true, reconnectDeadline: null, autoRoll: false });

/** A running 3-point backgammon table (cube in play) whose match is `match` over a fresh one at White's turn. */
function table(match: Partial<MatchView>, over: Partial<TableView> = {}): TableView {
  const board = initialBoard("short");
  return {
    id: "t1",
    status: "playing",
    ruleset: { preset: "backgammon", variant: "short", cube: true, koks: true } as TableView["ruleset"],
    length: 3,
    reconnectSeconds: 60,
    spectators: true,
    rated: false,
    private: false,
    players: { white: player("Ann"), black: player("Bob") },
    match: {
      score: { white: 0, black: 0 },
      hand: 1,
      crawford: false,
      cube: { value: 1, owner: null },
      cubeOffer: null,
      phase: "awaiting-roll",
      turn: "white",
      firstTurn: false,
      dice: null,
      board,
      pips: { white: 167, black: 167 },
      canDouble: ["white"],
      toAct: "white",
      may: ["roll", "double"],
      winner: null,
      endReason: null,
      ...match,
    },
    timeControl: null as unknown as TableView["timeControl"],
    clock: null,
    seq: 10,
    createdAt: 0,
    ...over,
  };
}

const input = (t: TableView, me: Side | null, more: Partial<ScreenInput> = {}): ScreenInput => ({ table: t, me, busy: false, turn: null, selected: null, ...more });

/** The controls as "id" (enabled) or "id-" (shown, disabled). */
const buttons = (i: ScreenInput): string[] => screen(i).controls.map((c) => (c.enabled ? c.id : `${c.id}-`));

const play = (notation: string): LegalPlayView => ({ play: notation, steps: [], board: initialBoard("short") });
const turnState = (over: Partial<{ burned: boolean; canUndo: boolean; done: LegalPlayView | null }> = {}): TurnState => ({
  burned: over.burned ?? false,
  canUndo: over.canUndo ?? false,
  complete: () => over.done ?? null,
});

describe("the play screen", () => {
  it("during a double, the side that must answer is outlined, not the doubler whose turn it is", () => {
    // White doubled before rolling: it is still White's turn, but Black must take or drop (and Black's clock runs).
    const offered = table({ phase: "cube-offered", turn: "white", cubeOffer: { from: "white", to: "black" }, canDouble: [], toAct: "black", may: ["take", "drop"] });
    for (const me of ["white", "black", null] as const) expect(screen(input(offered, me)).outlined).toBe("black");
    expect(buttons(input(offered, "black"))).toEqual(["take", "drop", "auto-roll", "resign"]);
    expect(buttons(input(offered, "white"))).toEqual(["auto-roll", "resign"]);
    expect(buttons(input(offered, null))).toEqual([]);
    expect(screen(input(offered, "black")).status).toBe("White doubles to 2: take or drop?");
    expect(screen(input(offered, "white")).status).toBe("White doubles to 2; Black is deciding.");
    expect(screen(input(offered, "black")).myMove).toBe(true);
    expect(screen(input(offered, "white")).myMove).toBe(false);
    expect(screen(input(offered, "black")).controls.find((c) => c.id === "take")?.label).toBe("Take (2)");
  });

  it("before rolling: the mover may roll, and double when the server says so", () => {
    const mayDouble = table({});
    expect(screen(input(mayDouble, "white")).outlined).toBe("white");
    expect(buttons(input(mayDouble, "white"))).toEqual(["roll", "double", "auto-roll", "resign"]);
    expect(screen(input(mayDouble, "white")).status).toBe("Your turn: double, or roll the dice.");
    expect(buttons(input(mayDouble, "black"))).toEqual(["auto-roll", "resign"]);
    expect(screen(input(mayDouble, "black")).status).toBe("White to roll.");
    expect(screen(input(mayDouble, null)).status).toBe("White to roll.");

    // The cube on White's side: only White may redouble, so Black only rolls (the server usually rolls for it).
    const rollOnly = table({ turn: "black", toAct: "black", may: ["roll"], canDouble: [], cube: { value: 2, owner: "white" } });
    expect(buttons(input(rollOnly, "black"))).toEqual(["roll", "auto-roll", "resign"]);
    expect(screen(input(rollOnly, "black")).status).toBe("Your turn: roll the dice.");
  });

  it("moving: undo and confirm follow the turn being built; the opponent only waits", () => {
    const moving = table({ phase: "moving", dice: [6, 5], canDouble: [], toAct: "white", may: ["play"] });
    expect(screen(input(moving, "white")).mayPlay).toBe(true);
    expect(screen(input(moving, "black")).mayPlay).toBe(false);
    expect(buttons(input(moving, "white", { turn: turnState() }))).toEqual(["undo-", "confirm-", "auto-roll", "resign"]);
    expect(screen(input(moving, "white", { turn: turnState() })).status).toBe("Your move with 6-5: pick a checker, then where it goes.");
    expect(screen(input(moving, "white", { turn: turnState(), selected: 13 })).status).toBe("Pick where the checker goes (6-5).");
    const done = input(moving, "white", { turn: turnState({ canUndo: true, done: play("13/7 13/8") }) });
    expect(buttons(done)).toEqual(["undo", "confirm", "auto-roll", "resign"]);
    expect(screen(done).status).toBe("Confirm your move: 13/7 13/8, or undo.");
    const burned = input(moving, "white", { turn: turnState({ burned: true, done: play("") }) });
    expect(screen(burned).controls.find((c) => c.id === "confirm")?.label).toBe("Pass (no move)");
    expect(screen(burned).status).toBe("No legal move with 6-5: confirm to pass.");
    expect(buttons(input(moving, "black"))).toEqual(["auto-roll", "resign"]);
    expect(screen(input(moving, "black")).status).toBe("White is moving (6-5).");
  });

  it("while a command is out nothing can be pressed", () => {
    const busy = input(table({}), "white", { busy: true });
    expect(buttons(busy)).toEqual(["roll-", "double-", "auto-roll-", "resign-"]);
  });

  it("the auto-roll switch shows the seat's choice, and only where there is a cube", () => {
    const on = table({}, { players: { white: { ...player("Ann"), autoRoll: true }, black: player("Bob") } });
    expect(screen(input(on, "white")).controls.find((c) => c.id === "auto-roll")?.checked).toBe(true);
    expect(buttons(input(table({}, { length: 1 }), "white"))).toEqual(["roll", "double", "resign"]);
  });

  it("waiting for an opponent and after the match: no outline, no buttons, and the result said", () => {
    const waiting = table({}, { status: "waiting", match: null, players: { white: player("Ann"), black: null } });
    expect(screen(input(waiting, "white"))).toMatchObject({ outlined: null, controls: [], status: "Waiting for an opponent: send them the invite link." });
    expect(screen(input(waiting, null)).status).toBe("Waiting for a second player.");
    const over = table({ phase: "over", toAct: null, may: [], winner: "black", endReason: "resign" }, { status: "over" });
    expect(screen(input(over, "white"))).toMatchObject({ outlined: null, myMove: false, controls: [], status: "You lost the match." });
    expect(screen(input(over, "black")).status).toBe("You won the match.");
    expect(screen(input(over, null)).status).toBe("Black won the match.");
  });
});

describe("the lines around the board", () => {
  it("the pip line compares the viewer's count with the other's; a spectator's names the side", () => {
    const board = initialBoard("short");
    expect(pipLine(board, "white", "white")!.diff).toBe(0);
    // One of White's checkers moved from its 6 to its 1: White is 5 pips ahead.
    board.white[6] = 4;
    board.white[1] = 1;
    const mine = pipLine(board, "white", "white")!;
    expect(mine.diff).toBe(5);
    expect(pipLine(board, "black", "black")!.diff).toBe(-5);
    expect(pipLine(board, "white", null)!.text).toContain("White");
    expect(pipLine(null, "white", "white")).toBeNull();
  });

  it("a screen reader hears the other side's move in the viewer's numbering, not its own move", () => {
    const events = [
      { seq: 1, at: 0, event: { type: "played", side: "black", notation: "24/18", steps: [{ from: 24, to: 18, hit: false }] } },
      { seq: 2, at: 0, event: { type: "rolled", side: "white", dice: [2, 1] } },
      { seq: 3, at: 0, event: { type: "played", side: "white", notation: "13/11 6/5", steps: [{ from: 13, to: 11, hit: false }, { from: 6, to: 5, hit: false }] } },
      { seq: 4, at: 0, event: { type: "doubled", side: "black", value: 2 } },
    ] as LoggedEvent[];
    expect(announcement(events, "white", "short", "white")).toBe("Black played 1/7. Black doubles to 2");
    expect(announcement(events, "black", "short", "black")).toBe("White played 12/14 19/20");
    expect(announcement(events.slice(1, 2), "white", "short", "white")).toBe("");
  });
});

describe("the score line, legend and title", () => {
  it("the score line names the cube's place and the Crawford hand; the tab's title says when the viewer must act", () => {
    const owned = table({ cube: { value: 2, owner: "black" }, crawford: false, hand: 3, score: { white: 1, black: 0 } });
    expect(screen(input(owned, "white")).score).toEqual([
      { text: "Score: White 1 – 0 Black · match to 3 points" },
      { text: "cube 2 (Black)", term: "cube" },
      { text: "hand 3" },
    ]);
    const crawford = table({ crawford: true, score: { white: 2, black: 0 } });
    expect(screen(input(crawford, "white")).score.map((p) => p.term ?? "")).toEqual(["", "cube", "crawford", ""]);
    expect(screen(input(table({}), "white")).title).not.toBe(screen(input(table({}), "black")).title);
    expect(screen(input(table({}), null)).legend).toContain("White");
  });
});

describe("resignation offers (backgammon preset)", () => {
  const offered = table({
    resignOffer: { from: "white", to: "black", level: "gammon" },
    cube: { value: 2, owner: "black" },
    canDouble: [],
    canOfferResign: [],
    toAct: "black",
    may: ["accept-resign", "reject-resign"],
  });

  it("while an offer waits, the answering side reads what it scores and may accept or refuse; the others wait", () => {
    expect(screen(input(offered, "black")).status).toBe("White offers to resign this hand as a gammon (mars): accept and score 4 points, or refuse and play on.");
    expect(buttons(input(offered, "black"))).toEqual(["accept-resign", "reject-resign", "auto-roll", "resign"]);
    expect(screen(input(offered, "white")).status).toBe("You offered to resign this hand as a gammon (mars); Black answers.");
    expect(buttons(input(offered, "white"))).toEqual(["auto-roll", "resign"]);
    expect(screen(input(offered, null)).status).toBe("White offers to resign this hand as a gammon (mars); Black answers.");
    expect(screen(input(offered, "black")).outlined).toBe("black");
  });

  it("a screen reader hears the other side's offer and answer, not its own", () => {
    const events: LoggedEvent[] = [
      { seq: 1, at: 0, event: { type: "resign-offered", side: "white", level: "single", value: 2 } },
      { seq: 2, at: 0, event: { type: "resign-rejected", side: "black", level: "single" } },
    ] as LoggedEvent[];
    expect(announcement(events, "black", "short", "black")).toBe("White offers to resign the hand as a single (oin) (2 points)");
    expect(announcement(events, "white", "short", "white")).toBe("Black refuses the resignation; play goes on");
  });
});
