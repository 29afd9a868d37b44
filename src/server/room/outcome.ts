/**
 * Turning an engine step into a stored change: the pace rules run on (automatic rolls, forced plays), the clock
 * is charged and handed over, and when the match ends the table does too.
 *
 * `advance` is the one way a command moves a stored match on; the store replays it, with the dice it recorded, to
 * rebuild a match from its last snapshot (./store.ts), so a woken object gets exactly the state it acknowledged.
 */
import { applyCommand, runPace, type AutoRoll, type DiceSource, type MatchCommand, type MatchState, type MatchStep, type Result } from "../../engine";
import { clockAfter } from "./clock";
import type { RoomCore } from "./core";
import type { Change, Deadline, Replay } from "./store";
import { SIDES, type Room, type TableInfo } from "./table";

/** The match after `command` (none: only the pace) and then everything nobody has to decide. */
export function advance(match: MatchState, command: MatchCommand | null, autoRoll: AutoRoll, dice: DiceSource): Result<MatchStep> {
  const step: Result<MatchStep> = command ? applyCommand(match, command, dice) : { ok: true, value: { state: match, events: [] } };
  return step.ok ? { ok: true, value: runPace(step.value, dice, autoRoll) } : step;
}

export function autoRollOf(info: TableInfo): AutoRoll {
  return { white: info.seats.white?.autoRoll === true, black: info.seats.black?.autoRoll === true };
}

export type Settled = Pick<Change, "room" | "events" | "at" | "clearAllDeadlines" | "setDeadlines" | "outbox" | "replay">;

/**
 * `command` on the room's match (which must exist), as one change that records how to replay it. A refused
 * command draws no die that matters: nothing is stored.
 */
export function settleCommand(core: RoomCore, room: Room, match: MatchState, command: MatchCommand | null, at: number = Date.now()): Result<Settled> {
  const drawn: number[] = [];
  const source = core.dice;
  const recording: DiceSource = {
    die() {
      const d = source.die();
      drawn.push(d);
      return d;
    },
  };
  const autoRoll = autoRollOf(room.info);
  const step = advance(match, command, autoRoll, recording);
  if (!step.ok) return step;
  return { ok: true, value: { ...settled(core, room, step.value, at), replay: { command, dice: drawn, autoRoll } satisfies Replay } };
}

/**
 * The room after `step` at `at` (now), all in one change (stored with a snapshot of the match: used for a new
 * match). When the match is over the table is too: no deadline of the match is left to run (the clock stops with
 * it), and the finished table's retention starts. A table with a player (a seat taken with a session) also
 * stores, in this same transaction, the outbox row that delivers its match record to D1 (./outbox.ts), due at once.
 */
export function settle(core: RoomCore, room: Room, step: MatchStep, at: number = Date.now()): Settled {
  return settled(core, room, runPace(step, core.dice, autoRollOf(room.info)), at);
}

function settled(core: RoomCore, room: Room, paced: MatchStep, at: number): Settled {
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
