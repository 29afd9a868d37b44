/**
 * The end of a match: who won and why, worded for the winner, the loser or a spectator, the final score, and
 * what next: a rematch (same settings, seats swapped, both must accept: offered over the table socket) or back
 * to the lobby. When the rematch is made each player's new seat arrives over the socket and the page moves on.
 */
import { opponent } from "../engine/position";
import type { Side } from "../engine/types";
import type { TableConnection } from "../client";
import type { RematchMessage, TableOrMatchEvent, TableView } from "../protocol";
import { button, clear, h } from "./dom";
import { t, type MessageKey } from "./i18n";
import { displayName } from "./names";
import { saveSeat } from "./store";

type MatchEnded = Extract<TableOrMatchEvent, { type: "match-ended" }>;

const sideName = (side: Side) => t(side === "white" ? "table.side.white" : "table.side.black");

/** The headline: "You won the match", "You lost the match", or "<name> won the match". */
export function endTitle(e: MatchEnded, me: Side | null, table: TableView): string {
  if (e.reason === "closed") return t("table.end.title.closed");
  if (e.winner === null) return t("table.end.title.abandoned");
  if (me === null) return t("table.end.title.watched", { name: displayName(table.players[e.winner]?.name ?? sideName(e.winner)) });
  return t(e.winner === me ? "table.end.title.won" : "table.end.title.lost");
}

/** Why: the score, or the loser's resignation, forfeit or clock, said to the winner, the loser or a spectator. */
export function endReason(e: MatchEnded, me: Side | null, table: TableView): string {
  if (e.reason === "closed") return t("table.end.why.closed");
  if (e.winner === null) return t("table.end.why.abandoned");
  const loser = opponent(e.winner);
  const who: "me" | "them" | "watched" = me === null ? "watched" : loser === me ? "me" : "them";
  const reason = e.reason === "resign" || e.reason === "forfeit" || e.reason === "timeout" ? e.reason : "score";
  const key = `table.end.why.${reason}.${who}` as MessageKey;
  return t(key, { name: displayName(table.players[loser]?.name ?? sideName(loser)), points: t("common.points", { count: table.length }) });
}

/** `report`: the button that reports the opponent (./report.ts), when the viewer may. */
export function renderEnd(
  el: HTMLElement,
  e: MatchEnded | null,
  table: TableView,
  me: Side | null,
  conn: TableConnection,
  busy: { run(what: () => Promise<unknown>): void },
  report: HTMLElement | null = null,
): void {
  clear(el);
  el.hidden = e === null;
  if (!e) return;
  const tone = e.winner === null ? "neutral" : me === null ? "neutral" : e.winner === me ? "won" : "lost";
  el.setAttribute("data-tone", tone);
  el.append(
    h("h2", { "data-testid": "end-title", tabindex: -1 }, endTitle(e, me, table)),
    h("p", { "data-testid": "end-reason" }, endReason(e, me, table)),
    h("p", { class: "muted", "data-testid": "end-score" }, t("table.end.score", { white: e.score.white, black: e.score.black })),
  );
  const actions = h("div", { class: "row end-actions" });
  const r = conn.rematch;
  if (r?.table) {
    if (me !== null && r.seat !== null && r.token !== null) {
      // This seat's new grant, sent once: keep it, then sit down at the new table.
      saveSeat({ tableId: r.table, seat: r.seat, token: r.token });
      location.hash = `#/t/${r.table}`;
      return;
    }
    actions.append(h("a", { href: me === null ? `#/watch/${r.table}` : `#/t/${r.table}`, class: "button primary", "data-testid": "rematch-link" }, t("table.end.rematch.follow")));
  } else if (me !== null && e.winner !== null) {
    actions.append(...rematchControls(r, me, table, conn, busy));
  }
  actions.append(button(t("common.backToLobby"), "lobby", () => (location.hash = "#/")));
  if (report) actions.append(report);
  el.append(actions);
}

function rematchControls(r: RematchMessage | null, me: Side, table: TableView, conn: TableConnection, busy: { run(what: () => Promise<unknown>): void }): Node[] {
  const other = opponent(me);
  const offers = r?.offers ?? { white: false, black: false };
  const vsBot = table.players[other]?.kind === "bot";
  if (offers[other]) {
    return [
      h("p", { "data-testid": "rematch-state" }, t("table.end.rematch.offered")),
      button(t("table.end.rematch.accept"), "rematch", () => busy.run(() => conn.offerRematch(true)), "primary"),
      button(t("table.end.rematch.decline"), "rematch-decline", () => busy.run(() => conn.offerRematch(false))),
    ];
  }
  if (offers[me]) {
    return [
      h("p", { "data-testid": "rematch-state" }, t("table.end.rematch.waiting")),
      button(t("table.end.rematch.withdraw"), "rematch-withdraw", () => busy.run(() => conn.offerRematch(false))),
    ];
  }
  return [button(t(vsBot ? "table.end.rematch.bot" : "table.end.rematch.offer"), "rematch", () => busy.run(() => conn.offerRematch(true)), "primary")];
}
