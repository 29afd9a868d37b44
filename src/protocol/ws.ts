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
import { LegalPlaySchema, PlaysSchema, TableViewSchema } from "./views";

/**
 * 1–64 visible ASCII characters (`!` to `~`: no spaces, no control or non-ASCII characters), so an id is stored,
 * compared and echoed byte for byte the same way before and after a restart.
 */
export const CommandIdSchema = z
  .string()
  .regex(/^[!-~]{1,64}$/, "an id is 1-64 visible ASCII characters (! to ~)")
  .meta({ id: "CommandId" });

const commandBase = {
  /** Client-chosen id, unique per seat; a repeated id is acknowledged again, never applied twice. */
  id: CommandIdSchema,
  /** Optional: the table seq this command was decided on; if the table has moved on, STALE_SEQ. */
  seq: z.number().int().min(0).optional(),
};

export const PlayStepInputSchema = z.object({ from: z.number().int().min(0).max(25), to: z.number().int().min(0).max(25) });

export const ClientMessageSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("roll"), ...commandBase }).strict(),
    z
      .object({
        type: z.literal("play"),
        ...commandBase,
        /** Notation ("24/18 13/11", "24/18/13", "bar/22*", "6/off"; "" for a burned roll) or steps. */
        play: z.union([z.string().max(200), z.array(PlayStepInputSchema).max(8)]),
      })
      .strict(),
    z.object({ type: z.literal("double"), ...commandBase }).strict(),
    z.object({ type: z.literal("take"), ...commandBase }).strict(),
    z.object({ type: z.literal("drop"), ...commandBase }).strict(),
    z.object({ type: z.literal("resign"), ...commandBase }).strict(),
    /** "Auto-roll when I'd only roll": `on: true` lets the server roll for this seat even when it could double. */
    z.object({ type: z.literal("auto-roll"), ...commandBase, on: z.boolean() }).strict(),
    /** Ask for the events after `seq`, at most `limit` of them (answered with a `welcome`; its `next` says if more follow). */
    z.object({ type: z.literal("sync"), seq: z.number().int().min(0), limit: z.number().int().min(1).max(LIMITS.maxEventsPerPage).optional() }).strict(),
  ])
  .meta({ id: "ClientMessage" });

export const CLIENT_MESSAGE_TYPES = ["roll", "play", "double", "take", "drop", "resign", "auto-roll", "sync"] as const;
export type GameCommandType = "roll" | "play" | "double" | "take" | "drop" | "resign" | "auto-roll";

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
  ])
  .meta({ id: "ServerMessage" });

export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
export type WelcomeMessage = Extract<ServerMessage, { type: "welcome" }>;
export type UpdateMessage = Extract<ServerMessage, { type: "update" }>;
export type AckMessage = Extract<ServerMessage, { type: "ack" }>;
export type ErrorMessage = Extract<ServerMessage, { type: "error" }>;
export type Role = z.infer<typeof RoleSchema>;
