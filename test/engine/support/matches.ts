/** A new match of a preset (with overrides) on scripted dice, for the engine tests that follow one from its start. */
import { makeRuleset, newMatch, scriptedDice, type MatchStep, type PresetName, type RulesetOverrides } from "../../../src/engine";

export function startMatch(preset: PresetName, length: number, dice: number[], overrides: RulesetOverrides = {}): MatchStep {
  const ruleset = makeRuleset(preset, overrides);
  if (!ruleset.ok) throw new Error(ruleset.error.message);
  const r = newMatch({ ruleset: ruleset.value, length }, scriptedDice(dice));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
