/**
 * WebSocket messages. One JSON object per text frame. The plain-text frame `ping` is answered with `pong`
 * by the runtime itself, without waking the match object (use it as a keep-alive).
 *
 * Client → server: game commands (each with a client-chosen `id`, so a retried command is answered, not
 * applied twice, and optionally the `seq` the client acts on, so a command on a stale view is refused), and
 * `sync` to ask for what was missed.
 * Server → client: `welcome` on connect, `update` after every stored change, `ack` / `error` to the sender.
 */
import * as z from "zod";
import { ErrorCodeSchema } from "./errors";
import { LoggedEventSchema } from "./events";
import { LIMITS, NextPageSchema } from "./http";
import { LegalPlaySchema, PlaysSchema, ResignLevelSchema, SideSchema, TableViewSchema } from "./views";
import { EntropySchema } from "./fair-dice";
import { MATCH_COMMANDS, PLAYER_COMMAND_TYPES, type CommandField, type CommandFieldsOf, type PlayerCommandType } from "../engine";

/**
 * 1–64 visible ASCII characters (`!` to `~`: no spaces, no control or non-ASCII characters), so an id is stored,
 * compared and echoed byte for byte the same way before and after a restart.
 */
export const CommandIdSchema = z
  .string()
  .regex(/^[!-~]{1,64}$/, "an id is 1-64 visible ASCII characters (! to ~)")
  .meta({ id: "CommandId" });

/**
 * Table chat (lichess's flood rule): a line is dropped when the sender's fifth line before it was sent less than
 * `floodWindowMs` ago, or when it repeats one of the sender's last `repeatWindow` lines.
 */
export const CHAT_LIMITS = {
  /** Characters of a line, after trimming white space at both ends. */
  maxChars: 280,
  /** What the schema lets through (longer frames are BAD_MESSAGE); between maxChars and this it is CHAT_TOO_LONG. */
  maxFrameChars: 2000,
  floodLines: 5,
  floodWindowMs: 10_000,
  repeatWindow: 2,
  /** Lines kept per table and sent after a welcome. */
  history: 200,
} as const;

const commandBase = {
  /** Client-chosen id, unique per seat; a repeated id is acknowledged again, never applied twice. */
  id: CommandIdSchema,
  /** Optional: the table seq this command was decided on; if the table has moved on, STALE_SEQ. */
  seq: z.number().int().min(0).optional(),
  /**
   * Optional fresh randomness for the dice: every roll the server makes while it handles this command (this roll,
   * the automatic rolls and bot moves that follow, the next hand's opening roll) is derived with it (docs/fair-dice.md).
   */
  entropy: EntropySchema.optional(),
};

export const PlayStepInputSchema = z.object({ from: z.number().int().min(0).max(25), to: z.number().int().min(0).max(25) });

/**
 * A game command's fields on the wire. `side` is not sent: the server knows the seat from the socket's token.
 * `play`: notation ("24/18 13/11", "24/18/13", "bar/22*", "6/off"; "" for a burned roll) or steps. `level`: what
 * `offer-resign` offers to lose the hand as (single, gammon or backgammon).
 */
const WIRE_FIELDS = {
  side: {},
  play: { play: z.union([z.string().max(200), z.array(PlayStepInputSchema).max(8)]) },
  level: { level: ResignLevelSchema },
} as const satisfies Record<CommandField, z.ZodRawShape>;

type WireFieldTypes = { [F in CommandField]: { -readonly [K in keyof (typeof WIRE_FIELDS)[F]]: z.infer<(typeof WIRE_FIELDS)[F][K]> } };
type Both<U> = (U extends unknown ? (fields: U) => void : never) extends (fields: infer I) => void ? I : never;
const CommandBaseSchema = z.object(commandBase);

/** A player's game command (a player's command of the engine's MATCH_COMMANDS), as a client sends it. */
export type GameCommandMessage = {
  [T in PlayerCommandType]: { type: T } & z.infer<typeof CommandBaseSchema> & Both<WireFieldTypes[CommandFieldsOf<T>]>;
}[PlayerCommandType];

/** The game commands' schemas, one per player command of the engine's list, in its order. */
const gameCommandSchemas = PLAYER_COMMAND_TYPES.map((type) => {
  const fields = MATCH_COMMANDS[type].fields.map((field): z.ZodRawShape => WIRE_FIELDS[field]);
  return z.object({ type: z.literal(type), ...commandBase, ...Object.assign({}, ...fields) }).strict();
});

/** The messages about the table beside the match (not engine commands), and `sync`. */
const tableMessageSchemas = [
  /** "Auto-roll when I'd only roll": `on: true` lets the server roll for this seat even when it could double. */
  z.object({ type: z.literal("auto-roll"), ...commandBase, on: z.boolean() }).strict(),
  /**
   * A chat line from a seat (spectators read, never write). `text` is plain text; the server refuses it with
   * CHAT_TOO_LONG over CHAT_LIMITS.maxChars characters (after trimming) and CHAT_FLOOD by the flood rule.
   */
  z.object({ type: z.literal("chat"), ...commandBase, text: z.string().min(1).max(CHAT_LIMITS.maxFrameChars) }).strict(),
  /**
   * After the match: `want: true` offers a rematch (same settings, seats swapped), or accepts the other seat's
   * offer; `want: false` takes one's own offer back (or declines).
   */
  z.object({ type: z.literal("rematch"), ...commandBase, want: z.boolean() }).strict(),
  /** Ask for the events after `seq`, at most `limit` of them (answered with a `welcome`; its `next` says if more follow). */
  z.object({ type: z.literal("sync"), seq: z.number().int().min(0), limit: z.number().int().min(1).max(LIMITS.maxEventsPerPage).optional() }).strict(),
] as const;

/** What a client sends: a game command (the engine's list decides which) or a table message. */
export type ClientMessage = GameCommandMessage | z.infer<(typeof tableMessageSchemas)[number]>;

// The union's type is written above from the engine's list; the schema built from that list cannot carry it itself.
export const ClientMessageSchema = z
  .discriminatedUnion("type", [...(gameCommandSchemas as [z.ZodObject, ...z.ZodObject[]]), ...tableMessageSchemas])
  .meta({ id: "ClientMessage" }) as unknown as z.ZodType<ClientMessage>;

export const CLIENT_MESSAGE_TYPES: readonly ClientMessage["type"][] = [
  ...PLAYER_COMMAND_TYPES,
  ...tableMessageSchemas.map((schema) => schema.shape.type.value),
];
/** The messages a seat sends that carry a command id: every type but `sync`. */
export type GameCommandType = Exclude<ClientMessage["type"], "sync">;

const RoleSchema = z.enum(["white", "black", "spectator"]);

/**
 * The mover's legal plays, in the form the socket's subprotocol asked for: exactly one of the two fields is present,
 * null unless this connection's seat is to move (spectators and the waiting seat never get plays).
 */
const playsFields = {
  /** `nardi.v2`: the legal plays of the current roll, compact (see `Plays`), else null. */
  plays: PlaysSchema.nullable().optional(),
  /** `nardi.v1` (deprecated) and sockets without a subprotocol: every legal play written out, else null. */
  legalPlays: z.array(LegalPlaySchema).nullable().optional(),
};

/** One stored chat line: `n` counts the table's lines from 1; `at` is the server's epoch ms. */
export const ChatLineSchema = z
  .object({ n: z.number().int().min(1), at: z.number().int(), seat: SideSchema, name: z.string(), text: z.string() })
  .meta({ id: "ChatLine" });

/** One seat's rating as a rated match changed it (docs/protocol.md, "After the match: settled"). */
export const RatingChangeSchema = z
  .object({
    before: z.number().meta({ description: "The rating the match was rated from (its RD grown to the match's end)." }),
    after: z.number(),
    /** The rating after the match is still provisional (RD above 110: docs/players.md). */
    provisional: z.boolean(),
  })
  .meta({ id: "RatingChange" });

export const ServerMessageSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("welcome"),
      seq: z.number().int(),
      role: RoleSchema,
      table: TableViewSchema,
      /** The events after the seq the client said it had, a page at a time (empty when it gave none or is up to date). */
      events: z.array(LoggedEventSchema),
      next: NextPageSchema,
      ...playsFields,
    }),
    z.object({
      type: z.literal("update"),
      seq: z.number().int(),
      events: z.array(LoggedEventSchema),
      table: TableViewSchema,
      ...playsFields,
    }),
    z.object({
      type: z.literal("ack"),
      id: CommandIdSchema,
      seq: z.number().int(),
      /** true when this id had already been applied: nothing was applied again. */
      duplicate: z.boolean(),
    }),
    z.object({
      type: z.literal("error"),
      /** The command's id when the error answers a command. */
      id: CommandIdSchema.nullable(),
      code: ErrorCodeSchema,
      message: z.string(),
      seq: z.number().int(),
      /** AMBIGUOUS_PLAY only: every play the refused notation could stand for, each written out step by step. */
      candidates: z.array(z.string()).optional(),
    }),
    z.object({
      type: z.literal("chat"),
      /** After a welcome: the table's stored lines (oldest first); after an accepted `chat`: that one line, to everyone. */
      lines: z.array(ChatLineSchema),
    }),
    z.object({
      type: z.literal("rematch"),
      /** Which seats currently want a rematch. */
      offers: z.object({ white: z.boolean(), black: z.boolean() }),
      /** The new table once both accepted (to everyone, spectators included), else null. */
      table: z.string().nullable(),
      /** To each seat only, once: its seat at the new table and that seat's token (never stored by the server). */
      seat: SideSchema.nullable(),
      token: z.string().nullable(),
    }),
    z.object({
      type: z.literal("settled"),
      /** Each seat's rating change; null when the match changed no rating (unrated, a bot or anonymous seat, no winner). */
      ratings: z.object({ white: RatingChangeSchema, black: RatingChangeSchema }).nullable(),
      /** Each seat's net Domino Coin change (signed: the winner's payout less its stake; the loser's stake); null without a stake. */
      coins: z.object({ white: z.number().int(), black: z.number().int() }).nullable(),
    }),
  ])
  .meta({ id: "ServerMessage" });

export type ServerMessage = z.infer<typeof ServerMessageSchema>;
export type WelcomeMessage = Extract<ServerMessage, { type: "welcome" }>;
export type UpdateMessage = Extract<ServerMessage, { type: "update" }>;
export type AckMessage = Extract<ServerMessage, { type: "ack" }>;
export type ErrorMessage = Extract<ServerMessage, { type: "error" }>;
export type Role = z.infer<typeof RoleSchema>;
export type ChatLine = z.infer<typeof ChatLineSchema>;
export type ChatMessage = Extract<ServerMessage, { type: "chat" }>;
export type RematchMessage = Extract<ServerMessage, { type: "rematch" }>;
export type SettledMessage = Extract<ServerMessage, { type: "settled" }>;
export type RatingChange = z.infer<typeof RatingChangeSchema>;
