/**
 * Sockets coming and going (RULES.md §5.6). A seat's first socket during a match logs `player-connected` and
 * closes its reconnect window; its last socket closing logs `player-disconnected` with the window's end, which is
 * stored as a deadline (the alarm does the rest). Spectators come and go without a trace in the log.
 */
import type { Side } from "../../engine";
import { SocketQuerySchema, type Role } from "../../protocol";
import { socketCredentials } from "../access";
import { sha256Hex } from "../ids";
import { problemResponse } from "../problem";
import type { RoomCore } from "./core";
import { echoableCloseCode } from "./sockets";
import { seatOfToken } from "./tables";

/** Open sockets allowed per seat (tabs, devices, a reconnect racing a half-open old socket). */
export const MAX_SOCKETS_PER_SEAT = 8;
export const MAX_SPECTATOR_SOCKETS = 100;

export async function connect(core: RoomCore, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const query = SocketQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return problemResponse("BAD_REQUEST", "token must be a string and seq a whole number ≥ 0");
  const { seq } = query.data;
  const credentials = socketCredentials(request);
  if (!credentials.ok) return problemResponse(credentials.code, credentials.detail);
  const { token, protocol } = credentials.value;
  const tokenHash = token === undefined ? null : await sha256Hex(token);

  const room = core.store.load();
  if (!room) return problemResponse("TABLE_NOT_FOUND", "no table with this id");
  let role: Role = "spectator";
  if (tokenHash !== null) {
    const seat = seatOfToken(room, tokenHash);
    if (!seat) return problemResponse("BAD_TOKEN", "this token holds no seat at this table");
    role = seat;
  } else if (!room.info.spectators) {
    return problemResponse("SPECTATORS_DISABLED", "this table does not allow spectators; connect with a seat token");
  }
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return problemResponse("BAD_REQUEST", "expected a WebSocket upgrade", 426);
  }
  // Every socket is sent every update: a bound on them keeps one visitor from making every move expensive.
  const limit = role === "spectator" ? MAX_SPECTATOR_SOCKETS : MAX_SOCKETS_PER_SEAT;
  if (core.sockets.open(role).length >= limit) {
    return problemResponse("RATE_LIMITED", `at most ${limit} ${role === "spectator" ? "spectator sockets per table" : "sockets per seat"}`);
  }

  const { 0: client, 1: server } = new WebSocketPair();
  const firstOfSeat = role !== "spectator" && !core.sockets.seatConnected(role);
  core.sockets.accept(server, role);
  if (role !== "spectator") seatArrived(core, role, server, firstOfSeat, Date.now());
  core.sendWelcome(server, role, seq);
  await core.syncAlarm();
  // A client that offered subprotocols is answered with ours (never with its token), or its browser drops the socket.
  return new Response(null, { status: 101, webSocket: client, headers: protocol === null ? {} : { "sec-websocket-protocol": protocol } });
}

/** A seat's socket arrived: during a match its first socket logs `player-connected` and ends its reconnect window. */
function seatArrived(core: RoomCore, seat: Side, socket: WebSocket, firstOfSeat: boolean, now: number): void {
  const room = core.store.load()!;
  const holder = room.info.seats[seat];
  const announce = firstOfSeat && room.info.status === "playing";
  const firstEver = holder !== null && !holder.seen;
  if (!announce && !firstEver) return;
  const info = firstEver ? { ...room.info, seats: { ...room.info.seats, [seat]: { ...holder, seen: true } } } : room.info;
  const logged = core.commit({
    room: { ...room, info },
    events: announce ? [{ type: "player-connected", seat }] : [],
    at: now,
    clearDeadlines: announce
      ? [
          { kind: "reconnect", seat },
          { kind: "arrive", seat },
        ]
      : [],
  });
  if (announce) core.broadcast(logged, socket, true);
}

export async function onClose(core: RoomCore, ws: WebSocket, code: number, reason: string): Promise<void> {
  // Always answer the close frame, or the client waits for it until its own timeout.
  try {
    ws.close(echoableCloseCode(code), reason.slice(0, 120));
  } catch {
    // Already closed.
  }
  const role = core.sockets.roleOf(ws);
  if (role === "spectator") return;
  const room = core.store.load();
  if (!room || room.info.status !== "playing" || core.sockets.seatConnected(role, ws)) return;
  const deadline = Date.now() + room.info.reconnectSeconds * 1000;
  const logged = core.commit({
    room,
    events: [{ type: "player-disconnected", seat: role, deadline }],
    at: Date.now(),
    setDeadlines: [{ kind: "reconnect", seat: role, due: deadline }],
  });
  core.broadcast(logged, ws);
  await core.syncAlarm();
}
