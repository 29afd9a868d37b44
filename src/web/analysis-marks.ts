/**
 * The pure half of the analysis view (./analysis.ts): each decision's mark as a class, a symbol and a word (the
 * colour is never the only sign: ?! doubtful, ? bad, ?? very bad, as annotators write them), where each decision sits
 * in the move list, and the order "Next mistake" / "Previous mistake" walk.
 */
import type { LoggedEvent } from "../protocol";
import type { Decision, LuckMark, Mark, PrWord } from "../protocol/analysis";
import { language, t, type MessageKey } from "./i18n";

export const MARKS: readonly Mark[] = ["doubtful", "bad", "very-bad"];

const SYMBOLS: Readonly<Record<Mark, string>> = { doubtful: "?!", bad: "?", "very-bad": "??" };
const MARK_KEYS: Readonly<Record<Mark, MessageKey>> = { doubtful: "analysis.mark.doubtful", bad: "analysis.mark.bad", "very-bad": "analysis.mark.veryBad" };
const LUCK_KEYS: Readonly<Record<LuckMark, MessageKey>> = {
  "very-lucky": "analysis.luck.veryLucky",
  lucky: "analysis.luck.lucky",
  unlucky: "analysis.luck.unlucky",
  "very-unlucky": "analysis.luck.veryUnlucky",
};
const PR_KEYS: Readonly<Record<PrWord, MessageKey>> = {
  "world-class": "analysis.pr.worldClass",
  expert: "analysis.pr.expert",
  advanced: "analysis.pr.advanced",
  intermediate: "analysis.pr.intermediate",
  casual: "analysis.pr.casual",
  beginner: "analysis.pr.beginner",
};

/** The annotators' symbol of a mark: ?! doubtful, ? bad, ?? very bad. */
export function markSymbol(mark: Mark): string {
  return SYMBOLS[mark];
}

/** The CSS class that colours a move with its mark. */
export function markClass(mark: Mark): string {
  return `mark-${mark}`;
}

/** The mark's word in the page's language. */
export function markLabel(mark: Mark): string {
  return t(MARK_KEYS[mark]);
}

export function luckLabel(mark: LuckMark): string {
  return t(LUCK_KEYS[mark]);
}

/** A PR's word (the server's `prWord`) in the page's language. */
export function prLabel(word: string): string {
  const key = PR_KEYS[word as PrWord];
  return key ? t(key) : word;
}

/** The worse of the marks (null: none). */
export function worstMark(marks: ReadonlyArray<Mark | null>): Mark | null {
  let worst: Mark | null = null;
  for (const m of marks) if (m !== null && (worst === null || MARKS.indexOf(m) > MARKS.indexOf(worst))) worst = m;
  return worst;
}

/** The events the move list shows as an item (./moves.ts): a play, a burned roll, a cube action. */
const ITEMS = new Set(["played", "burned", "doubled", "taken", "dropped"]);

/**
 * Each decision grouped under the move-list item it belongs to, keyed by that item's seq: the item at the decision's
 * seq, else the side's next item after it (a no-double is judged when the side rolls: it goes with the play that
 * follows). A decision with no item (a log cut short) is left out.
 */
export function decisionsByItem(events: readonly LoggedEvent[], decisions: readonly Decision[]): Map<number, Decision[]> {
  const items = events.filter(({ event }) => ITEMS.has(event.type));
  const out = new Map<number, Decision[]>();
  for (const d of decisions) {
    const item = items.find(({ seq, event }) => seq >= d.seq && "side" in event && event.side === d.side);
    if (!item) continue;
    const list = out.get(item.seq) ?? [];
    list.push(d);
    out.set(item.seq, list);
  }
  return out;
}

/** The item seqs that carry a mark, in the match's order: what "Next mistake" walks. */
export function mistakeSeqs(byItem: ReadonlyMap<number, readonly Decision[]>): number[] {
  return [...byItem]
    .filter(([, ds]) => worstMark(ds.map((d) => d.mark)) !== null)
    .map(([seq]) => seq)
    .sort((a, b) => a - b);
}

/** The first mistake after the position `at` (a seq), or null. */
export function nextMistake(seqs: readonly number[], at: number): number | null {
  return seqs.find((s) => s > at) ?? null;
}

/** The last mistake before the position `at`, or null. */
export function previousMistake(seqs: readonly number[], at: number): number | null {
  return seqs.findLast((s) => s < at) ?? null;
}

/** A normalized equity as shown: signed, three decimals ("+0.123", "−0.045"). */
export function formatEquity(n: number): string {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: "exceptZero" }).format(n);
}

/** A sum of luck as shown: signed, two decimals. */
export function formatLuck(n: number): string {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" }).format(n);
}

/** A loss as shown: three decimals, no sign. */
export function formatLoss(n: number): string {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Math.abs(n));
}

/** A chance (0…1) as a percentage with one decimal. */
export function formatChance(p: number): string {
  return new Intl.NumberFormat(language(), { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(p);
}

/** A PR or an error rate: one decimal. */
export function formatRate(n: number): string {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}
