/**
 * The table's event log as clients see it: every match event of the engine plus the table's own events
 * (joins, connections, drops). Each stored event has a `seq`; the table's state version is the last one.
 */
import * as z from "zod";
import { BotLevelSchema, EndReasonSchema, ResignLevelSchema, RulesetSchema, SideSchema, StepSchema } from "./views";
import { TimeControlViewSchema } from "./clock";
import { EntropySchema, ServerSeedSchema } from "./fair-dice";

const ScoreSchema = z.object({ white: z.number().int(), black: z.number().int() });
const DiceSchema = z.tuple([z.number().int(), z.number().int()]);
/** Fair dice (docs/fair-dice.md): the entropy of the command this roll was made for; absent when there was none. */
const rollEntropy = { entropy: EntropySchema.optional() };

export const MatchEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hand-started"), hand: z.number().int(), crawford: z.boolean(), score: ScoreSchema }),
  z.object({ type: z.literal("opening-roll"), white: z.number().int(), black: z.number().int(), starter: SideSchema.nullable(), ...rollEntropy }),
  /** `auto: true`: the server rolled for the side, which had no cube decision to make (or asked for auto-roll). */
  z.object({ type: z.literal("rolled"), side: SideSchema, dice: DiceSchema, auto: z.literal(true).optional(), ...rollEntropy }),
  /** `forced: true`: the roll had exactly one legal play and the server played it, at no cost on the clock. */
  z.object({
    type: z.literal("played"),
    side: SideSchema,
    notation: z.string(),
    steps: z.array(StepSchema),
    forced: z.literal(true).optional(),
  }),
  z.object({ type: z.literal("burned"), side: SideSchema, dice: DiceSchema }),
  z.object({ type: z.literal("doubled"), side: SideSchema, value: z.number().int() }),
  z.object({ type: z.literal("taken"), side: SideSchema, value: z.number().int() }),
  z.object({ type: z.literal("dropped"), side: SideSchema }),
  z.object({
    type: z.literal("hand-ended"),
    hand: z.number().int(),
    winner: SideSchema,
    result: z.object({ kind: z.enum(["oin", "mars", "koks"]), points: z.number().int() }),
    cube: z.number().int(),
    value: z.number().int(),
    score: ScoreSchema,
  }),
  /** Backgammon preset: `side` offers to lose the hand at `level`; `value` = the level's points × the cube. */
  z.object({ type: z.literal("resign-offered"), side: SideSchema, level: ResignLevelSchema, value: z.number().int() }),
  /** `side` accepted the offer: a `hand-ended` follows (result oin, mars or koks for single, gammon or backgammon). */
  z.object({ type: z.literal("resign-accepted"), side: SideSchema, level: ResignLevelSchema }),
  /** `side` rejected the offer: play goes on where it stopped. */
  z.object({ type: z.literal("resign-rejected"), side: SideSchema, level: ResignLevelSchema }),
  z.object({ type: z.literal("resigned"), side: SideSchema }),
  z.object({ type: z.literal("forfeited"), side: SideSchema }),
  /** The side's clock ran out (the ruleset's `timeout` rule says what it lost). */
  z.object({ type: z.literal("timed-out"), side: SideSchema }),
  z.object({
    type: z.literal("match-ended"),
    winner: SideSchema.nullable(),
    reason: EndReasonSchema,
    score: ScoreSchema,
    /** Fair dice: the table's secret server seed, revealed now that no roll is left (absent in logs from before fair dice). */
    serverSeed: ServerSeedSchema.optional(),
  }),
]);

export const TableEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("table-created"),
    ruleset: RulesetSchema,
    length: z.number().int(),
    reconnectSeconds: z.number().int(),
    spectators: z.boolean(),
    /** Absent in logs written before clocks (those tables play the default, `standard`). */
    timeControl: TimeControlViewSchema.optional(),
    /** Fair dice: SHA-256 (hex) of the server seed every roll is derived from (absent in logs from before fair dice). */
    diceCommitment: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  }),
  z.object({
    type: z.literal("player-joined"),
    seat: SideSchema,
    name: z.string(),
    kind: z.enum(["human", "bot"]),
    botLevel: BotLevelSchema.nullable(),
    /** Fair dice: the client seed the seat sat down with; absent when it gave none (and for a bot): then "". */
    clientSeed: EntropySchema.optional(),
  }),
  z.object({ type: z.literal("player-connected"), seat: SideSchema }),
  /** The seat's last socket closed during a match: it has until `deadline` (epoch ms) to come back. */
  z.object({ type: z.literal("player-disconnected"), seat: SideSchema, deadline: z.number().int() }),
  /** A moderator renamed the seat's player (an offensive name): the seat shows `name` from here on (docs/moderation-live.md). */
  z.object({ type: z.literal("player-renamed"), seat: SideSchema, name: z.string() }),
  /** The seat's player set "auto-roll when I'd only roll" (the `auto-roll` message): `players[seat].autoRoll` from here on. */
  z.object({ type: z.literal("auto-roll"), seat: SideSchema, on: z.boolean() }),
]);

export const TableOrMatchEventSchema = z.union([MatchEventSchema, TableEventSchema]).meta({ id: "Event" });

export const LoggedEventSchema = z
  .object({ seq: z.number().int().min(1), at: z.number().int(), event: TableOrMatchEventSchema })
  .meta({ id: "LoggedEvent", description: "One stored event: its seq (state version), time (epoch ms), and the event." });

export type TableEvent = z.infer<typeof TableEventSchema>;
export type WireMatchEvent = z.infer<typeof MatchEventSchema>;
export type TableOrMatchEvent = z.infer<typeof TableOrMatchEventSchema>;
export type LoggedEvent = z.infer<typeof LoggedEventSchema>;
