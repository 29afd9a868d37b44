/**
 * #/admin/reports: the reports queue (open ones oldest first; handled and dismissed ones newest first) with the
 * evidence the server captured when each was filed: the chat lines, the reported name then, the match's state,
 * the table's links. An open report is closed here as handled or dismissed, with a note and optionally the
 * moderation action it led to; acting on the reported player happens on their dossier (one click away).
 */
import type { ReportStatus, StaffReport } from "../protocol/reports";
import { when, type AdminContext } from "./admin-kit";
import { actionName, reasonName, statusName } from "./admin-words";
import { button, confirmDialog, field, h, select } from "./dom";
import { problemMessage } from "./errors";
import { t } from "./i18n";
import { replayLink } from "./replay";

const STATUSES: readonly ReportStatus[] = ["open", "handled", "dismissed"];
const PAGE = 20;

export function mountReportsSection(body: HTMLElement, ctx: AdminContext, arg: string | undefined): void {
  const status: ReportStatus = STATUSES.find((s) => s === arg) ?? "open";
  const filter = h(
    "nav",
    { class: "row tabs", "aria-label": t("admin.reports.filter") },
    ...STATUSES.map((s) => h("a", { href: `#/admin/reports/${s}`, class: s === status ? "current" : null, "data-testid": `reports-${s}` }, statusName(s))),
  );
  const count = h("p", { class: "muted", "data-testid": "reports-open-count" });
  const list = h("div", { "data-testid": "reports-list" }, h("p", {}, t("common.loading")));
  const more = h("div", {});
  body.append(filter, count, list, more);
  const load = (offset: number) => {
    void ctx.api.getReportQueue({ status, offset, limit: PAGE }).then(
      (queue) => {
        if (!ctx.live()) return;
        count.textContent = t("admin.reports.openCount", { count: queue.open });
        if (offset === 0) list.replaceChildren();
        if (queue.reports.length === 0 && offset === 0) list.append(h("p", { class: "muted", "data-testid": "reports-empty" }, t("admin.reports.empty")));
        for (const r of queue.reports) list.append(reportCard(ctx, r, () => load(0)));
        more.replaceChildren(queue.next === null ? "" : button(t("admin.more"), "reports-more", () => load(queue.next ?? 0)));
      },
      (err: unknown) => ctx.fail(list, err),
    );
  };
  load(0);
}

function reportCard(ctx: AdminContext, r: StaffReport, reload: () => void): HTMLElement {
  const ev = r.evidence;
  const who = (p: { id: string; name: string }, testid: string) => h("a", { href: `#/admin/players/${p.id}`, "data-testid": testid }, p.name);
  return h(
    "article",
    { class: "admin-report", "data-testid": "report", "data-report-id": r.id, "data-reported-id": r.reported.id, "data-status": r.status },
    h(
      "header",
      { class: "row" },
      h("strong", { "data-testid": "report-reason" }, reasonName(r.reason)),
      h("span", {}, t("admin.reports.against"), " ", who(r.reported, "report-reported")),
      ev.name !== r.reported.name ? h("span", { class: "muted" }, t("admin.reports.nameThen", { name: ev.name })) : null,
      h("span", { class: "muted" }, t("admin.reports.from"), " ", who(r.reporter, "report-reporter"), " · ", when(r.at)),
      r.otherOpen > 0 ? h("span", { class: "badge", "data-testid": "report-other-open" }, t("admin.reports.otherOpen", { count: r.otherOpen })) : null,
    ),
    r.text ? h("p", {}, h("q", { "data-testid": "report-text" }, r.text)) : null,
    evidence(r),
    r.status === "open" ? resolveForm(ctx, r, reload) : resolution(r),
  );
}

/** Ends the reported table at once (stakes refunded; docs/moderation.md), for a table still being played when filed. */
function closeTableButton(ctx: AdminContext, r: StaffReport, tableId: string, say: (text: string) => void): HTMLElement {
  const label = actionName("close-table");
  const b = button(label, "report-close-table", () => {
    void confirmDialog(t("admin.reports.closeConfirm"), label, t("admin.cancel"), true).then((ok) => {
      if (!ok) return;
      b.disabled = true;
      void ctx.api.adminCloseTable(tableId, { reason: r.reason, note: t("admin.reports.closeNote", { id: r.id }) }).then(
        (result) => say(t("admin.reports.closed", { id: result.entry.id })),
        (err: unknown) => {
          b.disabled = false;
          say(problemMessage(err));
        },
      );
    });
  }, "danger");
  return b;
}

/** The chat as it was when the report was filed (the reported player's lines marked), and the table's links. */
function evidence(r: StaffReport): HTMLElement {
  const ev = r.evidence;
  const chat =
    ev.chat.length === 0
      ? h("p", { class: "muted", "data-testid": "report-no-chat" }, t("admin.reports.noChat"))
      : h(
          "ol",
          { class: "admin-chat", "data-testid": "report-chat" },
          ...ev.chat.map((line) =>
            h("li", { class: line.name === ev.name ? "reported" : null, "data-testid": "report-chat-line" }, h("span", { class: "muted" }, `${line.name}: `), line.text),
          ),
        );
  const links = r.tableId
    ? h(
        "p",
        { class: "row" },
        h("span", { class: "muted" }, ev.match ? t("admin.reports.match", { seq: ev.match.seq, status: t(`admin.reports.tableStatus.${ev.match.status}`) }) : ""),
        h("a", { href: `#/watch/${r.tableId}`, "data-testid": "report-table-link" }, t("admin.reports.table")),
        replayLink(r.tableId),
      )
    : h("p", { class: "muted" }, t("admin.reports.fromProfile"));
  return h("div", { class: "admin-evidence" }, chat, links);
}

function resolution(r: StaffReport): HTMLElement {
  return h(
    "p",
    { class: "muted", "data-testid": "report-resolution" },
    t("admin.reports.resolved", { status: statusName(r.status), who: r.handledBy?.name ?? "—", when: r.handledAt === null ? "—" : when(r.handledAt) }),
    r.note ? h("q", {}, r.note) : "",
  );
}

function resolveForm(ctx: AdminContext, r: StaffReport, reload: () => void): HTMLElement {
  const outcome = select(`resolve-outcome-${r.id}`, [["handled", statusName("handled")], ["dismissed", statusName("dismissed")]], "handled");
  outcome.setAttribute("data-testid", "resolve-outcome");
  const note = h("input", { "data-testid": "resolve-note", maxlength: 2000, "aria-label": t("admin.form.note"), placeholder: t("admin.form.note") });
  // The action it led to: one of the latest log entries about the reported player (the server checks it names them).
  const actionId = select(`resolve-action-${r.id}`, [["", t("admin.reports.noAction")]], "");
  actionId.setAttribute("data-testid", "resolve-action");
  actionId.setAttribute("aria-label", t("admin.reports.actionId"));
  void ctx.api.adminLog({ player: r.reported.id, limit: 10 }).then(
    (page) => {
      for (const e of page.entries) actionId.append(h("option", { value: e.id }, `${actionName(e.action)} · ${when(e.at)}`));
    },
    () => undefined, // without the list the report is still resolved, just without naming its action
  );
  const message = h("p", { class: "error", role: "status" });
  const go = button(t("admin.reports.resolve"), "resolve", () => {
    const out = outcome.value === "dismissed" ? "dismissed" : "handled";
    void confirmDialog(t("admin.reports.confirm", { status: statusName(out) }), t("admin.reports.resolve"), t("admin.cancel")).then((ok) => {
      if (!ok) return;
      go.disabled = true;
      const action = actionId.value.trim();
      void ctx.api.resolveReport(r.id, { outcome: out, note: note.value.trim(), ...(action ? { actionId: action } : {}) }).then(reload, (err: unknown) => {
        go.disabled = false;
        message.textContent = problemMessage(err);
      });
    });
  }, "primary");
  return h(
    "div",
    { class: "admin-resolve" },
    h("div", { class: "row" }, field(t("admin.reports.outcome"), outcome), note, field(t("admin.reports.actionId"), actionId), go),
    h(
      "p",
      { class: "row" },
      h("a", { href: `#/admin/players/${r.reported.id}`, "data-testid": "report-act" }, t("admin.reports.actOn", { name: r.reported.name })),
      r.tableId && r.evidence.match?.status !== "over" ? closeTableButton(ctx, r, r.tableId, (text) => (message.textContent = text)) : null,
    ),
    message,
  );
}
