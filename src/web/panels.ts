/**
 * The table screen's panels around the board, as functions of what the server said: the player lines
 * (name, pips, score, connection and reconnect countdown), the status line, the share links and the
 * burned-roll notice.
 */
import type { Side } from "../engine/types";
import type { SideTime } from "../client";
import type { LoggedEvent, PlayerView, TableView } from "../protocol";
import { playerLabel, sideName } from "./describe";
import { button, clear, h } from "./dom";
import type { TurnBuilder } from "./turn";

/** Below this much time left the running clock shows a warning. */
export const LOW_TIME_MS = 10_000;

/** Fills `el` with one player's line; `me` is the viewer's seat (null for spectators); `time`: their clock now. */
export function renderPlayerLine(el: HTMLElement, side: Side, t: TableView, me: Side | null, time: SideTime | null): void {
  const p = t.players[side];
  const m = t.match;
  el.className = `player${m && m.phase !== "over" && m.turn === side ? " turn" : ""}`;
  el.setAttribute("data-testid", `player-${side}`);
  clear(el);
  const who = p ? `${playerLabel(p.name, p.kind, p.botLevel)}${side === me ? " (you)" : ""}` : "waiting for a player…";
  el.append(
    h("span", { class: `disc ${side}`, "aria-hidden": "true" }),
    h("strong", {}, `${sideName(side)}: `),
    p?.playerId ? h("a", { href: `#/p/${p.playerId}`, "data-testid": `name-${side}` }, who) : h("span", { "data-testid": `name-${side}` }, who),
    h("span", { class: "muted", "data-testid": `pips-${side}` }, m ? ` · pips ${m.pips[side]}` : ""),
    h("span", { class: "muted", "data-testid": `score-${side}` }, m ? ` · score ${m.score[side]}` : ""),
    h("span", { "data-testid": `conn-${side}`, class: `conn-state${p && !p.connected ? " away" : ""}` }, connectionText(p, t)),
    h("span", { "data-testid": `clock-${side}` }),
  );
  renderClock(el.querySelector(`[data-testid="clock-${side}"]`), side, t, time);
}

const mmss = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/**
 * One side's clock: the delay left (while its decision runs) and the reserve, e.g. "time 0:07 + 1:52"; running
 * clocks are marked, and low ones warned about. Ticks without rebuilding the line.
 */
export function renderClock(el: Element | null, side: Side, t: TableView, time: SideTime | null): void {
  if (!el) return;
  const running = t.clock?.running === side && t.status === "playing";
  const low = running && time !== null && time.totalMs < LOW_TIME_MS;
  el.className = `clock${running ? " running" : ""}${low ? " low" : ""}`;
  el.setAttribute("data-running", String(running));
  el.setAttribute("title", running ? "delay left in this move + reserve" : "reserve");
  el.textContent = time ? ` · time ${running ? `${mmss(time.delayMs)} + ` : ""}${mmss(time.reserveMs)}${low ? " — low time!" : ""}` : "";
}

/** Online, or away with the seconds left of the reconnect window (from the server's deadline). */
export function connectionText(p: PlayerView | null, t: TableView): string {
  if (!p || p.kind === "bot") return "";
  if (p.connected) return " · online";
  if (p.reconnectDeadline !== null && t.status === "playing") {
    const left = Math.max(0, Math.ceil((p.reconnectDeadline - Date.now()) / 1000));
    return ` · away: ${left} s left to reconnect`;
  }
  return " · offline";
}

/** What the viewer should do or wait for now. */
export function statusText(t: TableView, me: Side | null, turn: TurnBuilder | null, selected: number | null): string {
  const m = t.match;
  if (t.status === "waiting" || !m) return me ? "Waiting for an opponent: send them the invite link." : "Waiting for a second player.";
  if (m.phase === "over") {
    if (!m.winner) return "The match is over.";
    return me ? (m.winner === me ? "You won the match." : "You lost the match.") : `${sideName(m.winner)} won the match.`;
  }
  const mover = sideName(m.turn);
  if (m.phase === "cube-offered" && m.cubeOffer) {
    const value = m.cube.value * 2;
    if (m.cubeOffer.to === me) return `${sideName(m.cubeOffer.from)} doubles to ${value}: take or drop?`;
    return `${sideName(m.cubeOffer.from)} doubles to ${value}; ${sideName(m.cubeOffer.to)} is deciding.`;
  }
  if (m.turn !== me) {
    if (m.phase === "awaiting-roll") return `${mover} to roll.`;
    return `${mover} is moving (${m.dice?.join("-") ?? ""}).`;
  }
  // The server rolls by itself when there is no cube decision, so waiting to roll means the cube is an option.
  if (m.phase === "awaiting-roll") return m.canDouble.includes(me) ? "Your turn: double, or roll the dice." : "Your turn: roll the dice.";
  if (!turn) return "Your move.";
  const dice = m.dice ? `${m.dice[0]}-${m.dice[1]}` : "";
  if (turn.burned) return `No legal move with ${dice}: confirm to pass.`;
  const done = turn.complete();
  if (done) return `Confirm your move: ${done.play}, or undo.`;
  if (selected !== null) return `Pick where the checker goes (${dice}).`;
  return `Your move with ${dice}: pick a checker, then where it goes.`;
}

/**
 * The invite link (while a seated creator waits; a private table's secret rides in the fragment, which browsers
 * never send to a server) and the watch link (when spectators are allowed).
 */
export function renderShare(share: HTMLElement, t: TableView, me: Side | null, secret: string | null): void {
  const base = `${location.origin}${location.pathname}`;
  const invite = secret === null ? `${base}#/t/${t.id}` : `${base}#/t/${t.id}/${secret}`;
  const watch = `${base}#/watch/${t.id}`;
  clear(share);
  const copy = (text: string, testid: string) =>
    button("Copy", testid, () => {
      void navigator.clipboard?.writeText(text).catch(() => undefined);
    });
  const link = (value: string, testid: string, label: string) =>
    h("input", { readonly: true, value, "data-testid": testid, "aria-label": label });
  if (t.status === "waiting" && me) {
    share.append(
      h("h2", {}, "Invite a player"),
      h("p", { class: "muted" }, "Send this link to your opponent; the match starts when they join."),
      h("div", { class: "row" }, link(invite, "invite-link", "invite link"), copy(invite, "copy-invite")),
    );
  }
  if (t.spectators) {
    share.append(h("div", { class: "row" }, h("span", {}, "Watch link:"), link(watch, "watch-link", "watch link"), copy(watch, "copy-watch")));
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
    return e.side === me
      ? `Your ${roll} could not be played: the roll is burned and the turn passes.`
      : `${sideName(e.side)}'s ${roll} could not be played: the roll is burned.`;
  }
  return null;
}
