/** Turning an engine step into a stored change: the new match state, its events, and the end of the table when the match ends. */
import type { MatchStep } from "../../engine";
import type { Change } from "./store";
import type { Room } from "./table";

/** The room after `step`; when the match is over the table is too, and no deadline is left to run. */
export function settle(room: Room, step: MatchStep): Pick<Change, "room" | "events" | "clearAllDeadlines"> {
  const over = step.state.phase === "over";
  return {
    room: { seq: room.seq, info: over ? { ...room.info, status: "over" } : room.info, match: step.state },
    events: step.events,
    clearAllDeadlines: over,
  };
}
