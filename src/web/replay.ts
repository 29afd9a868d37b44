/**
 * The replay viewer, `#/replay/<tableId>[/<seq>]`: any finished match (or a running one, as far as it has gone),
 * rebuilt from its event log with the engine (src/protocol/export). Step by move or by hand, jump anywhere by the
 * slider or the move list (the table's list, a turn per row, in the same numbering and with the same toggle); the
 * board keeps its place while stepping (the list sits beside it on a desktop) and always shows dice: those held, else
 * the last roll's, spent, else blank ones before a hand's first roll; the URL always names the position shown, so it can be shared. The log comes from
 * `GET /v1/tables/{id}/events`, or from the stored record (`GET /v1/matches/{id}`) once the table is gone; the
 * match files come from `GET /v1/tables/{id}/record`.
 */
import { ApiError, type NardiClient } from "../client";
import { analysisView } from "./analysis";
import type { Side } from "../engine/types";
import type { LoggedEvent, RecordFormat } from "../protocol";
import { handStarts, replayLog, type Replay, type ReplayFrame } from "../protocol/export";
import { renderBoard } from "./board";
import { describeEvent } from "./describe";
import { button, clear, h } from "./dom";
import { problemMessage } from "./errors";
import { t, type MessageKey } from "./i18n";
import { loadNumbering, readerOf, renderMoveList, saveNumbering, type Numbering } from "./moves";
import { displayName, presetName } from "./names";
import { loadSeat } from "./store";

export interface ReplayOptions {
  api: NardiClient;
  tableId: string;
  /** The visitor's seat token at this table, if any: a table without spectators shows its log only to its seats. */
  token: string | null;
  /** The seq to open at (from the link), else the start. */
  at: number | null;
}

/** The viewer's address for a table, at one position when `seq` is given. */
export function replayHref(tableId: string, seq?: number): string {
  return `#/replay/${tableId}${seq === undefined ? "" : `/${seq}`}`;
}

/** The link other screens show (the end of a match, a spectator's table, a profile's match list). */
export function replayLink(tableId: string): HTMLAnchorElement {
  return h("a", { href: replayHref(tableId), class: "replay-link", "data-testid": "replay-link" }, t("replay.open"));
}

async function loadLog(api: NardiClient, tableId: string, token: string | null): Promise<LoggedEvent[]> {
  try {
    return (await api.getEvents(tableId, 0, token ? { token } : {})).events;
  } catch (err) {
    if (err instanceof ApiError && err.code === "TABLE_NOT_FOUND") return (await api.getMatchRecord(tableId)).events;
    throw err;
  }
}

const FORMATS: ReadonlyArray<[RecordFormat, MessageKey]> = [
  ["json", "replay.formatJson"],
  ["mat", "replay.formatMat"],
  ["txt", "replay.formatTxt"],
];

/** A download link; with a seat token the file is fetched with it (a plain link cannot send the header). */
function download(api: NardiClient, tableId: string, format: RecordFormat, label: string, token: string | null): HTMLAnchorElement {
  const href = `${api.baseUrl}/v1/tables/${tableId}/record?format=${format}`;
  const a = h("a", { href, download: `${tableId}.${format}`, "data-testid": `record-${format}` }, label);
  if (token) {
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      void fetch(href, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => {
        if (!res.ok) return;
        const url = URL.createObjectURL(await res.blob());
        const save = h("a", { href: url, download: `${tableId}.${format}` });
        save.click();
        URL.revokeObjectURL(url);
      });
    });
  }
  return a;
}

/** The sentence for one frame: the live table's narrator, naming the sides by their players' names. */
export function frameText(frame: ReplayFrame, names: Record<Side, string>): string {
  return describeEvent(frame.event, (side) => displayName(names[side])) ?? "";
}

function cubeText(frame: ReplayFrame): string {
  const { value, owner } = frame.cube;
  return t(owner === "white" ? "replay.cubeWhite" : owner === "black" ? "replay.cubeBlack" : "replay.cubeMiddle", { value });
}

/** Why the log could not be read, in the visitor's words. */
function loadError(err: unknown): string {
  if (err instanceof ApiError && err.code === "SPECTATORS_DISABLED") return t("replay.private");
  if (err instanceof ApiError && (err.code === "MATCH_NOT_FOUND" || err.code === "TABLE_NOT_FOUND")) return t("replay.notFound");
  return t("replay.failed", { reason: problemMessage(err) });
}

export function mountReplay(root: HTMLElement, opts: ReplayOptions): () => void {
  const { api, tableId, token } = opts;
  let live = true;
  clear(root);
  const view = h("section", { class: "replay", "data-testid": "replay", "data-table-id": tableId, "data-state": "loading" }, h("p", {}, t("replay.loading")));
  root.append(view);
  const fail = (text: string) => {
    view.replaceChildren(h("p", { class: "error", "data-testid": "replay-error" }, text));
    view.setAttribute("data-state", "error");
  };

  /** Reads the whole log and shows it at `at` (a running match is read again by its refresh button). */
  const load = (at: number | null): void => {
    view.setAttribute("data-state", "loading");
    void loadLog(api, tableId, token)
      .then((events) => {
        if (!live) return;
        const replayed = replayLog(events, tableId);
        if (!replayed.ok) {
          // The replayer's reason is for developers (English, the engine's words): the console keeps it, the page says why in its language.
          console.warn(`replay: the log does not replay at event ${replayed.seq}: ${replayed.message}`);
          return fail(t("replay.broken", { seq: replayed.seq, reason: t("dice.verify.badEvent") }));
        }
        if (replayed.replay.frames.length === 0) return fail(t("replay.notStarted"));
        show(view, replayed.replay, { ...opts, at }, load);
      })
      .catch((err: unknown) => {
        if (live) fail(loadError(err));
      });
  };
  load(opts.at);
  return () => {
    live = false;
  };
}

/** The dice drawn at a position: those held, else the hand's last roll (spent), else blank dice (no roll yet). */
export function replayDice(frames: readonly ReplayFrame[], index: number): { dice: [number, number] | null; side: Side | null; spent: boolean } {
  const frame = frames[index]!;
  if (frame.dice) return { dice: frame.dice, side: frame.turn, spent: false };
  for (let i = index; i >= 0; i--) {
    const f = frames[i]!;
    if (f.hand !== frame.hand) break;
    const e = f.event;
    if (e.type === "rolled") return { dice: e.dice, side: e.side, spent: true };
    if (e.type === "burned") return { dice: e.dice, side: e.side, spent: true };
    if (e.type === "opening-roll" && e.starter) return { dice: [Math.max(e.white, e.black), Math.min(e.white, e.black)], side: e.starter, spent: true };
  }
  return { dice: null, side: null, spent: false };
}

function show(view: HTMLElement, replay: Replay, opts: ReplayOptions, reload: (at: number) => void): void {
  const { frames, ruleset, names } = replay;
  const starts = handStarts(frames);
  const atSeq = opts.at;
  let index = atSeq === null ? 0 : Math.max(0, frames.findLastIndex((f) => f.seq <= atSeq));
  // The move list's numbering: the visitor's own when they hold a seat at this table, else White's (as at the table).
  const seat = loadSeat(opts.tableId)?.seat ?? null;
  let numbering: Numbering = loadNumbering();
  const events = frames.map((f) => ({ seq: f.seq, at: f.at, event: f.event }));

  const boardBox = h("div", { class: "board-box" });
  const eventEl = h("p", { class: "replay-event", "data-testid": "replay-event", role: "status", "aria-live": "polite" });
  const scoreEl = h("p", { class: "scoreline", "data-testid": "replay-score" });
  const positionEl = h("span", { "data-testid": "replay-position" });
  const slider = h("input", { type: "range", min: 0, max: frames.length - 1, step: 1, "data-testid": "replay-jump", "aria-label": t("replay.jump") });
  const share = h("input", { readonly: true, "data-testid": "replay-share", "aria-label": t("replay.share") });
  const list = h("div", { class: "moves replay-moves", "data-testid": "replay-moves", tabindex: 0, "aria-label": t("replay.moves") });
  const numberingButton = button("", "numbering", () => {
    numbering = numbering === "mine" ? "white" : "mine";
    saveNumbering(numbering);
    render();
  });
  numberingButton.setAttribute("title", t("table.tools.numberingHelp"));
  // As at the table: only a seat holder has numbers of their own; everyone else reads White's.
  numberingButton.hidden = seat === null;
  const first = button(t("replay.first"), "replay-first", () => go(0), "secondary");
  const prevHand = button(t("replay.prevHand"), "replay-prev-hand", () => go([...starts].reverse().find((s) => s < index) ?? 0), "secondary");
  const prev = button(t("replay.prev"), "replay-prev", () => go(index - 1), "secondary");
  const next = button(t("replay.next"), "replay-next", () => go(index + 1), "primary");
  const nextHand = button(t("replay.nextHand"), "replay-next-hand", () => go(starts.find((s) => s > index) ?? frames.length - 1), "secondary");
  const last = button(t("replay.last"), "replay-last", () => go(frames.length - 1), "secondary");
  slider.addEventListener("input", () => go(Number(slider.value)));
  // A match still running: its newer events are read on request (the position shown stays).
  const running = frames.at(-1)!.event.type !== "match-ended";
  const refresh = running ? button(t("replay.refresh"), "replay-refresh", () => reload(frames[index]!.seq), "secondary") : null;
  const analysis = analysisView({
    api: opts.api,
    tableId: opts.tableId,
    events,
    variant: ruleset.variant,
    names,
    over: !running,
    go: (seq) => go(frames.findIndex((f) => f.seq === seq)),
    reader: () => readerOf(numbering, seat ?? "white"),
  });

  const preset = presetName(ruleset.preset);
  const downloads = h(
    "p",
    { class: "row replay-downloads" },
    t("replay.download"),
    ...FORMATS.filter(([format]) => format !== "mat" || ruleset.variant === "short").map(([format, key]) => download(opts.api, replay.tableId ?? opts.tableId, format, t(key), opts.token)),
  );
  view.replaceChildren(
    h("h2", {}, t("replay.title", { white: displayName(names.white), black: displayName(names.black) })),
    h("p", { class: "muted", "data-testid": "replay-info" }, t("replay.info", { preset, count: replay.length })),
    h(
      "div",
      { class: "replay-layout" },
      h(
        "div",
        { class: "replay-main" },
        boardBox,
        scoreEl,
        eventEl,
        h("div", { class: "row replay-controls" }, first, prevHand, prev, next, nextHand, last, refresh),
        h("label", { class: "row replay-jump" }, positionEl, slider),
      ),
      h(
        "aside",
        { class: "replay-side" },
        analysis.el,
        h("section", { class: "moves-panel card" }, h("div", { class: "row replay-moves-head" }, h("h3", {}, t("replay.moves")), numberingButton), list),
        h("label", { class: "row replay-share" }, h("span", {}, t("replay.share")), share),
        downloads,
      ),
    ),
  );
  view.setAttribute("data-state", "ready");
  view.setAttribute("data-count", String(frames.length));
  view.tabIndex = 0;
  // Assigned, not added: a refreshed match is shown again on the same element.
  view.onkeydown = (ev) => {
    if (ev.target instanceof HTMLInputElement) return;
    // N and P: the next and the previous mistake (./analysis.ts).
    const key = ev.ctrlKey || ev.metaKey || ev.altKey ? "" : ev.key.toLowerCase();
    if ((key === "n" && analysis.next()) || (key === "p" && analysis.previous())) return ev.preventDefault();
    const to: Record<string, () => number> = {
      ArrowLeft: () => index - 1,
      ArrowRight: () => index + 1,
      Home: () => 0,
      End: () => frames.length - 1,
    };
    const target = to[ev.key];
    if (!target) return;
    ev.preventDefault();
    go(target());
  };

  function go(i: number): void {
    index = Math.min(frames.length - 1, Math.max(0, i));
    render();
    const href = replayHref(opts.tableId, frames[index]!.seq);
    if (location.hash !== href) history.replaceState(null, "", href);
  }

  function render(): void {
    const frame = frames[index]!;
    const cubeShown = ruleset.cube && replay.length > 1 && !frame.crawford;
    const dice = replayDice(frames, index);
    boardBox.replaceChildren(
      renderBoard({
        variant: ruleset.variant,
        board: frame.board,
        viewer: "white",
        dice: dice.dice,
        diceSide: dice.side,
        usedDice: dice.spent ? [true, true, true, true] : undefined,
        blankDice: dice.dice === null,
        cube: cubeShown ? frame.cube : null,
      }),
    );
    const facts = [t("replay.score", { white: frame.score.white, black: frame.score.black }), t("replay.hand", { hand: frame.hand })];
    if (cubeShown) facts.push(cubeText(frame));
    if (frame.crawford) facts.push(t("replay.crawford"));
    scoreEl.textContent = facts.join(" · ");
    scoreEl.setAttribute("data-white", String(frame.score.white));
    scoreEl.setAttribute("data-black", String(frame.score.black));
    eventEl.textContent = frameText(frame, names);
    positionEl.textContent = t("replay.position", { index: index + 1, total: frames.length });
    slider.value = String(index);
    share.value = `${location.origin}${location.pathname}${replayHref(opts.tableId, frame.seq)}`;
    numberingButton.textContent = t(numbering === "mine" ? "table.tools.numberingMine" : "table.tools.numberingWhite");
    renderMoveList(list, events, ruleset.variant, readerOf(numbering, seat ?? "white"), {
      at: frame.seq,
      onPick: (seq) => {
        go(frames.findIndex((f) => f.seq === seq));
        // The list was drawn again: focus stays on the move picked.
        list.querySelector<HTMLElement>(`[data-seq="${seq}"]`)?.focus({ preventScroll: true });
      },
    });
    analysis.render(frame.seq, list);
    first.disabled = prev.disabled = prevHand.disabled = index === 0;
    next.disabled = nextHand.disabled = last.disabled = index === frames.length - 1;
    view.setAttribute("data-index", String(index));
    view.setAttribute("data-seq", String(frame.seq));
  }

  go(index);
}
