/**
 * What clients see of a table and its match. The server builds these from the match state; the typed
 * client and the web page render them. Boards are in each side's own numbering (docs/rules.md §1).
 */
import { StakeAmountSchema, StakeViewSchema } from "./coins";
import * as z from "zod";
import { ClockViewSchema, TimeControlViewSchema } from "./clock";
import { decodeSteps } from "./packed-steps";
import { MATCH_ACTIONS } from "../engine";

export const SideSchema = z.enum(["white", "black"]).meta({ id: "Side" });
export const VariantSchema = z.enum(["long", "short"]).meta({ id: "Variant" });
export const PresetSchema = z
  .enum(["georgian-short", "backgammon", "federation-long", "armenian-long"])
  .meta({ id: "Preset", description: "A rule set of docs/rules.md §6." });
export const OpeningSchema = z.enum(["play-opening-dice", "reroll"]);
export const TimeoutRuleSchema = z
  .enum(["lose-match", "lose-hand"])
  .meta({ id: "TimeoutRule", description: "What running out of time costs: the whole match (as leaving does) or the hand (as a dropped double)." });
export const ResignLevelSchema = z
  .enum(["single", "gammon", "backgammon"])
  .meta({ id: "ResignLevel", description: "What a resignation offer loses the hand as: 1, 2 or 3 points, times the cube (backgammon preset)." });
export const ResignOfferSchema = z
  .object({ from: SideSchema, to: SideSchema, level: ResignLevelSchema })
  .meta({ id: "ResignOffer", description: "A resignation offer waiting for an answer: `from` offers, `to` must accept or reject it." });
export const EndReasonSchema = z.enum(["score", "resign", "forfeit", "timeout", "abandoned", "closed"]).meta({ id: "EndReason" });
export const BotLevelSchema = z.enum(["beginner", "intermediate", "expert", "random"]).meta({
  id: "BotLevel",
  description:
    "The computer's strength: beginner (random legal plays), intermediate (hand-written evaluation), expert (self-trained neural network). " +
    "`random` is the old name of `beginner`, still accepted and echoed as sent.",
});

export const CheckersSchema = z
  .array(z.number().int().min(0).max(15))
  .length(26)
  .meta({ description: "One side's checkers in its own numbering: index 0 = borne off, 1..24 = points, 25 = bar." });
export const BoardSchema = z.object({ white: CheckersSchema, black: CheckersSchema }).meta({ id: "Board" });

export const RulesetSchema = z
  .object({
    preset: PresetSchema,
    variant: VariantSchema,
    koks: z.boolean(),
    cube: z.boolean(),
    opening: OpeningSchema,
    /** Absent in data written before clocks, which is read as `lose-match` (every preset's rule). */
    timeout: TimeoutRuleSchema.default("lose-match"),
  })
  .meta({ id: "Ruleset" });

export const StepSchema = z
  .object({ from: z.number().int().min(0).max(25), to: z.number().int().min(0).max(25), hit: z.boolean() })
  .meta({ id: "Step", description: "One die's move in the mover's own numbering; from 25 = bar, to 0 = off." });

export const LegalPlaySchema = z
  .object({ play: z.string(), steps: z.array(StepSchema), board: BoardSchema })
  .meta({
    id: "LegalPlay",
    description:
      "One legal play of the current roll: notation, one step sequence, the board after it. Sent only on `nardi.v1` sockets " +
      "(deprecated); `nardi.v2` sends the compact `Plays` instead, from which a client derives these.",
  });

export const PlaysSchema = z
  .object({
    /** How many dice every play uses (1..4); 0 when the roll is burned (then `steps` is empty). */
    stepsPerPlay: z.number().int().min(0).max(4),
    /**
     * Every legal play's packed steps, play after play, two characters per step (`STEP_ALPHABET`: the step is
     * 64 × the first character's index + the second's); play i is characters 2·i·stepsPerPlay up to 2·(i+1)·stepsPerPlay.
     */
    steps: z.string().max(1 << 16).regex(/^([A-Za-z0-9_-]{2})*$/, "two base64url characters per step"),
  })
  .refine((p) => (p.stepsPerPlay === 0 ? p.steps.length === 0 : p.steps.length % (2 * p.stepsPerPlay) === 0), {
    message: "steps holds whole plays: 2 × stepsPerPlay characters each (none when stepsPerPlay is 0)",
  })
  .refine((p) => decodeSteps(p.steps) !== null, { message: "every step is from 1..25, to 0..24, hit 0/1" })
  .meta({
    id: "Plays",
    description:
      "The mover's legal plays of the current roll, compact (`nardi.v2`): each step packed as `from | to << 5 | hit << 10` in the " +
      "mover's own numbering (from 1..25, 25 = bar; to 0..24, 0 = off; hit 0/1) and written as two base64url characters; " +
      "every distinct final position once, in the engine's order. Boards and notation follow from the match view's board " +
      "and turn (docs/protocol.md, \"Legal plays\").",
  });

/**
 * A seated player's rating in the table's pool (its preset; docs/players.md), as it stood when they took the seat:
 * rounded to a whole number, `provisional` while the rating deviation is above 110 (shown marked, e.g. "1500?").
 */
export const SeatRatingSchema = z
  .object({
    rating: z.number().int(),
    provisional: z.boolean().meta({ description: "RD above 110 when the seat was taken: not yet reliable (shown marked, e.g. \"1500?\")." }),
  })
  .meta({ id: "SeatRating" });

export const PlayerSchema = z
  .object({
    name: z.string(),
    kind: z.enum(["human", "bot"]),
    botLevel: BotLevelSchema.nullable(),
    /** The player's id when the seat was taken with a session (their profile: /v1/players/{playerId}); else null. */
    playerId: z.string().nullable(),
    connected: z.boolean(),
    /** Epoch milliseconds when this player's reconnect window ends, while they are away during a match. */
    reconnectDeadline: z.number().nullable(),
    /** The player asked the server to roll for them even when they could double (see the `auto-roll` message). */
    autoRoll: z.boolean(),
    /**
     * The player's rating in the table's pool when they sat down; absent for a bot, a seat taken without a session, and
     * when the players' database could not be read then (and from servers before ratings were shown at the table).
     */
    rating: SeatRatingSchema.optional(),
    /**
     * True when the seat's player is a bot account (a program with an account of its own, docs/bots.md); absent
     * otherwise. `kind` stays "human" for it: "bot" is the server's own bot, with a `botLevel`.
     */
    botAccount: z.boolean().optional(),
  })
  .meta({ id: "Player" });

export const MatchViewSchema = z
  .object({
    score: z.object({ white: z.number().int(), black: z.number().int() }),
    hand: z.number().int(),
    /** This hand is the Crawford hand. Always false where there is no cube (a rule set without one, a 1-point match). */
    crawford: z.boolean(),
    cube: z.object({ value: z.number().int(), owner: SideSchema.nullable() }),
    cubeOffer: z.object({ from: SideSchema, to: SideSchema }).nullable(),
    /**
     * A resignation offer waiting for an answer (backgammon preset): `to` is `toAct` and may only `accept-resign` or
     * `reject-resign` (or resign the match). Null when none waits; absent from servers before resignation offers.
     */
    resignOffer: ResignOfferSchema.nullable().default(null),
    /** Sides that may send `offer-resign` right now (backgammon preset, on their turn; docs/rules.md §5.5). */
    canOfferResign: z.array(SideSchema).default([]),
    phase: z.enum(["awaiting-roll", "moving", "cube-offered", "over"]),
    turn: SideSchema,
    /**
     * `turn` has not yet played a roll in this hand (its first turn of the hand; docs/rules.md, long nardi head rule: there 6-6,
     * 4-4 and 3-3 may then take two checkers off the head). It turns false once that side's first roll is played or burned.
     */
    firstTurn: z.boolean(),
    dice: z.tuple([z.number().int(), z.number().int()]).nullable(),
    board: BoardSchema,
    pips: z.object({ white: z.number().int(), black: z.number().int() }),
    /** Sides that may offer the cube right now (before rolling, on their turn). */
    canDouble: z.array(SideSchema),
    /**
     * The side that must act next: the mover, or, in phase `cube-offered`, the side answering the double (its clock
     * is the one running); null once the match is over. Clients show the turn from this, never from `turn`.
     */
    toAct: SideSchema.nullable(),
    /**
     * What `toAct` may send now, in this order: `roll`, `double` (before rolling), `play` (phase `moving`), `take`
     * and `drop` (answering a double). Empty once the match is over. `resign` is never listed: either seated player
     * may resign while the match runs (docs/rules.md).
     */
    may: z.array(z.enum(MATCH_ACTIONS)),
    winner: SideSchema.nullable(),
    endReason: EndReasonSchema.nullable(),
  })
  .meta({ id: "MatchView" });

export const TableStatusSchema = z
  .enum(["waiting", "playing", "over"])
  .meta({ id: "TableStatus", description: "waiting: one seat free; playing: match under way; over: finished or abandoned." });

export const TableViewSchema = z
  .object({
    id: z.string(),
    status: TableStatusSchema,
    ruleset: RulesetSchema,
    length: z.number().int(),
    reconnectSeconds: z.number().int(),
    spectators: z.boolean(),
    /** Rated tables change the players' ratings when the match ends. */
    rated: z.boolean(),
    /** Not listed in the lobby; joining needs the invite secret. */
    private: z.boolean(),
    players: z.object({ white: PlayerSchema.nullable(), black: PlayerSchema.nullable() }),
    match: MatchViewSchema.nullable(),
    timeControl: TimeControlViewSchema,
    /** The match clock; null until the match starts. */
    clock: ClockViewSchema.nullable(),
    /** The table's state version: the seq of the last stored event. */
    seq: z.number().int(),
    createdAt: z.number().int(),
    /** Domino Coins: absent at a table without a stake (docs/coins.md). */
    stake: StakeViewSchema.optional(),
  })
  .meta({ id: "TableView" });

export const TableSummarySchema = z
  .object({
    id: z.string(),
    ruleset: RulesetSchema,
    length: z.number().int(),
    host: z.string(),
    createdAt: z.number().int(),
    /** Coins each player puts in (docs/coins.md); absent at a table without a stake. */
    stake: StakeAmountSchema.optional(),
    /** The match will change both players' ratings (read as false where absent: rows listed by older servers). */
    rated: z.boolean().default(false),
    /** The host's rating in the table's pool (see `Player.rating`); absent when the host has none to show. */
    hostRating: SeatRatingSchema.optional(),
  })
  .meta({ id: "TableSummary" });

export type SideName = z.infer<typeof SideSchema>;
export type BotLevelName = z.infer<typeof BotLevelSchema>;
export type LegalPlayView = z.infer<typeof LegalPlaySchema>;
export type PlaysView = z.infer<typeof PlaysSchema>;
export type PlayerView = z.infer<typeof PlayerSchema>;
export type MatchView = z.infer<typeof MatchViewSchema>;
export type TableStatus = z.infer<typeof TableStatusSchema>;
export type TableView = z.infer<typeof TableViewSchema>;
export type TableSummary = z.infer<typeof TableSummarySchema>;
export type SeatRating = z.infer<typeof SeatRatingSchema>;
