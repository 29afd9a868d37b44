/**
 * #/admin/site: the site switch for bad days (the defcon level, what each level stops, the message players
 * see), the chat filter's operator words per language beside the maintained list's size, and the server's
 * health (GET /v1/health). Reading is for all staff; changing the switch or the words is the admin's (a
 * moderator's attempt is answered FORBIDDEN and shown as such).
 */
import { ApiError } from "../client";
import { DEFCON_MAX, FILTER_LANGUAGES, SITE_STOPS, type ChatFilterState, type SiteState } from "../protocol/site";
import { panel, when, type AdminContext } from "./admin-kit";
import { healthList } from "./admin-health";
import { reasonOptions } from "./admin-words";
import { button, field, h, select } from "./dom";
import { problemMessage } from "./errors";
import { LANGUAGE_NAMES, t, type MessageKey } from "./i18n";
import { ReasonCodeSchema } from "../protocol/moderation";

const STOP_TEXT: Record<(typeof SITE_STOPS)[number], MessageKey> = {
  "guest-creation": "admin.site.stop.guestCreation",
  "guest-chat": "admin.site.stop.guestChat",
  "stake-tables": "admin.site.stop.stakeTables",
  "new-tables": "admin.site.stop.newTables",
};

/** What level `n` stops: each level adds one thing to the one below it. */
function stopsAt(level: number): string {
  if (level === 0) return t("admin.site.stopsNothing");
  return SITE_STOPS.slice(0, level)
    .map((s) => t(STOP_TEXT[s]))
    .join("; ");
}

export function mountSiteSection(body: HTMLElement, ctx: AdminContext): void {
  const site = h("div", {}, h("p", {}, t("common.loading")));
  const filter = h("div", {}, h("p", {}, t("common.loading")));
  const health = h("div", {}, h("p", {}, t("common.loading")));
  body.append(panel(t("admin.site.defcon"), "admin-defcon", site), panel(t("admin.site.filter"), "admin-filter", filter), panel(t("admin.site.health"), "admin-health", health));
  // The switch's admin route is for admins; a moderator reads the same level from the public GET /v1/site (and a
  // change they try is refused FORBIDDEN, shown under the form).
  const read = () => ctx.api.getSiteAdmin().catch((err: unknown) => (err instanceof ApiError && err.status === 403 ? ctx.api.getSite() : Promise.reject(err)));
  const loadSite = () => void read().then((s) => ctx.live() && site.replaceChildren(defconPanel(ctx, s, loadSite)), (err: unknown) => ctx.fail(site, err));
  const loadFilter = () => void ctx.api.getChatFilter().then((f) => ctx.live() && filter.replaceChildren(filterPanel(ctx, f, loadFilter)), (err: unknown) => ctx.fail(filter, err));
  loadSite();
  loadFilter();
  void ctx.api.getHealth().then((hl) => ctx.live() && health.replaceChildren(healthList(hl)), (err: unknown) => ctx.fail(health, err));
}

function defconPanel(ctx: AdminContext, s: SiteState, reload: () => void): HTMLElement {
  const levels = Array.from({ length: DEFCON_MAX + 1 }, (_, n) => n);
  const level = select("defcon-level", levels.map((n) => [String(n), t("admin.site.level", { level: n })] as const), String(s.defcon));
  const message = h("input", { "data-testid": "defcon-message", maxlength: 280, value: s.message, "aria-label": t("admin.site.message"), placeholder: t("admin.site.message") });
  const reason = select("defcon-reason", reasonOptions(), "other");
  const note = h("input", { "data-testid": "defcon-note", maxlength: 1000, "aria-label": t("admin.form.note"), placeholder: t("admin.form.note") });
  const error = h("p", { class: "error", "data-testid": "defcon-error", role: "status" });
  const set = button(t("admin.site.set"), "defcon-set", () => {
    error.textContent = "";
    void ctx.api.setSite({ defcon: Number(level.value), message: message.value.trim(), reason: ReasonCodeSchema.parse(reason.value), note: note.value.trim() }).then(reload, (err: unknown) => {
      error.textContent = problemMessage(err);
    });
  }, "danger");
  return h(
    "div",
    { "data-testid": "defcon", "data-level": s.defcon },
    h("p", { class: s.defcon > 0 ? "admin-alert" : null }, h("strong", { "data-testid": "defcon-now" }, t("admin.site.level", { level: s.defcon })), " — ", stopsAt(s.defcon)),
    s.updatedAt !== null ? h("p", { class: "muted" }, t("admin.site.updated", { when: when(s.updatedAt) })) : null,
    h("table", { class: "admin-levels" }, ...levels.map((n) => h("tr", { class: n === s.defcon ? "current" : null }, h("th", {}, String(n)), h("td", {}, stopsAt(n))))),
    h("div", { class: "admin-form" }, field(t("admin.site.newLevel"), level), field(t("admin.site.message"), message), field(t("admin.form.reason"), reason), field(t("admin.form.note"), note), h("div", { class: "row" }, set), error),
  );
}

/** One editable block per language: the operator's blocked and allowed words, one per line. */
function filterPanel(ctx: AdminContext, f: ChatFilterState, reload: () => void): HTMLElement {
  const blocks = FILTER_LANGUAGES.map((lang) => {
    const entry = f.languages.find((l) => l.language === lang) ?? { language: lang, maintained: 0, blocked: [], allowed: [] };
    const blocked = h("textarea", { rows: 4, "data-testid": `filter-blocked-${lang}`, "aria-label": t("admin.filter.blocked") });
    blocked.value = entry.blocked.join("\n");
    const allowed = h("textarea", { rows: 3, "data-testid": `filter-allowed-${lang}`, "aria-label": t("admin.filter.allowed") });
    allowed.value = entry.allowed.join("\n");
    const error = h("p", { class: "error", role: "status" });
    const words = (el: HTMLTextAreaElement) => el.value.split("\n").map((w) => w.trim()).filter((w) => w !== "");
    const save = button(t("admin.filter.save"), `filter-save-${lang}`, () => {
      error.textContent = "";
      void ctx.api.setChatFilter({ language: lang, blocked: words(blocked), allowed: words(allowed), reason: "chat-abuse", note: "" }).then(reload, (err: unknown) => {
        error.textContent = problemMessage(err);
      });
    });
    return h(
      "fieldset",
      { class: "admin-filter-lang", "data-testid": `filter-${lang}` },
      h("legend", { lang }, LANGUAGE_NAMES[lang]),
      h("p", { class: "muted" }, entry.maintained > 0 ? t("admin.filter.maintained", { count: entry.maintained }) : t("admin.filter.noMaintained")),
      field(t("admin.filter.blocked"), blocked),
      field(t("admin.filter.allowed"), allowed),
      h("div", { class: "row" }, save),
      error,
    );
  });
  return h(
    "div",
    {},
    h("p", { class: "muted" }, t("admin.filter.about")),
    f.updatedAt !== null ? h("p", { class: "muted" }, t("admin.site.updated", { when: when(f.updatedAt) })) : null,
    h("div", { class: "admin-filter-grid" }, ...blocks),
  );
}
