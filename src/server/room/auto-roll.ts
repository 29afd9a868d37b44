/**
 * "Auto-roll when I'd only roll": a seat's own setting. Turning it on while that seat is on roll rolls at once
 * (in the same stored change); the running decision and its clock go on, as after any roll.
 */
import type { Side } from "../../engine";
import type { ClientMessage } from "../../protocol";
import type { RoomCore } from "./core";
import { settleCommand } from "./outcome";

type AutoRollMessage = Extract<ClientMessage, { type: "auto-roll" }>;

/** True when the setting was stored (and acknowledged and broadcast). Setting it again to the same value is harmless. */
export function setAutoRoll(core: RoomCore, ws: WebSocket, seat: Side, message: AutoRollMessage): boolean {
  const room = core.store.load();
  const holder = room?.info.seats[seat];
  if (!room || !holder) {
    core.sendError(ws, message.id, "TABLE_NOT_FOUND", "this table no longer exists");
    return false;
  }
  const info = { ...room.info, seats: { ...room.info.seats, [seat]: { ...holder, autoRoll: message.on } } };
  const now = Date.now();
  // Only the pace runs (a roll the seat no longer decides); it cannot be refused.
  const paced = room.match && room.info.status === "playing" ? settleCommand(core, { ...room, info }, room.match, null, now) : null;
  const change = paced?.ok ? paced.value : { room: { ...room, info }, events: [], at: now };
  const logged = core.commit({ ...change, command: { seat, id: message.id } });
  core.sockets.send(ws, { type: "ack", id: message.id, seq: logged.at(-1)?.seq ?? room.seq, duplicate: false });
  core.broadcast(logged);
  return true;
}
