/**
 * An engine step as a stored change: the pace runs on (automatic rolls, forced plays), the clock is charged and
 * handed over, and when the match ends the table does too. The engine's `advance` makes the step; the change
 * records how to replay it (./store.ts rebuilds a match from its last snapshot that way).
 */
import { advance, runPace, type AutoRoll, type DiceSource, type MatchCommand, type MatchState, type MatchStep, type Result } from "../../engine";
import { clockAfter } from "./clock";
import type { RoomCore } from "./core";
import type { Change, Deadline, Replay } from "./store";
import { SIDES, type Room, type TableInfo } from "./table";

export function autoRollOf(info: TableInfo): AutoRoll {
  return { white: info.seats.white?.autoRoll === true, black: info.seats.black?.autoRoll === true };
}

/** What a match step stores: the room after it, its events, and what the end of a match adds. */
export type MatchChange = Pick<Change, "room" | "events" | "at" | "clearAllDeadlines" | "setDeadlines" | "outbox" | "replay">;

/**
 * `command` (null: only the pace) on `match`, the room's match, at `at`, as one change that records how to replay
 * it. A refused command draws no die that matters: nothing is stored.
 */
export function commandChange(core: RoomCore, room: Room, match: MatchState, command: MatchCommand | null, roller: DiceSource, at: number): Result<MatchChange> {
  const drawn: number[] = [];
  const recording: DiceSource = {
    die() {
      const d = roller.die();
      drawn.push(d);
      return d;
    },
  };
  const autoRoll = autoRollOf(room.info);
  const advanced = advance(match, command, autoRoll, recording);
  if (!advanced.ok) return advanced;
  return { ok: true, value: { ...afterStep(core, room, advanced.value, at), replay: { command, dice: drawn, autoRoll } satisfies Replay } };
}

/** A new match's opening and its pace, as a change stored with a snapshot of the match (create, join). */
export function newMatchChange(core: RoomCore, room: Room, opening: MatchStep, roller: DiceSource, at: number): MatchChange {
  return afterStep(core, room, runPace(opening, roller, autoRollOf(room.info)), at);
}

/**
 * The room after `paced` at `at`. When the match is over the table is too: no deadline of the match is left to run
 * (the clock stops with it), and the finished table's retention starts. A table with a player (a seat taken with a
 * session) also stores, in this same transaction, the outbox row that delivers its match record to D1
 * (./outbox.ts), due at once.
 */
function afterStep(core: RoomCore, room: Room, paced: MatchStep, at: number): MatchChange {
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
