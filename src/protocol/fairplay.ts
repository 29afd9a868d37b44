/** Fair play on the wire: a player's cooldown after abandoned matches (docs/fair-play.md). */
import * as z from "zod";

export const AbandonmentCauseSchema = z
  .enum(["left", "clock"])
  .meta({ id: "AbandonmentCause", description: "left: the match was forfeited because the player's window ran out; clock: their clock ran out in a lost position." });

export const CooldownSchema = z
  .object({
    until: z
      .number()
      .int()
      .nullable()
      .meta({ description: "While in the future (ms since the epoch, UTC): no new table, join or seek (COOLDOWN). null: no cooldown now." }),
    offences: z.number().int().min(0).meta({ description: "Abandonments counted now (those of the last `windowDays` days)." }),
    windowDays: z.number().int().meta({ description: "How long an abandonment counts." }),
    nextMinutes: z.number().int().min(0).meta({ description: "The cooldown one more abandonment now would start (0: none)." }),
    ladderMinutes: z
      .array(z.number().int().min(0))
      .meta({ description: "The cooldown of the 1st, 2nd, … abandonment within the window; the last step repeats." }),
    recent: z
      .array(z.object({ tableId: z.string(), cause: AbandonmentCauseSchema, at: z.number().int() }))
      .meta({ description: "The abandonments counted, newest first." }),
  })
  .meta({ id: "Cooldown" });

export type Cooldown = z.infer<typeof CooldownSchema>;
export type AbandonmentCause = z.infer<typeof AbandonmentCauseSchema>;

/** What flowed between a player and each opponent in rated and stake matches over the flag's window (staff only). */
export const PairFlowsSchema = z
  .object({
    playerId: z.string(),
    windowDays: z.number().int(),
    pairs: z
      .array(
        z.object({
          opponentId: z.string(),
          matches: z.number().int().meta({ description: "Decided rated or stake matches between the two in the window." }),
          netCoins: z.number().int().meta({ description: "Stakes this player won from the opponent, less those lost to them (negative: lost)." }),
          netRatedWins: z.number().int().meta({ description: "Rated wins over the opponent, less rated losses to them." }),
        }),
      )
      .meta({ description: "Opponents by most matches first (at most 100)." }),
  })
  .meta({ id: "PairFlows" });

export type PairFlows = z.infer<typeof PairFlowsSchema>;
