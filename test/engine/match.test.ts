import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../src/engine/dice";
import { applyCommand, canDouble, legalPlaysFor, newMatch, pointsNeeded } from "../../src/engine/match";
import { initialPosition } from "../../src/engine/position";
import { formatPosition, parsePosition } from "../../src/engine/position-string";
import { makeRuleset, PRESETS } from "../../src/engine/rulesets";
import type {
  DiceSource,
  MatchCommand,
  MatchEvent,
  MatchState,
  MatchStep,
  PresetName,
  RuleErrorCode,
  RulesetOverrides,
  Side,
} from "../../src/engine/types";

// ---------------------------------------------------------------------------------------------
// Helpers: scripted dice, constructed positions, and hand endings the reducer then scores itself.
// ---------------------------------------------------------------------------------------------

function ruleset(preset: PresetName, overrides: RulesetOverrides = {}) {
  const r = makeRuleset(preset, overrides);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function start(preset: PresetName, length: number, dice: number[], overrides: RulesetOverrides = {}): MatchStep {
  const r = newMatch({ ruleset: ruleset(preset, overrides), length }, scriptedDice(dice));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function apply(state: MatchState, command: MatchCommand, dice: number[] | DiceSource = []): MatchStep {
  const r = applyCommand(state, command, Array.isArray(dice) ? scriptedDice(dice) : dice);
  if (!r.ok) throw new Error(`${command.type}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function refused(state: MatchState, command: MatchCommand, code: RuleErrorCode): void {
  const r = applyCommand(state, command, scriptedDice([3, 1, 4, 2]));
  expect(r.ok ? "accepted" : r.error.code).toBe(code);
}

function types(events: MatchEvent[]): string[] {
  return events.map((e) => e.type);
}

/** The state with a constructed position (position string) whose side to move is about to roll. */
function withPosition(state: MatchState, text: string, firstTurn = false): MatchState {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(`${text}: ${p.error.message}`);
  return {
    ...state,
    position: p.value,
    phase: "awaiting-roll",
    dice: null,
    cubeOffer: null,
    firstTurn: { white: firstTurn, black: firstTurn },
  };
}

/**
 * Ends the current hand: `winner` has one checker left on its own point 1, rolls 2-1 and bears it off; the loser's
 * checkers are `loser` (position-string form). The reducer scores it and starts the next hand with `nextOpening`.
 */
function bearOffLast(state: MatchState, winner: Side, loser: string, nextOpening: number[] = [6, 1]): MatchStep {
  const variant = state.config.ruleset.variant;
  const text = winner === "white" ? `${variant}-w-1.offx14-${loser}` : `${variant}-b-${loser}-1.offx14`;
  const rolled = apply(withPosition(state, text), { type: "roll", side: winner }, [2, 1]);
  expect(legalPlaysFor(rolled.state).map((p) => p.notation)).toEqual(["1/off"]);
  const played = apply(rolled.state, { type: "play", side: winner, play: "1/off" }, nextOpening);
  return { state: played.state, events: [...rolled.events, ...played.events] };
}

function handEnded(events: MatchEvent[]) {
  const e = events.find((x) => x.type === "hand-ended");
  if (!e || e.type !== "hand-ended") throw new Error("no hand-ended event");
  return e;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------

describe("newMatch: config", () => {
  it.each([0, 26, 2.5, -1, Number.NaN])("rejects length %s with BAD_CONFIG", (length) => {
    const r = newMatch({ ruleset: PRESETS.backgammon, length }, scriptedDice([6, 1]));
    expect(r.ok ? "accepted" : r.error.code).toBe("BAD_CONFIG");
  });

  it("rejects an unknown ruleset with BAD_CONFIG", () => {
    const r = newMatch({ ruleset: { ...PRESETS.backgammon, preset: "chess" as PresetName }, length: 3 }, scriptedDice([6, 1]));
    expect(r.ok ? "accepted" : r.error.code).toBe("BAD_CONFIG");
  });

  it.each([1, 25])("accepts length %s", (length) => {
    const { state } = start("backgammon", length, [6, 1]);
    expect(state.config.length).toBe(length);
    expect(state.score).toEqual({ white: 0, black: 0 });
  });
});

describe("opening roll (docs/rules.md §5.2)", () => {
  it("ties roll again; play-opening-dice: the starter plays the two opening dice", () => {
    const { state, events } = start("georgian-short", 3, [3, 3, 2, 5]);
    expect(events).toEqual([
      { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
      { type: "opening-roll", white: 3, black: 3, starter: null },
      { type: "opening-roll", white: 2, black: 5, starter: "black" },
      { type: "rolled", side: "black", dice: [5, 2], auto: true },
    ]);
    expect(state.phase).toBe("moving");
    expect(state.position).toEqual(initialPosition("short", "black"));
    expect(state.dice).toEqual([5, 2]);
    expect(state.hand).toBe(1);
    expect(legalPlaysFor(state).length).toBeGreaterThan(0);
  });

  it("reroll: the starter then rolls both dice itself", () => {
    const { state, events } = start("armenian-long", 3, [1, 1, 6, 6, 4, 2]);
    expect(types(events)).toEqual(["hand-started", "opening-roll", "opening-roll", "opening-roll"]);
    expect(events.at(-1)).toEqual({ type: "opening-roll", white: 4, black: 2, starter: "white" });
    expect(state.phase).toBe("awaiting-roll");
    expect(state.position).toEqual(initialPosition("long", "white"));
    expect(state.dice).toBeNull();
    expect(legalPlaysFor(state)).toEqual([]);
    const rolled = apply(state, { type: "roll", side: "white" }, [6, 6]);
    expect(rolled.events).toEqual([{ type: "rolled", side: "white", dice: [6, 6] }]);
    // First turn 6-6: two checkers may leave the head (docs/rules.md §3.4 table).
    expect(legalPlaysFor(rolled.state).map((p) => p.notation)).toEqual(["24/18 24/18"]);
  });
});

describe("turn order: roll and play", () => {
  const opened = start("federation-long", 3, [2, 6]).state; // Black starts, reroll: Black to roll

  it("only the side on turn may roll, once", () => {
    refused(opened, { type: "roll", side: "white" }, "NOT_YOUR_TURN");
    refused(opened, { type: "play", side: "black", play: "24/18" }, "MUST_ROLL");
    const rolled = apply(opened, { type: "roll", side: "black" }, [6, 5]).state;
    expect(rolled.phase).toBe("moving");
    expect(rolled.dice).toEqual([6, 5]);
    refused(rolled, { type: "roll", side: "black" }, "ALREADY_ROLLED");
    refused(rolled, { type: "roll", side: "white" }, "NOT_YOUR_TURN");
    refused(rolled, { type: "play", side: "white", play: "24/18" }, "NOT_YOUR_TURN");
    refused(rolled, { type: "double", side: "black" }, "ALREADY_ROLLED");
  });

  it("a play passes the turn; an illegal play changes nothing", () => {
    const rolled = apply(opened, { type: "roll", side: "black" }, [6, 5]).state;
    const illegal = applyCommand(rolled, { type: "play", side: "black", play: "24/20" }, scriptedDice([]));
    expect(illegal.ok).toBe(false);
    const { state, events } = apply(rolled, { type: "play", side: "black", play: "24/13" });
    expect(events).toHaveLength(1);
    const played = events[0]!;
    expect(played.type === "played" && played.side).toBe("black");
    expect(legalPlaysFor(rolled).map((p) => formatPosition({ ...rolled.position, board: p.board }))).toContain(
      formatPosition({ ...rolled.position, board: state.position.board }),
    );
    expect(state.phase).toBe("awaiting-roll");
    expect(state.position.turn).toBe("white");
    expect(state.firstTurn).toEqual({ white: true, black: false });
    expect(formatPosition(state.position)).toBe("long-w-24x15-24x14.13");
  });

  it("a roll with no legal play is burned and the turn passes", () => {
    // Black's own 18 and 19 are White's absolute 6 and 7: a 6-5 from the head cannot land anywhere.
    const blocked = withPosition(opened, "long-b-24x13.7.6-24x15", true);
    const { state, events } = apply(blocked, { type: "roll", side: "black" }, [6, 5]);
    expect(events).toEqual([
      { type: "rolled", side: "black", dice: [6, 5] },
      { type: "burned", side: "black", dice: [6, 5] },
    ]);
    expect(state.phase).toBe("awaiting-roll");
    expect(state.position.turn).toBe("white");
    expect(state.dice).toBeNull();
    expect(state.firstTurn.black).toBe(false);
    expect(state.position.board).toEqual(blocked.position.board);
  });
});

describe("doubling cube (docs/rules.md §5.4)", () => {
  // Backgammon with `reroll`, so the starter (White) is awaiting its roll and may double.
  const opened = start("backgammon", 5, [5, 2], { opening: "reroll" }).state;

  it("double, take, redouble only by the owner, drop; the drop scores the cube before the offer as oin", () => {
    refused(opened, { type: "double", side: "black" }, "NOT_YOUR_TURN");
    refused(opened, { type: "take", side: "black" }, "NO_DOUBLE_OFFERED");
    refused(opened, { type: "drop", side: "black" }, "NO_DOUBLE_OFFERED");
    expect(canDouble(opened, "white")).toBe(true);
    expect(canDouble(opened, "black")).toBe(false);

    const offered = apply(opened, { type: "double", side: "white" });
    expect(offered.events).toEqual([{ type: "doubled", side: "white", value: 2 }]);
    expect(offered.state.phase).toBe("cube-offered");
    expect(offered.state.cubeOffer).toEqual({ from: "white", to: "black" });
    expect(offered.state.cube).toEqual({ value: 1, owner: null });
    refused(offered.state, { type: "roll", side: "white" }, "CUBE_PENDING");
    refused(offered.state, { type: "roll", side: "black" }, "CUBE_PENDING");
    refused(offered.state, { type: "double", side: "white" }, "CUBE_PENDING");
    refused(offered.state, { type: "take", side: "white" }, "NOT_YOUR_TURN");
    refused(offered.state, { type: "drop", side: "white" }, "NOT_YOUR_TURN");

    const taken = apply(offered.state, { type: "take", side: "black" });
    expect(taken.events).toEqual([{ type: "taken", side: "black", value: 2 }]);
    expect(taken.state.cube).toEqual({ value: 2, owner: "black" });
    expect(taken.state.phase).toBe("awaiting-roll");
    expect(taken.state.position.turn).toBe("white");
    refused(taken.state, { type: "double", side: "white" }, "NOT_CUBE_OWNER");

    // White rolls and plays; now Black, the owner, redoubles and White takes.
    const rolled = apply(taken.state, { type: "roll", side: "white" }, [3, 1]).state;
    const whitePlay = legalPlaysFor(rolled)[0]!;
    const blackTurn = apply(rolled, { type: "play", side: "white", play: whitePlay.steps }).state;
    const redoubled = apply(blackTurn, { type: "double", side: "black" });
    expect(redoubled.events).toEqual([{ type: "doubled", side: "black", value: 4 }]);
    const retaken = apply(redoubled.state, { type: "take", side: "white" }).state;
    expect(retaken.cube).toEqual({ value: 4, owner: "white" });
    expect(retaken.position.turn).toBe("black");
    refused(retaken, { type: "double", side: "black" }, "NOT_CUBE_OWNER");

    // Black plays; White owns the cube, doubles to 8, Black drops: White wins 4 (the cube before the offer), as oin.
    const blackRolled = apply(retaken, { type: "roll", side: "black" }, [4, 2]).state;
    const whiteTurn = apply(blackRolled, { type: "play", side: "black", play: legalPlaysFor(blackRolled)[0]!.steps }).state;
    const eight = apply(whiteTurn, { type: "double", side: "white" }).state;
    const dropped = apply(eight, { type: "drop", side: "black" }, [1, 6]);
    expect(types(dropped.events)).toEqual(["dropped", "hand-ended", "hand-started", "opening-roll"]);
    expect(dropped.events[0]).toEqual({ type: "dropped", side: "black" });
    expect(handEnded(dropped.events)).toEqual({
      type: "hand-ended",
      hand: 1,
      winner: "white",
      result: { kind: "oin", points: 1 },
      cube: 4,
      value: 4,
      score: { white: 4, black: 0 },
    });
    // 4 of 5 is match point: the next hand is the Crawford hand, with the cube back in the middle.
    const crawford = dropped.state;
    expect(dropped.events[2]).toEqual({ type: "hand-started", hand: 2, crawford: true, score: { white: 4, black: 0 } });
    expect(crawford).toMatchObject({ hand: 2, crawford: true, crawfordDone: true, cube: { value: 1, owner: null } });
    expect(crawford.position).toEqual(initialPosition("short", "black"));
    refused(crawford, { type: "double", side: "black" }, "CUBE_UNAVAILABLE");
    expect(canDouble(crawford, "black")).toBe(false);

    // Black wins the Crawford hand (mars, 2); the hand after it has the cube again.
    const after = bearOffLast(crawford, "black", "6x15", [2, 3]);
    expect(handEnded(after.events)).toMatchObject({ winner: "black", result: { kind: "mars", points: 2 }, cube: 1, value: 2 });
    expect(after.state).toMatchObject({ hand: 3, crawford: false, crawfordDone: true, score: { white: 4, black: 2 } });
    expect(after.state.position.turn).toBe("black");
    expect(canDouble(after.state, "black")).toBe(true);
    const postCrawford = apply(after.state, { type: "double", side: "black" });
    expect(postCrawford.events).toEqual([{ type: "doubled", side: "black", value: 2 }]);
  });

  it("the cube stops at 64", () => {
    const at64: MatchState = { ...opened, cube: { value: 64, owner: "white" } };
    refused(at64, { type: "double", side: "white" }, "CUBE_AT_MAX");
    const at32: MatchState = { ...opened, cube: { value: 32, owner: "white" } };
    const offered = apply(at32, { type: "double", side: "white" });
    expect(offered.events).toEqual([{ type: "doubled", side: "white", value: 64 }]);
    expect(apply(offered.state, { type: "take", side: "black" }).state.cube).toEqual({ value: 64, owner: "black" });
  });

  it.each([
    ["a 1-point match", "backgammon", 1, { opening: "reroll" }],
    ["a 1-point federation-long match", "federation-long", 1, {}],
    ["georgian-short (no cube)", "georgian-short", 5, { opening: "reroll" }],
    ["armenian-long (no cube)", "armenian-long", 5, {}],
    ["backgammon with the cube overridden off", "backgammon", 5, { opening: "reroll", cube: false }],
  ] as const)("CUBE_UNAVAILABLE in %s", (_label, preset, length, overrides) => {
    const { state } = start(preset, length, [6, 1], overrides);
    expect(state.phase).toBe("awaiting-roll");
    refused(state, { type: "double", side: "white" }, "CUBE_UNAVAILABLE");
  });

  it("the cube can be switched on for a long-nardi preset that lacks it", () => {
    const { state } = start("armenian-long", 3, [6, 1], { cube: true });
    expect(canDouble(state, "white")).toBe(true);
  });

  it("a drop that reaches N or more ends the match at once", () => {
    const late: MatchState = {
      ...start("backgammon", 3, [5, 2], { opening: "reroll" }).state,
      score: { white: 1, black: 0 },
      cube: { value: 4, owner: "white" },
    };
    const offered = apply(late, { type: "double", side: "white" }).state;
    const { state, events } = apply(offered, { type: "drop", side: "black" });
    expect(types(events)).toEqual(["dropped", "hand-ended", "match-ended"]);
    expect(events.at(-1)).toEqual({ type: "match-ended", winner: "white", reason: "score", score: { white: 5, black: 0 } });
    expect(state).toMatchObject({ phase: "over", winner: "white", endReason: "score", score: { white: 5, black: 0 } });
  });
});

describe("results through the reducer", () => {
  it("a hand's value is the result × the cube", () => {
    const opened = start("backgammon", 25, [5, 2], { opening: "reroll" }).state;
    const { events, state } = bearOffLast({ ...opened, cube: { value: 4, owner: "black" } }, "white", "bar.6x14");
    expect(handEnded(events)).toMatchObject({ result: { kind: "koks", points: 3 }, cube: 4, value: 12 });
    expect(state.score).toEqual({ white: 12, black: 0 });
    expect(state.cube).toEqual({ value: 1, owner: null });
  });

  it.each([
    ["federation-long", "koks", 3],
    ["armenian-long", "mars", 2],
  ] as const)("long nardi, a loser's checker left in the winner's home: %s scores %s", (preset, kind, points) => {
    const opened = start(preset, 5, [5, 2]).state;
    // Black's own 14 is absolute 2, inside White's home.
    const { events } = bearOffLast(opened, "white", "24x14.14");
    expect(handEnded(events)).toMatchObject({ winner: "white", result: { kind, points }, value: points });
  });
});

describe("the worked 5-point match (docs/rules.md §5, Georgian text)", () => {
  // A = White, B = Black, georgian-short (koks, no cube).
  const hands: Array<[Side, string, string, number, [number, number]]> = [
    ["white", "6x14.off", "oin", 1, [1, 0]],
    ["black", "19.6x14", "koks", 3, [1, 3]],
    ["white", "6x15", "mars", 2, [3, 3]],
    ["black", "6x14.off", "oin", 1, [3, 4]],
  ];

  function playFirstFour(): MatchState {
    let state = start("georgian-short", 5, [5, 2]).state;
    for (const [winner, loser, kind, value, [a, b]] of hands) {
      const step = bearOffLast(state, winner, loser);
      expect(handEnded(step.events)).toMatchObject({ winner, result: { kind }, value, score: { white: a, black: b } });
      expect(step.state.phase).not.toBe("over");
      expect(step.state.crawford).toBe(false); // georgian-short has no cube, so no Crawford hand
      state = step.state;
    }
    return state;
  }

  it("A oin 1:0, B koks 1:3, A mars 3:3, B oin 3:4, A mars 5:4 ends the match", () => {
    const state = playFirstFour();
    expect(state.hand).toBe(5);
    const last = bearOffLast(state, "white", "6x15");
    expect(types(last.events)).toEqual(["rolled", "played", "hand-ended", "match-ended"]);
    expect(handEnded(last.events)).toMatchObject({ hand: 5, result: { kind: "mars", points: 2 }, score: { white: 5, black: 4 } });
    expect(last.events.at(-1)).toEqual({ type: "match-ended", winner: "white", reason: "score", score: { white: 5, black: 4 } });
    expect(last.state).toMatchObject({ phase: "over", winner: "white", endReason: "score" });
  });

  it("an oin in the fifth hand would make 4:4 and play goes on", () => {
    const last = bearOffLast(playFirstFour(), "white", "6x14.off", [4, 3]);
    expect(handEnded(last.events)).toMatchObject({ value: 1, score: { white: 4, black: 4 } });
    expect(types(last.events).slice(-3)).toEqual(["hand-started", "opening-roll", "rolled"]);
    expect(last.state).toMatchObject({ hand: 6, phase: "moving", score: { white: 4, black: 4 } });
  });
});

describe("resigning, leaving, abandoning (docs/rules.md §5.5, §5.6)", () => {
  const midMatch: MatchState = { ...start("backgammon", 5, [5, 2], { opening: "reroll" }).state, score: { white: 3, black: 1 } };

  it("resigning ends the match: the opponent gets the points still needed", () => {
    const { state, events } = apply(midMatch, { type: "resign", side: "black" });
    expect(events).toEqual([
      { type: "resigned", side: "black" },
      { type: "match-ended", winner: "white", reason: "resign", score: { white: 5, black: 1 } },
    ]);
    expect(state).toMatchObject({ phase: "over", winner: "white", endReason: "resign" });
    // Either side may resign at any time, here the side not on turn's opponent:
    const whiteResigns = apply(midMatch, { type: "resign", side: "white" });
    expect(whiteResigns.events.at(-1)).toEqual({ type: "match-ended", winner: "black", reason: "resign", score: { white: 3, black: 5 } });
  });

  it("the points awarded are at least 1 (one point short of the match)", () => {
    const matchPoint: MatchState = { ...midMatch, score: { white: 4, black: 1 } };
    expect(pointsNeeded(matchPoint, "white")).toBe(1);
    expect(apply(matchPoint, { type: "resign", side: "black" }).state.score).toEqual({ white: 5, black: 1 });
  });

  it("forfeit (a missed reconnect window) works like resigning, even with a double pending", () => {
    const offered = apply(midMatch, { type: "double", side: "white" }).state;
    const { state, events } = apply(offered, { type: "forfeit", side: "white" });
    expect(events).toEqual([
      { type: "forfeited", side: "white" },
      { type: "match-ended", winner: "black", reason: "forfeit", score: { white: 3, black: 5 } },
    ]);
    expect(state.cubeOffer).toBeNull();
  });

  it("timeout (lose-match, every preset's default) ends the match like leaving, with reason timeout", () => {
    const offered = apply(midMatch, { type: "double", side: "white" }).state;
    const { state, events } = apply(offered, { type: "timeout", side: "black" });
    expect(events).toEqual([
      { type: "timed-out", side: "black" },
      { type: "match-ended", winner: "white", reason: "timeout", score: { white: 5, black: 1 } },
    ]);
    expect(state).toMatchObject({ phase: "over", winner: "white", endReason: "timeout", cubeOffer: null });
  });

  it("timeout under lose-hand loses the hand as a dropped double (oin × the cube before the offer); the match goes on", () => {
    const base: MatchState = { ...start("backgammon", 7, [5, 2], { opening: "reroll", timeout: "lose-hand" }).state, score: { white: 3, black: 1 } };
    const taken = apply(apply(base, { type: "double", side: "white" }).state, { type: "take", side: "black" }).state;
    const redoubled = apply({ ...taken, position: { ...taken.position, turn: "black" } }, { type: "double", side: "black" }).state;
    const { state, events } = apply(redoubled, { type: "timeout", side: "white" }, [6, 1]);
    expect(events.slice(0, 2)).toEqual([
      { type: "timed-out", side: "white" },
      { type: "hand-ended", hand: 1, winner: "black", result: { kind: "oin", points: 1 }, cube: 2, value: 2, score: { white: 3, black: 3 } },
    ]);
    expect(types(events).slice(2)).toEqual(["hand-started", "opening-roll"]);
    expect(state).toMatchObject({ phase: "awaiting-roll", hand: 2, winner: null, cube: { value: 1, owner: null } });
  });

  it("abandon ends the match with no winner; then every command is MATCH_OVER", () => {
    const { state, events } = apply(midMatch, { type: "abandon" });
    expect(events).toEqual([{ type: "match-ended", winner: null, reason: "abandoned", score: { white: 3, black: 1 } }]);
    expect(state).toMatchObject({ phase: "over", winner: null, endReason: "abandoned" });
    for (const command of [
      { type: "roll", side: "white" },
      { type: "play", side: "white", play: "24/18" },
      { type: "double", side: "white" },
      { type: "take", side: "black" },
      { type: "drop", side: "black" },
      { type: "resign", side: "black" },
      { type: "forfeit", side: "white" },
      { type: "timeout", side: "white" },
      { type: "abandon" },
    ] as MatchCommand[]) {
      refused(state, command, "MATCH_OVER");
    }
    expect(legalPlaysFor(state)).toEqual([]);
    expect(canDouble(state, "white")).toBe(false);
  });

  it("close (a moderator closed the table) ends the match with no winner and the score as it stands; then it is over", () => {
    const { state, events } = apply(midMatch, { type: "close" });
    expect(events).toEqual([{ type: "match-ended", winner: null, reason: "closed", score: { white: 3, black: 1 } }]);
    expect(state).toMatchObject({ phase: "over", winner: null, endReason: "closed", dice: null, cubeOffer: null });
    refused(state, { type: "close" }, "MATCH_OVER");
    refused(state, { type: "roll", side: "white" }, "MATCH_OVER");
  });

  it("unknown commands are BAD_COMMAND", () => {
    refused(midMatch, { type: "flip" } as unknown as MatchCommand, "BAD_COMMAND");
    refused(midMatch, { type: "roll", side: "red" } as unknown as MatchCommand, "BAD_COMMAND");
    refused(midMatch, null as unknown as MatchCommand, "BAD_COMMAND");
  });
});

describe("purity", () => {
  it("never mutates the state it is given (deep-frozen inputs through a whole hand's kinds of command)", () => {
    const opened = deepFreeze(start("backgammon", 5, [5, 2], { opening: "reroll" }).state);
    const snapshot = JSON.stringify(opened);
    const offered = deepFreeze(apply(opened, { type: "double", side: "white" }).state);
    const taken = deepFreeze(apply(offered, { type: "take", side: "black" }).state);
    const rolled = deepFreeze(apply(taken, { type: "roll", side: "white" }, [6, 5]).state);
    const played = deepFreeze(apply(rolled, { type: "play", side: "white", play: legalPlaysFor(rolled)[0]!.steps }).state);
    deepFreeze(apply(offered, { type: "drop", side: "black" }, [6, 1]).state);
    deepFreeze(apply(played, { type: "resign", side: "black" }).state);
    deepFreeze(apply(played, { type: "abandon" }).state);
    deepFreeze(bearOffLast(played, "black", "6x15").state);
    expect(applyCommand(rolled, { type: "play", side: "white", play: "1/off" }, scriptedDice([])).ok).toBe(false);
    expect(JSON.stringify(opened)).toBe(snapshot);
    expect(played.position.turn).toBe("black");
  });

  it("the same commands and dice give the same events", () => {
    const run = () => {
      const a = start("backgammon", 3, [3, 3, 4, 1]);
      const b = apply(a.state, { type: "play", side: "white", play: legalPlaysFor(a.state)[0]!.steps });
      return JSON.stringify([a, b]);
    };
    expect(run()).toBe(run());
  });
});
