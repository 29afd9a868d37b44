/**
 * The Resign button's dialog (docs/rules.md §5.5). In the backgammon preset the player may offer to lose this hand
 * as a single, gammon or backgammon (times the cube) on their own turn, and the opponent accepts or refuses; or resign
 * the whole match. In the other presets (the Georgian and federation rules) resigning always forfeits the whole match,
 * and the dialog says so. `resignOptions` is the pure part (tested in Node); `resignDialog` draws it.
 */
import { RESIGN_LEVELS, RESIGN_RESULTS, handResultOf } from "../engine/result";
import { hasResignOffers } from "../engine/rulesets";
import type { ResignLevel, Side } from "../engine/types";
import type { TableView } from "../protocol";
import { points } from "./describe";
import { button, h } from "./dom";
import { t, type MessageKey } from "./i18n";
import { presetName } from "./names";

/** What the player picked: an offer to lose the hand at a level, or the whole match. */
export type ResignChoice = { kind: "offer"; level: ResignLevel } | { kind: "match" };

export interface ResignOptions {
  /** The paragraphs above the buttons. */
  text: string[];
  /** The offers the player may make now, with their buttons' labels (empty where the preset has none, or not now). */
  offers: { level: ResignLevel; label: string }[];
}

const OFFER_KEYS: Record<ResignLevel, MessageKey> = {
  single: "table.resign.offer.single",
  gammon: "table.resign.offer.gammon",
  backgammon: "table.resign.offer.backgammon",
};

export function resignOptions(table: TableView, me: Side): ResignOptions {
  const m = table.match;
  if (!m || !hasResignOffers(table.ruleset)) {
    return { text: [t("table.resign.forfeitRule", { preset: presetName(table.ruleset.preset) }), t("table.dialog.resign")], offers: [] };
  }
  if (!m.canOfferResign.includes(me)) return { text: [t("table.resign.offerLater"), t("table.resign.matchNote")], offers: [] };
  const offers = RESIGN_LEVELS.filter((level) => level !== "backgammon" || table.ruleset.koks).map((level) => ({
    level,
    label: t(OFFER_KEYS[level], { points: points(handResultOf(RESIGN_RESULTS[level]).points * m.cube.value) }),
  }));
  return { text: [t("table.resign.offerIntro"), t("table.resign.matchNote")], offers };
}

/**
 * The dialog: the offers (`resign-offer-<level>`), the whole match (`dialog-ok`, danger) and Cancel (`dialog-cancel`,
 * focused, so a stray Enter resigns nothing). Resolves with the choice, or null on Cancel or Escape.
 */
export function resignDialog(table: TableView, me: Side): Promise<ResignChoice | null> {
  const { text, offers } = resignOptions(table, me);
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    const close = (answer: ResignChoice | null) => {
      overlay.remove();
      before?.focus({ preventScroll: true });
      resolve(answer);
    };
    const textId = `dialog-text-${Math.random().toString(36).slice(2)}`;
    const cancelButton = button(t("table.dialog.cancel"), "dialog-cancel", () => close(null), "secondary");
    const offerButtons = offers.map((o) => button(o.label, `resign-offer-${o.level}`, () => close({ kind: "offer", level: o.level }), "primary"));
    const matchButton = button(t("table.dialog.resignOk"), "dialog-ok", () => close({ kind: "match" }), "danger");
    const buttons = [cancelButton, ...offerButtons, matchButton];
    const overlay = h(
      "div",
      { class: "modal", "data-testid": "dialog", role: "alertdialog", "aria-modal": "true", "aria-describedby": textId, "aria-label": t("table.resign.title") },
      h(
        "div",
        { class: "modal-box" },
        h("div", { "data-testid": "dialog-text", id: textId }, ...text.map((p) => h("p", {}, p))),
        offerButtons.length > 0 ? h("div", { class: "row", "data-testid": "resign-offers" }, ...offerButtons) : null,
        h("div", { class: "row" }, cancelButton, matchButton),
      ),
    );
    overlay.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") close(null);
      if (ev.key === "Tab") {
        // Focus stays inside: Tab and Shift+Tab go round the dialog's buttons.
        ev.preventDefault();
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        buttons[(at + (ev.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
      }
    });
    document.body.append(overlay);
    cancelButton.focus();
  });
}
