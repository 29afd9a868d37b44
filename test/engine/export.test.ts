/**
 * Replays and match files from the event log (src/protocol/export): the frames rebuild every position, a log that
 * breaks the rules is refused at its seq, and the .mat and text forms are byte-exact (docs/replays.md).
 */
import { describe, expect, it } from "vitest";
import { PRESETS, type PresetName } from "../../src/engine";
import type { LoggedEvent, TableOrMatchEvent } from "../../src/protocol";
import { handStarts, matName, replayLog, toMat, toText, type Replay } from "../../src/protocol/export";
import { botMatch } from "../../scripts/bot-match";

function log(events: TableOrMatchEvent[]): LoggedEvent[] {
  return events.map((event, i) => ({ seq: i + 1, at: 1_000 * (i + 1), event }));
}

function replayed(events: LoggedEvent[], tableId: string | null = null): Replay {
  const result = replayLog(events, tableId);
  if (!result.ok) throw new Error(`seq ${result.seq}: ${result.message}`);
  return result.replay;
}

/** A 3-point backgammon match: Black opens, a double taken, a redouble dropped, then the Crawford hand resigned. */
const SHORT = log([
  { type: "table-created", ruleset: PRESETS.backgammon, length: 3, reconnectSeconds: 60, spectators: true },
  { type: "player-joined", seat: "white", name: "Ann Lee", kind: "human", botLevel: null },
  { type: "player-joined", seat: "black", name: "Bo:b", kind: "human", botLevel: null },
  { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
  { type: "opening-roll", white: 1, black: 3, starter: "black" },
  { type: "rolled", side: "black", dice: [3, 1] },
  { type: "played", side: "black", notation: "8/5 6/5", steps: [{ from: 8, to: 5, hit: false }, { from: 6, to: 5, hit: false }] },
  { type: "doubled", side: "white", value: 2 },
  { type: "taken", side: "black", value: 2 },
  { type: "rolled", side: "white", dice: [6, 5], auto: true },
  { type: "played", side: "white", notation: "24/18 18/13", steps: [{ from: 24, to: 18, hit: false }, { from: 18, to: 13, hit: false }] },
  { type: "doubled", side: "black", value: 4 },
  { type: "dropped", side: "white" },
  { type: "hand-ended", hand: 1, winner: "black", result: { kind: "oin", points: 1 }, cube: 2, value: 2, score: { white: 0, black: 2 } },
  { type: "hand-started", hand: 2, crawford: true, score: { white: 0, black: 2 } },
  { type: "opening-roll", white: 5, black: 2, starter: "white" },
  { type: "rolled", side: "white", dice: [5, 2] },
  { type: "played", side: "white", notation: "13/8 13/11", steps: [{ from: 13, to: 8, hit: false }, { from: 13, to: 11, hit: false }] },
  { type: "resigned", side: "black" },
  { type: "match-ended", winner: "white", reason: "resign", score: { white: 3, black: 2 } },
]);

describe("replayLog", () => {
  it("gives one frame per match event with the board, dice, cube and score after it", () => {
    const replay = replayed(SHORT, "t1");
    expect(replay.names).toEqual({ white: "Ann Lee", black: "Bo:b" });
    expect(replay.frames.map((f) => f.seq)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const at = (seq: number) => replay.frames.find((f) => f.seq === seq)!;
    expect(at(6).dice).toEqual([3, 1]);
    expect(at(7)).toMatchObject({ dice: null, turn: "white" });
    expect(at(7).board.black.slice(5, 9)).toEqual([2, 4, 0, 2]);
    expect(at(8)).toMatchObject({ offeredBy: "white", cube: { value: 1, owner: null } });
    expect(at(9)).toMatchObject({ offeredBy: null, cube: { value: 2, owner: "black" } });
    expect(at(14)).toMatchObject({ score: { white: 0, black: 2 }, cube: { value: 2, owner: "black" } });
    expect(at(15)).toMatchObject({ hand: 2, crawford: true, cube: { value: 1, owner: null } });
    expect(at(20).score).toEqual({ white: 3, black: 2 });
    expect(handStarts(replay.frames)).toEqual([0, 11]);
  });

  it("refuses a log whose play the rules do not allow, at that play's seq", () => {
    const broken = SHORT.map((e) =>
      e.seq === 11 ? { ...e, event: { type: "played" as const, side: "white" as const, notation: "24/17", steps: [{ from: 24, to: 17, hit: false }] } } : e,
    );
    const result = replayLog(broken);
    expect(result).toMatchObject({ ok: false, seq: 11 });
    expect(replayLog(SHORT.slice(1))).toMatchObject({ ok: false });
  });

  it.each<[PresetName, number]>([
    ["backgammon", 5],
    ["georgian-short", 3],
    ["federation-long", 3],
    ["armenian-long", 1],
  ])("replays bot matches of %s to %i to their logged end", (preset, length) => {
    for (const seed of [1, 2, 3]) {
      const events = botMatch({ preset, length, seed });
      const replay = replayed(events);
      const last = replay.frames.at(-1)!;
      expect(last.event.type).toBe("match-ended");
      for (const [i, frame] of replay.frames.entries()) {
        if (frame.event.type !== "hand-ended") continue;
        // The hand ended on the board: the winner has all 15 off, unless the hand ended by a drop.
        if (replay.frames[i - 1]!.event.type !== "dropped") expect(frame.board[frame.event.winner][0]).toBe(15);
      }
    }
  });
});

describe("toMat", () => {
  it("writes the Jellyfish layout gnubg writes and reads", () => {
    expect(toMat(replayed(SHORT, "t1"))).toBe(
      [
        '; [Site "nardi"]',
        '; [Match ID "t1"]',
        '; [Player 1 "Ann_Lee"]',
        '; [Player 2 "Bo_b"]',
        '; [Variation "Backgammon"]',
        '; [Ruleset "backgammon"]',
        "",
        " 3 point match",
        "",
        " Game 1",
        " Ann_Lee : 0                    Bo_b : 0",
        "  1)                             31: 8/5 6/5",
        "  2)  Doubles => 2                Takes",
        "  3) 65: 24/18 18/13              Doubles => 4",
        "  4)  Drops                       Wins 2 points",
        "",
        " Game 2",
        " Ann_Lee : 0                    Bo_b : 2",
        "  1) 52: 13/8 13/11",
        "      Wins 3 points and the match",
        "",
        "",
      ].join("\n"),
    );
  });

  /** The header and first hand of a 3-point match between Ann Lee and Bo:b, up to the opening roll. */
  const opened = (white: number, black: number): TableOrMatchEvent[] => [
    ...SHORT.slice(0, 4).map(({ event }) => event),
    { type: "opening-roll", white, black, starter: white > black ? "white" : "black" },
  ];

  it("writes the roll a starter held, unplayed, when the hand ended before its first play (gnubg scores no empty game)", () => {
    const whiteLate = log([
      ...opened(5, 2),
      { type: "rolled", side: "white", dice: [5, 2] },
      { type: "timed-out", side: "white" },
      { type: "match-ended", winner: "black", reason: "timeout", score: { white: 0, black: 3 } },
    ]);
    expect(toMat(replayed(whiteLate)).split("\n").slice(-3)).toEqual(["  1) 52:                          Wins 3 points and the match", "", ""]);
    const blackLate = log([
      ...opened(2, 5),
      { type: "rolled", side: "black", dice: [5, 2] },
      { type: "forfeited", side: "black" },
      { type: "match-ended", winner: "white", reason: "forfeit", score: { white: 3, black: 0 } },
    ]);
    expect(toMat(replayed(blackLate)).split("\n").slice(-4)).toEqual(["  1)                             52:", "      Wins 3 points and the match", "", ""]);
  });

  it("writes a held roll only in its own hand (a lose-hand flag, then a hand conceded before its first roll)", () => {
    const events = log([
      { type: "table-created", ruleset: { ...PRESETS.backgammon, opening: "reroll", timeout: "lose-hand" }, length: 3, reconnectSeconds: 60, spectators: true },
      { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
      { type: "opening-roll", white: 5, black: 2, starter: "white" },
      { type: "rolled", side: "white", dice: [3, 1] },
      { type: "timed-out", side: "white" },
      { type: "hand-ended", hand: 1, winner: "black", result: { kind: "oin", points: 1 }, cube: 1, value: 1, score: { white: 0, black: 1 } },
      { type: "hand-started", hand: 2, crawford: false, score: { white: 0, black: 1 } },
      { type: "opening-roll", white: 2, black: 6, starter: "black" },
      { type: "resigned", side: "black" },
      { type: "match-ended", winner: "white", reason: "resign", score: { white: 3, black: 1 } },
    ]);
    expect(toMat(replayed(events)).split("\n").slice(-9)).toEqual([
      " Game 1",
      " White : 0                      Black : 0",
      "  1) 31:                          Wins 1 point",
      "",
      " Game 2",
      " White : 0                      Black : 1",
      "      Wins 3 points and the match",
      "",
      "",
    ]);
  });

  it("pads White's Takes when it stands alone, so gnubg does not read the line before again", () => {
    const events = log([
      ...opened(1, 3),
      { type: "rolled", side: "black", dice: [3, 1] },
      { type: "played", side: "black", notation: "8/5 6/5", steps: [{ from: 8, to: 5, hit: false }, { from: 6, to: 5, hit: false }] },
      { type: "rolled", side: "white", dice: [6, 5] },
      { type: "played", side: "white", notation: "24/18 18/13", steps: [{ from: 24, to: 18, hit: false }, { from: 18, to: 13, hit: false }] },
      { type: "doubled", side: "black", value: 2 },
      { type: "taken", side: "white", value: 2 },
      { type: "resigned", side: "black" },
      { type: "match-ended", winner: "white", reason: "resign", score: { white: 3, black: 0 } },
    ]);
    expect(toMat(replayed(events)).split("\n").slice(-6)).toEqual([
      "  1)                             31: 8/5 6/5",
      "  2) 65: 24/18 18/13              Doubles => 2",
      `  3)  Takes${" ".repeat(22)}`,
      "      Wins 3 points and the match",
      "",
      "",
    ]);
  });

  it("has no form for long nardi", () => {
    expect(() => toMat(replayed(botMatch({ preset: "armenian-long", length: 1, seed: 1 })))).toThrow(RangeError);
  });

  it("makes every name one word", () => {
    expect(matName("  Ann  Lee ", "White")).toBe("Ann_Lee");
    expect(matName("a:b;c", "White")).toBe("a_b_c");
    expect(matName("   ", "Black")).toBe("Black");
  });
});

describe("toText", () => {
  it("writes one line per fact", () => {
    expect(toText(replayed(SHORT, "t1"))).toBe(
      [
        "# nardi match",
        "table t1",
        "ruleset backgammon variant short koks true cube true opening play-opening-dice",
        "length 3",
        "white Ann Lee",
        "black Bo:b",
        "",
        "hand 1 score 0-0",
        "opening white 1 black 3 starter black",
        "black roll 31 play 8/5 6/5",
        "white double 2",
        "black take 2",
        "white roll 65 play 24/18 18/13",
        "black double 4",
        "white drop",
        "black wins oin 1 cube 2 value 2 score 0-2",
        "",
        "hand 2 score 0-2 crawford",
        "opening white 5 black 2 starter white",
        "white roll 52 play 13/8 13/11",
        "black resigns",
        "",
        "match white reason resign score 3-2",
        "",
      ].join("\n"),
    );
  });

  it("ends a closed match with no winner and shows a moderator's rename (docs/moderation-live.md)", () => {
    // The SHORT match up to White's play in the Crawford hand; then Black is renamed and a moderator closes the table.
    const upTo = SHORT.slice(0, SHORT.length - 2).map(({ event }) => event);
    const closed = log([
      ...upTo,
      { type: "player-renamed", seat: "black", name: "Player 7" },
      { type: "match-ended", winner: null, reason: "closed", score: { white: 0, black: 2 } },
    ]);
    const text = toText(replayed(closed, "t2"));
    expect(text).toContain("\nblack Player 7\n");
    expect(text.slice(text.indexOf("white roll 52"))).toBe("white roll 52 play 13/8 13/11\n\nmatch none reason closed score 0-2\n");
    const mat = toMat(replayed(closed, "t2"));
    expect(mat).toContain('; [Player 2 "Player_7"]');
    expect(mat).not.toContain("and the match");
    expect(mat.endsWith("  1) 52: 13/8 13/11\n\n")).toBe(true);
  });

  it("writes long nardi, burned rolls included", () => {
    const text = toText(replayed(botMatch({ preset: "federation-long", length: 3, seed: 5 })));
    expect(text).toContain("ruleset federation-long variant long koks true cube true opening reroll\n");
    expect(text).toMatch(/\n(white|black) roll \d\d burned\n/);
    expect(text).toMatch(/\nmatch (white|black) reason score score \d+-\d+\n$/);
  });
});
