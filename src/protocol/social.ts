/**
 * Players who find each other (docs/players-channel.md): presence, follows and friends, blocks, and challenges of
 * a named player. Friendship is mutual following: A follows B one way, and A and B are friends when each follows
 * the other. A block is one way too and ends the blocked player's follow of the blocker.
 */
import * as z from "zod";
import { TIME_CONTROL_NAMES } from "./clock";
import { SeatGrantSchema } from "./http";
import { PresetSchema } from "./views";

export const SOCIAL_LIMITS = {
  /** Open challenges a player may have sent at once; one more is 409 CHALLENGE_LIMIT. */
  maxOpenChallenges: 5,
  /** A challenge expires this long after it was sent unless answered (default and bounds, seconds). */
  defaultChallengeSeconds: 300,
  minChallengeSeconds: 30,
  maxChallengeSeconds: 86_400,
  /** Players one may follow, and block. */
  maxFollows: 500,
  maxBlocks: 500,
} as const;

export const PresenceStateSchema = z
  .enum(["online", "playing", "away", "offline"])
  .meta({
    id: "PresenceState",
    description:
      "online: a channel socket is open; playing: seated at a table whose match is not over; away: the page reported itself hidden or idle; offline: no channel socket.",
  });
export type PresenceState = z.infer<typeof PresenceStateSchema>;

export const PresenceSchema = z
  .object({
    state: PresenceStateSchema,
    since: z.number().int().meta({ description: "When the player entered this state (ms since the epoch)." }),
    tableId: z.string().nullable().meta({ description: "With `playing`: the table, when it may be watched; null otherwise." }),
  })
  .meta({ id: "Presence" });
export type Presence = z.infer<typeof PresenceSchema>;

/** A player as lists show them: follows, blocks, challenges. */
export const PlayerLinkSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bot: z.boolean().meta({ description: "A bot account (docs/bots.md): a program, marked so everywhere." }),
    presence: PresenceSchema,
  })
  .meta({ id: "PlayerLink" });
export type PlayerLink = z.infer<typeof PlayerLinkSchema>;

/** Who may challenge a player: everyone, only friends (mutual follows), or nobody. */
export const ChallengePolicySchema = z.enum(["everyone", "friends", "nobody"]).meta({ id: "ChallengePolicy" });
export type ChallengePolicy = z.infer<typeof ChallengePolicySchema>;

/** The table a challenge offers: the settings quick match offers (docs/matchmaking.md). */
export const ChallengeSettingsSchema = z
  .object({
    preset: PresetSchema,
    length: z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(7)]).default(1),
    timeControl: z.enum(TIME_CONTROL_NAMES).default("standard"),
    rated: z.boolean().default(false),
    stake: z.number().int().min(0).default(0).meta({ description: "Domino Coins each player stakes; 0: none (docs/coins.md)." }),
  })
  .strict()
  .meta({ id: "ChallengeSettings" });
export type ChallengeSettings = z.output<typeof ChallengeSettingsSchema>;

export const CreateChallengeBodySchema = z
  .object({
    to: z.string().min(1).max(64).meta({ description: "The challenged player: their id, or their claimed name (any case)." }),
    settings: ChallengeSettingsSchema,
    expiresInSeconds: z
      .number()
      .int()
      .min(SOCIAL_LIMITS.minChallengeSeconds)
      .max(SOCIAL_LIMITS.maxChallengeSeconds)
      .default(SOCIAL_LIMITS.defaultChallengeSeconds),
  })
  .strict()
  .meta({ id: "CreateChallengeBody" });
export type CreateChallengeBody = z.output<typeof CreateChallengeBodySchema>;

export const ChallengeStatusSchema = z
  .enum(["open", "accepted", "declined", "cancelled", "expired"])
  .meta({ id: "ChallengeStatus", description: "open until answered; then accepted (a table was made), declined, cancelled by the challenger, or expired." });
export type ChallengeStatus = z.infer<typeof ChallengeStatusSchema>;

export const ChallengeSchema = z
  .object({
    id: z.string(),
    from: PlayerLinkSchema,
    to: PlayerLinkSchema,
    settings: ChallengeSettingsSchema,
    status: ChallengeStatusSchema,
    createdAt: z.number().int(),
    expiresAt: z.number().int(),
    answeredAt: z.number().int().nullable(),
    tableId: z.string().nullable().meta({ description: "Once accepted: the table both seats are bound at." }),
  })
  .meta({ id: "Challenge" });
export type Challenge = z.infer<typeof ChallengeSchema>;

/** The answer to an accept (for the accepting player) and the challenger's `challenge` event once accepted: their own seat. */
export const AcceptedChallengeSchema = z
  .object({ challenge: ChallengeSchema, seat: SeatGrantSchema })
  .meta({ id: "AcceptedChallenge" });
export type AcceptedChallenge = z.infer<typeof AcceptedChallengeSchema>;

/** A challenge as its sender or receiver reads it (GET /v1/challenges/{id}): once accepted, with the reader's own seat. */
export const ChallengeReadSchema = z
  .object({
    challenge: ChallengeSchema,
    seat: SeatGrantSchema.nullable().meta({ description: "Once accepted: the reader's own seat at the new table (the same on every read); null otherwise." }),
  })
  .meta({ id: "ChallengeRead" });
export type ChallengeRead = z.infer<typeof ChallengeReadSchema>;

/** PUT /v1/me/challenge-policy, and what GET answers. */
export const ChallengePolicyBodySchema = z.object({ policy: ChallengePolicySchema }).strict().meta({ id: "ChallengePolicyBody" });

export const ChallengeListSchema = z
  .object({
    incoming: z.array(ChallengeSchema).meta({ description: "Open challenges to the player, newest first." }),
    outgoing: z.array(ChallengeSchema).meta({ description: "Open challenges the player sent, newest first." }),
  })
  .meta({ id: "ChallengeList" });
export type ChallengeList = z.infer<typeof ChallengeListSchema>;

export const FollowListSchema = z
  .object({
    following: z.array(PlayerLinkSchema.extend({ friend: z.boolean().meta({ description: "They follow back." }) })),
    followers: z.array(PlayerLinkSchema),
  })
  .meta({ id: "FollowList" });

export const BlockListSchema = z.object({ blocked: z.array(PlayerLinkSchema) }).meta({ id: "BlockList" });

/** The player of a path (the same pattern as PlayerIdSchema in ./players, kept here so players.ts may import this file). */
export const PlayerIdParamSchema = z.object({ playerId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

export const PresenceCountSchema = z
  .object({
    online: z.number().int().meta({ description: "Players with a channel socket open (online, playing or away)." }),
    playing: z.number().int(),
    at: z.number().int(),
  })
  .meta({ id: "PresenceCount" });
export type FollowList = z.infer<typeof FollowListSchema>;
export type BlockList = z.infer<typeof BlockListSchema>;
