/** The error pages: say what happened and link back (an unknown page, table or invite link). */
import { ApiError } from "../client";
import { clear, h } from "./dom";
import { language, t, type MessageKey } from "./i18n";

export type ErrorPage = "unknown-page" | "unknown-table" | "bad-invite" | "table-gone";

const TEXTS: Record<ErrorPage, { title: MessageKey; body: MessageKey }> = {
  "unknown-page": { title: "errors.unknownPage.title", body: "errors.unknownPage.body" },
  "unknown-table": { title: "errors.unknownTable.title", body: "errors.unknownTable.body" },
  "bad-invite": { title: "errors.badInvite.title", body: "errors.badInvite.body" },
  "table-gone": { title: "errors.tableGone.title", body: "errors.tableGone.body" },
};

/** An error page in `root`: a heading, what happened and what to do, a link back to the lobby (and extra links). */
export function mountError(root: HTMLElement, page: ErrorPage, ...extra: HTMLElement[]): () => void {
  clear(root);
  const { title, body } = TEXTS[page];
  root.append(
    h(
      "section",
      { class: "card error-page", "data-testid": "error-page", "data-error": page, role: "alert" },
      h("h1", {}, t(title)),
      h("p", {}, t(body)),
      h("nav", { class: "page-links" }, h("a", { href: "#/", "data-testid": "back-to-lobby" }, t("common.backToLobby")), ...extra),
    ),
  );
  return () => undefined;
}

const CODE_TEXTS: Partial<Record<string, MessageKey>> = {
  TABLE_FULL: "errors.code.tableFull",
  TABLE_NOT_FOUND: "errors.code.tableNotFound",
  BAD_INVITE: "errors.code.badInvite",
  RATE_LIMITED: "errors.code.rateLimited",
  BAD_NAME: "errors.code.badName",
  NAME_RESERVED: "errors.code.badName",
  NAME_TAKEN: "errors.code.nameTaken",
  BAD_CREDENTIALS: "errors.code.badCredentials",
  RATED_NEEDS_PLAYER: "errors.code.ratedNeedsPlayer",
  SAME_PLAYER: "errors.code.samePlayer",
  PLAYER_NOT_FOUND: "errors.code.playerNotFound",
  FORBIDDEN: "errors.code.forbidden",
  BANNED: "errors.code.banned",
  SUSPENDED: "errors.code.suspended",
  MUTED: "errors.code.muted",
  CLAIM_REQUIRED: "fairplay.code.claimRequired",
  COOLDOWN: "fairplay.code.cooldown",
  NAME_PROTECTED: "fairplay.code.nameProtected",
  SITE_RESTRICTED: "errors.code.siteRestricted",
  CHAT_FILTERED: "errors.code.chatFiltered",
};

/** What the report dialog can meet (docs/reports.md): these codes mean something particular there. */
const REPORT_CODE_TEXTS: Partial<Record<string, MessageKey>> = {
  SAME_PLAYER: "errors.code.reportSelf",
  RATE_LIMITED: "errors.code.reportLimit",
  SPECTATOR: "errors.code.reportNotSeated",
  BAD_REQUEST: "errors.code.reportBad",
  UNAUTHORIZED: "errors.code.reportSession",
};

/** The end a sanction's refusal names (an ISO 8601 time in its detail, docs/players.md#moderation), in the reader's language. */
function untilOf(detail: string): string {
  const iso = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/.exec(detail)?.[0];
  return iso ? new Date(iso).toLocaleString(language()) : "";
}

/** A refusal or failure as a sentence for the player: known codes in words, others with the server's code and detail. */
export function problemMessage(err: unknown, texts: Partial<Record<string, MessageKey>> = {}): string {
  if (err instanceof ApiError) {
    const key = texts[err.code] ?? CODE_TEXTS[err.code];
    return key ? t(key, { until: untilOf(err.detail) }) : t("errors.code.other", { code: err.code, detail: err.detail });
  }
  if (err instanceof TypeError) return t("errors.offline");
  return t("errors.code.other", { code: "ERROR", detail: err instanceof Error ? err.message : String(err) });
}

/** A refused report, in words (the report dialog's codes first). */
export function reportProblemMessage(err: unknown): string {
  return problemMessage(err, REPORT_CODE_TEXTS);
}
