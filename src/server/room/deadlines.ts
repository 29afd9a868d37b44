/**
 * The alarm: every deadline lives in the `deadlines` table and one alarm is set to the earliest. `onAlarm`
 * handles everything due and nothing else; each deadline is removed in the same transaction as its effect, so
 * running the alarm twice, or late, changes nothing more.
 */
import { applyCommand, opponent, type MatchCommand, type Side } from "../../engine";
import type { RoomCore } from "./core";
import { settle } from "./outcome";
import { deliverOutbox } from "./outbox";
import type { Deadline } from "./store";

export async function onAlarm(core: RoomCore): Promise<void> {
  const now = Date.now();
  for (const deadline of core.store.deadlines()) {
    if (deadline.due > now) break;
    if (deadline.kind === "deliver") {
      await deliverOutbox(core);
    } else if (deadline.kind === "expire") {
      if (await expireWaitingTable(core, deadline)) return;
    } else if (deadline.seat !== "table") {
      // A seat that never arrived is away just like one that dropped.
      reconnectWindowEnded(core, deadline, deadline.seat);
    }
  }
  await core.syncAlarm();
}

/** Nobody joined in time: the table leaves the lobby and its storage is deleted. True when it was. */
async function expireWaitingTable(core: RoomCore, deadline: Deadline): Promise<boolean> {
  const room = core.store.load();
  if (!room || room.info.status !== "waiting") {
    if (room) core.commit({ room, events: [], at: Date.now(), clearDeadlines: [deadline] });
    return false;
  }
  await core.tellLobby((lobby) => lobby.remove(room.info.id));
  for (const ws of core.sockets.open()) ws.close(4000, "table expired: nobody joined");
  await core.store.destroy();
  return true;
}

/** The seat's window ended and it is still away: it forfeits, or, if the other player is away too, the match is abandoned. */
function reconnectWindowEnded(core: RoomCore, deadline: Deadline, seat: Side): void {
  const room = core.store.load();
  if (!room) return;
  const stillAway = room.info.status === "playing" && room.match !== null && !core.sockets.seatConnected(seat);
  if (!stillAway || !room.match) {
    core.commit({ room, events: [], at: Date.now(), clearDeadlines: [deadline] });
    return;
  }
  const other = room.info.seats[opponent(seat)];
  const otherAway = other?.kind === "human" && !core.sockets.seatConnected(opponent(seat));
  const command: MatchCommand = otherAway ? { type: "abandon" } : { type: "forfeit", side: seat };
  const step = applyCommand(room.match, command, core.dice);
  if (!step.ok) {
    console.error("the engine refused a server command", command, step.error);
    core.commit({ room, events: [], at: Date.now(), clearDeadlines: [deadline] });
    return;
  }
  const logged = core.commit({ ...settle(room, step.value), at: Date.now(), clearDeadlines: [deadline] });
  core.broadcast(logged);
}
