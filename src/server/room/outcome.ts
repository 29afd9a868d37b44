/** Turning an engine step into a stored change: the new match state, its events, and the end of the table when the match ends. */
import type { MatchStep } from "../../engine";
import type { RoomCore } from "./core";
import type { Change } from "./store";
import type { Room } from "./table";

/**
 * The room after `step`, now. When the match is over the table is too: no deadline of the match is left to run,
 * and the finished table's retention starts.
 */
export function settle(core: RoomCore, room: Room, step: MatchStep): Pick<Change, "room" | "events" | "at" | "clearAllDeadlines" | "setDeadlines"> {
  const at = Date.now();
  const over = step.state.phase === "over";
  const next: Room = { seq: room.seq, info: over ? { ...room.info, status: "over" } : room.info, match: step.state };
  const purge = over ? core.standingDeadline(next, at) : null;
  return { room: next, events: step.events, at, clearAllDeadlines: over, setDeadlines: purge ? [purge] : [] };
}
