/**
 * Moving by dragging, with a mouse, a pen or a finger: press on a checker that may move, drag (the checker follows
 * the pointer and its destinations light up), release on a destination. Released anywhere else, the checker goes
 * back to its place (still picked, its destinations lit). Clicking (tapping) a checker and then a destination works
 * as before. Only a press on a checker that may move is a drag: elsewhere the page still scrolls under a finger.
 */
import type { Side } from "../engine/types";
import { flyingChecker, slotOf, type Slot } from "./board";

export interface DragHooks {
  /** May a drag start from this place? */
  canStart(slot: Slot): boolean;
  /** The drag has begun: select the checker (the board is redrawn with its destinations). */
  start(slot: Slot): void;
  /** Released over `slot` (null: off the board). */
  drop(slot: Slot | null): void;
  /** The side whose checker is dragged (drawn under the pointer). */
  side(): Side | null;
}

const THRESHOLD_PX = 8;

/** The board's own coordinates (its viewBox) of a point on the screen. */
function boardPoint(svg: SVGSVGElement, x: number, y: number): { x: number; y: number } {
  const m = svg.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/** Listens on `box` (which holds the board) and the window; returns the clean-up. */
export function enableDrag(box: HTMLElement, hooks: DragHooks): () => void {
  let press: { id: number; slot: Slot; x: number; y: number; dragging: boolean; target: EventTarget | null } | null = null;
  let ghost: SVGGElement | null = null;
  let swallowClick = false;

  /** The board drawn now (a render during the drag replaces it). */
  const board = () => box.querySelector<SVGSVGElement>("svg.board");

  /** Draws the picked-up checker under the pointer, on the board drawn now. */
  const follow = (x: number, y: number) => {
    const svg = board();
    const side = hooks.side();
    if (!svg || !side) return;
    if (!ghost || ghost.ownerSVGElement !== svg) {
      ghost?.remove();
      ghost = flyingChecker(side, { x: 0, y: 0 });
      ghost.classList.remove("flying");
      ghost.classList.add("drag-ghost");
      ghost.setAttribute("data-testid", "drag-ghost");
      svg.append(ghost);
    }
    svg.classList.add("dragging");
    const at = boardPoint(svg, x, y);
    ghost.setAttribute("transform", `translate(${at.x} ${at.y})`);
  };
  const endDrag = () => {
    ghost?.remove();
    ghost = null;
    board()?.classList.remove("dragging");
  };
  /** While a finger drags a checker the page must not scroll (the pressed element may be gone: listen on it). */
  const noScroll = (ev: Event) => {
    if (press) ev.preventDefault();
  };

  const down = (ev: PointerEvent) => {
    if (ev.button !== 0 || press) return;
    const slot = slotOf(ev.target as Element);
    if (!slot || !hooks.canStart(slot)) return;
    press = { id: ev.pointerId, slot, x: ev.clientX, y: ev.clientY, dragging: false, target: ev.target };
    if (ev.pointerType === "touch") ev.target?.addEventListener("touchmove", noScroll, { passive: false });
  };
  const move = (ev: PointerEvent) => {
    if (!press || ev.pointerId !== press.id) return;
    if (!press.dragging) {
      if (Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < THRESHOLD_PX) return;
      press.dragging = true;
      hooks.start(press.slot);
    }
    follow(ev.clientX, ev.clientY);
  };
  const release = (ev: PointerEvent, cancelled: boolean) => {
    const p = press;
    if (!p || ev.pointerId !== p.id) return;
    press = null;
    p.target?.removeEventListener("touchmove", noScroll);
    if (!p.dragging) return;
    endDrag();
    // The click that follows a drag is not a click on the board.
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
    hooks.drop(cancelled ? null : slotOf(document.elementFromPoint(ev.clientX, ev.clientY)));
  };
  const up = (ev: PointerEvent) => release(ev, false);
  const cancel = (ev: PointerEvent) => release(ev, true);
  const click = (ev: MouseEvent) => {
    if (!swallowClick) return;
    swallowClick = false;
    ev.stopPropagation();
    ev.preventDefault();
  };
  box.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
  window.addEventListener("click", click, true);
  return () => {
    endDrag();
    box.removeEventListener("pointerdown", down);
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    window.removeEventListener("click", click, true);
  };
}
