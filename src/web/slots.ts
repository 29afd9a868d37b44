/**
 * Places on the drawn board (./board.ts's slots: absolute points "1".."24", "bar-white", "off-black") and a side's
 * own numbering (the engine's: 1–24, BAR, OFF), converted here only, for the board, the animation and the turn.
 */
import { fromAbsolute, toAbsolute } from "../engine/position";
import { BAR, OFF, type Side, type Variant } from "../engine/types";
import type { LoggedEvent } from "../protocol";
import type { Slot } from "./board";

/** Where `side`'s own place `own` is drawn. */
export function slotOf(variant: Variant, side: Side, own: number): Slot {
  if (own === BAR) return `bar-${side}`;
  if (own === OFF) return `off-${side}`;
  return String(toAbsolute(variant, side, own));
}

/** `side`'s own place drawn at `slot`; null for a slot that is not one of its places (the other side's bar or tray). */
export function ownOf(variant: Variant, side: Side, slot: Slot): number | null {
  if (slot === `bar-${side}`) return BAR;
  if (slot === `off-${side}`) return OFF;
  const abs = Number(slot);
  if (!Number.isInteger(abs) || abs < 1 || abs > 24) return null;
  return fromAbsolute(variant, side, abs);
}

/**
 * The places the last move touched. They stay marked through the next roll (which the server often makes at once,
 * by itself) until the next move is made, so the opponent's move can be read while choosing one's own.
 */
export function lastMoveSlots(events: readonly LoggedEvent[], variant: Variant): Set<Slot> {
  const slots = new Set<Slot>();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!.event;
    if (e.type === "hand-started") return slots;
    if (e.type !== "played") continue;
    for (const step of e.steps) {
      slots.add(slotOf(variant, e.side, step.from));
      slots.add(slotOf(variant, e.side, step.to));
    }
    return slots;
  }
  return slots;
}
