/**
 * Players that persist (docs/players.md): sessions, profiles, Glicko-2 ratings per pool (= preset), match
 * records and leaderboards. Sessions travel as `Authorization: Bearer <token>`.
 */
import * as z from "zod";
import { LoggedEventSchema } from "./events";
import { PresenceSchema } from "./social";
import { EndReasonSchema, PresetSchema, SideSchema } from "./views";

export const PLAYER_LIMITS = {
  minClaimedName: 3,
  maxClaimedName: 24,
  minPassword: 8,
  maxPassword: 200,
  /** Page sizes: default and largest. */
  defaultPage: 20,
  maxPage: 100,
} as const;

export const PlayerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A name a player chooses: letters, digits, `_` and `-`, 3 to 24 of them; unique regardless of case. */
export const ClaimedNameSchema = z
  .string()
  .trim()
  .min(PLAYER_LIMITS.minClaimedName)
  .max(PLAYER_LIMITS.maxClaimedName)
  .regex(/^[\p{L}\p{N}_-]+$/u, "letters, digits, _ and - only");

export const PasswordSchema = z.string().min(PLAYER_LIMITS.minPassword).max(PLAYER_LIMITS.maxPassword);

export const PlayerKindSchema = z
  .enum(["guest", "member", "deleted"])
  .meta({ id: "PlayerKind", description: "guest: generated name, no password; member: claimed a name; deleted: gone, records kept." });

export const RatingSchema = z
  .object({
    pool: PresetSchema,
    rating: z.number(),
    rd: z.number().meta({ description: "Rating deviation, grown to the present day for inactivity." }),
    volatility: z.number(),
    games: z.number().int(),
    provisional: z.boolean().meta({ description: "RD above 110: not yet reliable; left off leaderboards." }),
  })
  .meta({ id: "Rating" });

/** A player's recent analysed matches in one variant (docs/players.md, "Performance"; docs/analysis.md). */
export const PerformanceSchema = z
  .object({
    variant: z.enum(["long", "short"]),
    pr: z
      .number()
      .meta({ description: "PR (XG's scale) over all the player's counted decisions in these matches: their PRs weighted by decisions." }),
    matches: z.number().int().meta({ description: "Analysed matches counted: the most recent ones (at most 20) with a counted decision of the player's." }),
    decisions: z.number().int().meta({ description: "The player's counted decisions in them." }),
  })
  .meta({ id: "Performance" });

/** Analysed matches the profile's PR is taken over, per variant. */
export const PERFORMANCE_MATCHES = 20;

export const PlayerProfileSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: "The display name; `deleted player` for a deleted account." }),
    kind: PlayerKindSchema,
    // A default, not required: a client reads an older server's profile (before bot accounts) as a player's.
    bot: z
      .boolean()
      .default(false)
      .meta({ description: "A bot account (docs/bots.md): a program, rated in the same pools, left off the leaderboards. Absent only from servers before bot accounts, read as false." }),
    createdAt: z.number().int(),
    ratings: z.array(RatingSchema).meta({ description: "Pools the player has played rated matches in." }),
    counts: z.object({ matches: z.number().int(), wins: z.number().int(), losses: z.number().int() }),
    // A default, not required: a client reads an older server's profile (before analyses) as having none.
    performance: z
      .array(PerformanceSchema)
      .default([])
      .meta({
        description:
          "Per variant with an analysed match (long, then short): the average PR over the recent analysed matches. Always sent; absent only from servers before analyses, read as [].",
      }),
    presence: PresenceSchema.optional().meta({
      description:
        "GET /v1/players/{id} only: the player's presence now (docs/players-channel.md). Left out of the session's own profile and of servers before presence.",
    }),
  })
  .meta({ id: "PlayerProfile" });

export const SessionGrantSchema = z
  .object({
    token: z.string().meta({ description: "Secret: send as `Authorization: Bearer <token>`. Shown once." }),
    player: PlayerProfileSchema,
  })
  .meta({ id: "SessionGrant" });

export const CredentialsBodySchema = z.object({ name: ClaimedNameSchema, password: PasswordSchema }).strict().meta({ id: "Credentials" });
export const RenameBodySchema = z.object({ name: ClaimedNameSchema }).strict().meta({ id: "RenameBody" });

export const RecordPlayerSchema = z
  .object({
    playerId: z.string().nullable().meta({ description: "null for a bot or an anonymous seat." }),
    name: z.string(),
    kind: z.enum(["human", "bot"]),
    deleted: z.boolean(),
    ratingBefore: z.number().nullable(),
    ratingAfter: z.number().nullable(),
  })
  .meta({ id: "RecordPlayer" });

export const MatchSummarySchema = z
  .object({
    tableId: z.string(),
    pool: PresetSchema,
    length: z.number().int(),
    rated: z.boolean(),
    winner: SideSchema.nullable(),
    reason: EndReasonSchema,
    score: z.object({ white: z.number().int(), black: z.number().int() }),
    startedAt: z.number().int(),
    endedAt: z.number().int(),
    players: z.object({ white: RecordPlayerSchema, black: RecordPlayerSchema }),
  })
  .meta({ id: "MatchSummary" });

export const MatchRecordSchema = MatchSummarySchema.extend({ events: z.array(LoggedEventSchema) }).meta({ id: "MatchRecord" });

export const MatchPageSchema = z
  .object({
    matches: z.array(MatchSummarySchema),
    next: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "MatchPage" });

export const LeaderboardSchema = z
  .object({
    pool: PresetSchema,
    entries: z.array(
      z.object({ rank: z.number().int(), playerId: z.string(), name: z.string(), rating: z.number(), rd: z.number(), games: z.number().int() }),
    ),
    next: z.number().int().nullable().meta({ description: "Pass as `offset` for the next page; null on the last page." }),
  })
  .meta({ id: "Leaderboard" });

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PLAYER_LIMITS.maxPage).default(PLAYER_LIMITS.defaultPage),
});

export type PlayerKind = z.infer<typeof PlayerKindSchema>;
export type Rating = z.infer<typeof RatingSchema>;
export type Performance = z.infer<typeof PerformanceSchema>;
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;
export type SessionGrant = z.infer<typeof SessionGrantSchema>;
export type Credentials = z.infer<typeof CredentialsBodySchema>;
export type RecordPlayer = z.infer<typeof RecordPlayerSchema>;
export type MatchSummary = z.infer<typeof MatchSummarySchema>;
export type MatchRecord = z.infer<typeof MatchRecordSchema>;
export type MatchPage = z.infer<typeof MatchPageSchema>;
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
