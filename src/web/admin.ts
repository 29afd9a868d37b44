/**
 * The staff pages (docs/admin-page.md), under #/admin:
 *   #/admin/reports          the reports queue with the evidence, and resolving (the landing section)
 *   #/admin/players[/<id>]   look a player up by name or id; their dossier, the action form, undo
 *   #/admin/log              the moderation log, paged, filtered by player and action
 *   #/admin/metrics          the daily counters as small charts, per hour and per day
 *   #/admin/site             the site switch (defcon), the chat filter's words, the server's health
 * The page never decides on its own who is staff: it asks the API first (the moderation log's newest entry), and
 * a 401 or 403 answer shows the short "staff only" page. Each section lives in its own admin-*.ts module.
 */
import { ApiError, type NardiClient, type PlayerProfile } from "../client";
import { clear, h } from "./dom";
import { problemMessage } from "./errors";
import { t, type MessageKey } from "./i18n";
import type { AdminContext } from "./admin-kit";
import { mountLogSection } from "./admin-log";
import { mountMetricsSection } from "./admin-metrics";
import { mountPlayersSection } from "./admin-players";
import { mountReportsSection } from "./admin-reports";
import { mountSiteSection } from "./admin-site";

type Mount = (body: HTMLElement, ctx: AdminContext, arg: string | undefined) => void;

const SECTIONS: ReadonlyArray<{ id: string; label: MessageKey; mount: Mount }> = [
  { id: "reports", label: "admin.tab.reports", mount: mountReportsSection },
  { id: "players", label: "admin.tab.players", mount: mountPlayersSection },
  { id: "log", label: "admin.tab.log", mount: mountLogSection },
  { id: "metrics", label: "admin.tab.metrics", mount: mountMetricsSection },
  { id: "site", label: "admin.tab.site", mount: mountSiteSection },
];

/** A 401 or 403 from the admin API: the visitor has no staff session. */
export function notStaff(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

/**
 * Whether the admin API accepts this visitor, for the header's link: asked of members only (staff sign in with a
 * claimed name; a guest's page load never calls the admin API), once per visitor.
 */
export async function isStaff(api: NardiClient, me: PlayerProfile | null): Promise<boolean> {
  if (me?.kind !== "member") return false;
  try {
    await api.adminLog({ limit: 1 });
    return true;
  } catch {
    return false;
  }
}

function staffOnly(root: HTMLElement, err: unknown): void {
  clear(root);
  const signedOut = err instanceof ApiError && err.status === 401;
  root.append(
    h(
      "section",
      { class: "card error-page", "data-testid": "staff-only", "data-code": err instanceof ApiError ? err.code : null, role: "alert" },
      h("h1", {}, t("admin.staffOnly.title")),
      h("p", {}, t(signedOut ? "admin.staffOnly.signedOut" : "admin.staffOnly.body")),
      h("nav", { class: "page-links" }, h("a", { href: "#/", "data-testid": "back-to-lobby" }, t("common.backToLobby"))),
    ),
  );
}

/** #/admin/<section>/<arg>: asks the API whether the visitor is staff, then shows the tabs and the section. */
export function mountAdmin(root: HTMLElement, api: NardiClient, section: string | undefined, arg: string | undefined): () => void {
  clear(root);
  let shown = true;
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0]!;
  const ctx: AdminContext = {
    api,
    live: () => shown,
    fail: (el, err) => {
      if (shown) el.replaceChildren(h("p", { class: "error", "data-testid": "admin-error" }, problemMessage(err)));
    },
  };
  const page = h("section", { class: "card admin", "data-testid": "admin", "data-section": current.id }, h("p", {}, t("common.loading")));
  root.append(page);
  void api.adminLog({ limit: 1 }).then(
    () => {
      if (!shown) return;
      const tabs = h(
        "nav",
        { class: "row tabs admin-tabs", "aria-label": t("admin.title") },
        ...SECTIONS.map((s) =>
          h("a", { href: `#/admin/${s.id}`, class: s === current ? "current" : null, "aria-current": s === current ? "page" : null, "data-testid": `admin-tab-${s.id}` }, t(s.label)),
        ),
      );
      const body = h("div", { class: "admin-body", "data-testid": `admin-${current.id}` });
      page.replaceChildren(h("h1", {}, t("admin.title")), tabs, body);
      current.mount(body, ctx, arg);
    },
    (err: unknown) => {
      if (!shown) return;
      if (notStaff(err)) staffOnly(root, err);
      else ctx.fail(page, err);
    },
  );
  return () => {
    shown = false;
  };
}
