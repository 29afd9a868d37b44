/**
 * One WebSocket frame (boardgame.io's order): rate → parse → who is acting → the flag, if it fell meanwhile → the
 * command's step (./step.ts: already applied? → has the match started / ended → is the client's seq current → the
 * engine → store → ack → broadcast → bots). A refusal goes to the sender only and changes nothing.
 */
import type { MatchCommand, Side } from "../../engine";
import type { ClientMessage } from "../../protocol";
import { autoRollMove } from "./auto-roll";
import { onChat } from "./chat";
import type { RoomCore } from "./core";
import { flagFell } from "./flag";
import { parseFrame } from "./messages";
import { onRematch } from "./rematch";
import { refusal, step, type Decision } from "./step";
import type { Room } from "./table";

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
  const message = parsed.message;
  if (message.type === "sync") {
    core.sendWelcome(ws, role, message.seq, message.limit);
    return;
  }
  if (role === "spectator") {
    core.sendError(ws, message.id, "SPECTATOR", "spectators cannot act or chat; open the socket with a seat token");
    return;
  }
  // Chat and rematch live beside the match, not in its log: no seq, no clock, no bots.
  if (message.type === "chat") return onChat(core, ws, role, message);
  if (message.type === "rematch") return onRematch(core, ws, role, message);
  // The alarm may run a little after the flag's moment: a command that comes in between finds the flag fallen.
  flagFell(core, Date.now());
  const context = { origin: { kind: "player", seat: role, id: message.id, ws } as const, entropy: message.entropy ?? "", at: Date.now() };
  const stepped = step(core, context, message.type === "auto-roll" ? autoRollMove(role, message) : gameMove(role, message));
  if (!stepped.ok) core.sendError(ws, message.id, stepped.error.code, stepped.error.message, stepped.error.candidates);
  else if (!stepped.duplicate) core.sockets.refund(ws);
}

/** A game command meets the table's status and the client's seq before the engine. */
function gameMove(seat: Side, message: GameMessage): (room: Room) => Decision {
  return (room) => {
    if (room.info.status === "waiting" || !room.match) return refusal("MATCH_NOT_STARTED", "the match starts when the second player joins");
    if (room.info.status === "over") return refusal("MATCH_OVER", "the match has ended");
    if (message.seq !== undefined && message.seq !== room.seq) {
      return refusal("STALE_SEQ", `the table is at seq ${room.seq}, not ${message.seq}; sync and decide again`);
    }
    return { ok: true, value: { command: toMatchCommand(seat, message) } };
  };
}

function toMatchCommand(side: Side, message: GameMessage): MatchCommand {
  if (message.type === "play") return { type: "play", side, play: message.play };
  if (message.type === "offer-resign") return { type: "offer-resign", side, level: message.level };
  return { type: message.type, side };
}
