/**
 * What the page remembers in localStorage: the seat grants ({tableId, seat, token, invite?}) per table id, so a
 * reload or a dropped connection never loses a seat, the player's name for the next table, and the
 * player's session token (sent as `Authorization: Bearer`, ./session.ts).
 */
import type { SideName } from "../protocol";

export interface StoredSeat {
  tableId: string;
  seat: SideName;
  token: string;
  /** The invite secret of a private table this browser created (its invite link carries it). */
  invite?: string;
}

const SEAT_PREFIX = "nardi.seat.";
const NAME_KEY = "nardi.name";
const SESSION_KEY = "nardi.session";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode etc.): the page still works, without resuming
  }
}

export function saveSeat(seat: StoredSeat): void {
  storage()?.setItem(SEAT_PREFIX + seat.tableId, JSON.stringify(seat));
}

export function loadSeat(tableId: string): StoredSeat | null {
  const raw = storage()?.getItem(SEAT_PREFIX + tableId);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredSeat>;
    if (v.tableId === tableId && (v.seat === "white" || v.seat === "black") && typeof v.token === "string") {
      return { tableId, seat: v.seat, token: v.token, ...(typeof v.invite === "string" ? { invite: v.invite } : {}) };
    }
  } catch {
    // a corrupt entry is treated as no seat
  }
  return null;
}

export function forgetSeat(tableId: string): void {
  storage()?.removeItem(SEAT_PREFIX + tableId);
}

export function loadName(fallback: string): string {
  return storage()?.getItem(NAME_KEY) || fallback;
}

export function saveName(name: string): void {
  storage()?.setItem(NAME_KEY, name);
}

export function loadSession(): string | null {
  return storage()?.getItem(SESSION_KEY) ?? null;
}

export function saveSession(token: string): void {
  storage()?.setItem(SESSION_KEY, token);
}

export function forgetSession(): void {
  storage()?.removeItem(SESSION_KEY);
}
