/**
 * The game's names in words, in the page's language: rule sets ("Georgian short nardi"), variants, computer levels,
 * clocks. Every screen shows presets through `presetName`, never their ids.
 */
import type { PresetName } from "../engine/types";
import { BotLevelSchema, botName, type BotLevelName, type TimeControlName } from "../protocol";
import { t, type MessageKey } from "./i18n";

/** The presets in the order the page offers them (the first is the default). */
export const PRESET_NAMES: readonly PresetName[] = ["georgian-short", "backgammon", "federation-long", "armenian-long"];

const PRESET_KEYS: Record<PresetName, { name: MessageKey; about: MessageKey; variant: "long" | "short" }> = {
  "georgian-short": { name: "preset.georgianShort", about: "preset.georgianShort.about", variant: "short" },
  backgammon: { name: "preset.backgammon", about: "preset.backgammon.about", variant: "short" },
  "federation-long": { name: "preset.federationLong", about: "preset.federationLong.about", variant: "long" },
  "armenian-long": { name: "preset.armenianLong", about: "preset.armenianLong.about", variant: "long" },
};

function isPreset(id: string): id is PresetName {
  return Object.hasOwn(PRESET_KEYS, id);
}

/** "Georgian short nardi" for `georgian-short`; an unknown id (a newer server's) is shown as it is. */
export function presetName(id: string): string {
  return isPreset(id) ? t(PRESET_KEYS[id].name) : id;
}

/** What the preset's rules are, in a few words ("koks counts triple, no cube"). */
export function presetAbout(id: string): string {
  return isPreset(id) ? t(PRESET_KEYS[id].about) : "";
}

/** The variant a preset plays (its rules page). */
export function presetVariant(id: string): "long" | "short" | null {
  return isPreset(id) ? PRESET_KEYS[id].variant : null;
}

export function variantName(variant: "long" | "short"): string {
  return t(variant === "long" ? "variant.long" : "variant.short");
}

const LEVEL_KEYS: Record<BotLevelName, MessageKey> = {
  expert: "level.expert",
  intermediate: "level.intermediate",
  beginner: "level.beginner",
  random: "level.beginner",
};

export function levelName(level: BotLevelName): string {
  return t(LEVEL_KEYS[level]);
}

const BOT_LEVEL_KEYS: Record<BotLevelName, MessageKey> = {
  expert: "table.bot.expert",
  intermediate: "table.bot.intermediate",
  beginner: "table.bot.beginner",
  random: "table.bot.random",
};

/**
 * A seat's name as the reader sees it: the name the server gives a bot seat ("Bot (expert)", src/protocol/names.ts)
 * becomes the computer in the page's language ("კომპიუტერი (ექსპერტი)"); a player's own name is shown as it is.
 */
export function displayName(name: string): string {
  const level = BotLevelSchema.options.find((l) => botName(l) === name);
  return level ? t("table.player.bot", { level: t(BOT_LEVEL_KEYS[level]) }) : name;
}

const CLOCK_KEYS: Record<TimeControlName, MessageKey> = {
  blitz: "clock.blitz",
  standard: "clock.standard",
  correspondence: "clock.correspondence",
  untimed: "clock.untimed",
};

export function timeControlName(name: TimeControlName): string {
  return t(CLOCK_KEYS[name]);
}
