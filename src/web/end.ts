/**
 * The end of a match: who won and why, worded for the winner, the loser or a spectator; how it was won (the last
 * hand's oin, mars or koks times the cube, a dropped double, the clock, a player who left or resigned); the final
 * score; the rating change and the Domino Coin change once the server has settled them (the `settled` message:
 * "being settled" until it arrives); and what next: play again (a new table with the same settings), a rematch (same
 * settings, seats swapped, both must accept: offered over the table socket) or back to the lobby. When the rematch is
 * made each player's new seat arrives over the socket and the page moves on. Under it all, when the match's analysis
 * is ready (./analysis.ts), a link to the replay that shows it.
 */
import { opponent } from "../engine/position";
import type { Side } from "../engine/types";
import type { NardiClient, TableConnection } from "../client";
import type { LoggedEvent, RatingChange, RematchMessage, SettledMessage, TableOrMatchEvent, TableView, TimeControlInput } from "../protocol";
import { analysisNotice } from "./analysis";
import { button, clear, h } from "./dom";
import { formatNumber, language, t, type MessageKey } from "./i18n";
import { displayName } from "./names";
import { replayHref } from "./replay";
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

type HandEnded = Extract<TableOrMatchEvent, { type: "hand-ended" }>;

/**
 * How the match was won, as the key of its sentence and the numbers in it: the last hand's result for a match won on
 * points (the event before that hand's end tells a dropped double or a hand lost on time), else the end's reason.
 * Null for a match nobody won.
 */
export function howWon(e: MatchEnded, events: readonly LoggedEvent[]): { key: MessageKey; count: number; cube: number } | null {
  if (e.winner === null) return null;
  // Kept for the resign offers of the backgammon preset (issue 21, i21-resign): a game resigned as a single, gammon or
  // backgammon ends its hand like any other, with its own event before the `hand-ended`; its sentence goes here.
  if (e.reason === "resign") return { key: "table.end.how.resign", count: 0, cube: 1 };
  if (e.reason === "forfeit") return { key: "table.end.how.forfeit", count: 0, cube: 1 };
  if (e.reason === "timeout") return { key: "table.end.how.timeout", count: 0, cube: 1 };
  const at = events.findLastIndex(({ event }) => event.type === "hand-ended");
  const hand = at >= 0 ? (events[at]!.event as HandEnded) : null;
  if (!hand) return null;
  const before = events[at - 1]?.event.type;
  if (before === "dropped") return { key: "table.end.how.dropped", count: hand.value, cube: hand.cube };
  if (before === "timed-out") return { key: "table.end.how.timeoutHand", count: hand.value, cube: hand.cube };
  const kind = hand.result.kind;
  const key = `table.end.how.${kind}${hand.cube > 1 ? "Cube" : ""}` as MessageKey;
  return { key, count: hand.value, cube: hand.cube };
}

/** A rating as shown: whole points. */
const rounded = (r: number) => Math.round(r);

/** "+12", "−5" or "0", in the page's language. */
function signed(n: number): string {
  return new Intl.NumberFormat(language(), { signDisplay: "exceptZero" }).format(n);
}

function ratingLine(change: RatingChange, name: string | null): string {
  const params = { before: formatNumber(rounded(change.before)), after: formatNumber(rounded(change.after)), change: signed(rounded(change.after) - rounded(change.before)), name: name ?? "" };
  const whose = name === null ? "mine" : "of";
  return t(`table.end.rating.${whose}${change.provisional ? "Provisional" : ""}` as MessageKey, params);
}

/**
 * The rating and coin lines: the viewer's own (a spectator reads both players' ratings), or "being settled" while
 * the server has not yet told the table (a rated table, a stake table).
 */
function settlementLines(settled: SettledMessage | null, table: TableView, me: Side | null, e: MatchEnded): HTMLElement[] {
  const lines: HTMLElement[] = [];
  const rated = table.rated && e.winner !== null && e.reason !== "closed";
  if (rated) {
    const r = settled?.ratings ?? null;
    if (!settled) lines.push(h("p", { class: "muted", "data-testid": "end-rating", "data-state": "pending" }, t("table.end.rating.pending")));
    else if (r && me !== null) {
      lines.push(h("p", { "data-testid": "end-rating", "data-state": "settled", "data-before": rounded(r[me].before), "data-after": rounded(r[me].after) }, ratingLine(r[me], null)));
    } else if (r) {
      for (const side of ["white", "black"] as const) {
        lines.push(h("p", { "data-testid": "end-rating", "data-state": "settled", "data-side": side }, ratingLine(r[side], displayName(table.players[side]?.name ?? sideName(side)))));
      }
    }
  }
  if (table.stake && me !== null && e.reason !== "closed") {
    const c = settled?.coins ?? null;
    if (!settled) lines.push(h("p", { class: "muted", "data-testid": "end-coins", "data-state": "pending" }, t("table.end.coins.pending")));
    else if (c) {
      const n = c[me];
      const text = n > 0 ? t("table.end.coins.won", { count: n }) : n < 0 ? t("table.end.coins.lost", { count: -n }) : t("table.end.coins.refunded");
      lines.push(h("p", { "data-testid": "end-coins", "data-state": "settled", "data-change": n }, text));
    }
  }
  return lines;
}

/** Play again: a new table with this one's settings (its creator sits White and waits for an opponent, as from the lobby). */
async function playAgain(api: NardiClient, table: TableView, me: Side): Promise<void> {
  const r = table.ruleset;
  const tc = table.timeControl;
  const timeControl: TimeControlInput = tc.name === "custom" ? { delaySeconds: tc.delaySeconds, reserveSeconds: tc.reserveSeconds } : tc.name;
  const name = table.players[me]?.name;
  const grant = await api.createTable({
    preset: r.preset,
    length: table.length,
    overrides: { koks: r.koks, cube: r.cube, opening: r.opening, timeout: r.timeout },
    reconnectSeconds: table.reconnectSeconds,
    spectators: table.spectators,
    timeControl,
    private: table.private,
    opponent: "human",
    rated: table.rated,
    ...(name ? { name } : {}),
    ...(table.stake ? { stake: table.stake.amount } : {}),
  });
  saveSeat({ tableId: grant.tableId, seat: grant.seat, token: grant.token, ...(grant.invite ? { invite: grant.invite } : {}) });
  location.hash = `#/t/${grant.tableId}`;
}

/** `report`: the button that reports the opponent (./report.ts), when the viewer may; `api`: for play again. */
export function renderEnd(
  el: HTMLElement,
  e: MatchEnded | null,
  table: TableView,
  me: Side | null,
  conn: TableConnection,
  busy: { run(what: () => Promise<unknown>): void },
  report: HTMLElement | null = null,
  api: NardiClient | null = null,
): void {
  clear(el);
  el.hidden = e === null;
  if (!e) return;
  const tone = e.winner === null ? "neutral" : me === null ? "neutral" : e.winner === me ? "won" : "lost";
  el.setAttribute("data-tone", tone);
  el.append(
    h("h2", { "data-testid": "end-title", tabindex: -1 }, endTitle(e, me, table)),
    h("p", { "data-testid": "end-reason" }, endReason(e, me, table)),
  );
  const how = howWon(e, conn.events);
  if (how) el.append(h("p", { class: "end-how", "data-testid": "end-how", "data-key": how.key }, t(how.key, { count: how.count, cube: how.cube })));
  el.append(
    h("p", { class: "muted", "data-testid": "end-score" }, t("table.end.score", { white: e.score.white, black: e.score.black })),
    ...settlementLines(conn.settled, table, me, e),
    // Only a match with a player on a seat is recorded, and so analysed (docs/players.md).
    ...(api && (table.players.white?.playerId || table.players.black?.playerId) ? [analysisNotice(api, table.id, replayHref(table.id))] : []),
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
    // Against the computer the rematch is played at once, so it is the "play again".
    const vsBot = table.players[opponent(me)]?.kind === "bot";
    if (api && !vsBot) actions.append(button(t("table.end.playAgain"), "play-again", () => busy.run(() => playAgain(api, table, me))));
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
