/**
 * Domino Coins on the page (docs/coins.md): pieces other screens place with a line each, and the history page.
 *   balanceBadge(api)           the header's balance, a link to #/coins (refreshBalance() reloads it)
 *   stakeField(player)          the create form's stake input; `.stake()` is the body's `stake` (undefined: none)
 *   stakeListed(summary)        a lobby row's stake text, or null
 *   stakeLine(t)                a join page's stake line
 *   renderStakeLine(el, t, me)  the play screen's stake: held at the start, escrow while playing, payout at the end
 *   mountTransfers(root, api)   #/coins: balance, the operator's settings and the transfer history, paged
 */
import { ApiError, type NardiClient, type PlayerProfile, type TableSummary, type TableView, type Transfer } from "../client";
import type { Side } from "../engine/types";
import { button, clear, h } from "./dom";
import { problemMessage } from "./errors";
import { formatNumber, t } from "./i18n";

const badges = new Set<{ el: HTMLElement; api: NardiClient }>();

/** The visitor's balance as a link to the history page; empty without a session. */
export function balanceBadge(api: NardiClient): HTMLElement {
  const el = h("a", { href: "#/coins", class: "coins-badge", "data-testid": "coin-balance", title: t("coins.badgeTitle") });
  badges.clear();
  badges.add({ el, api });
  refreshBalance();
  return el;
}

/** Reloads the header's balance (after a match, a join, a grant). */
export function refreshBalance(): void {
  for (const { el, api } of badges) {
    void api.getCoins().then(
      (coins) => {
        el.textContent = t("coins.amount", { count: coins.balance });
        el.setAttribute("data-balance", String(coins.balance));
      },
      () => {
        el.textContent = "";
        el.removeAttribute("data-balance");
      },
    );
  }
}

/** Seconds after a stake match's end at which the balance is read again: the payout is made by the match
 * object's outbox shortly after the end (docs/coins.md), not by the final move itself. */
const SETTLEMENT_READS_S = [1, 2, 4, 8, 16, 32];
let settlementReads: number[] = [];

/** Reloads the balance now and a few times over the next half minute, until the settlement has surely landed. */
function refreshUntilSettled(): void {
  for (const id of settlementReads) clearTimeout(id);
  refreshBalance();
  settlementReads = SETTLEMENT_READS_S.map((s) => window.setTimeout(refreshBalance, s * 1000));
}

/** The create form's stake: a whole number within the operator's bounds (the server checks them too). */
export function stakeField(api: NardiClient, player: PlayerProfile | null): { field: HTMLElement; stake(): number | undefined } {
  // Stakes need a claimed name (docs/fair-play.md): a guest sees the field disabled, with the hint to claim one.
  const guest = player?.kind === "guest";
  const input = h("input", { type: "number", min: 1, step: 1, inputmode: "numeric", "data-testid": "stake", disabled: !player || guest, placeholder: "0" });
  const hint = h("small", { class: "muted", "data-testid": "stake-hint" }, !player ? t("coins.stakeNeedsPlayer") : guest ? t("fairplay.claimForStakes") : "");
  if (player && !guest) {
    void api.getCoins().then((coins) => {
      input.setAttribute("min", String(coins.settings.minStake));
      input.setAttribute("max", String(coins.settings.maxStake));
      hint.textContent = t("coins.stakeHint", { min: coins.settings.minStake, max: coins.settings.maxStake });
    }, () => undefined);
  }
  const field = h("label", { class: "field coins-stake" }, h("span", {}, t("coins.stakeLabel")), input, hint);
  return {
    field,
    stake: () => {
      const n = Number(input.value);
      return input.value.trim() === "" || !Number.isFinite(n) || n <= 0 ? undefined : Math.floor(n);
    },
  };
}

export function stakeListed(summary: TableSummary): string | null {
  return summary.stake === undefined ? null : t("coins.stakeListed", { count: summary.stake });
}

/** A fresh stake line for a table (the join page). */
export function stakeLine(table: TableView): HTMLElement {
  const el = h("p", { class: "stake-line", "data-testid": "stake-line" });
  renderStakeLine(el, table, null);
  return el;
}

/** The stake under the score: what is held, what the winner receives, and at the end who got it. */
export function renderStakeLine(el: HTMLElement, table: TableView, me: Side | null): void {
  const stake = table.stake;
  el.hidden = !stake;
  if (!stake) return;
  el.setAttribute("data-pot", String(stake.pot));
  const m = table.match;
  if (table.status === "waiting" || !m) el.textContent = t("coins.stakeWaiting", { count: stake.amount });
  else if (m.phase !== "over") el.textContent = t("coins.escrow", { count: stake.pot, payout: formatNumber(stake.payout) });
  else if (m.winner === null) el.textContent = t("coins.refunded", { count: stake.amount });
  else if (me === null) el.textContent = t("coins.winnerGets", { count: stake.payout });
  else el.textContent = me === m.winner ? t("coins.youWon", { count: stake.payout }) : t("coins.youLost", { count: stake.amount });
  el.setAttribute("data-outcome", m?.phase === "over" ? (m.winner === null ? "refund" : m.winner === me ? "won" : me ? "lost" : "paid") : "held");
  // A player's balance moves twice: both stakes are held when the match starts (the join), and the payout or
  // refund lands shortly after the end. The header's badge is read again at each (a spectator's is not moved).
  const stage = table.status === "waiting" || !m ? "waiting" : m.phase === "over" ? "over" : "playing";
  const was = el.getAttribute("data-stage");
  el.setAttribute("data-stage", stage);
  if (me === null || stage === was) return;
  if (stage === "playing" && was !== null) refreshBalance();
  if (stage === "over") refreshUntilSettled();
}

function transferRow(tr: Transfer): HTMLElement {
  return h(
    "tr",
    { "data-testid": "transfer", "data-purpose": tr.purpose, "data-amount": String(tr.amount) },
    h("td", {}, new Date(tr.at).toLocaleString()),
    h("td", {}, t(`coins.purpose.${tr.purpose}`), tr.tableId ? h("small", { class: "muted" }, " ", t("coins.atTable", { id: tr.tableId.slice(0, 8) })) : ""),
    h("td", { class: tr.amount >= 0 ? "coins-in" : "coins-out" }, `${tr.amount >= 0 ? "+" : "−"}${formatNumber(Math.abs(tr.amount))}`),
  );
}

/** #/coins: the visitor's balance and transfer history (newest first, "older" loads the next page). */
export function mountTransfers(root: HTMLElement, api: NardiClient): () => void {
  clear(root);
  let live = true;
  const head = h("div", {}, h("p", {}, t("coins.loading")));
  const rows = h("tbody", { "data-testid": "transfers" });
  const error = h("p", { class: "error", "data-testid": "coins-error" });
  const more = button(t("coins.older"), "coins-older", () => void load(), "");
  more.hidden = true;
  let next: string | null = null;
  root.append(h("section", { class: "card coins", "data-testid": "coins" }, h("h2", {}, t("coins.historyTitle")), head, h("table", {}, rows), more, error));

  async function load(): Promise<void> {
    more.disabled = true;
    try {
      const page = await api.getCoinTransfers({ limit: 25, ...(next ? { cursor: next } : {}) });
      if (!live) return;
      if (page.transfers.length === 0 && rows.childElementCount === 0) rows.append(h("tr", {}, h("td", { class: "muted" }, t("coins.noTransfers"))));
      for (const tr of page.transfers) rows.append(transferRow(tr));
      next = page.next;
      more.hidden = next === null;
    } catch (err) {
      if (live) error.textContent = problemMessage(err);
    } finally {
      more.disabled = false;
    }
  }

  void (async () => {
    try {
      const coins = await api.getCoins();
      if (!live) return;
      const s = coins.settings;
      head.replaceChildren(
        h("p", { class: "coins-balance", "data-testid": "coins-balance", "data-balance": String(coins.balance) }, t("coins.yourBalance", { count: coins.balance })),
        h("p", { class: "muted" }, t("coins.settings", { grant: s.startGrant, below: s.topUpBelow, topUp: s.topUp, min: s.minStake, max: s.maxStake, rake: s.rakePercent })),
      );
      await load();
    } catch (err) {
      if (live) head.replaceChildren(h("p", { class: "error", "data-testid": "coins-error" }, err instanceof ApiError && err.code === "UNAUTHORIZED" ? t("coins.needSession") : problemMessage(err)));
    }
  })();
  return () => {
    live = false;
  };
}
