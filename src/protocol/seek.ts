/**
 * Quick match (docs/matchmaking.md): a player with a session opens a WebSocket to `/v1/seek` with their choices
 * in the query; seekers with the same choices wait in one pool, which pairs them in waves and tells each their
 * seat (a `paired` message carrying the SeatGrant of the new table) on that socket.
 */
import * as z from "zod";
import { TIME_CONTROL_NAMES } from "./clock";
import { ErrorCodeSchema } from "./errors";
import { SeatGrantSchema, queryInteger } from "./http";
import { PresetSchema, VariantSchema } from "./views";

/** The match lengths a pool offers. */
export const SEEK_LENGTHS = [1, 3, 5, 7] as const;

export const SEEK_LIMITS = {
  /** Milliseconds between pairing waves while a pool has two or more seekers. */
  waveMs: 1_000,
  /** Rating points two seekers may differ by as soon as they arrive… */
  baseGap: 50,
  /** …widened by this many points per second the longer-waiting of the two has waited… */
  gapPerSecond: 20,
  /** …and unlimited once they have waited this long (ms). */
  anyGapAfterMs: 60_000,
  /** A seeker whose socket closed is kept this long (ms) for a reconnect that keeps their place, then removed. */
  goneWindowMs: 10_000,
  /** A seek ends by itself (`cancelled`, reason `expired`) after this long (ms). */
  maxSeekMs: 60 * 60 * 1000,
} as const;

const BooleanQuerySchema = z.enum(["true", "false"]).transform((v) => v === "true");

/** The choices of a seek, as the query of `GET /v1/seek` (a WebSocket upgrade). */
export const SeekQuerySchema = z
  .object({
    preset: PresetSchema,
    length: z
      .enum(SEEK_LENGTHS.map(String) as ["1", "3", "5", "7"])
      .default("1")
      .transform(Number)
      .meta({ description: "Points to win: 1, 3, 5 or 7 (default 1)." }),
    timeControl: z.enum(TIME_CONTROL_NAMES).default("standard").meta({ description: "A time-control preset (default standard)." }),
    rated: BooleanQuerySchema.default(false).meta({ description: "`true`: a rated match (changes both ratings); default `false`." }),
    stake: queryInteger(0)
      .default(0)
      .meta({
        description:
          "Domino Coins each player stakes (default 0: no stake). Within the operator's bounds (GET /v1/coins: minStake, maxStake) and " +
          "covered by the seeker's balance; both stakes move into the table's escrow when the pairing seats them (docs/coins.md).",
      }),
  })
  .strict();
export type SeekChoice = z.output<typeof SeekQuerySchema>;

/** The query of `GET /v1/seek` for these choices (every parameter spelled out, so equal choices give equal queries). */
export function seekSearchParams(choice: SeekChoice): URLSearchParams {
  return new URLSearchParams({
    preset: choice.preset,
    length: String(choice.length),
    timeControl: choice.timeControl,
    rated: String(choice.rated),
    stake: String(choice.stake),
  });
}

/** The pool's name: one pool (Durable Object) per combination of choices. */
export function poolKey(choice: SeekChoice): string {
  return [choice.preset, choice.length, choice.timeControl, choice.rated ? "rated" : "casual", choice.stake].join(".");
}

export const SeekClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("cancel") }).meta({ id: "SeekCancel", description: "Stop seeking; answered with `cancelled` (or, too late, `paired`)." }),
]);
export type SeekClientMessage = z.infer<typeof SeekClientMessageSchema>;

export const SeekOpponentSchema = z.object({ playerId: z.string(), name: z.string(), rating: z.number() });

export const CancelReasonSchema = z
  .enum(["cancel", "paired-elsewhere", "expired", "replaced", "insufficient-coins", "moderation"])
  .meta({
    id: "SeekCancelReason",
    description:
      "`cancel`: the seeker asked; `paired-elsewhere`: the player was paired in another pool; `expired`: the seek lasted its maximum; " +
      "`replaced`: the same player opened a newer socket to this pool, which keeps the place; `insufficient-coins`: at pairing the " +
      "player's balance no longer covered the pool's stake (spent while waiting; nothing was held, the opponent waits on); " +
      "`moderation`: a moderator banned or suspended the player (docs/moderation-live.md; GET /v1/me/standing says until when).",
  });

export const SeekServerMessageSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("seeking"),
      pool: z.string(),
      /** When this seek began (ms since the epoch): kept across a reconnect within the gone window. */
      since: z.number().int(),
      rating: z.number(),
      /** Seekers in the pool, this one included. */
      waiting: z.number().int(),
    })
    .meta({ id: "SeekSeeking", description: "Sent once the seek is registered (and again after a reconnect)." }),
  z
    .object({ type: z.literal("paired"), grant: SeatGrantSchema, opponent: SeekOpponentSchema })
    .meta({ id: "SeekPaired", description: "The seat at the new table: keep `grant.token` (shown once). The server then closes the socket (1000)." }),
  z.object({ type: z.literal("cancelled"), reason: CancelReasonSchema }).meta({ id: "SeekCancelled", description: "The seek is over; the socket closes." }),
  z.object({ type: z.literal("error"), code: ErrorCodeSchema, message: z.string() }).meta({ id: "SeekError" }),
]);
export type SeekServerMessage = z.infer<typeof SeekServerMessageSchema>;

/**
 * `GET /v1/seek/pools`: how many wait in each quick-match pool now (docs/matchmaking.md, Pool counts). Only pools
 * with someone waiting are listed; with a session, the caller's own seeks are not counted.
 */
export const SeekPoolSchema = z
  .object({
    /** The pool's name (`poolKey` of its choices). */
    pool: z.string(),
    preset: PresetSchema,
    variant: VariantSchema,
    length: z.number().int(),
    timeControl: z.enum(TIME_CONTROL_NAMES),
    rated: z.boolean(),
    stake: z.number().int().min(0),
    /** Seekers waiting there with an open socket (not being paired right now), the caller not counted. */
    waiting: z.number().int().min(1),
  })
  .meta({ id: "SeekPool" });

export const SeekPoolsSchema = z
  .object({
    pools: z.array(SeekPoolSchema).meta({ description: "Pools with someone waiting, most waiting first (then by name)." }),
    /** When the counts were read from the pools' index (epoch ms): at most SEEK_POOLS_FRESH_MS old when served. */
    asOf: z.number().int(),
  })
  .meta({ id: "SeekPools" });

/** The Worker keeps the pools' counts this long (ms) before reading them again, so polling pages do not hammer them. */
export const SEEK_POOLS_FRESH_MS = 3_000;

export type SeekPool = z.infer<typeof SeekPoolSchema>;
export type SeekPools = z.infer<typeof SeekPoolsSchema>;
