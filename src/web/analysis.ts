/**
 * The analysis in the replay viewer (docs/replays.md#the-analysis): a finished match's `GET /v1/matches/{id}/analysis`
 * ("Analysis in progress…" while it is pending, asked again a few times), a summary per player (PR and its word,
 * error rate, marks, luck), each move in the list coloured and annotated by its mark (?! ? ??, with a legend), the
 * decision at the position shown (the played move beside the best ones with their equities, the loss, the chances,
 * the roll's luck) and "Next mistake" / "Previous mistake" (keys N and P). Also the end screen's notice that the
 * analysis is ready, with a link to it.
 */
import { ApiError, type NardiClient } from "../client";
import { parsePlay } from "../engine/notation";
import type { Side, Variant } from "../engine/types";
import type { LoggedEvent } from "../protocol";
import type { Analysis, AnalysisPending, Decision, PlayerAnalysis } from "../protocol/analysis";
import {
  decisionsByItem,
  formatChance,
  formatEquity,
  formatLoss,
  formatLuck,
  formatRate,
  luckLabel,
  markClass,
  markLabel,
  MARKS,
  markSymbol,
  mistakeSeqs,
  nextMistake,
  previousMistake,
  prLabel,
  worstMark,
} from "./analysis-marks";
import { button, h } from "./dom";
import { problemMessage } from "./errors";
import { t, type MessageKey } from "./i18n";
import { playNotation } from "./moves";
import { displayName } from "./names";

/** How long to wait before asking again while the analysis is pending (ms): about 40 s in all, then a button. */
const RETRY_DELAYS = [1500, 2500, 4000, 6000, 8000, 9000, 9000];

type Loaded = { state: "ready"; analysis: Analysis } | { state: "pending"; recorded: boolean } | { state: "none" } | { state: "error"; reason: string };

/** Asked this many times without a record, the match is taken as never recorded (no player on a seat: docs/players.md). */
const UNRECORDED_TRIES = 3;

async function ask(api: NardiClient, tableId: string): Promise<Loaded> {
  try {
    const answer: Analysis | AnalysisPending = await api.getAnalysis(tableId);
    return answer.status === "ready" ? { state: "ready", analysis: answer } : { state: "pending", recorded: true };
  } catch (err) {
    // The record reaches D1 a moment after the match ends: until then there is no match to analyse yet.
    if (err instanceof ApiError && err.code === "MATCH_NOT_FOUND") return { state: "pending", recorded: false };
    if (err instanceof ApiError && err.status === 404) return { state: "none" };
    return { state: "error", reason: problemMessage(err) };
  }
}

/**
 * Asks for the analysis until it is ready (or `RETRY_DELAYS` run out: `late`; a match still not recorded after
 * `UNRECORDED_TRIES`: `none`), telling `on` each state; stops when `alive()` turns false (the screen was left).
 */
function poll(api: NardiClient, tableId: string, alive: () => boolean, on: (loaded: Loaded | { state: "late" }) => void): void {
  let attempt = 0;
  let unrecorded = 0;
  const once = (): void => {
    void ask(api, tableId).then((loaded) => {
      if (!alive()) return;
      if (loaded.state !== "pending") return on(loaded);
      unrecorded = loaded.recorded ? 0 : unrecorded + 1;
      if (unrecorded >= UNRECORDED_TRIES) return on({ state: "none" });
      const delay = RETRY_DELAYS[attempt++];
      if (delay === undefined) return on({ state: "late" });
      on(loaded);
      setTimeout(() => alive() && once(), delay);
    });
  };
  once();
}

export interface AnalysisViewOptions {
  api: NardiClient;
  tableId: string;
  events: readonly LoggedEvent[];
  variant: Variant;
  names: Record<Side, string>;
  /** The match is over (a running one is not analysed yet). */
  over: boolean;
  /** Shows the position of this seq. */
  go: (seq: number) => void;
  /** The side whose numbering the move list uses now. */
  reader: () => Side;
}

export interface AnalysisView {
  el: HTMLElement;
  /** Draws the decision at the position `at` (a seq) and marks the move list `list` (drawn again by the viewer). */
  render(at: number, list: HTMLElement): void;
  /** "Next mistake" / "Previous mistake": false when there is none that way. */
  next(): boolean;
  previous(): boolean;
}

const SIDES: readonly Side[] = ["white", "black"];

export function analysisView(opts: AnalysisViewOptions): AnalysisView {
  const status = h("p", { class: "muted analysis-status", "data-testid": "analysis-status", role: "status" });
  const summary = h("div", { class: "analysis-summary" });
  const legend = h(
    "p",
    { class: "analysis-legend", "data-testid": "analysis-legend" },
    t("analysis.legend"),
    ...MARKS.map((m) => h("span", { class: `mark ${markClass(m)}` }, h("b", { class: "mark-symbol", "aria-hidden": "true" }, markSymbol(m)), " ", markLabel(m))),
  );
  const prev = button(t("analysis.prevMistake"), "analysis-prev-mistake", () => void previous(), "secondary");
  const next = button(t("analysis.nextMistake"), "analysis-next-mistake", () => void goNext(), "secondary");
  prev.setAttribute("aria-keyshortcuts", "P");
  next.setAttribute("aria-keyshortcuts", "N");
  prev.title = t("analysis.prevMistake.key");
  next.title = t("analysis.nextMistake.key");
  const nav = h("div", { class: "row analysis-nav" }, prev, next);
  const decision = h("div", { class: "analysis-decision", "data-testid": "analysis-decision", "aria-live": "polite" });
  const el = h("section", { class: "card analysis", "data-testid": "analysis", "data-state": "loading" }, h("h3", {}, t("analysis.title")), status, summary, legend, nav, decision);

  let analysis: Analysis | null = null;
  let byItem = new Map<number, Decision[]>();
  let mistakes: number[] = [];
  let at = -1;
  let list: HTMLElement | null = null;

  const setState = (state: string, text: string) => {
    el.setAttribute("data-state", state);
    status.textContent = text;
    status.hidden = text === "";
  };
  const extras = [summary, legend, nav, decision];
  const showExtras = (shown: boolean) => {
    for (const x of extras) x.hidden = !shown;
  };
  showExtras(false);

  const start = () =>
    poll(opts.api, opts.tableId, () => el.isConnected || el.getAttribute("data-state") === "loading", (loaded) => {
      if (loaded.state === "ready") {
        analysis = loaded.analysis;
        byItem = decisionsByItem(opts.events, analysis.decisions);
        mistakes = mistakeSeqs(byItem);
        setState("ready", "");
        summary.replaceChildren(summaryTable(analysis, opts.names));
        showExtras(true);
        if (list) draw();
      } else if (loaded.state === "pending") setState("pending", t("analysis.pending"));
      else if (loaded.state === "late") {
        setState("late", t("analysis.late"));
        status.append(" ", button(t("analysis.retry"), "analysis-retry", () => (setState("pending", t("analysis.pending")), start()), "secondary"));
      } else if (loaded.state === "none") setState("none", t("analysis.none"));
      else setState("error", t("analysis.failed", { reason: loaded.reason }));
    });
  if (opts.over) {
    setState("loading", t("analysis.pending"));
    start();
  } else setState("running", t("analysis.running"));

  function draw(): void {
    if (!analysis || !list) return;
    markMoveList(list, byItem);
    const current = currentItem(list, at);
    const here = current === null ? [] : (byItem.get(current) ?? []);
    decision.replaceChildren(...(here.length === 0 ? [h("p", { class: "muted" }, t("analysis.noDecision"))] : here.map((d) => decisionCard(d, opts))));
    decision.setAttribute("data-seq", current === null ? "" : String(current));
    decision.setAttribute("data-mark", worstMark(here.map((d) => d.mark)) ?? "");
    prev.disabled = previousMistake(mistakes, at) === null;
    next.disabled = nextMistake(mistakes, at) === null;
    el.setAttribute("data-mistakes", String(mistakes.length));
  }
  function goNext(): boolean {
    const seq = analysis ? nextMistake(mistakes, at) : null;
    if (seq !== null) opts.go(seq);
    return seq !== null;
  }
  function previous(): boolean {
    const seq = analysis ? previousMistake(mistakes, at) : null;
    if (seq !== null) opts.go(seq);
    return seq !== null;
  }
  return {
    el,
    render(seq, moves) {
      at = seq;
      list = moves;
      draw();
    },
    next: goNext,
    previous,
  };
}

/** The seq of the move list's current item (the latest at or before `at`). */
function currentItem(list: HTMLElement, at: number): number | null {
  const seq = list.querySelector<HTMLElement>('[data-testid="move"].current')?.getAttribute("data-seq");
  return seq === undefined || seq === null || Number(seq) > at ? null : Number(seq);
}

/** Colours each move of the list by its worst mark and writes the mark's symbol after it (the word for screen readers). */
function markMoveList(list: HTMLElement, byItem: ReadonlyMap<number, readonly Decision[]>): void {
  for (const item of list.querySelectorAll<HTMLElement>('[data-testid="move"][data-seq]')) {
    const mark = worstMark((byItem.get(Number(item.getAttribute("data-seq"))) ?? []).map((d) => d.mark));
    if (mark === null || item.hasAttribute("data-mark")) continue;
    item.classList.add(markClass(mark));
    item.setAttribute("data-mark", mark);
    item.title = markLabel(mark);
    item.append(" ", h("b", { class: "mark-symbol", "aria-hidden": "true" }, markSymbol(mark)), h("span", { class: "visually-hidden" }, ` (${markLabel(mark)})`));
  }
}

function summaryTable(analysis: Analysis, names: Record<Side, string>): HTMLElement {
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t("analysis.col.player")),
    h("th", { scope: "col", title: t("analysis.col.pr.about") }, t("analysis.col.pr")),
    h("th", { scope: "col", title: t("analysis.col.errorRate.about") }, t("analysis.col.errorRate")),
    ...MARKS.map((m) => h("th", { scope: "col", title: markLabel(m), class: markClass(m) }, markSymbol(m))),
    h("th", { scope: "col", title: t("analysis.col.luck.about") }, t("analysis.col.luck")),
  );
  const row = (side: Side, p: PlayerAnalysis) =>
    h(
      "tr",
      { "data-testid": "analysis-player", "data-side": side, "data-pr": p.pr, "data-word": p.prWord },
      h("th", { scope: "row", class: `analysis-name ${side}` }, displayName(names[side])),
      h("td", {}, formatRate(p.pr), h("br", {}), h("small", { "data-testid": "analysis-pr-word" }, prLabel(p.prWord))),
      h("td", { title: t("analysis.decisions", { count: p.decisions }) }, formatRate(p.errorRate)),
      h("td", { "data-mark": "doubtful" }, String(p.marks.doubtful)),
      h("td", { "data-mark": "bad" }, String(p.marks.bad)),
      h("td", { "data-mark": "very-bad" }, String(p.marks.veryBad)),
      h("td", {}, formatLuck(p.luck)),
    );
  return h(
    "table",
    { class: "analysis-players", "data-testid": "analysis-summary" },
    h("caption", { class: "visually-hidden" }, t("analysis.summary")),
    h("thead", {}, head),
    h("tbody", {}, ...SIDES.map((side) => row(side, analysis.players[side]))),
  );
}

/** A candidate play in the move list's numbering (the analysis writes the mover's own). */
function shownPlay(opts: AnalysisViewOptions, mover: Side, play: string): string {
  const parsed = parsePlay(play);
  const text = parsed.ok ? playNotation(opts.variant, mover, opts.reader(), { notation: play, steps: parsed.value }) : play;
  return text || "—";
}

const CUBE_KEYS: Readonly<Record<string, MessageKey>> = {
  "no-double": "analysis.cube.noDouble",
  double: "analysis.cube.double",
  take: "analysis.cube.take",
  drop: "analysis.cube.drop",
};

function decisionCard(d: Decision, opts: AnalysisViewOptions): HTMLElement {
  const name = displayName(opts.names[d.side]);
  const mark = d.mark;
  const verdict = !d.counted
    ? h("span", { class: "muted" }, t("analysis.notCounted"))
    : mark === null
      ? h("span", {}, t(d.loss > 0 ? "analysis.lossSmall" : "analysis.best", { loss: formatLoss(d.loss) }))
      : h("span", { class: `mark ${markClass(mark)}` }, h("b", { class: "mark-symbol", "aria-hidden": "true" }, markSymbol(mark)), " ", t("analysis.loss", { mark: markLabel(mark), loss: formatLoss(d.loss) }));
  const parts: HTMLElement[] = [];
  const x = d.decision;
  if (x.kind === "play") {
    parts.push(h("p", { class: "analysis-head" }, h("strong", {}, t("analysis.head.play", { name, dice: `${x.dice[0]}-${x.dice[1]}` })), " · ", verdict));
    const rows = x.best.map((c, i) => ({ rank: String(i + 1), c, played: c.play === x.played.play }));
    if (!rows.some((r) => r.played)) rows.push({ rank: "", c: x.played, played: true });
    parts.push(
      h(
        "table",
        { class: "analysis-candidates", "data-testid": "analysis-candidates" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("analysis.col.play")), h("th", { scope: "col" }, t("analysis.col.equity")))),
        h(
          "tbody",
          {},
          ...rows.map((r) =>
            h(
              "tr",
              { class: r.played ? "played" : null, "data-testid": r.played ? "analysis-played" : "analysis-candidate" },
              h("td", {}, r.rank),
              h("td", {}, shownPlay(opts, d.side, r.c.play), r.played ? h("small", { class: "muted" }, ` (${t("analysis.played")})`) : null),
              h("td", {}, formatEquity(r.c.equity)),
            ),
          ),
        ),
      ),
    );
  } else {
    const did = t(CUBE_KEYS[x.action]!);
    const right = t(CUBE_KEYS[x.right]!);
    parts.push(h("p", { class: "analysis-head" }, h("strong", {}, t("analysis.head.cube", { name, action: did })), " · ", verdict));
    parts.push(
      h(
        "p",
        { class: "analysis-cube", "data-testid": "analysis-cube" },
        t("analysis.cube.right", { right }),
        h("br", {}),
        t("analysis.cube.equities", { noDouble: formatEquity(x.noDouble), take: formatEquity(x.doubleTake), drop: formatEquity(x.doubleDrop) }),
      ),
    );
  }
  const c = d.chances;
  parts.push(
    h(
      "p",
      { class: "analysis-chances", "data-testid": "analysis-chances" },
      t("analysis.chances", {
        name,
        win: formatChance(c.win),
        mars: formatChance(c.winMars),
        koks: formatChance(c.winKoks),
        loseMars: formatChance(c.loseMars),
        loseKoks: formatChance(c.loseKoks),
      }),
    ),
  );
  if (d.luck) {
    parts.push(
      h(
        "p",
        { class: "analysis-luck", "data-testid": "analysis-luck", "data-luck": d.luck.mark ?? "" },
        t(d.luck.mark ? "analysis.rollLuckMarked" : "analysis.rollLuck", { luck: formatEquity(d.luck.value), mark: d.luck.mark ? luckLabel(d.luck.mark) : "" }),
      ),
    );
  }
  return h("div", { class: "analysis-item", "data-testid": "analysis-item", "data-kind": x.kind, "data-side": d.side, "data-mark": mark ?? "", "data-seq": d.seq }, ...parts);
}

/** The end screen's line: "Analysis in progress…", then "The analysis is ready" with a link to the replay; kept across the screen's redraws. */
let notice: { tableId: string; el: HTMLElement; polling: boolean } | null = null;

export function analysisNotice(api: NardiClient, tableId: string, href: string): HTMLElement {
  if (notice?.tableId !== tableId) {
    notice = { tableId, el: h("p", { class: "muted end-analysis", "data-testid": "end-analysis", "data-state": "pending" }, t("analysis.pending")), polling: false };
  }
  const current = notice;
  if (!current.polling && current.el.getAttribute("data-state") === "pending") {
    current.polling = true;
    // The screen draws the panel again on every message: the line stays while it is on the page, or about to be put back.
    let misses = 0;
    const alive = () => {
      misses = current.el.isConnected ? 0 : misses + 1;
      if (misses < 2) return true;
      current.polling = false;
      return false;
    };
    poll(api, tableId, alive, (loaded) => {
      const el = current.el;
      el.setAttribute("data-state", loaded.state);
      if (loaded.state === "ready") {
        el.classList.remove("muted");
        el.replaceChildren(t("analysis.end.ready"), " ", h("a", { href, "data-testid": "end-analysis-link" }, t("analysis.end.open")));
      } else if (loaded.state === "pending") el.textContent = t("analysis.pending");
      else if (loaded.state === "late") el.textContent = t("analysis.end.late");
      else el.hidden = true;
      if (loaded.state !== "pending") current.polling = false;
    });
  }
  return current.el;
}
