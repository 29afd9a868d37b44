/**
 * The site switch's notice (docs/safety.md): when the operators set a level above 0, every page shows under the
 * header what is stopped now, in the page's language, and the operators' own note as they wrote it. Read from
 * GET /v1/site on every page change, so a level set or lifted shows on the next click without a reload.
 */
import type { NardiClient } from "../client";
import type { SiteState } from "../protocol";
import { clear, h } from "./dom";
import { t, type MessageKey } from "./i18n";

const STOP_TEXTS: Record<SiteState["stops"][number], MessageKey> = {
  "guest-creation": "site.stop.guest-creation",
  "guest-chat": "site.stop.guest-chat",
  "stake-tables": "site.stop.stake-tables",
  "new-tables": "site.stop.new-tables",
};

export interface SiteBanner {
  el: HTMLElement;
  /** Reads the switch again (a failed read keeps what is shown). */
  refresh(): void;
  /** Writes the notice again in the current language. */
  render(): void;
}

export function siteBanner(api: () => NardiClient): SiteBanner {
  const el = h("section", { class: "site-banner", "data-testid": "site-banner", role: "status", hidden: true });
  let state: SiteState | null = null;
  let asked = 0;

  function render(): void {
    clear(el);
    el.hidden = state === null || state.defcon === 0;
    if (!state || state.defcon === 0) {
      el.removeAttribute("data-defcon");
      return;
    }
    el.setAttribute("data-defcon", String(state.defcon));
    el.append(h("strong", {}, t("site.banner.title")), h("ul", {}, ...state.stops.map((stop) => h("li", { "data-stop": stop }, t(STOP_TEXTS[stop])))));
    // The note is shown as the text it is, never as HTML.
    if (state.message !== "") el.append(h("p", { "data-testid": "site-message" }, t("site.banner.note", { message: state.message })));
  }

  function refresh(): void {
    const n = ++asked;
    api()
      .getSite()
      .then((next) => {
        // Only the newest answer is shown, whatever order they arrive in.
        if (n !== asked) return;
        state = next;
        render();
      })
      .catch(() => undefined);
  }

  return { el, refresh, render };
}
