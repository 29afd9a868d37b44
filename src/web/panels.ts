/**
 * The table screen's panels around the board, as functions of what the server said: the player lines
 * (name, pips, score, connection and reconnect countdown), the share links and the burned-roll notice. The status
 * line and the controls are the screen model's (./screen.ts).
 */
import type { Side } from "../engine/types";
import type { SideTime } from "../client";
import type { LoggedEvent, PlayerView, TableView } from "../protocol";
import { playerLabel, sideName } from "./describe";
import { button, clear, h } from "./dom";
import { t } from "./i18n";
import { ratingBadge } from "./seat-rating";

/** Below this much time left the running clock shows a warning. */
export const LOW_TIME_MS = 10_000;

/**
 * Fills `el` with one player's line; `me` is the viewer's seat (null for spectators); `toAct`: the side that must
 * act (its line is outlined; ./screen.ts); `time`: their clock now; `pips`: their pip count on the board as drawn
 * (it changes while a move is being built).
 */
export function renderPlayerLine(el: HTMLElement, side: Side, table: TableView, me: Side | null, toAct: Side | null, time: SideTime | null, pips: number | null): void {
  const p = table.players[side];
  const m = table.match;
  el.className = `player${toAct === side ? " turn" : ""}`;
  el.setAttribute("data-testid", `player-${side}`);
  clear(el);
  const name = p ? playerLabel(p.name, p.kind, p.botLevel) : "";
  const who = !p ? t("table.player.waiting") : side === me ? t("table.player.you", { name }) : name;
  el.append(
    h("span", { class: `disc ${side}`, "aria-hidden": "true" }),
    h("strong", {}, t("table.player.side", { side: sideName(side) })),
    p?.playerId ? h("a", { href: `#/p/${p.playerId}`, "data-testid": `name-${side}` }, who) : h("span", { "data-testid": `name-${side}` }, who),
    ratingBadge(p?.rating, `rating-${side}`) ?? "",
    h("span", { class: "muted", "data-testid": `pips-${side}`, "data-pips": pips ?? "" }, pips !== null ? t("table.player.pips", { pips }) : ""),
    h("span", { class: "muted", "data-testid": `score-${side}` }, m ? t("table.player.score", { score: m.score[side] }) : ""),
    h("span", { "data-testid": `conn-${side}`, class: `conn-state${p && !p.connected ? " away" : ""}` }, connectionText(p, table)),
    h("span", { "data-testid": `clock-${side}` }),
  );
  renderClock(el.querySelector(`[data-testid="clock-${side}"]`), side, table, time);
}

const mmss = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/**
 * One side's clock: the delay left (while its decision runs) and the reserve, e.g. "time 0:07 + 1:52"; running
 * clocks are marked, and low ones warned about. Ticks without rebuilding the line.
 */
export function renderClock(el: Element | null, side: Side, table: TableView, time: SideTime | null): void {
  if (!el) return;
  const running = table.clock?.running === side && table.status === "playing";
  const low = running && time !== null && time.totalMs < LOW_TIME_MS;
  el.className = `clock${running ? " running" : ""}${low ? " low" : ""}`;
  el.setAttribute("data-running", String(running));
  el.setAttribute("title", t(running ? "table.clock.titleRunning" : "table.clock.titleReserve"));
  if (!time) {
    el.textContent = "";
    return;
  }
  const text = running ? t("table.clock.running", { delay: mmss(time.delayMs), reserve: mmss(time.reserveMs) }) : t("table.clock.reserve", { reserve: mmss(time.reserveMs) });
  el.textContent = low ? t("table.clock.low", { time: text }) : text;
}

/** Online, or away with the seconds left of the reconnect window (from the server's deadline). */
export function connectionText(p: PlayerView | null, table: TableView): string {
  if (!p || p.kind === "bot") return "";
  if (p.connected) return t("table.player.online");
  if (p.reconnectDeadline !== null && table.status === "playing") {
    const left = Math.max(0, Math.ceil((p.reconnectDeadline - Date.now()) / 1000));
    return t("table.player.away", { count: left });
  }
  return t("table.player.offline");
}

/**
 * The invite link (while a seated creator waits; a private table's secret rides in the fragment, which browsers
 * never send to a server) and the watch link (when spectators are allowed).
 */
export function renderShare(share: HTMLElement, table: TableView, me: Side | null, secret: string | null): void {
  const base = `${location.origin}${location.pathname}`;
  const invite = secret === null ? `${base}#/t/${table.id}` : `${base}#/t/${table.id}/${secret}`;
  const watch = `${base}#/watch/${table.id}`;
  clear(share);
  const copy = (text: string, testid: string) =>
    button(t("table.share.copy"), testid, () => {
      void navigator.clipboard?.writeText(text).catch(() => undefined);
    });
  const link = (value: string, testid: string, label: string) => h("input", { readonly: true, value, "data-testid": testid, "aria-label": label });
  if (table.status === "waiting" && me) {
    share.append(
      h("h2", {}, t("table.share.inviteTitle")),
      h("p", { class: "muted" }, t("table.share.inviteText")),
      h("div", { class: "row" }, link(invite, "invite-link", t("table.share.inviteLabel")), copy(invite, "copy-invite")),
    );
  }
  if (table.spectators) {
    share.append(h("div", { class: "row" }, h("span", {}, t("table.share.watch")), link(watch, "watch-link", t("table.share.watchLabel")), copy(watch, "copy-watch")));
  }
  share.hidden = share.firstChild === null;
}

/** A roll the engine passed because nothing could be played, until that side rolls again (or the hand ends). */
export function burnedNotice(events: readonly LoggedEvent[], me: Side | null): string | null {
  const actedSince = new Set<Side>();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]?.event;
    if (!e) continue;
    if (e.type === "hand-ended" || e.type === "hand-started" || e.type === "match-ended") return null;
    if (e.type === "rolled" || e.type === "played") actedSince.add(e.side);
    if (e.type !== "burned") continue;
    if (actedSince.has(e.side)) return null;
    const roll = `${e.dice[0]}-${e.dice[1]}`;
    return e.side === me ? t("table.notice.burnedYou", { dice: roll }) : t("table.notice.burned", { side: sideName(e.side), dice: roll });
  }
  return null;
}
