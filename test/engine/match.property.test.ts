/**
 * Whole matches of every preset, played by random legal plays and random cube actions with seeded dice, must end
 * correctly: the winner reaches N, the score is the sum of the hands, each hand is result × cube, the Crawford hand
 * has no cube, and the same seeds replay the same match.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededDice, seededRandom } from "../../src/engine/dice";
import { applyCommand, canDouble, legalPlaysFor, newMatch } from "../../src/engine/match";
import { validatePosition } from "../../src/engine/position";
import { RESULT_POINTS } from "../../src/engine/result";
import { PRESET_NAMES, PRESETS } from "../../src/engine/rulesets";
import type { MatchCommand, MatchEvent, MatchState, PresetName } from "../../src/engine/types";

/** The players' choices come from their own seeded stream, separate from the dice. */
function chooser(seed: number): (n: number) => number {
  const next = seededRandom(seed);
  return (n) => Math.floor(next() * n);
}

interface Played {
  state: MatchState;
  events: MatchEvent[];
  crawfordDoubleRefusals: number;
}

const MAX_COMMANDS = 50_000;

function playMatch(preset: PresetName, length: number, diceSeed: number, choiceSeed: number): Played {
  const dice = seededDice(diceSeed);
  const choose = chooser(choiceSeed);
  const started = newMatch({ ruleset: PRESETS[preset], length }, dice);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value.state;
  const events = [...started.value.events];
  let crawfordDoubleRefusals = 0;

  const run = (command: MatchCommand) => {
    const r = applyCommand(state, command, dice);
    if (!r.ok) throw new Error(`${command.type} refused: ${r.error.code} ${r.error.message}`);
    state = r.value.state;
    events.push(...r.value.events);
  };

  for (let n = 0; state.phase !== "over"; n++) {
    if (n > MAX_COMMANDS) throw new Error("the match did not end");
    const side = state.position.turn;
    switch (state.phase) {
      case "awaiting-roll":
        if (state.crawford) {
          // Someone always tries: the Crawford hand must refuse the cube.
          const r = applyCommand(state, { type: "double", side }, dice);
          expect(r.ok ? "accepted" : r.error.code).toBe("CUBE_UNAVAILABLE");
          crawfordDoubleRefusals++;
        }
        if (canDouble(state, side) && choose(8) === 0) run({ type: "double", side });
        else run({ type: "roll", side });
        break;
      case "cube-offered": {
        const to = state.cubeOffer!.to;
        run({ type: choose(3) === 0 ? "drop" : "take", side: to });
        break;
      }
      case "moving": {
        const plays = legalPlaysFor(state);
        expect(plays.length).toBeGreaterThan(0); // a roll without plays is burned by the reducer, never left waiting
        run({ type: "play", side, play: plays[choose(plays.length)]!.steps });
        const position = validatePosition(state.position);
        expect(position.ok).toBe(true);
        break;
      }
    }
  }
  return { state, events, crawfordDoubleRefusals };
}

function checkMatch(preset: PresetName, length: number, { state, events }: Played): void {
  const { cube } = PRESETS[preset];
  expect(state.endReason).toBe("score");
  const winner = state.winner!;
  const loser = winner === "white" ? "black" : "white";
  expect(state.score[winner]).toBeGreaterThanOrEqual(length);
  expect(state.score[loser]).toBeLessThan(length);

  const sums = { white: 0, black: 0 };
  let crawfordHand = false;
  let crawfordHands = 0;
  let sawMatchPoint = false;
  for (const e of events) {
    switch (e.type) {
      case "hand-started":
        crawfordHand = e.crawford;
        if (e.crawford) {
          crawfordHands++;
          // The Crawford hand is the first after a side reaches N − 1.
          expect(Object.values(e.score)).toContain(length - 1);
          expect(sawMatchPoint).toBe(false);
        }
        if (Object.values(e.score).includes(length - 1)) sawMatchPoint = true;
        expect(e.score).toEqual(sums);
        break;
      case "doubled":
      case "taken":
        expect(crawfordHand).toBe(false);
        expect(cube && length > 1).toBe(true);
        expect(e.value).toBeLessThanOrEqual(64);
        break;
      case "hand-ended":
        expect(e.value).toBe(e.result.points * e.cube);
        expect(e.result.points).toBe(RESULT_POINTS[e.result.kind]);
        if (!PRESETS[preset].koks) expect(e.result.kind).not.toBe("koks");
        sums[e.winner] += e.value;
        expect(e.score).toEqual(sums);
        break;
    }
  }
  expect(sums).toEqual(state.score);
  expect(crawfordHands).toBeLessThanOrEqual(1);
  if (!cube || length === 1) expect(crawfordHands).toBe(0);
  expect(events.at(-1)).toEqual({ type: "match-ended", winner, reason: "score", score: state.score });
}

describe("random whole matches", () => {
  for (const preset of PRESET_NAMES) {
    for (const length of [1, 3, 5]) {
      it(`${preset}, ${length} point${length > 1 ? "s" : ""}: ends correctly and replays identically`, () => {
        fc.assert(
          fc.property(fc.integer(), fc.integer(), (diceSeed, choiceSeed) => {
            const first = playMatch(preset, length, diceSeed, choiceSeed);
            checkMatch(preset, length, first);
            const again = playMatch(preset, length, diceSeed, choiceSeed);
            expect(JSON.stringify(again.events)).toBe(JSON.stringify(first.events));
          }),
          { numRuns: 5 },
        );
      });
    }
  }
});

describe("the random matches exercise the cube", () => {
  it("with fixed seeds, backgammon and federation-long matches see doubles, takes, drops, Crawford hands and gammons", () => {
    const seen = new Set<string>();
    for (const preset of ["backgammon", "federation-long"] as const) {
      for (let seed = 1; seed <= 12; seed++) {
        const played = playMatch(preset, 5, seed, seed * 7919);
        checkMatch(preset, 5, played);
        for (const e of played.events) {
          seen.add(e.type);
          if (e.type === "hand-started" && e.crawford) seen.add("crawford");
          if (e.type === "hand-ended") seen.add(e.result.kind);
        }
        if (played.crawfordDoubleRefusals > 0) seen.add("crawford-refusal");
      }
    }
    for (const wanted of ["doubled", "taken", "dropped", "burned", "crawford", "crawford-refusal", "oin", "mars"]) {
      expect(seen).toContain(wanted);
    }
  });
});
