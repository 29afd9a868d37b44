/**
 * A player's presence as the page shows it: a coloured dot with its word (online, playing, away, offline), and
 * a "watch" link while they play at a table that may be watched. The bot mark beside a bot account's name.
 */
import type { Presence, PresenceState } from "../protocol";
import { h } from "./dom";
import { t, type MessageKey } from "./i18n";

const WORDS: Readonly<Record<PresenceState, MessageKey>> = {
  online: "presence.online",
  playing: "presence.playing",
  away: "presence.away",
  offline: "presence.offline",
};

/** The dot and its word; with `playing` at a watchable table, a link to watch it. */
export function presenceBadge(presence: Presence, testid = "presence"): HTMLElement {
  const badge = h(
    "span",
    { class: `presence presence-${presence.state}`, "data-testid": testid, "data-state": presence.state },
    h("span", { class: "presence-dot", "aria-hidden": "true" }),
    h("span", { class: "presence-word" }, t(WORDS[presence.state])),
  );
  if (presence.state === "playing" && presence.tableId) {
    badge.append(" ", h("a", { href: `#/watch/${presence.tableId}`, "data-testid": "presence-watch" }, t("presence.watch")));
  }
  return badge;
}

/** "bot" beside a bot account's name; null for a person. */
export function botMark(bot: boolean | undefined): HTMLElement | null {
  return bot ? h("span", { class: "bot-mark", "data-testid": "bot-mark", title: t("presence.botAbout") }, t("presence.bot")) : null;
}
