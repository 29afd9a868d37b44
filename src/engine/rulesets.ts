/**
 * Rulesets (docs/rules.md §6): the four presets, and tables built from a preset with some options overridden.
 */
import { fail, ok } from "./errors";
import type { OpeningRule, PresetName, Result, Ruleset, RulesetOverrides, TimeoutRule } from "./types";

export const PRESETS: Readonly<Record<PresetName, Readonly<Ruleset>>> = {
  "georgian-short": { preset: "georgian-short", variant: "short", koks: true, cube: false, opening: "play-opening-dice", timeout: "lose-match" },
  backgammon: { preset: "backgammon", variant: "short", koks: true, cube: true, opening: "play-opening-dice", timeout: "lose-match" },
  // The federation's text does not say how the first turn starts; `reroll` is docs/rules.md's [interpretation].
  "federation-long": { preset: "federation-long", variant: "long", koks: true, cube: true, opening: "reroll", timeout: "lose-match" },
  "armenian-long": { preset: "armenian-long", variant: "long", koks: false, cube: false, opening: "reroll", timeout: "lose-match" },
};

/**
 * The presets where a player may offer to resign the current hand as a single, gammon or backgammon and the opponent
 * accepts or rejects (the backgammon convention, docs/rules.md §5.5). A flag of the preset, not an option: elsewhere
 * (the Georgian and federation rules) resigning always forfeits the whole match.
 */
export const RESIGN_OFFERS: Readonly<Record<PresetName, boolean>> = {
  "georgian-short": false,
  backgammon: true,
  "federation-long": false,
  "armenian-long": false,
};

/** The ruleset's preset lets a player offer to resign the hand (see RESIGN_OFFERS). */
export function hasResignOffers(ruleset: Pick<Ruleset, "preset">): boolean {
  return RESIGN_OFFERS[ruleset.preset] === true;
}

export const PRESET_NAMES: readonly PresetName[] = Object.keys(PRESETS) as PresetName[];

export const OPENING_RULES: readonly OpeningRule[] = ["play-opening-dice", "reroll"];

export const TIMEOUT_RULES: readonly TimeoutRule[] = ["lose-match", "lose-hand"];

export function isPresetName(name: unknown): name is PresetName {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(PRESETS, name);
}

function badConfig(message: string): Result<never> {
  return fail("BAD_CONFIG", message);
}

/**
 * A table's ruleset: the preset with the given options overridden. Only `koks`, `cube`, `opening` and `timeout` can
 * be overridden (the movement belongs to the preset); anything else is BAD_CONFIG.
 */
export function makeRuleset(preset: string, overrides: RulesetOverrides = {}): Result<Ruleset> {
  if (!isPresetName(preset)) {
    return badConfig(`unknown preset ${JSON.stringify(preset)}; known: ${PRESET_NAMES.join(", ")}`);
  }
  if (typeof overrides !== "object" || overrides === null || Array.isArray(overrides)) {
    return badConfig("overrides must be an object");
  }
  const ruleset: Ruleset = { ...PRESETS[preset] };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (key === "koks" || key === "cube") {
      if (typeof value !== "boolean") return badConfig(`override ${key} must be true or false`);
      ruleset[key] = value;
    } else if (key === "opening") {
      if (!OPENING_RULES.includes(value as OpeningRule)) {
        return badConfig(`override opening must be one of ${OPENING_RULES.join(", ")}`);
      }
      ruleset.opening = value as OpeningRule;
    } else if (key === "timeout") {
      if (!TIMEOUT_RULES.includes(value as TimeoutRule)) {
        return badConfig(`override timeout must be one of ${TIMEOUT_RULES.join(", ")}`);
      }
      ruleset.timeout = value as TimeoutRule;
    } else {
      return badConfig(`unknown ruleset option ${JSON.stringify(key)}; only koks, cube, opening and timeout can be overridden`);
    }
  }
  return ok(ruleset);
}

/** Checks a ruleset that arrived as data (e.g. in a stored match config): it must be a preset plus allowed overrides. */
export function validateRuleset(input: unknown): Result<Ruleset> {
  if (typeof input !== "object" || input === null) return badConfig("ruleset must be an object");
  // `timeout` came with clocks: a ruleset stored before them has none and gets the preset's.
  const { preset, variant, koks, cube, opening, timeout } = input as Record<string, unknown>;
  if (!isPresetName(preset)) return badConfig(`unknown preset ${JSON.stringify(preset)}`);
  if (variant !== PRESETS[preset].variant) {
    return badConfig(`preset ${preset} plays ${PRESETS[preset].variant} nardi, not ${JSON.stringify(variant)}`);
  }
  return makeRuleset(preset, { koks, cube, opening, timeout } as RulesetOverrides);
}
