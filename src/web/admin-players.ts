/**
 * #/admin/players[/<id>]: look a player up by name (also names taken from them by a forced rename) or by id,
 * then their dossier: names, roles, sessions, standing sanctions, the action form, past actions with undo,
 * reports naming them, recent matches (reverse, restore), ratings and coins.
 */
import type { NardiClient } from "../client";
import type { Dossier, LogEntry } from "../protocol/admin";
import { RoleSchema } from "../protocol/moderation";
import { PlayerIdSchema } from "../protocol/players";
import type { StaffReport } from "../protocol/reports";
import { panel, when, type AdminContext } from "./admin-kit";
import { actionForm, rolesForm, undoButton } from "./admin-actions";
import { actionName, reasonName, statusName } from "./admin-words";
import { button, confirmDialog, h } from "./dom";
import { problemMessage } from "./errors";
import { formatNumber, t } from "./i18n";
import { presetName } from "./names";
import { playerLink } from "./players";
import { replayLink } from "./replay";

export function mountPlayersSection(body: HTMLElement, ctx: AdminContext, playerId: string | undefined): void {
  const input = h("input", { "data-testid": "admin-lookup", placeholder: t("admin.players.lookupHint"), "aria-label": t("admin.players.lookupHint"), maxlength: 64 });
  const hits = h("div", { "data-testid": "admin-hits" });
  const look = () => {
    const q = input.value.trim();
    if (q === "") return;
    hits.replaceChildren(h("p", {}, t("common.loading")));
    void lookUp(ctx.api, q).then(
      (found) => {
        if (!ctx.live()) return;
        if (found.length === 1 && found[0]) {
          location.hash = `#/admin/players/${found[0].id}`;
          return;
        }
        hits.replaceChildren(
          found.length === 0
            ? h("p", { class: "muted", "data-testid": "admin-no-hits" }, t("admin.players.none"))
            : h("ul", { class: "tables" }, ...found.map((p) => h("li", { "data-testid": "admin-hit" }, h("a", { href: `#/admin/players/${p.id}` }, p.name), h("span", { class: "muted" }, p.note)))),
        );
      },
      (err: unknown) => ctx.fail(hits, err),
    );
  };
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") look();
  });
  body.append(h("div", { class: "row admin-lookup" }, input, button(t("admin.players.lookup"), "admin-lookup-go", look, "primary")), hits);
  if (!playerId) return;
  const card = h("div", { "data-testid": "dossier" }, h("p", {}, t("common.loading")));
  body.append(card);
  showDossier(card, ctx, playerId, "");
}

/** Hits for a name, and the player with that id when the text looks like one. */
async function lookUp(api: NardiClient, q: string): Promise<Array<{ id: string; name: string; note: string }>> {
  const byName = (await api.adminFindPlayers(q)).players.map((p) => ({ id: p.id, name: p.name, note: p.matchedBy === "past-name" ? t("admin.players.pastName") : "" }));
  if (byName.length > 0 || !PlayerIdSchema.safeParse(q).success) return byName;
  try {
    const d = await api.adminGetPlayer(q);
    return [{ id: d.player.id, name: d.player.name, note: "" }];
  } catch {
    return [];
  }
}

/** Reads the dossier (and the reports naming the player) and draws it; `notice` says what was just done. */
function showDossier(card: HTMLElement, ctx: AdminContext, playerId: string, notice: string): void {
  void Promise.all([ctx.api.adminGetPlayer(playerId), reportsAbout(ctx.api, playerId)]).then(
    ([dossier, reports]) => {
      if (!ctx.live()) return;
      const again = (message: string) => showDossier(card, ctx, playerId, message);
      const status = h("p", { class: "notice", "data-testid": "admin-notice", role: "status" }, notice);
      const failed = (message: string) => {
        status.textContent = message;
        status.className = "error";
      };
      card.replaceChildren(
        head(dossier),
        status,
        standing(dossier),
        panel(t("admin.players.act"), "admin-act-panel", actionForm(ctx.api, dossier, again)),
        panel(t("admin.players.history"), "admin-history", history(ctx.api, dossier, again, failed)),
        panel(t("admin.players.roleTitle"), "admin-roles", rolesForm(ctx.api, dossier, again)),
        panel(t("admin.players.reports"), "admin-player-reports", reportList(reports)),
        panel(t("admin.players.matches"), "admin-matches", matches(ctx.api, dossier, again, failed)),
        panel(t("admin.players.ratings"), "admin-ratings", ratings(dossier)),
        panel(t("admin.players.coins"), "admin-coins", coins(dossier)),
        panel(t("admin.players.sessions"), "admin-sessions", sessions(dossier)),
      );
    },
    (err: unknown) => ctx.fail(card, err),
  );
}

/** Every report naming the player, open ones first. */
async function reportsAbout(api: NardiClient, playerId: string): Promise<StaffReport[]> {
  const pages = await Promise.all((["open", "handled", "dismissed"] as const).map((status) => api.getReportQueue({ status, player: playerId, limit: 20 })));
  return pages.flatMap((p) => p.reports);
}

function head(d: Dossier): HTMLElement {
  const roles = d.roles.map((r) => t(r.role === "admin" ? "admin.role.admin" : "admin.role.moderator"));
  const kind = t(d.player.kind === "guest" ? "players.kind.guest" : d.player.kind === "deleted" ? "players.kind.deleted" : "players.kind.member");
  return h(
    "div",
    { class: "admin-head" },
    h("h2", { "data-testid": "dossier-name", "data-player-id": d.player.id }, playerLink(d.player.name, d.player.id)),
    h("p", { class: "muted" }, t("admin.players.since", { kind, when: when(d.player.createdAt), id: d.player.id })),
    roles.length > 0 ? h("p", { "data-testid": "dossier-roles" }, t("admin.players.roles", { roles: roles.join(", ") })) : null,
    d.pastNames.length > 0
      ? h("p", { "data-testid": "dossier-past-names" }, t("admin.players.pastNames", { names: d.pastNames.map((n) => n.name).join(", ") }))
      : null,
  );
}

function standing(d: Dossier): HTMLElement {
  const lines: HTMLElement[] = [];
  const s = d.standing;
  if (s.banned) lines.push(h("li", { "data-testid": "standing-banned" }, t("admin.standing.banned", { reason: reasonName(s.banned.reason), since: when(s.banned.since) })));
  if (s.suspended) lines.push(h("li", { "data-testid": "standing-suspended" }, t("admin.standing.suspended", { reason: reasonName(s.suspended.reason), until: when(s.suspended.until) })));
  if (s.muted) lines.push(h("li", { "data-testid": "standing-muted" }, t("admin.standing.muted", { reason: reasonName(s.muted.reason), until: when(s.muted.until) })));
  return h(
    "div",
    { class: "admin-standing", "data-testid": "dossier-standing", "data-clear": lines.length === 0 },
    lines.length === 0 ? h("p", { class: "muted" }, t("admin.standing.clear")) : h("ul", {}, ...lines),
  );
}

/** One log row in words: what, who on whom, why, until when. Shared by the dossier and the log section. */
export function logLine(e: LogEntry): HTMLElement[] {
  const parts = [
    h("strong", { "data-testid": "log-action", "data-action": e.action }, actionName(e.action)),
    h("span", {}, reasonName(e.reason)),
    e.until !== null ? h("span", { "data-testid": "log-until" }, t("admin.log.until", { when: when(e.until) })) : null,
    detailText(e),
    e.note ? h("q", { "data-testid": "log-note" }, e.note) : null,
    h("span", { class: "muted" }, t("admin.log.by", { who: e.actorName ?? t("admin.log.system"), when: when(e.at) })),
  ];
  return parts.filter((p): p is HTMLElement => p !== null);
}

/** What a row's detail adds in words: a rename's old and new name, a role. Other details stay in the API. */
function detailText(e: LogEntry): HTMLElement | null {
  const from = e.detail?.from;
  const to = e.detail?.to;
  if (typeof from === "string" && typeof to === "string") return h("span", { "data-testid": "log-rename" }, t("admin.log.renamed", { from, to }));
  const role = RoleSchema.safeParse(e.detail?.role);
  if (role.success) return h("span", {}, t(role.data === "admin" ? "admin.role.admin" : "admin.role.moderator"));
  return null;
}

function history(api: NardiClient, d: Dossier, again: (m: string) => void, failed: (m: string) => void): HTMLElement {
  if (d.history.length === 0) return h("p", { class: "muted", "data-testid": "admin-no-history" }, t("admin.players.noHistory"));
  return h(
    "ul",
    { class: "admin-list" },
    ...d.history.map((e) => h("li", { "data-testid": "history-entry", "data-action": e.action, "data-id": e.id }, ...logLine(e), undoButton(api, e, d, again, failed))),
  );
}

function reportList(reports: readonly StaffReport[]): HTMLElement {
  if (reports.length === 0) return h("p", { class: "muted" }, t("admin.players.noReports"));
  return h(
    "ul",
    { class: "admin-list" },
    ...reports.map((r) =>
      h(
        "li",
        { "data-testid": "player-report", "data-status": r.status },
        h("strong", {}, reasonName(r.reason)),
        h("span", {}, statusName(r.status)),
        h("span", {}, t("admin.reports.by", { who: r.reporter.name, when: when(r.at) })),
        r.text ? h("q", {}, r.text) : null,
      ),
    ),
  );
}

function matches(api: NardiClient, d: Dossier, again: (m: string) => void, failed: (m: string) => void): HTMLElement {
  if (d.matches.length === 0) return h("p", { class: "muted" }, t("players.noMatches"));
  return h(
    "ul",
    { class: "tables" },
    ...d.matches.map((m) => {
      const mine = m.players.white.playerId === d.player.id ? "white" : "black";
      const other = m.players[mine === "white" ? "black" : "white"];
      const result = t(m.winner === null ? "players.abandoned" : m.winner === mine ? "players.won" : "players.lost");
      const op = m.reversed ? "restore" : "reverse";
      const label = actionName(m.reversed ? "restore-match" : "reverse-match");
      const act = button(label, `admin-${op}`, () => {
        void confirmDialog(t("admin.matches.confirm", { action: label }), label, t("admin.cancel"), !m.reversed).then((ok) => {
          if (!ok) return;
          void (op === "restore" ? api.adminRestoreMatch(m.tableId, { reason: "other" }) : api.adminReverseMatch(m.tableId, { reason: "other" })).then(
            () => again(t("admin.form.done", { action: label, name: d.player.name })),
            (err: unknown) => failed(problemMessage(err)),
          );
        });
      });
      return h(
        "li",
        { "data-testid": "admin-match", "data-table-id": m.tableId, "data-reversed": m.reversed },
        h("span", {}, h("strong", {}, result), " ", playerLink(other.name, other.playerId)),
        h("span", { class: "muted" }, [presetName(m.pool), m.rated ? t("admin.matches.rated") : t("players.casual"), m.reversed ? t("admin.matches.reversed") : "", when(m.endedAt)].filter(Boolean).join(" · ")),
        replayLink(m.tableId),
        act,
      );
    }),
  );
}

function ratings(d: Dossier): HTMLElement {
  if (d.ratings.length === 0) return h("p", { class: "muted" }, t("players.noRatings"));
  return h(
    "table",
    {},
    h("tr", {}, h("th", {}, t("players.col.rules")), h("th", {}, t("players.col.rating")), h("th", {}, t("players.col.rd")), h("th", {}, t("players.col.games"))),
    ...d.ratings.map((r) => h("tr", {}, h("td", {}, presetName(r.pool)), h("td", {}, String(Math.round(r.rating))), h("td", {}, formatNumber(Math.round(r.rd))), h("td", {}, formatNumber(r.games)))),
  );
}

function coins(d: Dossier): HTMLElement {
  return h(
    "div",
    {},
    h("p", { "data-testid": "admin-balance" }, t("coins.amount", { count: d.coins.balance })),
    d.coins.transfers.length === 0
      ? h("p", { class: "muted" }, t("coins.noTransfers"))
      : h(
          "table",
          {},
          ...d.coins.transfers.map((x) => h("tr", {}, h("td", {}, when(x.at)), h("td", {}, t(`coins.purpose.${x.purpose}`)), h("td", { class: "num" }, formatNumber(x.amount)), h("td", { class: "muted", title: x.tableId }, x.tableId ? x.tableId.slice(0, 8) : ""))),
        ),
  );
}

function sessions(d: Dossier): HTMLElement {
  return h(
    "div",
    {},
    h("p", { "data-testid": "admin-session-count" }, t("admin.players.sessionCount", { count: d.sessions.count })),
    d.sessions.createdAt.length > 0 ? h("p", { class: "muted" }, d.sessions.createdAt.slice(0, 10).map(when).join(" · ")) : null,
  );
}
