/**
 * The move list beside the board: every roll and play of the match, hand by hand, in the viewer's own numbering
 * (spectators: White's), or in White's absolute numbering at the flip of a toggle. The latest move is marked.
 */
import { formatPlay } from "../engine/notation";
import { fromAbsolute, toAbsolute } from "../engine/position";
import { BAR, OFF, type Side, type Variant } from "../engine/types";
import type { LoggedEvent } from "../protocol";
import { sideName } from "./describe";
import { clear, h } from "./dom";
import { t } from "./i18n";

export type Numbering = "mine" | "white";

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

interface Entry {
  seq: number;
  side: Side;
  text: string;
}

interface Hand {
  hand: number;
  entries: Entry[];
}

/** The match's moves by hand: a line per roll played (or burned) and per cube action. */
export function moveList(events: readonly LoggedEvent[], variant: Variant, reader: Side): Hand[] {
  const hands: Hand[] = [];
  const dice: Record<Side, string> = { white: "", black: "" };
  const current = (): Hand => {
    if (hands.length === 0) hands.push({ hand: 1, entries: [] });
    return hands[hands.length - 1]!;
  };
  for (const { seq, event: e } of events) {
    if (e.type === "hand-started") hands.push({ hand: e.hand, entries: [] });
    else if (e.type === "opening-roll" && e.starter) dice[e.starter] = `${Math.max(e.white, e.black)}-${Math.min(e.white, e.black)}`;
    else if (e.type === "rolled") dice[e.side] = `${e.dice[0]}-${e.dice[1]}`;
    else if (e.type === "played") {
      const play = playNotation(variant, e.side, reader, e);
      current().entries.push({ seq, side: e.side, text: t("table.moves.played", { side: sideName(e.side), dice: dice[e.side], play: play || "—" }) });
    } else if (e.type === "burned") {
      current().entries.push({ seq, side: e.side, text: t("table.moves.burned", { side: sideName(e.side), dice: `${e.dice[0]}-${e.dice[1]}` }) });
    } else if (e.type === "doubled") current().entries.push({ seq, side: e.side, text: t("table.moves.doubled", { side: sideName(e.side), value: e.value }) });
    else if (e.type === "taken") current().entries.push({ seq, side: e.side, text: t("table.moves.taken", { side: sideName(e.side) }) });
    else if (e.type === "dropped") current().entries.push({ seq, side: e.side, text: t("table.moves.dropped", { side: sideName(e.side) }) });
  }
  return hands;
}

/** Fills `el` with the list; the newest entry is marked (aria-current) and scrolled into view. */
export function renderMoveList(el: HTMLElement, events: readonly LoggedEvent[], variant: Variant, reader: Side): void {
  clear(el);
  const hands = moveList(events, variant, reader);
  const last = hands.flatMap((hand) => hand.entries).at(-1);
  let currentEl: HTMLElement | null = null;
  for (const hand of hands) {
    const list = h("ol", { class: "moves-hand" });
    for (const entry of hand.entries) {
      const item = h("li", { class: `move ${entry.side}`, "data-seq": entry.seq, "data-testid": "move" }, entry.text);
      if (entry === last) {
        item.classList.add("current");
        item.setAttribute("aria-current", "step");
        currentEl = item;
      }
      list.append(item);
    }
    el.append(h("section", { class: "hand", "data-hand": hand.hand }, h("h3", {}, t("table.moves.hand", { hand: hand.hand })), list));
  }
  if (hands.length === 0) el.append(h("p", { class: "muted" }, t("table.moves.none")));
  const box = el;
  const item = currentEl as HTMLElement | null;
  if (item) box.scrollTop = item.offsetTop;
}

/** The reader whose numbering the list uses. */
export function readerOf(numbering: Numbering, viewer: Side): Side {
  return numbering === "white" ? "white" : viewer;
}
