/**
 * The staff pages' names for the API's codes: moderation actions, reason codes, report statuses. A code this
 * page does not know yet (a newer server's) is shown as it is rather than hidden.
 */
import { ReasonCodeSchema, type ReasonCode } from "../protocol/moderation";
import { t, type MessageKey } from "./i18n";

const ACTIONS: Partial<Record<string, MessageKey>> = {
  warn: "admin.action.warn",
  mute: "admin.action.mute",
  unmute: "admin.action.unmute",
  suspend: "admin.action.suspend",
  unsuspend: "admin.action.unsuspend",
  ban: "admin.action.ban",
  unban: "admin.action.unban",
  rename: "admin.action.rename",
  "close-table": "admin.action.closeTable",
  "reverse-match": "admin.action.reverseMatch",
  "restore-match": "admin.action.restoreMatch",
  "grant-role": "admin.action.grantRole",
  "revoke-role": "admin.action.revokeRole",
  flag: "admin.action.flag",
  defcon: "admin.action.defcon",
  "resolve-report": "admin.action.resolveReport",
  "chat-filter": "admin.action.chatFilter",
};

const REASONS: Record<ReasonCode, MessageKey> = {
  "chat-abuse": "admin.reason.chatAbuse",
  name: "admin.reason.name",
  stalling: "admin.reason.stalling",
  leaving: "admin.reason.leaving",
  assistance: "admin.reason.assistance",
  farming: "admin.reason.farming",
  other: "admin.reason.other",
};

export function actionName(action: string): string {
  const key = ACTIONS[action];
  return key ? t(key) : action;
}

export function reasonName(reason: string): string {
  const parsed = ReasonCodeSchema.safeParse(reason);
  return parsed.success ? t(REASONS[parsed.data]) : reason;
}

/** [value, label] pairs of every reason code, for a drop-down. */
export function reasonOptions(): Array<readonly [string, string]> {
  return ReasonCodeSchema.options.map((r) => [r, t(REASONS[r])] as const);
}

const STATUSES: Partial<Record<string, MessageKey>> = {
  open: "admin.reports.status.open",
  handled: "admin.reports.status.handled",
  dismissed: "admin.reports.status.dismissed",
};

export function statusName(status: string): string {
  const key = STATUSES[status];
  return key ? t(key) : status;
}

/** A period in the largest whole unit that fits: "10 minutes", "3 hours", "7 days". */
export function durationText(seconds: number): string {
  if (seconds % 86_400 === 0) return t("admin.duration.days", { count: seconds / 86_400 });
  if (seconds % 3_600 === 0) return t("admin.duration.hours", { count: seconds / 3_600 });
  return t("admin.duration.minutes", { count: Math.round(seconds / 60) });
}
