/**
 * Pace: no decision, no click. After every accepted command the match runs on through whatever nobody has to
 * decide: a roll for a side that may not double (no cube, cube on the other side, Crawford hand, cube at 64) or
 * that asked to roll automatically, and a roll with exactly one legal play, which is played for the mover. A roll
 * with no legal play is already burned by the reducer. Pure, like the reducer: dice come in from outside.
 */
import { stateFacts } from "./facts";
import { stepsAt } from "./legal";
import { applyCommand } from "./match";
import type { DiceSource, MatchCommand, MatchEvent, MatchState, MatchStep, Result, Side } from "./types";

/**
 * Automatic rolls in one go at most. Only a position where both sides can never move again (each on the bar
 * against a closed board) would roll on forever; there the side on roll rolls by hand after this many.
 */
export const MAX_AUTOMATIC_ROLLS = 32;

/** Per side: roll without asking even when a double is possible ("auto-roll when I'd only roll"). */
export type AutoRoll = Record<Side, boolean>;

/** What the server does now without asking anyone, or null when a side must decide. */
function automaticCommand(state: MatchState, autoRoll: AutoRoll): "roll" | "play" | null {
  const { toAct, may, plays } = stateFacts(state);
  if (may.includes("roll")) return !may.includes("double") || autoRoll[toAct!] ? "roll" : null;
  // The state's plays, compact: generated once, and the same ones the view and a bot read after the pace stops.
  if (plays) return plays.count === 1 ? "play" : null;
  return null;
}

/** `step` carried on through every automatic roll and forced play; the events say which moves were the server's. */
export function runPace(step: MatchStep, dice: DiceSource, autoRoll: AutoRoll): MatchStep {
  let state = step.state;
  const events: MatchEvent[] = [...step.events];
  for (let rolls = 0; rolls < MAX_AUTOMATIC_ROLLS; ) {
    const what = automaticCommand(state, autoRoll);
    if (what === null) break;
    const side = state.position.turn;
    const next =
      what === "roll"
        ? applyCommand(state, { type: "roll", side }, dice)
        : applyCommand(state, { type: "play", side, play: stepsAt(stateFacts(state).plays!, 0) }, dice);
    if (!next.ok) throw new Error(`the reducer refused an automatic ${what}: ${next.error.code}`);
    if (what === "roll") rolls++;
    for (const event of next.value.events) {
      if (event.type === "rolled" && what === "roll") events.push({ ...event, auto: true });
      else if (event.type === "played" && what === "play") events.push({ ...event, forced: true });
      else events.push(event);
    }
    state = next.value.state;
  }
  return { state, events };
}

/**
 * The match after `command` (null: only the pace) and then everything nobody has to decide: the one way a command
 * moves a stored match on. The server's store replays it with the dice it recorded to rebuild a match from its last
 * snapshot, so a woken match object gets exactly the state it acknowledged.
 */
export function advance(match: MatchState, command: MatchCommand | null, autoRoll: AutoRoll, dice: DiceSource): Result<MatchStep> {
  const step: Result<MatchStep> = command ? applyCommand(match, command, dice) : { ok: true, value: { state: match, events: [] } };
  return step.ok ? { ok: true, value: runPace(step.value, dice, autoRoll) } : step;
}
