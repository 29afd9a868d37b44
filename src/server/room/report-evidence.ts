/**
 * What a report about this table carries (docs/reports.md): who holds the two seats, the stored chat lines and
 * the match's seq and status, read by the Worker when a player files a report. The report keeps its own copy,
 * so the evidence outlives the table's purge and cannot be changed by anything said after the filing.
 */
import type { Side } from "../../engine";
import { CHAT_LIMITS, type ChatLine, type TableStatus } from "../../protocol";
import { refuse, type Outcome } from "../problem";
import type { RoomCore } from "./core";

export interface SeatHolder {
  /** The player whose session took the seat; null for an anonymous seat or a bot. */
  playerId: string | null;
  name: string;
}

export interface TableEvidence {
  seats: Record<Side, SeatHolder | null>;
  chat: ChatLine[];
  seq: number;
  status: TableStatus;
}

export function reportEvidence(core: RoomCore): Outcome<TableEvidence> {
  const room = core.store.load();
  if (!room) return refuse("TABLE_NOT_FOUND", "no table with this id");
  const holder = (side: Side): SeatHolder | null => {
    const seat = room.info.seats[side];
    return seat ? { playerId: seat.kind === "human" ? (seat.playerId ?? null) : null, name: seat.name } : null;
  };
  return {
    ok: true,
    value: { seats: { white: holder("white"), black: holder("black") }, chat: core.chat.lines(CHAT_LIMITS.history), seq: room.seq, status: room.info.status },
  };
}
