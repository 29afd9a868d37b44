import { describe, expect, it } from "vitest";
import {
  PRESETS,
  applyCommand,
  canDouble,
  stateFacts,
  compactLegalPlays,
  compactLegalPlaysFor,
  legalPlays,
  legalPlaysFor,
  newMatch,
  pipCount,
  seededDice,
  stepsAt,
  type Board,
  type Dice,
  type MatchCommand,
  type MatchState,
  type PresetName,
  type Side,
  type Variant,
} from "../../src/engine";
import { compactPlaysOf, playsView, type LoggedEvent, type PlaysView, type TableView } from "../../src/protocol";
import { commandFromView, matchStateFromView } from "../../src/bot/table-view";
import { BOT_LEVELS, botCommand, chooseBotPlay, chooseBotPlayIndex, playHand, seededRng, type BotLevel, type Chooser } from "../../src/bot";
import { side as checkers } from "./support/boards";
import { selfPlaySuite } from "./support/suite";

function choice(level: BotLevel, variant: Variant, board: Board, dice: Dice, firstTurn = false) {
  const position = { variant, board, turn: "white" as const };
  const plays = legalPlays(position, dice, { firstTurn });
  expect(plays.length).toBeGreaterThan(1);
  return chooseBotPlay(level, position, dice, { firstTurn }, plays, seededRng(1));
}

function match(preset: PresetName, length: number, seed: number): MatchState {
  const started = newMatch({ ruleset: PRESETS[preset], length }, seededDice(seed));
  if (!started.ok) throw new Error(started.error.message);
  return started.value.state;
}

/** The side that must act now, or null when the match is over: the engine decides it, once per state. */
function actor(state: MatchState): Side | null {
  return stateFacts(state).toAct;
}

const EXPECTED_KINDS: Record<MatchState["phase"], Array<MatchCommand["type"]>> = {
  "awaiting-roll": ["roll", "double"],
  moving: ["play"],
  "cube-offered": ["take", "drop"],
  over: [],
};

describe("botCommand drives whole matches with commands the reducer accepts", () => {
  const cases: Array<[PresetName, number, BotLevel, BotLevel]> = [
    ["backgammon", 5, "intermediate", "intermediate"],
    ["backgammon", 3, "intermediate", "beginner"],
    ["federation-long", 3, "intermediate", "intermediate"],
    ["armenian-long", 1, "beginner", "intermediate"],
    ["georgian-short", 1, "beginner", "beginner"],
    ["backgammon", 5, "expert", "intermediate"],
    ["federation-long", 3, "expert", "expert"],
    ["armenian-long", 1, "random", "expert"],
  ];
  for (const [preset, length, whiteLevel, blackLevel] of cases) {
    it(`${preset} to ${length}: ${whiteLevel} (white) vs ${blackLevel} (black)`, () => {
      const dice = seededDice(7);
      const levels: Record<Side, BotLevel> = { white: whiteLevel, black: blackLevel };
      const rngs: Record<Side, () => number> = { white: seededRng(11), black: seededRng(12) };
      let state = match(preset, length, 3);
      const seen = new Set<string>();
      for (let i = 0; state.phase !== "over"; i++) {
        expect(i).toBeLessThan(20_000);
        const side = actor(state);
        if (!side) break;
        const other: Side = side === "white" ? "black" : "white";
        // Only the side that must act gets a command; the other is told there is nothing to do.
        expect(botCommand(state, other, levels[other], rngs[other])).toBeNull();
        const command = botCommand(state, side, levels[side], rngs[side]);
        expect(command).not.toBeNull();
        if (!command) break;
        expect("side" in command ? command.side : null).toBe(side);
        expect(EXPECTED_KINDS[state.phase]).toContain(command.type);
        if (levels[side] === "beginner") expect(command.type).not.toBe("double");
        seen.add(command.type);
        const next = applyCommand(state, command, dice);
        if (!next.ok) throw new Error(`${command.type} rejected: ${next.error.code} ${next.error.message}`);
        state = next.value.state;
      }
      expect(state.phase).toBe("over");
      expect(state.winner).not.toBeNull();
      expect(botCommand(state, "white", "intermediate", rngs.white)).toBeNull();
      expect(botCommand(state, "black", "beginner", rngs.black)).toBeNull();
      expect(seen.has("play")).toBe(true);
    });
  }
});

/** The levels with an evaluation of their own (the hand-written intermediate and the neural expert). */
const STRONG = ["intermediate", "expert"] as const;

describe.each(STRONG)("cube decisions: %s", (level) => {
  const raceBoard = (white: Record<number, number>, black: Record<number, number>): Board => ({
    white: checkers(white),
    black: checkers(black),
  });

  function offered(board: Board): MatchState {
    const state = match("backgammon", 5, 1);
    return {
      ...state,
      phase: "cube-offered",
      dice: null,
      cubeOffer: { from: "white", to: "black" },
      position: { variant: "short", board, turn: "white" },
    };
  }

  it("the bot drops a hopeless position and takes an even one; the beginner always takes", () => {
    const hopeless = offered(raceBoard({ 0: 13, 1: 2 }, { 24: 5, 23: 5, 22: 5 }));
    expect(botCommand(hopeless, "black", level, seededRng(1))?.type).toBe("drop");
    expect(botCommand(hopeless, "black", "beginner", seededRng(1))?.type).toBe("take");
    expect(botCommand(hopeless, "white", level, seededRng(1))).toBeNull();

    const even = offered(match("backgammon", 5, 1).position.board);
    expect(botCommand(even, "black", level, seededRng(1))?.type).toBe("take");
  });

  it("the bot doubles when clearly ahead in a race, never when the cube is unavailable", () => {
    const base = match("backgammon", 5, 1);
    // White 30 pips to go, black 60 with some off: a clear race lead, no mars to play for.
    const ahead = raceBoard({ 6: 2, 5: 2, 4: 2, 3: 2, 2: 1, 0: 6 }, { 6: 5, 5: 4, 4: 1, 0: 5 });
    const awaiting: MatchState = { ...base, phase: "awaiting-roll", dice: null, position: { variant: "short", board: ahead, turn: "white" } };
    expect(botCommand(awaiting, "white", level, seededRng(1))?.type).toBe("double");
    expect(botCommand(awaiting, "white", "beginner", seededRng(1))?.type).toBe("roll");
    expect(botCommand(awaiting, "black", level, seededRng(1))).toBeNull();

    const oneOff: MatchState = { ...awaiting, config: { ...awaiting.config, length: 1 } };
    expect(botCommand(oneOff, "white", level, seededRng(1))?.type).toBe("roll");
    const atStart: MatchState = { ...awaiting, position: { ...base.position, turn: "white" } };
    expect(botCommand(atStart, "white", level, seededRng(1))?.type).toBe("roll");
  });
});

describe.each(STRONG)("%s plays the obvious move", (level) => {
  it("short nardi: with 3-1 it hits on its 5 point and makes it (8/5* 6/5)", () => {
    const board = { white: checkers({ 24: 2, 13: 5, 8: 3, 6: 5 }), black: checkers({ 24: 1, 20: 1, 13: 5, 8: 3, 6: 5 }) };
    const play = choice(level, "short", board, [3, 1]);
    expect(play.board.black[25]).toBe(1);
    expect(play.board.white[5]).toBe(2);
  });

  it("short nardi: it hits a blot that has nearly come home (24/22*)", () => {
    const board = { white: checkers({ 24: 2, 13: 4, 8: 3, 6: 6 }), black: checkers({ 3: 1, 6: 5, 8: 3, 13: 3, 5: 3 }) };
    const play = choice(level, "short", board, [2, 5]);
    expect(play.steps.some((s) => s.hit)).toBe(true);
    expect(play.board.black[25]).toBe(1);
  });

  it("short nardi: all home, no contact, 6-5 bears off two checkers", () => {
    const board = { white: checkers({ 6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2 }), black: checkers({ 1: 3, 2: 3, 3: 3, 4: 3, 5: 3 }) };
    expect(choice(level, "short", board, [6, 5]).board.white[0]).toBe(2);
  });

  it("long nardi: all home, 5-3 bears off two checkers", () => {
    const board = { white: checkers({ 6: 5, 5: 5, 3: 5 }), black: checkers({ 1: 5, 2: 5, 3: 5 }) };
    expect(choice(level, "long", board, [5, 3]).board.white[0]).toBe(2);
  });

  it("long nardi: with 6-1 it makes a five-point block right in front of the opponent's head (13/7)", () => {
    // Black's head (black own 24) is white's own 12; white already holds 11, 10, 9 and 8.
    const board = { white: checkers({ 24: 9, 13: 2, 11: 1, 10: 1, 9: 1, 8: 1 }), black: checkers({ 24: 15 }) };
    const after = choice(level, "long", board, [6, 1]).board.white;
    for (const point of [7, 8, 9, 10, 11]) expect(after[point]).toBeGreaterThan(0);
  });

  it("long nardi: on its second turn it takes another checker off the head", () => {
    const board = { white: checkers({ 24: 14, 17: 1 }), black: checkers({ 24: 14, 19: 1 }) };
    const play = choice(level, "long", board, [6, 3]);
    expect(play.board.white[24]).toBe(13);
  });
});

describe("strength and determinism", () => {
  for (const preset of ["georgian-short", "federation-long"] as const) {
    for (const level of STRONG) {
      it(`${preset}: the ${level} bot beats random in at least 45 of 50 seeded hands`, () => {
        let expertWins = 0;
        for (let game = 0; game < 50; game++) {
          const rng = seededRng(1000 + game);
          const expertSide: Side = game % 2 === 0 ? "white" : "black";
          const expert: Chooser = (position, plays, dice, ctx) => chooseBotPlay(level, position, dice, ctx, plays, rng);
          const random: Chooser = (position, plays, dice, ctx) => chooseBotPlay("beginner", position, dice, ctx, plays, rng);
          const choosers = expertSide === "white" ? { white: expert, black: random } : { white: random, black: expert };
          const hand = playHand(PRESETS[preset], choosers, game % 4 < 2 ? "white" : "black", seededDice(500 + game));
          if (hand.winner === expertSide) expertWins++;
        }
        expect(expertWins).toBeGreaterThanOrEqual(45);
      });
    }
  }

  it("the same seeds replay the same hand; another rng seed changes the random bot's moves", () => {
    const run = (rngSeed: number) => {
      const rng = seededRng(rngSeed);
      return playHand(
        PRESETS["federation-long"],
        {
          white: (position, plays, dice, ctx) => chooseBotPlay("intermediate", position, dice, ctx, plays, rng),
          black: (position, plays, dice, ctx) => chooseBotPlay("beginner", position, dice, ctx, plays, rng),
        },
        "white",
        seededDice(42),
      ).moves;
    };
    expect(run(5)).toEqual(run(5));
    expect(run(6)).not.toEqual(run(5));
  });

  it("every level picks the same play from compact plays (by index) as from the same plays written out", () => {
    for (const variant of ["short", "long"] as const) {
      const { suite } = selfPlaySuite(variant, 150, 31);
      for (const c of suite) {
        const compact = compactLegalPlays(c.position, c.dice, c.ctx);
        if (compact.count === 0) continue;
        for (const level of BOT_LEVELS) {
          const index = chooseBotPlayIndex(level, c.position, c.dice, c.ctx, compact, seededRng(9));
          const play = chooseBotPlay(level, c.position, c.dice, c.ctx, legalPlays(c.position, c.dice, c.ctx), seededRng(9));
          expect(stepsAt(compact, index)).toEqual(play.steps);
        }
      }
    }
  });

  it("BOT_LEVELS lists every level", () => {
    expect([...BOT_LEVELS].sort()).toEqual(["beginner", "expert", "intermediate"]);
  });
});

describe("a bot playing over the protocol (what src/bot/remote.ts sees)", () => {
  /** The table view a client receives for `state` (as the server builds it). */
  function viewOf(state: MatchState, seq: number): TableView {
    const { board } = state.position;
    return {
      id: "table-under-test-0001",
      status: state.phase === "over" ? "over" : "playing",
      ruleset: state.config.ruleset,
      length: state.config.length,
      reconnectSeconds: 60,
      spectators: true,
      rated: false,
      private: false,
      players: { white: null, black: null },
      timeControl: { name: "standard", delaySeconds: 12, reserveSeconds: 120, matchReserveSeconds: 120 * state.config.length },
      clock: null,
      match: {
        score: { ...state.score },
        hand: state.hand,
        crawford: state.crawford,
        cube: { ...state.cube },
        cubeOffer: state.cubeOffer,
        resignOffer: state.resignOffer,
        canOfferResign: [],
        phase: state.phase,
        turn: state.position.turn,
        firstTurn: state.firstTurn[state.position.turn],
        dice: state.dice,
        board,
        pips: { white: pipCount(board.white), black: pipCount(board.black) },
        canDouble: (["white", "black"] as const).filter((side) => canDouble(state, side)),
        toAct: stateFacts(state).toAct,
        may: [...stateFacts(state).may],
        winner: state.winner,
        endReason: state.endReason,
      },
      seq,
      createdAt: 0,
    };
  }

  it("decides from the table view, the event log and the server's legal plays exactly as botCommand does on the state", () => {
    for (const preset of ["federation-long", "backgammon"] as const) {
      const dice = seededDice(99);
      const started = newMatch({ ruleset: PRESETS[preset], length: 3 }, dice);
      if (!started.ok) throw new Error(started.error.message);
      let state = started.value.state;
      const log: LoggedEvent[] = [];
      const record = (events: typeof started.value.events) => {
        for (const event of events) log.push({ seq: log.length + 1, at: 0, event });
      };
      record(started.value.events);
      let longFirstTurnsSeen = 0;
      while (state.phase !== "over") {
        const view = viewOf(state, log.length);
        const rebuilt = matchStateFromView(view, log);
        expect(rebuilt?.firstTurn).toEqual(state.firstTurn);
        if (state.firstTurn.white || state.firstTurn.black) longFirstTurnsSeen++;
        const side = actor(state);
        if (!side) break;
        // The plays as the server sends them (nardi.v2, through JSON) and as the client reads them back.
        const wire = state.phase === "moving" ? (JSON.parse(JSON.stringify(playsView(compactLegalPlaysFor(state)))) as PlaysView) : null;
        const served = wire && compactPlaysOf(view, wire);
        for (const level of ["beginner", "expert"] as const) {
          expect(commandFromView(view, log, served, side, level, seededRng(5))).toEqual(botCommand(state, side, level, seededRng(5)));
        }
        const fromView = commandFromView(view, log, served, side, "intermediate", seededRng(3));
        expect(fromView).toEqual(botCommand(state, side, "intermediate", seededRng(3)));
        if (!fromView) throw new Error("the bot had nothing to do on its turn");
        const next = applyCommand(state, fromView, dice);
        if (!next.ok) throw new Error(next.error.message);
        record(next.value.events);
        state = next.value.state;
      }
      expect(longFirstTurnsSeen).toBeGreaterThan(0);
    }
  });

  it("has nothing to do while the table waits for an opponent", () => {
    const waiting: TableView = { ...viewOf(match("backgammon", 3, 1), 1), status: "waiting", match: null };
    expect(matchStateFromView(waiting, [])).toBeNull();
    expect(commandFromView(waiting, [], null, "white", "intermediate", seededRng(1))).toBeNull();
  });
});
