/**
 * The gnubg side of `npm run bench:analysis:gnubg` (bench/gnubg-analysis.ts): gnubg's answer read into the figures its
 * `show statistics match` prints, decisions keyed alike in gnubg's record and our log, and the two statistics.
 * The fixture is a real answer of GNU Backgammon 1.07 (2-ply, its default) for a 3-point bot match
 * (test/fixtures/gnubg-analysis/*.mat); the keying is checked on fresh bot matches against the real gnubg when it
 * is installed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayLog, toMat } from "../../src/protocol/export";
import { botMatch } from "../../scripts/bot-match";
import {
  analyseWithGnubg,
  cohenKappa,
  decisionKey,
  decisionPlaces,
  GNUBG,
  gnubgFigures,
  pearson,
  type GnubgRawMatch,
} from "../../bench/gnubg-analysis";

const fixture = join(import.meta.dirname, "../fixtures/gnubg-analysis/expert-vs-intermediate-seed7.jsonl");

describe("gnubg's analysis read", () => {
  const figures = gnubgFigures(JSON.parse(readFileSync(fixture, "utf8")) as GnubgRawMatch);

  it("gives the error rates `show statistics match` printed for the same analysis", () => {
    // gnubg printed: chequer play -9.6 / -25.0 mEMG, cube -327.2 / -44.9, overall -37.2 / -27.8.
    const { white, black } = figures.players;
    expect([white.checkerDecisions, white.cubeDecisions, black.checkerDecisions, black.cubeDecisions]).toEqual([21, 2, 18, 3]);
    expect(white.checkerErrorRate).toBeCloseTo(9.6, 1);
    expect(white.cubeErrorRate).toBeCloseTo(327.2, 1);
    expect(white.errorRate).toBeCloseTo(37.2, 1);
    expect(black.checkerErrorRate).toBeCloseTo(25.0, 1);
    expect(black.cubeErrorRate).toBeCloseTo(44.9, 1);
    expect(black.errorRate).toBeCloseTo(27.8, 1);
    expect(white.marks).toEqual({ doubtful: 1, bad: 2, veryBad: 0 });
    expect(black.marks).toEqual({ doubtful: 3, bad: 1, veryBad: 1 });
    expect(white.luck).toBeCloseTo(-0.477, 3);
  });

  it("keys the marks per decision: the very bad double, play, missed double and take where gnubg put them", () => {
    const veryBad = [...figures.marks].filter(([, mark]) => mark === "very bad").map(([key]) => key).sort();
    // Game 1 (the file's lines 9, 13, 14 and 15): White doubles after 16 plays (Black's take is fine), Black plays
    // 55 badly as the 24th play, misses a double before the 26th, and White takes that double wrongly after 27.
    expect(veryBad).toEqual(
      [decisionKey(0, 16, "roll"), decisionKey(0, 23, "play"), decisionKey(0, 25, "roll"), decisionKey(0, 27, "answer")].sort(),
    );
    expect(figures.marks.get(decisionKey(0, 16, "answer"))).toBeUndefined();
    expect(figures.marks.get(decisionKey(0, 1, "play"))).toBe("bad");
  });

  it("gives each unforced chequer play's loss, adding up to the chequer play's error total", () => {
    const total = (side: "X" | "O") => {
      const raw = JSON.parse(readFileSync(fixture, "utf8")) as GnubgRawMatch;
      return raw.games.flat().filter((a) => a.player === side).reduce((sum, a) => sum + (a.loss ?? 0), 0);
    };
    expect(total("X")).toBeCloseTo(figures.players.white.checkerErrorTotal, 6);
    expect(total("O")).toBeCloseTo(figures.players.black.checkerErrorTotal, 6);
    expect(figures.losses.get(decisionKey(0, 23, "play"))).toBeGreaterThanOrEqual(0.12);
  });
});

describe("statistics", () => {
  it("Pearson's r: 1 on a line, −1 against it, near 0 without relation", () => {
    expect(pearson([1, 2, 3, 4], [3, 5, 7, 9])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 2, 3, 4], [1, -1, -1, 1])).toBeCloseTo(0, 12);
  });

  it("Cohen's κ: 1 when the marks agree, 0 at chance, with the table", () => {
    const agree = [[true, true], [false, false], [false, false], [true, true]] as const;
    expect(cohenKappa(agree).kappa).toBe(1);
    // Each rater says yes half the time, independently: observed agreement 0.5 = chance.
    const chance = [[true, true], [true, false], [false, true], [false, false]] as const;
    expect(cohenKappa(chance)).toEqual({ kappa: 0, both: 1, onlyFirst: 1, onlySecond: 1, neither: 1 });
  });
});

describe.skipIf(!existsSync(GNUBG))("decisions keyed alike in gnubg's record and our log", () => {
  it("every play, double, take and drop of our log is gnubg's action of the same key, mover and dice", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gnubg-analysis-"));
    try {
      const matches = [
        { preset: "backgammon" as const, seed: 31, levels: { white: "expert" as const, black: "beginner" as const } },
        { preset: "backgammon" as const, seed: 32, levels: { white: "intermediate" as const, black: "intermediate" as const } },
        { preset: "georgian-short" as const, seed: 33, levels: { white: "beginner" as const, black: "expert" as const } },
      ].map((m, i) => {
        const events = botMatch({ ...m, length: 3 });
        const replayed = replayLog(events);
        if (!replayed.ok) throw new Error(replayed.message);
        const file = join(dir, `${i}.mat`);
        writeFileSync(file, toMat(replayed.replay));
        return { events, job: { file, plies: 0, cube: m.preset === "backgammon" } };
      });
      const answers = await analyseWithGnubg(matches.map((m) => m.job), dir, 1);
      let cubeActions = 0;
      for (const [i, { events }] of matches.entries()) {
        const raw = answers[i]!;
        const byKey = new Map<string, (typeof raw.games)[number][number]>();
        for (const [hand, actions] of raw.games.entries()) {
          let plays = 0;
          for (const a of actions) {
            const kind = a.action === "move" ? "play" : a.action === "double" ? "roll" : "answer";
            byKey.set(decisionKey(hand, plays, kind), a);
            if (a.action === "move") plays++;
          }
        }
        const places = decisionPlaces(events);
        let dice: number[] = [];
        let keyed = 0;
        for (const { seq, event } of events) {
          if (event.type === "rolled") dice = [...event.dice];
          const kind = { played: "play", burned: "play", doubled: "roll", taken: "answer", dropped: "answer" }[event.type as string];
          if (!kind || !("side" in event)) continue;
          const place = places.get(seq)!;
          const action = byKey.get(decisionKey(place.hand, place.playsBefore, kind as "play"));
          expect(action, `${i}: seq ${seq} ${event.type}`).toBeDefined();
          expect(action!.player).toBe(event.side === "white" ? "X" : "O");
          if (kind === "play") expect([...action!.dice!].sort()).toEqual([...dice].sort());
          else {
            expect(action!.action).toBe({ doubled: "double", taken: "take", dropped: "drop" }[event.type as "doubled"]);
            cubeActions++;
          }
          keyed++;
        }
        expect(keyed).toBe([...byKey.values()].filter((a) => ["move", "double", "take", "drop"].includes(a.action)).length);
      }
      // The matches must have exercised the cube, or the test proves nothing about its keys.
      expect(cubeActions).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
