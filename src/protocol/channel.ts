/**
 * A player's own channel (docs/players-channel.md): one hibernating WebSocket per page or program at
 * `/v1/me/channel`, carrying what concerns the player outside a table: the presence of players they follow,
 * challenges sent and received, a table made for them (an accepted challenge, a tournament's match), an analysis
 * ready. Events are numbered; a client that reconnects with `?since=<seq>` gets what it missed.
 */
import * as z from "zod";
import { ErrorCodeSchema } from "./errors";
import { SeatGrantSchema } from "./http";
import { ChallengeListSchema, ChallengeSchema, PlayerLinkSchema, PresenceSchema } from "./social";

export const CHANNEL_LIMITS = {
  /** Events a channel keeps for `since`: the last this many, for at most `keepMs`. Older: a `welcome` with `reset`. */
  keepEvents: 200,
  keepMs: 24 * 60 * 60 * 1000,
  /** Sockets one player may hold open at once (tabs, programs); one more closes the oldest. */
  maxSockets: 8,
  /** The presence index forgets a player its channel has not refreshed for this long (a server restart drops sockets silently). */
  presenceStaleMs: 90_000,
  /** How often a channel with an open socket refreshes its entry in the presence index. */
  presenceRefreshMs: 30_000,
} as const;

export const ChannelEventSchema = z
  .discriminatedUnion("kind", [
    z
      .object({ kind: z.literal("presence"), player: PlayerLinkSchema })
      .meta({ id: "PresenceEvent", description: "A player you follow changed presence (came online, started playing, went away or offline)." }),
    z
      .object({ kind: z.literal("challenge"), challenge: ChallengeSchema, seat: SeatGrantSchema.nullable() })
      .meta({
        id: "ChallengeEvent",
        description:
          "A challenge you sent or received was made or changed status. With `accepted`, `seat` is your own seat at the new table (the challenger's; the accepter gets theirs in the answer to the accept); null otherwise.",
      }),
    z
      .object({
        kind: z.literal("match-ready"),
        tableId: z.string(),
        reason: z.enum(["challenge", "tournament"]),
        seat: SeatGrantSchema.nullable(),
      })
      .meta({ id: "MatchReadyEvent", description: "A table with your seat bound is waiting for you." }),
    z.object({ kind: z.literal("analysis-ready"), tableId: z.string() }).meta({ id: "AnalysisReadyEvent", description: "A match you played has its analysis (GET /v1/matches/{id}/analysis)." }),
  ])
  .meta({ id: "ChannelEvent" });
export type ChannelEvent = z.infer<typeof ChannelEventSchema>;

export const ChannelServerMessageSchema = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("welcome"),
        seq: z.number().int().meta({ description: "The newest event's number (0: none yet)." }),
        reset: z.boolean().meta({ description: "`since` was older than the events kept: rebuild from this welcome, not from missed events." }),
        presence: PresenceSchema.meta({ description: "Your own presence as others see it." }),
        challenges: ChallengeListSchema,
        following: z.array(PlayerLinkSchema).meta({ description: "Players you follow who are not offline." }),
      })
      .meta({ id: "ChannelWelcome" }),
    z.object({ type: z.literal("event"), seq: z.number().int(), at: z.number().int(), event: ChannelEventSchema }).meta({ id: "ChannelEventMessage" }),
    z.object({ type: z.literal("pong") }).meta({ id: "ChannelPong" }),
    z
      .object({ type: z.literal("error"), code: ErrorCodeSchema, message: z.string() })
      .meta({ id: "ChannelError", description: "A frame the channel could not take (BAD_JSON, UNKNOWN_MESSAGE, BAD_MESSAGE, MESSAGE_TOO_LARGE); nothing changed." }),
  ])
  .meta({ id: "ChannelServerMessage" });
export type ChannelServerMessage = z.infer<typeof ChannelServerMessageSchema>;

export const ChannelClientMessageSchema = z
  .discriminatedUnion("type", [
    z
      .object({ type: z.literal("presence"), state: z.enum(["online", "away"]) })
      .meta({ id: "ChannelPresence", description: "The page is visible (online) or hidden or idle (away). `playing` is the server's to set." }),
    z.object({ type: z.literal("ping") }).meta({ id: "ChannelPing" }),
  ])
  .meta({ id: "ChannelClientMessage" });
export type ChannelClientMessage = z.infer<typeof ChannelClientMessageSchema>;
