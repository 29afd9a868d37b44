/**
 * Fair dice on the page (docs/fair-dice.md):
 *   #/verify/<tableId>  recomputes every roll of a match in the browser (the same verifier as `npm run verify`);
 *   #/dice/<playerId>   a player's dice statistics: faces, doubles and χ² with the sample size.
 */
import { ApiError, type NardiClient } from "../client";
import { verifyDice, type ChiSquare, type DiceStats, type DiceVerdict } from "../protocol";
import { clear, h } from "./dom";
import { problemMessage } from "./errors";
import { formatNumber, t } from "./i18n";

/** The whole log: the table's own while it exists (all pages), else the recorded match's. */
async function matchLog(api: NardiClient, tableId: string): Promise<unknown[] | null> {
  try {
    const events: unknown[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page = await api.getEvents(tableId, after);
      events.push(...page.events);
      after = page.next;
    }
    return events;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  try {
    return (await api.getMatchRecord(tableId)).events;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

const pair = (dice: [number, number] | null): string => (dice ? `${dice[0]}–${dice[1]}` : "?");

function verdictText(verdict: DiceVerdict): string {
  if (verdict.ok) return t("dice.verify.ok", { count: verdict.rolls });
  switch (verdict.failure) {
    case "ROLL_MISMATCH":
      return t("dice.verify.mismatch", { roll: verdict.roll ?? 0, expected: pair(verdict.expected), got: pair(verdict.got) });
    case "SEED_MISMATCH":
      return t("dice.verify.seedMismatch");
    case "NOT_REVEALED":
      return t("dice.verify.notRevealed");
    case "NO_COMMITMENT":
      return t("dice.verify.noCommitment");
    case "BAD_EVENT":
      return t("dice.verify.badEvent");
  }
}

export function mountVerify(root: HTMLElement, api: NardiClient, tableId: string): () => void {
  let gone = false;
  const status = h("p", { "data-testid": "dice-verdict" }, t("dice.verify.loading"));
  const details = h("dl", { class: "dice-seeds" });
  root.append(
    h("section", { class: "card dice" }, h("h2", {}, t("dice.verify.title")), h("p", { class: "muted" }, t("dice.verify.explain")), status, details),
  );
  void matchLog(api, tableId).then((log) => {
    if (gone) return;
    if (!log) {
      status.textContent = t("dice.verify.notFound");
      status.dataset.ok = "false";
      return;
    }
    const verdict = verifyDice(tableId, log);
    status.textContent = verdictText(verdict);
    status.dataset.ok = String(verdict.ok);
    status.className = verdict.ok ? "dice-ok" : "dice-bad";
    if (verdict.ok) {
      status.dataset.rolls = String(verdict.rolls);
      details.append(
        h("dt", {}, t("dice.verify.commitment")),
        h("dd", { "data-testid": "dice-commitment" }, verdict.commitment),
        h("dt", {}, t("dice.verify.serverSeed")),
        h("dd", { "data-testid": "dice-seed" }, verdict.serverSeed),
      );
    } else if (verdict.roll !== null) status.dataset.roll = String(verdict.roll);
  });
  return () => {
    gone = true;
  };
}

const rounded = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function chiLine(chi: ChiSquare): HTMLElement {
  const p = chi.p === null ? "–" : formatNumber(Number(chi.p.toPrecision(3)));
  return h("p", { class: "muted" }, t("dice.stats.chiSquare", { statistic: formatNumber(rounded(chi.statistic, 2)), df: chi.df, p }));
}

function statsView(stats: DiceStats): HTMLElement[] {
  const sample = h("p", { "data-testid": "dice-rolls", "data-rolls": stats.rolls }, stats.rolls === 0 ? t("dice.stats.none") : t("dice.stats.sample", { count: stats.rolls }));
  if (stats.rolls === 0) return [sample];
  const expected = (stats.rolls * 2) / 6;
  const most = Math.max(...stats.faces, 1);
  const rows = stats.faces.map((count, k) => {
    // Through the CSSOM: the page's CSP allows no inline style attributes.
    const bar = h("span");
    bar.style.width = `${Math.round((100 * count) / most)}%`;
    return h(
      "tr",
      { "data-testid": "dice-face", "data-face": k + 1, "data-count": count },
      h("td", {}, String(k + 1)),
      h("td", {}, formatNumber(count)),
      h("td", {}, formatNumber(rounded(expected, 1))),
      h("td", { class: "dice-bar" }, bar),
    );
  });
  return [
    sample,
    h("h3", {}, t("dice.stats.faces")),
    h(
      "table",
      { class: "dice-faces" },
      h("thead", {}, h("tr", {}, h("th", {}, t("dice.stats.face")), h("th", {}, t("dice.stats.count")), h("th", {}, t("dice.stats.expected")), h("th", {}))),
      h("tbody", {}, ...rows),
    ),
    chiLine(stats.chiSquare.faces),
    h("h3", {}, t("dice.stats.doubles")),
    h(
      "p",
      { "data-testid": "dice-doubles", "data-doubles": stats.doubles },
      t("dice.stats.doublesLine", { doubles: formatNumber(stats.doubles), expected: formatNumber(rounded(stats.rolls / 6, 1)) }),
    ),
    chiLine(stats.chiSquare.doubles),
    h("p", { class: "muted" }, t("dice.stats.explain")),
  ];
}

export function mountDiceStats(root: HTMLElement, api: NardiClient, playerId: string): () => void {
  let gone = false;
  const body = h("div", {}, t("dice.stats.loading"));
  root.append(h("section", { class: "card dice" }, h("h2", {}, t("dice.stats.title")), body));
  void api.getPlayerDice(playerId).then(
    (stats) => {
      if (gone) return;
      clear(body);
      body.append(...statsView(stats));
    },
    (error: unknown) => {
      if (gone) return;
      body.textContent = problemMessage(error);
      body.className = "error";
    },
  );
  return () => {
    gone = true;
  };
}

/** The link to a finished match's dice check (the table's page shows it once the match is over). */
export function verifyLink(tableId: string): HTMLElement {
  return h("a", { href: `#/verify/${tableId}`, "data-testid": "verify-dice", class: "dice-link" }, t("dice.verify.link"));
}

/** The link to a player's dice statistics (on their profile). */
export function diceStatsLink(playerId: string): HTMLElement {
  return h("p", {}, h("a", { href: `#/dice/${playerId}`, "data-testid": "dice-stats", class: "dice-link" }, t("dice.stats.link")));
}
