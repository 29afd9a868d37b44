/** Turning an engine step into a stored change: the new match state, its events, and the end of the table when the match ends. */
import type { MatchStep } from "../../engine";
import type { Change } from "./store";
import { SIDES, type Room } from "./table";

/**
 * The room after `step`; when the match is over the table is too, and no deadline is left to run but the
 * outbox's: a table with players (sessions) gets its match record delivered to D1 (./outbox.ts).
 */
export function settle(room: Room, step: MatchStep): Pick<Change, "room" | "events" | "clearAllDeadlines" | "outbox" | "setDeadlines"> {
  const over = step.state.phase === "over";
  const recorded = over && SIDES.some((side) => room.info.seats[side]?.playerId);
  return {
    room: { seq: room.seq, info: over ? { ...room.info, status: "over" } : room.info, match: step.state },
    events: step.events,
    clearAllDeadlines: over,
    ...(recorded ? { outbox: { put: "match-record" }, setDeadlines: [{ kind: "deliver", seat: "table", due: Date.now() }] } : {}),
  };
}
