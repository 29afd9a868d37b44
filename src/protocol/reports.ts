/**
 * Reports (docs/reports.md): a player reports another from the table, the end screen or a profile; the server
 * captures the evidence (the table's chat, the reported player's name, the match's seq and status) when the
 * report is filed; moderators work a queue and close each report as handled or dismissed; the reporter sees
 * that it was closed.
 */
import * as z from "zod";
import { TableIdParamSchema } from "./http";
import { ReasonCodeSchema } from "./moderation";
import { PlayerIdSchema } from "./players";
import { TableStatusSchema } from "./views";
import { ChatLineSchema } from "./ws";

export const REPORT_LIMITS = {
  /** Characters of the reporter's own words. */
  maxText: 1000,
  /** Open reports one reporter may have at once; more are RATE_LIMITED until a moderator closes some. */
  maxOpenPerReporter: 10,
  /** Characters of a moderator's note. */
  maxNote: 2000,
  /** Page sizes: default and largest. */
  defaultPage: 50,
  maxPage: 100,
} as const;

/** What a player may report: the moderation reason codes, less those only the system or staff use (farming). */
export const ReportReasonSchema = ReasonCodeSchema.extract(["chat-abuse", "name", "stalling", "leaving", "assistance", "other"]).meta({
  id: "ReportReason",
  description:
    "chat-abuse: insults, threats, spam in chat; name: an offensive or impersonating name; stalling: letting the clock run in a lost " +
    "position; leaving: abandoning matches; assistance: suspected help from a program or another person; other: anything else (say what).",
});

export const ReportStatusSchema = z
  .enum(["open", "handled", "dismissed"])
  .meta({ id: "ReportStatus", description: "open: waiting for a moderator; handled: a moderator acted on it; dismissed: a moderator found nothing to act on." });

export const FileReportBodySchema = z
  .object({
    playerId: PlayerIdSchema.meta({ description: "The player reported (a seat's `playerId` in the table view, or a profile's id)." }),
    tableId: TableIdParamSchema.shape.id.optional().meta({
      description: "The table the report is about: the reporter and the reported player must hold its two seats. Absent for a report from a profile.",
    }),
    reason: ReportReasonSchema,
    text: z
      .string()
      .trim()
      .max(REPORT_LIMITS.maxText)
      .default("")
      .meta({ description: `The reporter's own words, up to ${REPORT_LIMITS.maxText} characters; required for the reason \`other\`.` }),
  })
  .strict()
  .refine((body) => body.reason !== "other" || body.text.length > 0, { message: "the reason `other` needs a text saying what happened", path: ["text"] })
  .meta({ id: "FileReportBody" });

/** What the server saw when the report was filed: never written by the reporter. */
export const ReportEvidenceSchema = z
  .object({
    /** The reported player's name at filing time (they may rename later). */
    name: z.string(),
    /** The table's stored chat lines at filing time, oldest first (empty without a table). */
    chat: z.array(ChatLineSchema),
    /** The match as it stood: its seq and the table's status (null without a table). */
    match: z.object({ seq: z.number().int(), status: TableStatusSchema }).nullable(),
  })
  .meta({ id: "ReportEvidence" });

const PlayerRefSchema = z.object({ id: z.string(), name: z.string().meta({ description: "The name now (`deleted player` for a deleted account)." }) });

/** A report as its reporter sees it: what they filed and whether it was closed (not by whom, nor the moderator's note). */
export const OwnReportSchema = z
  .object({
    id: z.string(),
    at: z.number().int(),
    reported: PlayerRefSchema,
    tableId: z.string().nullable(),
    reason: ReportReasonSchema,
    text: z.string(),
    status: ReportStatusSchema,
    handledAt: z.number().int().nullable().meta({ description: "When a moderator closed it; null while open." }),
  })
  .meta({ id: "OwnReport" });

export const FiledReportSchema = z
  .object({
    report: OwnReportSchema,
    duplicate: z.boolean().meta({ description: "True when this reporter already had this report open: the existing one is answered, nothing is added." }),
  })
  .meta({ id: "FiledReport" });

export const OwnReportListSchema = z.object({ reports: z.array(OwnReportSchema) }).meta({ id: "OwnReportList" });

/** A report as moderators see it: everything, with the evidence in view. */
export const StaffReportSchema = z
  .object({
    id: z.string(),
    at: z.number().int(),
    reporter: PlayerRefSchema,
    reported: PlayerRefSchema,
    tableId: z.string().nullable(),
    links: z
      .object({
        table: z.string().meta({ description: "The table's view (`/v1/tables/{id}`): live while it is kept." }),
        events: z.string().meta({ description: "Its event log." }),
        record: z.string().meta({ description: "The finished match's record (`/v1/matches/{id}`), once delivered." }),
      })
      .nullable(),
    reason: ReportReasonSchema,
    text: z.string(),
    evidence: ReportEvidenceSchema,
    otherOpen: z.number().int().meta({ description: "How many other open reports name the same reported player." }),
    status: ReportStatusSchema,
    handledBy: PlayerRefSchema.nullable(),
    handledAt: z.number().int().nullable(),
    note: z.string().meta({ description: "The moderator's note (staff only)." }),
    actionId: z.string().nullable().meta({ description: "The moderation action the report led to (a moderation-log id), if any." }),
    resolutionId: z.string().nullable().meta({ description: "The moderation-log row (action `resolve-report`) that closed it." }),
  })
  .meta({ id: "StaffReport" });

export const ReportQueueQuerySchema = z.object({
  status: ReportStatusSchema.default("open").meta({ description: "Which reports: `open` (the default) oldest first; `handled` or `dismissed` newest closed first." }),
  player: PlayerIdSchema.optional().meta({ description: "Only reports naming this reported player." }),
  limit: z.coerce.number().int().min(1).max(REPORT_LIMITS.maxPage).default(REPORT_LIMITS.defaultPage),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const ReportQueueSchema = z
  .object({
    reports: z.array(StaffReportSchema),
    open: z.number().int().meta({ description: "Open reports in all (the queue's length), whatever the filter." }),
    next: z.number().int().nullable().meta({ description: "Pass as `offset` for the next page; null on the last page." }),
  })
  .meta({ id: "ReportQueue" });

export const ResolveReportBodySchema = z
  .object({
    outcome: z.enum(["handled", "dismissed"]),
    note: z.string().trim().max(REPORT_LIMITS.maxNote).default("").meta({ description: "Why, for the other moderators (never shown to the reporter)." }),
    actionId: z.string().min(1).max(64).optional().meta({
      description: "The moderation action taken on the reported player because of this report (a moderation-log id, e.g. a mute); must name that player.",
    }),
  })
  .strict()
  .meta({ id: "ResolveReportBody" });

export type ReportReason = z.infer<typeof ReportReasonSchema>;
export type ReportStatus = z.infer<typeof ReportStatusSchema>;
export type FileReportBody = z.input<typeof FileReportBodySchema>;
export type ReportEvidence = z.infer<typeof ReportEvidenceSchema>;
export type OwnReport = z.infer<typeof OwnReportSchema>;
export type FiledReport = z.infer<typeof FiledReportSchema>;
export type StaffReport = z.infer<typeof StaffReportSchema>;
export type ReportQueue = z.infer<typeof ReportQueueSchema>;
export type ResolveReportBody = z.input<typeof ResolveReportBodySchema>;
