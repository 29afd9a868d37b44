/**
 * The typed client completes the views of a previous-release server (no `toAct`/`may`) with the facts that
 * server would have sent. Compared here with the engine's own `stateFacts` on every state of seeded matches in
 * every preset (doubles offered, taken and dropped), and a current view is never touched.
 */
import { describe, expect, it } from "vitest";
import {
  applyCommand,
  canDouble,
  legalPlaysFor,
  newMatch,
  PRESET_NAMES,
  PRESETS,
  seededRandom,
  stateFacts,
  type DiceSource,
  type MatchCommand,
  type MatchState,
} from "../../src/engine";
import { readable as withStateFacts } from "../../src/client/other-releases";

/** The parts of the match view the previous release sent that decide the facts. */
function previousReleaseView(state: MatchState) {
  return {
    phase: state.phase,
    turn: state.position.turn,
    cubeOffer: state.cubeOffer ? { ...state.cubeOffer } : null,
    canDouble: (["white", "black"] as const).filter((side) => canDouble(state, side)),
    winner: state.winner,
  };
}

function statesOf(preset: (typeof PRESET_NAMES)[number], seed: number): MatchState[] {
  const rng = seededRandom(seed);
  const dice: DiceSource = { die: () => 1 + Math.floor(rng() * 6) };
  const started = newMatch({ ruleset: PRESETS[preset], length: 5 }, dice);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value.state;
  const states = [state];
  for (let i = 0; i < 2000 && state.phase !== "over"; i++) {
    const { toAct, may } = stateFacts(state);
    const side = toAct!;
    let command: MatchCommand;
    if (may.includes("double") && rng() < 0.2) command = { type: "double", side };
    else if (may.includes("take")) command = { type: rng() < 0.7 ? "take" : "drop", side };
    else if (may.includes("roll")) command = { type: "roll", side };
    else {
      const plays = legalPlaysFor(state);
      command = { type: "play", side, play: plays[Math.floor(rng() * plays.length)]!.notation };
    }
    const next = applyCommand(state, command, dice);
    if (!next.ok) throw new Error(`${command.type}: ${next.error.message}`);
    state = next.value.state;
    states.push(state);
  }
  return states;
}

describe("the client in front of a previous-release server", () => {
  it("fills toAct and may exactly as the engine decides them, in every phase of every preset", () => {
    const phases = new Set<string>();
    for (const preset of PRESET_NAMES) {
      for (const seed of [1, 2, 3]) {
        for (const state of statesOf(preset, seed)) {
          const table = withStateFacts({ table: { id: "t", match: previousReleaseView(state) } }) as { table: { match: { toAct: unknown; may: unknown } } };
          const { toAct, may } = stateFacts(state);
          expect({ toAct: table.table.match.toAct, may: table.table.match.may }).toEqual({ toAct, may });
          phases.add(state.phase);
        }
      }
    }
    expect([...phases].sort()).toEqual(["awaiting-roll", "cube-offered", "moving", "over"]);
  });

  it("leaves a current server's facts alone, and what is not a match view", () => {
    const current = { match: { phase: "awaiting-roll", turn: "white", cubeOffer: null, canDouble: ["white"], toAct: "black", may: ["take"] } };
    expect(withStateFacts(current)).toEqual(current);
    const record = { match: { id: "m1", phase: "over" }, events: [{ type: "rolled" }] };
    expect(withStateFacts(record)).toEqual(record);
  });
});
