/**
 * The shapes a match object keeps in SQLite, as zod schemas: every row is parsed with these on load (a row that
 * does not fit is a bug or a missed migration, and fails loudly instead of running a match on a guess). The types
 * in ./table are inferred from them, so a new stored field cannot be added without its schema.
 *
 * STORAGE_VERSION is written into the room row; ./migrations brings older rows up to it.
 */
import * as z from "zod";
import { MATCH_COMMAND_TYPES, MATCH_COMMANDS, type CommandField, type MatchCommand, type MatchState } from "../../engine";
import {
  BotLevelSchema,
  CheckersSchema,
  ClockStateSchema,
  EndReasonSchema,
  ResignLevelSchema,
  ResignOfferSchema,
  RulesetSchema,
  SeatRatingSchema,
  ServerSeedSchema,
  SideSchema,
  TableOrMatchEventSchema,
  TableStatusSchema,
  TimeControlViewSchema,
} from "../../protocol";

/**
 * 1: the layout before versions (no version column, no presence fields); 2: versioned, with logged presence;
 * 3: every table has a time control, and a match its clock; 4: one `log` row per change (its events, the table
 * info when it changed, and the match as a snapshot or as the engine step that rebuilds it), no room row per
 * change (docs/storage.md); 5: a change that moves only the clock and the dice's roll count stores just those
 * (`turn`), not the whole table info.
 */
export const STORAGE_VERSION = 5;

const ScoreSchema = z.object({ white: z.number().int(), black: z.number().int() });

export const SeatSchema = z.object({
  name: z.string(),
  kind: z.enum(["human", "bot"]),
  botLevel: BotLevelSchema.nullable(),
  /** SHA-256 (hex) of the seat token; null for a bot, which has no token. */
  tokenHash: z.string().nullable(),
  /** The seat has opened a socket at least once (so, if it has none now, it left rather than never came). */
  seen: z.boolean().optional(),
  /** The log's last word on this seat during the match is `player-disconnected` (it is away, its window runs). */
  away: z.boolean().optional(),
  /**
   * It is away only because its socket vanished with the server (a restart, deploy or eviction; the drop was found
   * at a wake, no close was seen): for the other seat's window it counts as gone only once its own window is over.
   */
  awayByRestart: z.boolean().optional(),
  /** When the log last said `player-connected` after a drop (epoch ms): a drop soon after is coalesced. */
  returnedAt: z.number().int().optional(),
  /** "Auto-roll when I'd only roll": the server rolls for this seat even when it could double. */
  autoRoll: z.boolean().optional(),
  /** The player (D1) whose session took this seat; absent for anonymous seats and bots. */
  playerId: z.string().nullable().optional(),
  /** That player's rating in the table's pool when the seat was taken (shown at the table and in the lobby). */
  rating: SeatRatingSchema.optional(),
  /** That player is a bot account (docs/bots.md): shown as `botAccount`, refused chat. Absent for everyone else. */
  botAccount: z.literal(true).optional(),
});

export const TableInfoSchema = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  status: TableStatusSchema,
  ruleset: RulesetSchema,
  length: z.number().int(),
  reconnectSeconds: z.number().int(),
  spectators: z.boolean(),
  /** The match changes both players' ratings when it ends (absent in tables stored before ratings existed). */
  rated: z.boolean().optional(),
  /** SHA-256 (hex) of a private table's invite secret; null or absent (rows written before private tables) for a public table. */
  inviteHash: z.string().nullable().optional(),
  seats: z.object({ white: SeatSchema.nullable(), black: SeatSchema.nullable() }),
  /** The time control (storage version 3; older rooms are given `standard` by the migration). */
  timeControl: TimeControlViewSchema.optional(),
  /** The match clock, from the match's start (storage version 3). */
  clock: ClockStateSchema.optional(),
  /**
   * Fair dice (../dice.ts, docs/fair-dice.md): the SECRET server seed (never in a view, log or error before the
   * match's final event), the seats' client seeds ("" for none) and how many rolls were drawn. Absent in tables
   * from before fair dice, which go on with plain CSPRNG dice.
   */
  fairDice: z
    .object({ serverSeed: ServerSeedSchema, clientSeeds: z.object({ white: z.string(), black: z.string() }), rolls: z.number().int().min(0) })
    .optional(),
  /** Domino Coins each seat puts into escrow at the match's start, and the rake fixed at creation (server/coins). */
  stake: z.object({ amount: z.number().int().positive(), rakePercent: z.number().int().min(0).max(100) }).optional(),
});

/**
 * The part of the table info that (almost) every command changes: the clock and how many fair rolls were drawn
 * (storage version 5). A log row carries it as `turn` when nothing else of the info changed; null stands for an
 * absent clock or fair dice.
 */
export const TurnSchema = z.object({ clock: ClockStateSchema.nullable(), rolls: z.number().int().min(0).nullable() });

const BoardSchema = z.object({ white: CheckersSchema, black: CheckersSchema });

export const MatchStateSchema: z.ZodType<MatchState> = z.object({
  config: z.object({ ruleset: RulesetSchema, length: z.number().int() }),
  score: ScoreSchema,
  hand: z.number().int(),
  crawford: z.boolean(),
  crawfordDone: z.boolean(),
  cube: z.object({ value: z.number().int(), owner: SideSchema.nullable() }),
  cubeOffer: z.object({ from: SideSchema, to: SideSchema }).nullable(),
  /** Resignation offers (backgammon preset): absent in rows written before them, read as none. */
  resignOffer: ResignOfferSchema.nullable().default(null),
  resignRefused: SideSchema.nullable().default(null),
  position: z.object({ variant: z.enum(["long", "short"]), board: BoardSchema, turn: SideSchema }),
  phase: z.enum(["awaiting-roll", "moving", "cube-offered", "over"]),
  dice: z.tuple([z.number().int().min(1).max(6), z.number().int().min(1).max(6)]).nullable(),
  firstTurn: z.object({ white: z.boolean(), black: z.boolean() }),
  winner: SideSchema.nullable(),
  endReason: EndReasonSchema.nullable(),
});

/** A stored event's JSON: exactly what the wire carries. */
export const StoredEventSchema = TableOrMatchEventSchema;

/** A log row's events: a JSON array of them (seq `seq - count + 1` … `seq`). */
export const StoredEventsSchema = z.array(StoredEventSchema);

/** How a stored command's fields read (loosely: the engine checks a play again when it is replayed). */
const STORED_FIELDS: Record<CommandField, z.ZodType> = {
  side: SideSchema,
  play: z.union([z.string(), z.array(z.object({ from: z.number().int(), to: z.number().int() }))]),
  level: ResignLevelSchema,
};

/**
 * Every command of the engine's list (MATCH_COMMANDS), with its fields. `close` (a moderator closed the table) is
 * written since moderation; older rooms never hold it, so no version step.
 */
export const MatchCommandSchema = z.discriminatedUnion(
  "type",
  MATCH_COMMAND_TYPES.map((type) =>
    z.object({ type: z.literal(type), ...Object.fromEntries(MATCH_COMMANDS[type].fields.map((field) => [field, STORED_FIELDS[field]])) }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<MatchCommand>;

/**
 * How the engine rebuilds a change's match from the match before it (the engine's `advance`): the command given
 * (null: none, only the pace ran, e.g. after auto-roll was turned on), every die drawn, in order, and each side's
 * auto-roll setting the pace ran with.
 */
export const ReplaySchema = z.object({
  command: MatchCommandSchema.nullable(),
  dice: z.array(z.number().int().min(1).max(6)),
  autoRoll: z.object({ white: z.boolean(), black: z.boolean() }),
});

/**
 * `reconnect`: a seat's window after its drop was logged; `arrive`: a seat that has had no socket since the match
 * started must open one in time; `drop`: a seat's last socket closed soon after it came back, and the drop is
 * logged at `due` if it is still away (coalescing); `liveness`: during a match the object wakes this often to
 * check that every seat the log calls present still has a socket (a restart drops sockets without a close);
 * `expire`: a waiting table nobody joined; `purge`: a finished table's retention ended; `deliver`: the next
 * attempt to deliver the outbox to D1 (./outbox.ts).
 */
export const DeadlineKindSchema = z.enum(["reconnect", "arrive", "drop", "liveness", "expire", "purge", "deliver"]);
/** Seat windows belong to a seat; expiry, liveness, purge and delivery to the whole table. */
export const DeadlineOwnerSchema = z.enum(["white", "black", "table"]);

export const DeadlineSchema = z.object({ kind: DeadlineKindSchema, seat: DeadlineOwnerSchema, due: z.number().int() });

/** An outbox row: what it is for (the key of its idempotent write in D1 is table id + purpose) and failed attempts. */
export const OutboxRowSchema = z.object({ purpose: z.enum(["match-record"]), attempts: z.number().int().min(0) });
