/**
 * Operating the site (docs/operations.md): staff roles, the reason codes every moderation action and report
 * carries, and the kinds of action in the moderation log. The admin API's bodies and answers build on these.
 */
import * as z from "zod";

export const RoleSchema = z
  .enum(["moderator", "admin"])
  .meta({ id: "Role", description: "moderator: acts on players and reports; admin: also grants roles and sets the site switch." });

export const ReasonCodeSchema = z
  .enum(["chat-abuse", "name", "stalling", "leaving", "assistance", "farming", "other"])
  .meta({ id: "ReasonCode", description: "Why an action was taken or a report filed." });

export const ModerationActionKindSchema = z
  .enum([
    "warn",
    "mute",
    "unmute",
    "suspend",
    "unsuspend",
    "ban",
    "unban",
    "rename",
    "close-table",
    "reverse-match",
    "restore-match",
    "grant-role",
    "revoke-role",
    "flag",
    "defcon",
    // A moderator closed a player's report (handled or dismissed): docs/reports.md.
    "resolve-report",
    "chat-filter",
  ])
  .meta({ id: "ModerationActionKind" });

export type StaffRole = z.infer<typeof RoleSchema>;
export type ReasonCode = z.infer<typeof ReasonCodeSchema>;
export type ModerationActionKind = z.infer<typeof ModerationActionKindSchema>;
