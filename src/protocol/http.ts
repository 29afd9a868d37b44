/** HTTP bodies and answers under /v1. The OpenAPI 3.1 document at /v1/openapi.json is generated from these. */
import * as z from "zod";
import { BotLevelSchema, OpeningSchema, PresetSchema, SideSchema, TableSummarySchema, TableViewSchema, TimeoutRuleSchema } from "./views";
import { DEFAULT_TIME_CONTROL, TimeControlInputSchema } from "./clock";
import { LoggedEventSchema } from "./events";
import { ErrorCodeSchema } from "./errors";
import { StakeAmountSchema } from "./coins";
import { MAX_NAME_LENGTH, PlayerNameSchema } from "./names";
import { EntropySchema } from "./fair-dice";

/** The seat's client seed for the fair dice (docs/fair-dice.md): published in its `player-joined` event, part of every roll. */
const clientSeed = EntropySchema.optional();

/**
 * A secret the client makes up for one create or join (random, at least 128 bits): the same request sent again with
 * it, after its answer was lost, answers the seat it made, with the same token (docs/protocol.md, "A lost answer").
 */
const seatKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, "22-64 characters of A-Z a-z 0-9 _ -")
  .optional()
  .meta({ description: "A fresh random secret per request (22-64 characters of A-Z a-z 0-9 _ -): the request sent again with it answers the same seat and token." });

export const LIMITS = {
  /** Largest accepted HTTP body or WebSocket frame, in bytes. */
  maxMessageBytes: 4096,
  /** Frames per connection in any sliding 10-second window before RATE_LIMITED (an accepted command gives its frame back). */
  maxMessagesPer10s: 60,
  minReconnectSeconds: 1,
  maxReconnectSeconds: 3600,
  defaultReconnectSeconds: 60,
  maxNameLength: MAX_NAME_LENGTH,
  /** Most events in one catch-up page (a welcome, or GET …/events); also the default `limit`. */
  maxEventsPerPage: 500,
} as const;

/**
 * A number in a query string: plain decimal digits only (no sign, exponent, hex, spaces or leading zeros), in
 * `[min, max]`; anything else fails the schema, which the routes answer with 400 BAD_REQUEST. One schema for every
 * query number (`after`, `seq`, `limit`), so all of them read the same.
 */
export function queryInteger(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, "a plain decimal integer (digits only, no sign, exponent or leading zeros)")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** How many events a catch-up page may hold (a query number): 1 .. LIMITS.maxEventsPerPage (the default). */
export const EventLimitSchema = queryInteger(1, LIMITS.maxEventsPerPage).meta({
  description: `At most this many events (1..${LIMITS.maxEventsPerPage}, default ${LIMITS.maxEventsPerPage}); \`next\` says where to continue.`,
});

/** Where the next page starts: the seq to pass as `after` (HTTP) or `seq` (sync); null when this page reaches the table's seq. */
export const NextPageSchema = z
  .number()
  .int()
  .nullable()
  .meta({ description: "The seq of this page's last event when more events follow (ask again after it); null when the page reaches the table's seq." });

export const CreateTableBodySchema = z
  .object({
    preset: PresetSchema,
    /** Points to win: tables offer 1, 3, 5, 7; any 1..25 is accepted. */
    length: z.number().int().min(1).max(25).default(1),
    overrides: z
      .object({
        koks: z.boolean().optional(),
        cube: z.boolean().optional(),
        opening: OpeningSchema.optional(),
        timeout: TimeoutRuleSchema.optional(),
      })
      .strict()
      .default({}),
    reconnectSeconds: z
      .number()
      .int()
      .min(LIMITS.minReconnectSeconds)
      .max(LIMITS.maxReconnectSeconds)
      .default(LIMITS.defaultReconnectSeconds),
    spectators: z.boolean().default(true),
    /** The clock: a preset name or custom { delaySeconds, reserveSeconds per match point } (docs/protocol.md, Clocks). */
    timeControl: TimeControlInputSchema.default(DEFAULT_TIME_CONTROL),
    /** Private: never listed in the lobby; joining needs the invite secret handed to the creator (SeatGrant.invite). */
    private: z.boolean().default(false),
    /** "bot": the second seat is taken at once by a computer opponent played inside the match object. */
    opponent: z.enum(["human", "bot"]).default("human"),
    botLevel: BotLevelSchema.default("expert"),
    /** The seat's display name: default "Player 1", or the player's name with a session; a rated seat always carries the player's name. */
    name: PlayerNameSchema.optional(),
    /** Rated tables change both players' Glicko-2 ratings; both seats need a session, and bots are never rated. */
    rated: z.boolean().default(false),
    clientSeed,
    /** Domino Coins each player puts in (docs/coins.md): needs a session, a human opponent, a stake within the operator's bounds and the coins. */
    stake: StakeAmountSchema.optional(),
    seatKey,
  })
  .strict()
  .meta({ id: "CreateTableBody" });

export const JoinTableBodySchema = z
  .object({
    /** The seat's display name: default "Player 2", or the player's name with a session; a rated seat always carries the player's name. */
    name: PlayerNameSchema.optional(),
    /** The invite secret of a private table (from its invite link); ignored by public tables. */
    invite: z.string().max(128).optional(),
    clientSeed,
    seatKey,
  })
  .strict()
  .meta({ id: "JoinTableBody" });

export const SeatGrantSchema = z
  .object({
    tableId: z.string(),
    seat: SideSchema,
    /** Secret: proves the seat. Send it in the WebSocket's `Sec-WebSocket-Protocol` (see SOCKET_PROTOCOL) or as `Authorization: Bearer`. Shown once. */
    token: z.string(),
    /** Secret: a private table's invite secret, for the creator to pass on (in the invite link); null otherwise. Shown once. */
    invite: z.string().nullable(),
    /** Relative URLs: the WebSocket, the public view, and the spectator socket. */
    links: z.object({ socket: z.string(), table: z.string(), watch: z.string() }),
    table: TableViewSchema,
  })
  .meta({ id: "SeatGrant" });

export const TableIdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

export const OpenTablesSchema = z.object({ tables: z.array(TableSummarySchema) }).meta({ id: "OpenTables" });

export const EventHistorySchema = z
  .object({ tableId: z.string(), seq: z.number().int(), events: z.array(LoggedEventSchema), next: NextPageSchema })
  .meta({ id: "EventHistory" });

/**
 * WebSocket subprotocols: a client offers `nardi.v2` (the server answers with it) and, for a seat, `token.<seat token>`
 * as a second protocol, so the token never appears in a URL. Seat tokens are base64url, valid in a protocol name.
 * `nardi.v2` sends the mover's legal plays compact (`plays`); the deprecated `nardi.v1` (and a socket without
 * subprotocols) gets them written out (`legalPlays`), as before.
 */
export const SOCKET_PROTOCOL = "nardi.v2";
/** The previous wire version, still answered (deprecated): legal plays written out in full. */
export const SOCKET_PROTOCOL_V1 = "nardi.v1";
export const TOKEN_PROTOCOL_PREFIX = "token.";

export const SocketQuerySchema = z.object({
  /** Deprecated (kept for one release): a seat token in the URL; use the `token.<token>` subprotocol. Empty: BAD_TOKEN. */
  token: z.string().max(128).optional(),
  /** The last seq the client saw: the welcome message then carries every event after it. */
  seq: queryInteger(0).optional(),
  /** The most events the welcome carries (its `next` says where to continue with `sync`). */
  limit: EventLimitSchema.optional(),
});

/** `/v1/tables/:id/events`: a page of the events with a seq above `after`. */
export const EventsQuerySchema = z.object({
  after: queryInteger(0).optional().meta({ description: "Only events with seq > after (a plain decimal integer)." }),
  limit: EventLimitSchema.optional(),
});

/** `/v1/tables/:id/stats`: the match object's storage counters (for the server benchmark). */
export const TableStatsSchema = z
  .object({
    commands: z.number().int().meta({ description: "Accepted game commands (players' and bots')." }),
    rowsWritten: z.number().int().meta({ description: "SQLite rows written by this table so far (from each cursor's rowsWritten)." }),
    rowsRead: z.number().int(),
    events: z.number().int().meta({ description: "Stored events (= the table's seq)." }),
  })
  .meta({ id: "TableStats" });

/** RFC 9457 problem details, with our stable `code`. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: ErrorCodeSchema,
    detail: z.string(),
  })
  .meta({ id: "Problem" });

export type CreateTableBody = z.input<typeof CreateTableBodySchema>;
export type JoinTableBody = z.input<typeof JoinTableBodySchema>;
export type SeatGrant = z.infer<typeof SeatGrantSchema>;
export type OpenTables = z.infer<typeof OpenTablesSchema>;
export type EventHistory = z.infer<typeof EventHistorySchema>;
export type Problem = z.infer<typeof ProblemSchema>;
export type TableStats = z.infer<typeof TableStatsSchema>;
