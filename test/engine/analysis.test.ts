/**
 * The analyser (src/analysis, docs/analysis.md): bot matches of every preset analyse to a schema-valid document
 * whose figures add up; a deliberately bad play and a deliberately bad double are marked at their seq; forced plays
 * are not counted; luck is sane; and long-nardi positions whose best play is known get it.
 */
import { describe, expect, it } from "vitest";
import { Analyser, analyseMatch, normalizedGoal, rankPlays, rollIndex, scaleOf, type AnalysableRecord } from "../../src/analysis";
import { canDouble, compactLegalPlays, legalPlaysFor, PRESETS, type Board, type MatchCommand, type MatchState, type PresetName, type Side } from "../../src/engine";
import { AnalysisSchema, type Analysis, type Decision } from "../../src/protocol/analysis";
import { cubeEquities } from "../../src/analysis/cube";
import { replayLog } from "../../src/protocol/export";
import { botMatch } from "../../scripts/bot-match";
import { position } from "./support/boards";

function analysed(record: AnalysableRecord): Analysis {
  const analysis = analyseMatch(record);
  return AnalysisSchema.parse(analysis) as Analysis;
}

/** The normalized goal of `side` at 0–0 in a match of `length` (cube 1). */
function goalAt(preset: PresetName, length: number, side: Side = "white") {
  return normalizedGoal(scaleOf({ length, score: { white: 0, black: 0 }, crawfordPassed: false, koks: PRESETS[preset].koks }, side, 1));
}

describe("analyseMatch on bot matches of every preset", () => {
  it.each<[PresetName, number]>([
    ["backgammon", 3],
    ["georgian-short", 1],
    ["federation-long", 3],
    ["armenian-long", 1],
  ])("%s to %i: schema-valid, every decision and figure consistent", (preset, length) => {
    const events = botMatch({ preset, length, seed: 7, levels: { white: "expert", black: "intermediate" } });
    const analysis = analysed({ events, tableId: "t-1" });
    expect(analysis).toMatchObject({ status: "ready", tableId: "t-1", variant: PRESETS[preset].variant });

    // Each logged play is one play decision at its seq; forced ⇔ one legal play; counted ⇔ not forced.
    const replay = replayLog(events);
    if (!replay.ok) throw new Error(replay.message);
    const plays = analysis.decisions.filter((d) => d.decision.kind === "play" && d.decision.played.play !== "");
    expect(plays.map((d) => d.seq)).toEqual(events.filter((e) => e.event.type === "played").map((e) => e.seq));
    const firstTurn: Record<Side, boolean> = { white: true, black: true };
    let dice: [number, number] | null = null;
    for (let i = 0; i < replay.replay.frames.length; i++) {
      const frame = replay.replay.frames[i]!;
      const e = frame.event;
      if (e.type === "hand-started") Object.assign(firstTurn, { white: true, black: true });
      if (e.type === "rolled") dice = e.dice;
      if (e.type === "burned") firstTurn[e.side] = false;
      if (e.type !== "played") continue;
      const before = replay.replay.frames[i - 1]!;
      const count = compactLegalPlays({ variant: PRESETS[preset].variant, board: before.board, turn: e.side }, dice!, { firstTurn: firstTurn[e.side] }).count;
      firstTurn[e.side] = false;
      const d = plays.find((p) => p.seq === frame.seq)!;
      expect(d.counted).toBe(count > 1);
      if (count === 1) expect(d).toMatchObject({ loss: 0, mark: null });
    }

    for (const d of analysis.decisions) {
      expect(d.loss).toBeGreaterThanOrEqual(0);
      if (d.decision.kind === "play" && d.counted) {
        const best = d.decision.best;
        expect(best.length).toBeGreaterThan(1);
        expect(d.loss).toBeCloseTo(best[0]!.equity - d.decision.played.equity, 3);
        if (d.decision.played.play === best[0]!.play) expect(d.loss).toBe(0);
      }
      if (d.decision.kind === "cube") {
        const { noDouble, doubleTake, doubleDrop, action, right } = d.decision;
        expect(doubleDrop).toBeCloseTo(1, 6);
        const doubled = Math.min(doubleTake, doubleDrop);
        if (action === "double" || action === "no-double") {
          expect(right).toBe(doubled > noDouble ? "double" : "no-double");
          expect(d.loss).toBeCloseTo(Math.max(noDouble, doubled) - (action === "double" ? doubled : noDouble), 3);
        } else {
          expect(right).toBe(doubleTake <= doubleDrop ? "take" : "drop");
          expect(d.loss).toBeCloseTo((action === "take" ? doubleTake : doubleDrop) - doubled, 3);
        }
      }
    }

    for (const side of ["white", "black"] as const) {
      const mine = analysis.decisions.filter((d) => d.side === side);
      const counted = mine.filter((d) => d.counted);
      const p = analysis.players[side];
      expect(p.decisions).toBe(counted.length);
      expect(p.checkerDecisions + p.cubeDecisions).toBe(p.decisions);
      const loss = counted.reduce((sum, d) => sum + d.loss, 0);
      expect(p.errorRate).toBeCloseTo(p.decisions ? (1000 * loss) / p.decisions : 0, 0);
      expect(p.pr).toBeCloseTo(p.errorRate / 2, 0);
      expect(p.marks.veryBad).toBe(mine.filter((d) => d.mark === "very-bad").length);
      expect(p.luck).toBeCloseTo(mine.reduce((sum, d) => sum + (d.luck?.value ?? 0), 0), 2);
      // Without a cube every roll is at cube 1: the luck-adjusted result is the score difference less the luck.
      const final = replay.replay.frames.at(-1)!.score;
      const net = side === "white" ? final.white - final.black : final.black - final.white;
      if (!PRESETS[preset].cube) expect(p.luckAdjusted).toBeCloseTo(net - p.luck, 2);
    }
    // Luck is a roll's equity against the mean of all 21: over a match it stays small per roll.
    const lucks = analysis.decisions.flatMap((d) => (d.luck ? [d.luck.value] : []));
    expect(lucks.length).toBeGreaterThan(10);
    expect(Math.abs(lucks.reduce((a, b) => a + b, 0) / lucks.length)).toBeLessThan(0.2);
    for (const l of lucks) expect(Math.abs(l)).toBeLessThan(3);
  });

  it("the opening dice (play-opening-dice presets) have no luck; later rolls do", () => {
    const events = botMatch({ preset: "georgian-short", length: 1, seed: 3 });
    const analysis = analysed({ events });
    const firstPlay = analysis.decisions.find((d) => d.decision.kind === "play")!;
    expect(firstPlay.luck).toBeNull();
    expect(analysis.decisions.filter((d) => d.decision.kind === "play").slice(1).every((d) => d.luck !== null)).toBe(true);
  });

  it("refuses a log that breaks the rules, naming the seq", () => {
    const events = botMatch({ preset: "georgian-short", length: 1, seed: 3 });
    const at = events.findIndex((e) => e.event.type === "played" && e.seq > 10);
    const broken = events.map((e, i) => (i === at ? { ...e, event: { ...e.event, steps: [{ from: 24, to: 1, hit: false }] } } : e)) as typeof events;
    expect(() => analyseMatch({ events: broken })).toThrow(expect.objectContaining({ code: "BAD_LOG", seq: events[at]!.seq }));
    expect(() => analyseMatch({ events: events.slice(1) })).toThrow(expect.objectContaining({ code: "BAD_LOG" }));
  });
});

describe("deliberate errors are marked at their seq", () => {
  it("a play chosen as the worst at 0-ply is marked bad or very bad; the best play has loss 0", () => {
    const an = new Analyser(PRESETS["georgian-short"]);
    let moving = 0;
    let injected = -1;
    const events = botMatch({
      preset: "georgian-short",
      length: 1,
      seed: 11,
      levels: { white: "expert", black: "expert" },
      interrupt: (state: MatchState) => {
        if (state.phase !== "moving") return null;
        const n = moving++;
        const plays = legalPlaysFor(state);
        if (injected >= 0 || n < 6 || plays.length < 6) return null;
        const value = (b: Board) => an.afterPlay(b, state.position.turn)[0];
        const worst = plays.reduce((w, p) => (value(p.board) < value(w.board) ? p : w));
        injected = n;
        return { type: "play", side: state.position.turn, play: worst.steps.map((s) => ({ from: s.from, to: s.to })) } satisfies MatchCommand;
      },
    });
    expect(injected).toBeGreaterThanOrEqual(0);
    const seq = events.filter((e) => e.event.type === "played")[injected]!.seq;
    const analysis = analysed({ events });
    const d = analysis.decisions.find((x) => x.seq === seq && x.decision.kind === "play")!;
    expect(d.counted).toBe(true);
    expect(d.loss).toBeGreaterThanOrEqual(0.06);
    expect(["bad", "very-bad"]).toContain(d.mark);
    if (d.decision.kind !== "play") throw new Error("not a play");
    expect(d.decision.best[0]!.play).not.toBe(d.decision.played.play);
    const bests = analysis.decisions.filter((x): x is Decision & { decision: { kind: "play" } } => x.decision.kind === "play" && x.counted);
    for (const x of bests) if (x.decision.kind === "play" && x.decision.played.play === x.decision.best[0]!.play) expect(x.loss).toBe(0);
  });

  it("a double from a clearly losing position is marked, and the right action is no double", () => {
    const an = new Analyser(PRESETS.backgammon);
    let doubledAt = -1;
    let commands = 0;
    const events = botMatch({
      preset: "backgammon",
      length: 5,
      seed: 5,
      interrupt: (state: MatchState) => {
        commands++;
        if (doubledAt >= 0 || state.phase !== "awaiting-roll" || !canDouble(state, state.position.turn)) return null;
        if (an.onRoll(state.position.board, state.position.turn)[0] > 0.3) return null;
        doubledAt = commands;
        return { type: "double", side: state.position.turn };
      },
    });
    expect(doubledAt).toBeGreaterThan(0);
    const analysis = analysed({ events });
    const double = analysis.decisions.find((d) => d.decision.kind === "cube" && d.decision.action === "double" && d.chances.win <= 0.35)!;
    expect(double).toBeDefined();
    expect(events.find((e) => e.seq === double.seq)!.event.type).toBe("doubled");
    expect(double.decision).toMatchObject({ right: "no-double" });
    expect(double.counted).toBe(true);
    expect(double.loss).toBeGreaterThanOrEqual(0.12);
    expect(double.mark).toBe("very-bad");
    const answer = analysis.decisions.find((d) => d.seq === double.seq + 1)!;
    expect(answer.decision).toMatchObject({ kind: "cube", right: "take" });
  });
});

describe("cube equities (Janowski on match values)", () => {
  // A long match at 0–0 plays like money: without gammons, no double at 50%, double/take near 72%, double/drop at 85%.
  const s = { length: 25, score: { white: 0, black: 0 }, crawfordPassed: false, koks: true };
  const at = (p: number, owner: "me" | "centre" = "centre") => cubeEquities([p, 0, 0, 0, 0], scaleOf(s, "white", 1), scaleOf(s, "white", 2), owner);
  it.each<[number, string]>([
    [0.5, "no-double/take"],
    [0.72, "double/take"],
    [0.85, "double/drop"],
  ])("at %f: %s", (p, expected) => {
    const e = at(p);
    const action = Math.min(e.doubleTake, e.doubleDrop) > e.noDouble ? "double" : "no-double";
    expect(`${action}/${e.doubleTake <= e.doubleDrop ? "take" : "drop"}`).toBe(expected);
    expect(e.doubleDrop).toBeCloseTo(1, 9);
  });
  it("owning the cube is worth more than a centred cube", () => {
    expect(at(0.6, "me").noDouble).toBeGreaterThan(at(0.6).noDouble);
  });
});

describe("long-nardi positions whose best play is known", () => {
  const an = new Analyser(PRESETS["federation-long"]);
  const goal = goalAt("federation-long", 7);
  const rank = (pos: ReturnType<typeof position>, dice: [number, number], firstTurn = false) => rankPlays(an, pos, dice, firstTurn, false, goal);
  const off = (b: Board, side: Side = "white") => b[side][0]!;

  it("bearing off: two checkers off beats moving one inside", () => {
    const pos = position("long", { 6: 1, 4: 3, 3: 3, 2: 3, 1: 2, 0: 3 }, { 1: 3, 2: 3, 3: 3, 4: 3, 5: 1, 0: 2 });
    const ranked = rank(pos, [6, 2]);
    expect(ranked.length).toBeGreaterThan(1);
    expect(off(ranked[0]!.board) - off(pos.board)).toBe(2);
    expect(ranked[0]!.deep).toBe(true);
  });

  it("a forced race: one legal play is forced (not looked at deeper, not counted)", () => {
    // White's last two checkers: a 6-5 can only bear both off.
    const ranked = rank(position("long", { 3: 1, 1: 1, 0: 13 }, { 1: 5, 2: 5, 3: 5 }), [6, 5]);
    expect(ranked).toHaveLength(1);
    expect(ranked[0]!.deep).toBe(false);
  });

  it("the head rule: one checker off the head, except the first roll's 6-6, 4-4, 3-3", () => {
    const start = position("long", { 24: 15 }, { 24: 15 });
    for (const dice of [[6, 6], [4, 4], [3, 3]] as Array<[number, number]>) {
      const ranked = rank(start, dice, true);
      expect(ranked.every((p) => p.board.white[24] === 13)).toBe(true);
    }
    const later = position("long", { 24: 14, 19: 1 }, { 24: 14, 19: 1 });
    const ranked = rank(later, [5, 5]);
    expect(ranked.length).toBeGreaterThan(1);
    expect(ranked.every((p) => p.board.white[24]! >= 13)).toBe(true);
    expect(ranked[0]!.board.white[24]).toBe(13);
  });

  it("six-block traps: completing the six-block is the best play", () => {
    const sixBlock = (b: Board) => {
      for (let p = 1; p <= 19; p++) if ([0, 1, 2, 3, 4, 5].every((k) => b.white[p + k]! > 0)) return true;
      return false;
    };
    for (const [pos, dice] of [
      [position("long", { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 7: 1, 8: 2, 9: 2 }, { 24: 2, 23: 1, 1: 3, 2: 3, 3: 3, 4: 3 }), [5, 1]],
      [position("long", { 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 8: 1, 24: 9 }, { 24: 2, 23: 1, 21: 1, 1: 3, 2: 3, 3: 3, 4: 2 }), [3, 1]],
    ] as Array<[ReturnType<typeof position>, [number, number]]>) {
      expect(sixBlock(pos.board)).toBe(false);
      const ranked = rank(pos, dice);
      expect(ranked.some((p) => !sixBlock(p.board))).toBe(true);
      expect(sixBlock(ranked[0]!.board)).toBe(true);
    }
  });

  it("luck: a 6-6 in a race is lucky, a 2-1 unlucky", () => {
    const race = position("long", { 6: 2, 5: 2, 4: 3, 3: 3, 2: 3, 1: 2 }, { 6: 2, 5: 2, 4: 3, 3: 3, 2: 3, 1: 2 });
    const outlook = an.outlook(race.board, "white", false, goal);
    expect(outlook.values[rollIndex([6, 6])]! - outlook.mean).toBeGreaterThanOrEqual(0.3);
    expect(outlook.values[rollIndex([2, 1])]! - outlook.mean).toBeLessThan(0);
  });
});
