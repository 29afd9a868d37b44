/**
 * Reporting a player (docs/reports.md): a "Report" button (at the table against the opponent, on the end screen,
 * on a profile), a dialog with the reasons and a text field, then a confirmation; and "My reports" with their
 * status on the player's own profile. The evidence (the table's chat) is captured by the server, not sent from here.
 */
import type { NardiClient, OwnReport, ReportReason, TableView } from "../client";
import type { Side } from "../engine/types";
import { REPORT_LIMITS } from "../protocol";
import { button, clear, h } from "./dom";
import { reportProblemMessage } from "./errors";
import { language, t, type MessageKey } from "./i18n";

export interface ReportTarget {
  playerId: string;
  name: string;
  /** The table reported from (the reporter and the reported hold its seats); null from a profile. */
  tableId: string | null;
}

/**
 * Whom a seated viewer may report at this table: the opponent, when both seats were taken with a session (the
 * server checks the same: the reporter and the reported must hold the table's two seats as players). Else null.
 */
export function opponentTarget(table: TableView, me: Side | null): ReportTarget | null {
  if (me === null || !table.players[me]?.playerId) return null;
  const other = table.players[me === "white" ? "black" : "white"];
  if (!other || other.kind !== "human" || !other.playerId) return null;
  return { playerId: other.playerId, name: other.name, tableId: table.id };
}

const REASONS: readonly ReportReason[] = ["chat-abuse", "name", "stalling", "leaving", "assistance", "other"];

const reasonText = (reason: ReportReason) => t(`report.reason.${reason}` as MessageKey);

/**
 * The button that opens the dialog. `chat`: the one beside Mute in the chat panel, worded "Report chat" (its
 * visible words are its whole name there); the dialog starts on the first reason, chat abuse, either way.
 */
export function reportButton(api: NardiClient, target: ReportTarget, testid = "report", opts: { chat?: boolean } = {}): HTMLButtonElement {
  const b = button(t(opts.chat ? "report.chatButton" : "report.button"), testid, () => void openReportDialog(api, target), "secondary");
  if (!opts.chat) b.setAttribute("aria-label", t("report.buttonLabel", { name: target.name }));
  b.setAttribute("aria-haspopup", "dialog");
  return b;
}

/** The dialog: reasons, text, Send; resolves when it is closed (sent or not). Escape or Cancel closes it. */
export function openReportDialog(api: NardiClient, target: ReportTarget, initial: ReportReason = REASONS[0]!): Promise<void> {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    const close = () => {
      overlay.remove();
      before?.focus({ preventScroll: true });
      resolve();
    };
    const titleId = `report-title-${Math.random().toString(36).slice(2)}`;
    const radios = REASONS.map((reason) =>
      h("input", { type: "radio", name: "report-reason", value: reason, "data-testid": `report-reason-${reason}`, checked: reason === initial }),
    );
    const reasons = h(
      "fieldset",
      { class: "report-reasons" },
      h("legend", {}, t("report.reason")),
      ...radios.map((radio, i) => h("label", {}, radio, " ", reasonText(REASONS[i]!))),
    );
    const text = h("textarea", { "data-testid": "report-text", maxlength: REPORT_LIMITS.maxText, rows: 3, "aria-label": t("report.text") });
    const error = h("p", { class: "error", "data-testid": "report-error", role: "alert" });
    const cancel = button(t("report.cancel"), "report-cancel", close, "secondary");
    const send = button(t("report.send"), "report-send", () => void submit(), "primary");
    const box = h(
      "div",
      { class: "modal-box report-box" },
      h("h2", { id: titleId }, t("report.title", { name: target.name })),
      h("p", { class: "muted" }, t(target.tableId === null ? "report.aboutProfile" : "report.aboutTable")),
      reasons,
      h("label", { class: "field" }, h("span", { class: "label" }, t("report.text")), text),
      error,
      h("div", { class: "row" }, cancel, send),
    );
    const overlay = h("div", { class: "modal", "data-testid": "report-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": titleId }, box);

    async function submit(): Promise<void> {
      const reason = REASONS.find((_r, i) => radios[i]!.checked) ?? "other";
      const words = text.value.trim();
      if (reason === "other" && words === "") {
        error.textContent = t("report.needText");
        text.focus();
        return;
      }
      error.textContent = "";
      send.disabled = true;
      try {
        const filed = await api.fileReport({ playerId: target.playerId, reason, text: words, ...(target.tableId === null ? {} : { tableId: target.tableId }) });
        const ok = button(t("report.close"), "report-close", close, "primary");
        box.replaceChildren(
          h("h2", { id: titleId }, t("report.title", { name: target.name })),
          h("p", { "data-testid": "report-sent", "data-report-id": filed.report.id, role: "status" }, t(filed.duplicate ? "report.duplicate" : "report.sent")),
          h("div", { class: "row" }, ok),
        );
        ok.focus();
      } catch (err) {
        error.textContent = reportProblemMessage(err);
        send.disabled = false;
      }
    }

    overlay.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") close();
      if (ev.key !== "Tab") return;
      // Focus stays inside the dialog: Tab from the last control goes to the first, Shift+Tab the other way.
      // (A radio group is one Tab stop: its checked radio.)
      const controls = [...box.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLButtonElement>("input, textarea, button")].filter(
        (el) => !el.disabled && !(el instanceof HTMLInputElement && el.type === "radio" && !el.checked),
      );
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      if (!ev.shiftKey && document.activeElement === last) {
        ev.preventDefault();
        first.focus();
      } else if (ev.shiftKey && document.activeElement === first) {
        ev.preventDefault();
        last.focus();
      }
    });
    document.body.append(overlay);
    (radios.find((radio) => radio.checked) ?? radios[0]!).focus();
  });
}

const STATUS_TEXT: Record<OwnReport["status"], MessageKey> = {
  open: "report.status.open",
  handled: "report.status.handled",
  dismissed: "report.status.dismissed",
};

/** "My reports": the visitor's own reports with their status, newest first. */
export function myReportsCard(api: NardiClient): HTMLElement {
  const body = h("div", {}, h("p", {}, t("common.loading")));
  const card = h("section", { class: "card", "data-testid": "my-reports" }, h("h2", {}, t("report.mine.title")), body);
  void api.myReports().then(
    (reports) => {
      clear(body);
      if (reports.length === 0) {
        body.append(h("p", { class: "muted", "data-testid": "my-reports-none" }, t("report.mine.none")));
        return;
      }
      body.append(
        h(
          "ul",
          { class: "tables" },
          ...reports.map((r) =>
            h(
              "li",
              { "data-testid": "my-report", "data-report-id": r.id, "data-status": r.status },
              h("span", {}, h("strong", {}, r.reported.name), " · ", reasonText(r.reason)),
              h("span", { class: `muted report-status ${r.status}`, "data-testid": "my-report-status" }, t(STATUS_TEXT[r.status])),
              h("span", { class: "muted" }, new Date(r.handledAt ?? r.at).toLocaleString(language())),
            ),
          ),
        ),
      );
    },
    (err: unknown) => body.replaceChildren(h("p", { class: "error" }, reportProblemMessage(err))),
  );
  return card;
}
