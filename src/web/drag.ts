/**
 * Moving by dragging with a mouse: press on a checker that may move, drag (its destinations light up),
 * release on a destination. Clicking a checker and then a destination works as before; touch screens use
 * taps, so the page still scrolls under a finger.
 */
import { slotOf, type Slot } from "./board";

export interface DragHooks {
  /** May a drag start from this place? */
  canStart(slot: Slot): boolean;
  /** The drag has begun: select the checker (the board is redrawn with its destinations). */
  start(slot: Slot): void;
  /** Released over `slot` (null: off the board). */
  drop(slot: Slot | null): void;
}

const THRESHOLD_PX = 8;

/** Listens on `box` (which holds the board) and the window; returns the clean-up. */
export function enableDrag(box: HTMLElement, hooks: DragHooks): () => void {
  let press: { slot: Slot; x: number; y: number; dragging: boolean } | null = null;
  let swallowClick = false;

  const down = (ev: PointerEvent) => {
    if (ev.pointerType !== "mouse" || ev.button !== 0) return;
    const slot = slotOf(ev.target as Element);
    if (slot && hooks.canStart(slot)) press = { slot, x: ev.clientX, y: ev.clientY, dragging: false };
  };
  const move = (ev: PointerEvent) => {
    if (!press || press.dragging) return;
    if (Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < THRESHOLD_PX) return;
    press.dragging = true;
    hooks.start(press.slot);
  };
  const up = (ev: PointerEvent) => {
    const p = press;
    press = null;
    if (!p?.dragging) return;
    // The click that follows a drag is not a click on the board.
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
    hooks.drop(slotOf(document.elementFromPoint(ev.clientX, ev.clientY)));
  };
  const click = (ev: MouseEvent) => {
    if (!swallowClick) return;
    swallowClick = false;
    ev.stopPropagation();
    ev.preventDefault();
  };
  box.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("click", click, true);
  return () => {
    box.removeEventListener("pointerdown", down);
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("click", click, true);
  };
}
