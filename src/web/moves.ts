/**
 * The move list beside the board (and in the replay viewer): every roll and play of the match, hand by hand, a turn
 * per row — "1. <White's play> <Black's play>" — numbered from 1 in each hand; when Black starts a hand, row 1's
 * White cell is "…". Cube actions sit in the doubler's cell (the answer, named, right after the offer). Plays are
 * written in the reader's own numbering (spectators: White's), or in White's absolute numbering at the flip of a
 * toggle kept in localStorage for the table and the replay alike. The latest move is marked.
 */
import { formatPlay } from "../engine/notation";
import { fromAbsolute, toAbsolute } from "../engine/position";
import { BAR, OFF, type Side, type Variant } from "../engine/types";
import type { LoggedEvent } from "../protocol";
import { sideName } from "./describe";
import { clear, h } from "./dom";
import { t } from "./i18n";

export type Numbering = "mine" | "white";

const NUMBERING_KEY = "nardi.numbering";

/** The numbering chosen last (the table's toggle and the replay's share it). */
export function loadNumbering(): Numbering {
  try {
    return localStorage.getItem(NUMBERING_KEY) === "white" ? "white" : "mine";
  } catch {
    return "mine";
  }
}

export function saveNumbering(numbering: Numbering): void {
  localStorage.setItem(NUMBERING_KEY, numbering);
}

type Step = { from: number; to: number; hit: boolean };

/** A step of `mover` (own numbering) in `reader`'s own numbering; the bar and the tray keep their names. */
function renumber(variant: Variant, mover: Side, reader: Side, step: Step): Step {
  const point = (p: number) => (p === BAR || p === OFF ? p : fromAbsolute(variant, reader, toAbsolute(variant, mover, p)));
  return { from: point(step.from), to: point(step.to), hit: step.hit };
}

/** A play written in `reader`'s numbering (the server's own notation when the reader is the mover). */
export function playNotation(variant: Variant, mover: Side, reader: Side, e: { notation: string; steps: Step[] }): string {
  return mover === reader ? e.notation : formatPlay(e.steps.map((s) => renumber(variant, mover, reader, s)));
}

/** One thing a side did in its turn: a play (or a burned roll), which ends the turn, or a cube action. */
export interface MoveItem {
  seq: number;
  side: Side;
  text: string;
  /** A play or a burned roll: the side's turn is over. */
  ends: boolean;
}

/** A turn per row: what White did, then what Black did. */
export interface MoveRow {
  turn: number;
  white: MoveItem[];
  black: MoveItem[];
}

export interface HandMoves {
  hand: number;
  rows: MoveRow[];
}

/** The match's moves by hand, a turn per row (see the file's comment). */
export function moveTable(events: readonly LoggedEvent[], variant: Variant, reader: Side): HandMoves[] {
  const hands: HandMoves[] = [];
  const dice: Record<Side, string> = { white: "", black: "" };
  let doubler: Side | null = null;
  const current = (): HandMoves => {
    if (hands.length === 0) hands.push({ hand: 1, rows: [] });
    return hands[hands.length - 1]!;
  };
  /** Puts an item in `cell`'s column: a new row once that side's turn in this row is over, or Black has acted in it. */
  const put = (cell: Side, item: MoveItem) => {
    const hand = current();
    let row = hand.rows.at(-1);
    if (!row || row[cell].some((i) => i.ends) || (cell === "white" && row.black.length > 0)) {
      row = { turn: hand.rows.length + 1, white: [], black: [] };
      hand.rows.push(row);
    }
    row[cell].push(item);
  };
  for (const { seq, event: e } of events) {
    if (e.type === "hand-started") {
      hands.push({ hand: e.hand, rows: [] });
      doubler = null;
    } else if (e.type === "opening-roll" && e.starter) dice[e.starter] = `${Math.max(e.white, e.black)}-${Math.min(e.white, e.black)}`;
    else if (e.type === "rolled") dice[e.side] = `${e.dice[0]}-${e.dice[1]}`;
    else if (e.type === "played") {
      const play = playNotation(variant, e.side, reader, e);
      put(e.side, { seq, side: e.side, ends: true, text: t("table.moves.cell.played", { dice: dice[e.side], play: play || "—" }) });
    } else if (e.type === "burned") {
      put(e.side, { seq, side: e.side, ends: true, text: t("table.moves.cell.burned", { dice: `${e.dice[0]}-${e.dice[1]}` }) });
    } else if (e.type === "doubled") {
      doubler = e.side;
      put(e.side, { seq, side: e.side, ends: false, text: t("table.moves.cell.doubled", { value: e.value }) });
    } else if (e.type === "taken" || e.type === "dropped") {
      const key = e.type === "taken" ? "table.moves.cell.taken" : "table.moves.cell.dropped";
      put(doubler ?? e.side, { seq, side: e.side, ends: false, text: t(key, { side: sideName(e.side) }) });
    }
  }
  return hands;
}

/** How the list is drawn: plain lines (the table), or buttons that jump to the position (the replay). */
export interface MoveListOptions {
  /** The seq to mark as the current move: the latest item at or before it. Default: the latest item. */
  at?: number;
  /** Makes each item a button that calls this with its seq. */
  onPick?: (seq: number) => void;
}

/**
 * Fills `el` with the list, a table per hand (the turn's number, White's cell, Black's cell); the current item is
 * marked (aria-current) and scrolled into view inside the list. Returns the current item's element.
 */
export function renderMoveList(el: HTMLElement, events: readonly LoggedEvent[], variant: Variant, reader: Side, opts: MoveListOptions = {}): HTMLElement | null {
  const scroll = el.scrollTop;
  clear(el);
  const hands = moveTable(events, variant, reader);
  const items = hands.flatMap((hand) => hand.rows.flatMap((row) => [...row.white, ...row.black]));
  const at = opts.at;
  let current: MoveItem | undefined;
  for (const item of items) if (at === undefined || item.seq <= at) if (!current || item.seq > current.seq) current = item;
  let currentEl: HTMLElement | null = null;
  const cell = (side: Side, list: MoveItem[], first: boolean) => {
    const td = h("td", { class: `move-cell ${side}` });
    if (list.length === 0 && first) td.append(h("span", { class: "muted", "aria-label": t("table.moves.noTurn") }, "…"));
    for (const item of list) {
      const attrs = { class: `move ${item.side}`, "data-seq": item.seq, "data-testid": "move" };
      const itemEl = opts.onPick ? h("button", { ...attrs, type: "button" }, item.text) : h("span", attrs, item.text);
      if (opts.onPick) {
        const pick = opts.onPick;
        itemEl.addEventListener("click", () => pick(item.seq));
      }
      if (item === current) {
        itemEl.classList.add("current");
        itemEl.setAttribute("aria-current", "step");
        currentEl = itemEl;
      }
      td.append(itemEl);
    }
    return td;
  };
  for (const hand of hands) {
    const body = h("tbody", {});
    for (const row of hand.rows) {
      body.append(
        h(
          "tr",
          { "data-turn": row.turn, "data-testid": "move-row" },
          h("th", { scope: "row", class: "turn-no", "data-testid": "move-no" }, `${row.turn}.`),
          cell("white", row.white, row.turn === 1),
          cell("black", row.black, false),
        ),
      );
    }
    const head = h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "turn-no" }, "#"), h("th", { scope: "col" }, t("table.side.white")), h("th", { scope: "col" }, t("table.side.black"))));
    el.append(
      h("section", { class: "hand", "data-hand": hand.hand }, h("h3", {}, t("table.moves.hand", { hand: hand.hand })), h("table", { class: "move-table" }, head, body)),
    );
  }
  if (hands.length === 0) el.append(h("p", { class: "muted" }, t("table.moves.none")));
  el.scrollTop = scroll;
  const item = currentEl as HTMLElement | null;
  if (item) {
    // Keep the current move in view inside the list (never by scrolling the page, which would move the board).
    const top = item.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
    if (el.scrollHeight > el.clientHeight && (top < el.scrollTop || top + item.offsetHeight > el.scrollTop + el.clientHeight)) {
      el.scrollTop = top - el.clientHeight / 2;
    }
  }
  return item;
}

/** The reader whose numbering the list uses. */
export function readerOf(numbering: Numbering, viewer: Side): Side {
  return numbering === "white" ? "white" : viewer;
}
