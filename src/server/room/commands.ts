/**
 * One WebSocket frame, on one path (boardgame.io's order): rate → parse → who is acting → already applied? →
 * has the match started / ended → is the client's seq current → the engine → store → ack → broadcast → bots.
 * A refusal goes to the sender only and changes nothing.
 */
import type { MatchCommand, Side } from "../../engine";
import type { ClientMessage } from "../../protocol";
import { runBots } from "./bots";
import type { RoomCore } from "./core";
import { parseFrame } from "./messages";
import { settleCommand } from "./outcome";
import { setAutoRoll } from "./auto-roll";
import { flagFell } from "./deadlines";
import { onChat } from "./chat";
import { onRematch } from "./rematch";

type GameMessage = Exclude<ClientMessage, { type: "sync" | "auto-roll" | "chat" | "rematch" }>;

export async function onMessage(core: RoomCore, ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
  if (!core.sockets.withinRate(ws, Date.now())) {
    core.sendError(ws, null, "RATE_LIMITED", "too many messages; slow down");
    return;
  }
  const parsed = parseFrame(frame);
  if (!parsed.ok) {
    if ("close" in parsed) ws.close(parsed.close, parsed.reason);
    else core.sendError(ws, parsed.id, parsed.code, parsed.message);
    return;
  }
  const role = core.sockets.roleOf(ws);
  if (parsed.message.type === "sync") {
    core.sendWelcome(ws, role, parsed.message.seq, parsed.message.limit);
    return;
  }
  if (role === "spectator") {
    core.sendError(ws, parsed.message.id, "SPECTATOR", "spectators cannot act or chat; open the socket with a seat token");
    return;
  }
  // Chat and rematch live beside the match, not in its log: no seq, no clock, no bots.
  if (parsed.message.type === "chat") return onChat(core, ws, role, parsed.message);
  if (parsed.message.type === "rematch") return onRematch(core, ws, role, parsed.message);
  // The alarm may run a little after the flag's moment: a command that comes in between finds the flag fallen.
  flagFell(core, Date.now());
  // Every roll drawn while this command is handled (its own, automatic ones, the bots' replies) uses its entropy.
  core.entropy = parsed.message.entropy ?? "";
  let applied = false;
  try {
    applied =
      parsed.message.type === "auto-roll" ? setAutoRoll(core, ws, role, parsed.message) : applyGameCommand(core, ws, role, parsed.message);
    if (applied) {
      core.sockets.refund(ws);
      runBots(core);
    }
  } finally {
    core.entropy = "";
  }
  if (applied) await core.syncAlarm();
}

/** True when the command was applied (and stored, acknowledged and broadcast). */
function applyGameCommand(core: RoomCore, ws: WebSocket, seat: Side, message: GameMessage): boolean {
  const room = core.store.load();
  if (!room) {
    core.sendError(ws, message.id, "TABLE_NOT_FOUND", "this table no longer exists");
    return false;
  }
  // A retried command is answered first, whatever happened since: the client just lost the first answer.
  const producedSeq = core.store.commandSeq(seat, message.id);
  if (producedSeq !== null) {
    core.sockets.send(ws, { type: "ack", id: message.id, seq: producedSeq, duplicate: true });
    return false;
  }
  if (room.info.status === "waiting" || !room.match) {
    core.sendError(ws, message.id, "MATCH_NOT_STARTED", "the match starts when the second player joins");
    return false;
  }
  if (room.info.status === "over") {
    core.sendError(ws, message.id, "MATCH_OVER", "the match has ended");
    return false;
  }
  if (message.seq !== undefined && message.seq !== room.seq) {
    core.sendError(ws, message.id, "STALE_SEQ", `the table is at seq ${room.seq}, not ${message.seq}; sync and decide again`);
    return false;
  }
  const step = settleCommand(core, room, room.match, toMatchCommand(seat, message));
  if (!step.ok) {
    core.sendError(ws, message.id, step.error.code, step.error.message, step.error.candidates);
    return false;
  }
  const logged = core.commit({ ...step.value, command: { seat, id: message.id } });
  core.sockets.send(ws, { type: "ack", id: message.id, seq: logged.at(-1)?.seq ?? room.seq, duplicate: false });
  core.broadcast(logged);
  return true;
}

function toMatchCommand(side: Side, message: GameMessage): MatchCommand {
  return message.type === "play" ? { type: "play", side, play: message.play } : { type: message.type, side };
}
