/** The error pages (an unknown page, table or invite link: say what happened and link back), and every refusal as the player's sentence. */
import { ApiError, CommandError, type ClientErrorCode } from "../client";
import { isErrorCode, type ErrorCode } from "../protocol";
import { errorText } from "./error-texts";
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

/** What the report dialog can meet (docs/reports.md): these codes mean something particular there. */
const REPORT_CODE_TEXTS: Partial<Record<ErrorCode, MessageKey>> = {
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

/**
 * A refusal or failure as a sentence for the player, in the page's language: the code's text (./error-texts.ts),
 * never the code itself or the server's detail (which is for developers and in English).
 */
export function problemMessage(err: unknown, texts: Partial<Record<ErrorCode, MessageKey>> = {}): string {
  if (err instanceof ApiError || err instanceof CommandError) {
    const key = (isErrorCode(err.code) ? texts[err.code] : undefined) ?? errorText(err.code);
    return t(key, { until: untilOf(err instanceof ApiError ? err.detail : err.message) });
  }
  if (err instanceof TypeError) return t("errors.offline");
  return t("errors.code.other");
}

/** A code alone (a seek socket's `error`), as a sentence for the player. */
export function codeMessage(code: ClientErrorCode): string {
  return t(errorText(code));
}

/** A refused report, in words (the report dialog's codes first). */
export function reportProblemMessage(err: unknown): string {
  return problemMessage(err, REPORT_CODE_TEXTS);
}
