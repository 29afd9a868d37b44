/**
 * The lobby's live feed: `GET /v1/lobby` (a snapshot) and `GET /v1/lobby/socket` (a WebSocket that sends the
 * snapshot at once and again whenever the lists change, and the count of players online when only that changes).
 * With `?diffs=1` the socket sends a numbered snapshot, then numbered diffs (`LobbyFeedMessage`).
 * The feed is server → client only: a client sends nothing but the text frame `ping` (answered `pong`).
 */
import * as z from "zod";
import { RulesetSchema, SeatRatingSchema, TableSummarySchema } from "./views";

/** A match being played now at a public table that allows spectators (watch it at `#/watch/<id>` or its socket). */
export const PlayingSummarySchema = z
  .object({
    id: z.string(),
    ruleset: RulesetSchema,
    length: z.number().int(),
    white: z.string().meta({ description: "White's name" }),
    black: z.string().meta({ description: "Black's name" }),
    startedAt: z.number().int(),
    /** The match changes both players' ratings (read as false where absent). */
    rated: z.boolean().default(false),
    /** Each player's rating in the table's pool when they sat down (see `Player.rating`); absent when there is none to show. */
    whiteRating: SeatRatingSchema.optional(),
    blackRating: SeatRatingSchema.optional(),
  })
  .meta({ id: "PlayingSummary" });

/**
 * Players online: connections to the lobby feed, plus the human seats a match in progress calls here (from its
 * `player-connected` to its `player-disconnected`, private tables included), plus one host per listed open table.
 * A person in two of these places (the lobby in one tab, a table in another) counts twice.
 */
export const OnlineCountSchema = z.number().int().min(0).meta({ description: "Players online (see docs/protocol.md, The lobby feed)" });

export const LobbySnapshotSchema = z
  .object({
    open: z.array(TableSummarySchema).meta({ description: "Public tables waiting for a second player, newest first (at most 100)" }),
    playing: z.array(PlayingSummarySchema).meta({ description: "Matches being played now that anyone may watch, newest first (at most 100)" }),
    online: OnlineCountSchema,
  })
  .meta({ id: "LobbySnapshot" });

export const LobbyMessageSchema = z
  .discriminatedUnion("type", [
    LobbySnapshotSchema.extend({ type: z.literal("lobby") }),
    z.object({ type: z.literal("online"), online: OnlineCountSchema }),
  ])
  .meta({ id: "LobbyMessage" });

/** One list's changes in a batch: whole summaries to put in place (by `id`) and ids to take off. */
function listDiff<T extends z.ZodType>(summary: T) {
  return z.object({
    upsert: z.array(summary).meta({ description: "Summaries to add or replace, matched by `id`" }),
    remove: z.array(z.string()).meta({ description: "Ids to take off the list" }),
  });
}

/** The feed's sequence number: one more for every batch of changes; a diff that is not the last seen + 1 is a gap. */
export const LobbySeqSchema = z.number().int().min(0).meta({ description: "Batch number (see docs/protocol.md, The lobby feed: diffs)" });

/** The frames of `GET /v1/lobby/socket?diffs=1`: a `snapshot` (on connecting, and whenever the server resyncs), then `diff`s. */
export const LobbyFeedMessageSchema = z
  .discriminatedUnion("type", [
    LobbySnapshotSchema.extend({ type: z.literal("snapshot"), seq: LobbySeqSchema }),
    z.object({
      type: z.literal("diff"),
      seq: LobbySeqSchema,
      open: listDiff(TableSummarySchema),
      playing: listDiff(PlayingSummarySchema),
      online: OnlineCountSchema,
    }),
  ])
  .meta({ id: "LobbyFeedMessage" });

export type PlayingSummary = z.infer<typeof PlayingSummarySchema>;
export type LobbySnapshot = z.infer<typeof LobbySnapshotSchema>;
export type LobbyMessage = z.infer<typeof LobbyMessageSchema>;
export type LobbyFeedMessage = z.infer<typeof LobbyFeedMessageSchema>;
