/**
 * The admin API's bodies and answers (docs/moderation.md): a player's dossier, the actions staff take, the
 * moderation log, and the standing a player sees of themselves (`GET /v1/me/standing`).
 */
import * as z from "zod";
import { TransferSchema } from "./coins";
import { ModerationActionKindSchema, ReasonCodeSchema, RoleSchema } from "./moderation";
import { ClaimedNameSchema, MatchSummarySchema, PlayerKindSchema, RatingSchema } from "./players";

export const MODERATION_LIMITS = {
  /** A note's longest length, in characters. */
  maxNote: 1000,
  /** Mute and suspension periods: one minute to one year. */
  minDurationSeconds: 60,
  maxDurationSeconds: 365 * 86_400,
  /** What a dossier shows of each list (newest first); the log itself is paged. */
  dossierSessions: 50,
  dossierMatches: 20,
  dossierTransfers: 20,
  dossierHistory: 50,
  /** Warnings a player sees at GET /v1/me/standing (newest first). */
  standingWarnings: 20,
} as const;

const NoteSchema = z
  .string()
  .trim()
  .max(MODERATION_LIMITS.maxNote)
  .default("")
  .meta({ description: "Free text: why, in the staff member's words. A warning's note is shown to the player." });

/** The actions on one player (POST /v1/admin/players/{id}/actions). */
export const PlayerActionKindSchema = z
  .enum(["warn", "mute", "unmute", "suspend", "unsuspend", "ban", "unban", "rename"])
  .meta({ id: "PlayerActionKind" });

export const PlayerActionBodySchema = z
  .object({
    action: PlayerActionKindSchema,
    reason: ReasonCodeSchema,
    note: NoteSchema,
    durationSeconds: z
      .number()
      .int()
      .min(MODERATION_LIMITS.minDurationSeconds)
      .max(MODERATION_LIMITS.maxDurationSeconds)
      .optional()
      .meta({ description: "mute and suspend only (required there): how long, from now." }),
    name: ClaimedNameSchema.optional().meta({ description: "rename only: the new name; without it a `player-…` name is generated." }),
  })
  .strict()
  .superRefine((body, ctx) => {
    const timed = body.action === "mute" || body.action === "suspend";
    if (timed && body.durationSeconds === undefined) ctx.addIssue({ code: "custom", path: ["durationSeconds"], message: `${body.action} needs durationSeconds` });
    if (!timed && body.durationSeconds !== undefined) ctx.addIssue({ code: "custom", path: ["durationSeconds"], message: `${body.action} takes no durationSeconds` });
    if (body.action !== "rename" && body.name !== undefined) ctx.addIssue({ code: "custom", path: ["name"], message: "only rename takes a name" });
  })
  .meta({ id: "PlayerActionBody" });

/** Closing a table, reversing or restoring a match: why, and nothing else. */
export const ReasonBodySchema = z.object({ reason: ReasonCodeSchema, note: NoteSchema }).strict().meta({ id: "ReasonBody" });

export const RoleBodySchema = z
  .object({
    op: z.enum(["grant", "revoke"]),
    role: RoleSchema,
    reason: ReasonCodeSchema.default("other"),
    note: NoteSchema,
  })
  .strict()
  .meta({ id: "RoleBody" });

/** One row of the moderation log, as staff read it. */
export const LogEntrySchema = z
  .object({
    id: z.string(),
    at: z.number().int(),
    actorId: z.string().nullable().meta({ description: "The staff member; null for the system or the operator's command line." }),
    actorName: z.string().nullable(),
    action: ModerationActionKindSchema,
    playerId: z.string().nullable(),
    tableId: z.string().nullable(),
    reason: ReasonCodeSchema,
    note: z.string(),
    until: z.number().int().nullable().meta({ description: "mute and suspend: when it ends (ms since the epoch)." }),
    undoes: z.string().nullable().meta({ description: "The id of the earlier action this one undoes." }),
    detail: z.record(z.string(), z.unknown()).nullable().meta({ description: "Per action: rename {from, to}; roles {role}; reversals {transfers, adjustments}." }),
  })
  .meta({ id: "LogEntry" });

export const LogPageSchema = z
  .object({
    entries: z.array(LogEntrySchema),
    next: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "LogPage" });

/** A log cursor: `<at>.<id>` of the last entry of the previous page. */
export const LOG_CURSOR = /^(\d{1,16})\.([A-Za-z0-9_:.-]{1,200})$/;

const Period = z.object({ until: z.number().int(), reason: ReasonCodeSchema, since: z.number().int() });

/** The sanctions that stand now (a past `until` is none). */
export const StandingSchema = z
  .object({
    banned: z.object({ reason: ReasonCodeSchema, since: z.number().int() }).nullable(),
    suspended: Period.nullable().meta({ description: "No creating, joining, seeking or chatting until `until`." }),
    muted: Period.nullable().meta({ description: "No chat until `until`." }),
  })
  .meta({ id: "Standing" });

export const MyStandingSchema = StandingSchema.extend({
  warnings: z
    .array(z.object({ at: z.number().int(), reason: ReasonCodeSchema, note: z.string() }))
    .meta({ description: `The latest warnings, newest first (at most ${MODERATION_LIMITS.standingWarnings}).` }),
}).meta({ id: "MyStanding" });

export const PlayerHitSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: PlayerKindSchema,
    matchedBy: z.enum(["name", "past-name"]).meta({ description: "past-name: the player wore this name before a forced rename." }),
  })
  .meta({ id: "PlayerHit" });

export const PlayerSearchSchema = z.object({ players: z.array(PlayerHitSchema) }).meta({ id: "PlayerSearch" });

export const DossierSchema = z
  .object({
    player: z.object({ id: z.string(), name: z.string(), kind: PlayerKindSchema, createdAt: z.number().int() }),
    pastNames: z
      .array(z.object({ name: z.string(), until: z.number().int(), actionId: z.string() }))
      .meta({ description: "Names taken away by forced renames (from the log), newest first. Self-renames are not logged." }),
    roles: z.array(z.object({ role: RoleSchema, grantedAt: z.number().int(), grantedBy: z.string().nullable() })),
    sessions: z.object({
      count: z.number().int(),
      createdAt: z.array(z.number().int()).meta({ description: `When each session was opened, newest first (at most ${MODERATION_LIMITS.dossierSessions}). Never a token.` }),
    }),
    matches: z
      .array(MatchSummarySchema.extend({ reversed: z.boolean().meta({ description: "Its rating and coin effects stand reversed now." }) }))
      .meta({ description: `The latest recorded matches, newest first (at most ${MODERATION_LIMITS.dossierMatches}).` }),
    ratings: z.array(RatingSchema),
    coins: z.object({ balance: z.number().int(), transfers: z.array(TransferSchema) }),
    standing: StandingSchema,
    history: z.array(LogEntrySchema).meta({ description: `The log's rows about this player, newest first (at most ${MODERATION_LIMITS.dossierHistory}).` }),
  })
  .meta({ id: "Dossier" });

export const ActionResultSchema = z
  .object({ entry: LogEntrySchema, standing: StandingSchema.nullable().meta({ description: "The player's standing after the action (null for table and match actions)." }) })
  .meta({ id: "ActionResult" });

export type PlayerActionKind = z.infer<typeof PlayerActionKindSchema>;
export type PlayerActionBody = z.infer<typeof PlayerActionBodySchema>;
/** What a client sends (`note` may be left out). */
export type PlayerActionInput = z.input<typeof PlayerActionBodySchema>;
export type ReasonInput = z.input<typeof ReasonBodySchema>;
export type RoleInput = z.input<typeof RoleBodySchema>;
export type ReasonBody = z.infer<typeof ReasonBodySchema>;
export type RoleBody = z.infer<typeof RoleBodySchema>;
export type LogEntry = z.infer<typeof LogEntrySchema>;
export type LogPage = z.infer<typeof LogPageSchema>;
export type Standing = z.infer<typeof StandingSchema>;
export type MyStanding = z.infer<typeof MyStandingSchema>;
export type Dossier = z.infer<typeof DossierSchema>;
export type PlayerHit = z.infer<typeof PlayerHitSchema>;
export type PlayerSearch = z.infer<typeof PlayerSearchSchema>;
export type ActionResult = z.infer<typeof ActionResultSchema>;
