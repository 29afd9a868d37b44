/**
 * The alarm and the wake. Every deadline lives in the `deadlines` table and one alarm is set to the earliest.
 * `onAlarm` handles what is due, one deadline at a time, reading storage afresh before each: whatever arrived
 * while it awaited (a join during the lobby call, a socket) is seen, never overwritten. Each deadline is removed
 * or moved on in the same transaction as its effect, so running the alarm twice, or late, changes nothing more.
 */
import { opponent, type MatchCommand, type Side } from "../../engine";
import { oneAtATime } from "../one-at-a-time";
import { settleStakes } from "../coins/stakes";
import { CLOSE } from "../frames";
import { livenessMs, type RoomCore } from "./core";
import { flagFell } from "./flag";
import { deliverOutbox, retryDelayMs } from "./outbox";
import { goneForTheMatch, logDrop, reconcile } from "./presence";
import { runBots, serverCommand, step } from "./step";
import type { Deadline } from "./store";
import type { Room } from "./table";

/** More due deadlines than a table can have at once: a guard against a handler that fails to move its deadline on. */
const MAX_DEADLINES_PER_ALARM = 16;

/** Close code for the sockets of a table that is deleted (expired unjoined, or its retention ended). */
export const TABLE_GONE_CLOSE = CLOSE.gone;

export async function onAlarm(core: RoomCore): Promise<void> {
  core.forgetAlarm();
  flagFell(core, Date.now());
  for (let i = 0; i < MAX_DEADLINES_PER_ALARM; i++) {
    const now = Date.now();
    const due = core.store.deadlines().find((d) => d.due <= now);
    if (!due) break;
    if (await runDeadline(core, due, now)) return;
  }
}

/**
 * The object woke (first event after a restart, deploy, eviction or hibernation; the runtime holds every other
 * event until this is done): the log is made to agree with the sockets, a bot whose turn it is moves, and the
 * standing deadline of the table's state is in place, so a match goes on (or ends) even if nobody comes back.
 */
export function onWake(core: RoomCore): void {
  if (!core.store.exists()) return;
  reconcile(core, Date.now());
  runBots(core, "");
}

/** Runs one due deadline. True when the table was deleted (nothing more to do). */
async function runDeadline(core: RoomCore, deadline: Deadline, now: number): Promise<boolean> {
  switch (deadline.kind) {
    case "expire":
      return deleteTable(core, deadline, "waiting", "table expired: nobody joined");
    case "purge":
      return deleteTable(core, deadline, "over", "table deleted: its retention ended");
    case "deliver":
      await deliverOutbox(core);
      return false;
    case "liveness":
      livenessCheck(core, deadline, now);
      return false;
    case "drop":
      coalescedDrop(core, deadline, now);
      return false;
    case "reconnect":
    case "arrive":
      // A seat that never arrived is away just like one that dropped.
      if (deadline.seat !== "table") windowEnded(core, deadline, deadline.seat, now);
      else clear(core, deadline);
      return false;
  }
}

function clear(core: RoomCore, deadline: Deadline): void {
  const room = core.store.load();
  if (room) core.commit({ room, events: [], at: Date.now(), clearDeadlines: [deadline] });
}

/**
 * A waiting table nobody joined, or a finished table past its retention: it leaves the lobby, its sockets are
 * closed and its storage deleted. The state is checked again after the lobby call: a join that landed meanwhile
 * started a match (and removed this deadline), and that match is kept. True when the table was deleted.
 */
async function deleteTable(core: RoomCore, deadline: Deadline, status: "waiting" | "over", reason: string): Promise<boolean> {
  const stillDue = (): boolean => {
    const room = core.store.load();
    // A finished table whose record has not reached D1 yet is kept (its purge is set again) until it has.
    const undelivered = status === "over" && core.store.outbox().length > 0;
    return room?.info.status === status && !undelivered && core.store.deadlines().some((d) => d.kind === deadline.kind && d.due <= Date.now());
  };
  if (!stillDue()) {
    clear(core, deadline);
    return false;
  }
  const id = core.store.load()!.info.id;
  if (status === "waiting") await core.tellLobby((lobby) => lobby.remove(id));
  if (!stillDue()) return false;
  if (status === "waiting" && !(await refundNeverStarted(core, deadline))) return false;
  for (const ws of core.sockets.open()) ws.close(TABLE_GONE_CLOSE, reason);
  await core.store.destroy();
  core.forgetAlarm();
  return true;
}

/**
 * A stake table that never started gives back any hold an interrupted join left, and closes its escrow so no
 * later hold goes in. It waits for a join under way (joins and this run one at a time) and does nothing if that
 * join started the match. While D1 fails the table is kept and the expiry tried again later. True when done.
 */
function refundNeverStarted(core: RoomCore, deadline: Deadline): Promise<boolean> {
  return oneAtATime(core, async () => {
    const room = core.store.load();
    if (room?.info.status !== "waiting") return false;
    return room.info.stake ? refundOnce(core, room, deadline) : true;
  });
}

async function refundOnce(core: RoomCore, room: Room, deadline: Deadline): Promise<boolean> {
  try {
    await settleStakes(core.d1, room, Date.now());
    return true;
  } catch (error) {
    core.log.error("refund of a never-started stake table failed", error);
    const now = core.store.load();
    if (now) core.commit({ room: now, events: [], at: Date.now(), setDeadlines: [{ ...deadline, due: Date.now() + retryDelayMs(1) }] });
    return false;
  }
}

/** During a match: every seat the log calls here still has a socket (else its drop is logged), a due bot moves, and the next check is set. */
function livenessCheck(core: RoomCore, deadline: Deadline, now: number): void {
  reconcile(core, now);
  runBots(core, "");
  const room = core.store.load();
  if (!room) return;
  const playing = room.info.status === "playing";
  core.commit({
    room,
    events: [],
    at: now,
    ...(playing ? { setDeadlines: [{ ...deadline, due: now + livenessMs(room) }] } : { clearDeadlines: [deadline] }),
  });
}

/** A drop held back by coalescing: logged now if the seat is still gone (it had no socket all along or again). */
function coalescedDrop(core: RoomCore, deadline: Deadline, now: number): void {
  const room = core.store.load();
  const seat = deadline.seat === "table" ? null : deadline.seat;
  const holder = seat ? room?.info.seats[seat] : null;
  if (room && seat && holder && room.info.status === "playing" && !holder.away && !core.sockets.seatConnected(seat)) {
    logDrop(core, room, seat, now);
  } else {
    clear(core, deadline);
  }
}

/**
 * The seat's window ended and it is still away: it forfeits, or, if the other player is gone too, the match is
 * abandoned. A seat the server's restart made away is not gone before its own window is over (`goneForTheMatch`).
 */
function windowEnded(core: RoomCore, deadline: Deadline, seat: Side, now: number): void {
  const room = core.store.load();
  if (!room) return;
  const stillAway = room.info.status === "playing" && room.match !== null && !core.sockets.seatConnected(seat);
  if (!stillAway || !room.match) {
    clear(core, deadline);
    return;
  }
  const otherAway = goneForTheMatch(core, room, opponent(seat), now);
  const command: MatchCommand = otherAway ? { type: "abandon" } : { type: "forfeit", side: seat };
  const stepped = step(core, { origin: { kind: "server" }, entropy: "", at: Date.now() }, serverCommand(command, { clearDeadlines: [deadline] }));
  if (!stepped.ok) {
    core.log.error("the engine refused a server command", stepped.error, { command });
    clear(core, deadline);
    return;
  }
  core.log.info(`${seat}'s window ended, match ${otherAway ? "abandoned" : `forfeited by ${seat}`}`, { seat });
}
