/**
 * Dice statistics (docs/fair-dice.md): what a player's rolls looked like — how often each face and doubles came
 * up — and Pearson's χ² of those counts against fair dice, with its degrees of freedom and p-value.
 */
import * as z from "zod";
import type { Side } from "../engine";
import { drawnDice, openingRuleOf } from "./fair-dice";
import type { TableOrMatchEvent } from "./events";

/** Counts of a player's rolls: `faces[k]` is how many dice showed k + 1 (two per roll). */
export interface DiceCounts {
  rolls: number;
  doubles: number;
  faces: [number, number, number, number, number, number];
}

export function noDice(): DiceCounts {
  return { rolls: 0, doubles: 0, faces: [0, 0, 0, 0, 0, 0] };
}

/**
 * Each side's rolls in a log: every `rolled` event that drew dice (by hand or automatic). Opening rolls are left
 * out (one die each, and ties are rolled again, so they are not a fair sample of doubles).
 */
export function countRolls(events: readonly TableOrMatchEvent[]): Record<Side, DiceCounts> {
  const counts = { white: noDice(), black: noDice() };
  const opening = openingRuleOf(events);
  events.forEach((event, i) => {
    if (event.type !== "rolled" || !drawnDice(event, events[i - 1], opening)) return;
    const side = counts[event.side];
    side.rolls++;
    if (event.dice[0] === event.dice[1]) side.doubles++;
    for (const die of event.dice) side.faces[die - 1]!++;
  });
  return counts;
}

const ChiSquareSchema = z
  .object({
    statistic: z.number().meta({ description: "Pearson's χ² of the observed counts against fair dice." }),
    df: z.number().int().meta({ description: "Degrees of freedom: 5 for the six faces, 1 for doubles vs not." }),
    p: z.number().nullable().meta({ description: "Chance of a χ² at least this large from fair dice; null without rolls." }),
  })
  .meta({ id: "ChiSquare" });

export const DiceStatsSchema = z
  .object({
    playerId: z.string(),
    /** The sample size: the player's rolls in recorded matches (two dice each). */
    rolls: z.number().int(),
    doubles: z.number().int(),
    faces: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
    chiSquare: z.object({ faces: ChiSquareSchema, doubles: ChiSquareSchema }),
  })
  .meta({ id: "DiceStats", description: "A player's dice in recorded matches (docs/fair-dice.md): counts and χ² against fair dice." });

export type ChiSquare = z.infer<typeof ChiSquareSchema>;
export type DiceStats = z.infer<typeof DiceStatsSchema>;
