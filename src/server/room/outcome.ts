/** Turning an engine step into a stored change: the new match state, its events, and the end of the table when the match ends. */
import type { MatchStep } from "../../engine";
import type { RoomCore } from "./core";
import type { Change, Deadline } from "./store";
import { SIDES, type Room } from "./table";

/**
 * The room after `step`, now. When the match is over the table is too: no deadline of the match is left to run,
 * and the finished table's retention starts. A table with a player (a seat taken with a session) also stores,
 * in this same transaction, the outbox row that delivers its match record to D1 (./outbox.ts), due at once.
 */
export function settle(core: RoomCore, room: Room, step: MatchStep): Pick<Change, "room" | "events" | "at" | "clearAllDeadlines" | "setDeadlines" | "outbox"> {
  const at = Date.now();
  const over = step.state.phase === "over";
  const next: Room = { seq: room.seq, info: over ? { ...room.info, status: "over" } : room.info, match: step.state };
  const purge = over ? core.standingDeadline(next, at) : null;
  const recorded = over && SIDES.some((side) => room.info.seats[side]?.playerId);
  const deliver: Deadline[] = recorded ? [{ kind: "deliver", seat: "table", due: at }] : [];
  return {
    room: next,
    events: step.events,
    at,
    clearAllDeadlines: over,
    setDeadlines: [...(purge ? [purge] : []), ...deliver],
    ...(recorded ? { outbox: { put: "match-record" as const } } : {}),
  };
}
