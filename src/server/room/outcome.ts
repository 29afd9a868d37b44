/**
 * Turning an engine step into a stored change: the pace rules run on (automatic rolls, forced plays), the clock
 * is charged and handed over, and when the match ends the table does too.
 */
import { runPace, type MatchStep } from "../../engine";
import { clockAfter } from "./clock";
import type { RoomCore } from "./core";
import type { Change, Deadline } from "./store";
import { SIDES, type Room } from "./table";

/**
 * The room after `step` at `at` (now), all in one change. When the match is over the table is too: no deadline of
 * the match is left to run (the clock stops with it), and the finished table's retention starts. A table with a
 * player (a seat taken with a session) also stores, in this same transaction, the outbox row that delivers its
 * match record to D1 (./outbox.ts), due at once.
 */
export function settle(
  core: RoomCore,
  room: Room,
  step: MatchStep,
  at: number = Date.now(),
): Pick<Change, "room" | "events" | "at" | "clearAllDeadlines" | "setDeadlines" | "outbox"> {
  const seats = room.info.seats;
  const paced = runPace(step, core.dice, { white: seats.white?.autoRoll === true, black: seats.black?.autoRoll === true });
  const over = paced.state.phase === "over";
  const clock = clockAfter(room, paced, at);
  const next: Room = { seq: room.seq, info: { ...room.info, status: over ? "over" : room.info.status, clock }, match: paced.state };
  const purge = over ? core.standingDeadline(next, at) : null;
  const recorded = over && SIDES.some((side) => room.info.seats[side]?.playerId);
  const deliver: Deadline[] = recorded ? [{ kind: "deliver", seat: "table", due: at }] : [];
  return {
    room: next,
    events: paced.events,
    at,
    clearAllDeadlines: over,
    setDeadlines: [...(purge ? [purge] : []), ...deliver],
    ...(recorded ? { outbox: { put: "match-record" as const } } : {}),
  };
}
