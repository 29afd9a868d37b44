/**
 * Sockets coming and going (docs/rules.md §5.6), and what the log says about them. During a match each human seat is,
 * as far as the log is concerned, `unseen` (no socket since the match started: its silent arrival window runs),
 * here, or `away` (its `player-disconnected` was logged and its reconnect window runs); the seat's stored fields
 * say which, and the view's `connected` shows exactly that, so two views with one seq never differ.
 *
 * - A seat's socket arriving while it is away or unseen logs `player-connected` and ends its window.
 * - Its last socket closing logs `player-disconnected` with the window's end (a stored deadline; the alarm does the
 *   rest) — unless it came back from a drop less than PRESENCE_QUIET_MS ago: then the drop is only logged when that
 *   quiet time ends, if the seat is still gone (coalescing: a flapping connection logs at most one drop and one
 *   return per quiet time, however often it flaps, and its opponent gets no update for the flaps in between).
 * - A restart, deploy or eviction drops sockets without a close: `reconcile` (on every wake, and from the liveness
 *   alarm that keeps waking a match) logs the drop of every seat the log calls here that has no socket.
 * Spectators come and go without a trace in the log.
 */
import type { Side } from "../../engine";
import { SocketQuerySchema, type Role } from "../../protocol";
import { socketCredentials } from "../access";
import { sendChatHistory } from "./chat";
import { sendRematchState } from "./rematch";
import { sendSettledState } from "./settled";
import { sha256Hex } from "../ids";
import { problemResponse } from "../problem";
import type { RoomCore } from "./core";
import { echoableCloseCode } from "./sockets";
import { bannedSeat } from "./moderation";
import { seatOfToken } from "./seats";
import { SIDES, type Room, type Seat } from "./table";

/** A drop less than this long after a logged return is logged when this time is up, if the seat is still gone. */
export const PRESENCE_QUIET_MS = 10_000;

/** A seat's windows that its return ends. */
const SEAT_WINDOWS = ["reconnect", "arrive", "drop"] as const;

/** Open sockets allowed per seat (tabs, devices, a reconnect racing a half-open old socket). */
export const MAX_SOCKETS_PER_SEAT = 8;
export const MAX_SPECTATOR_SOCKETS = 100;

export async function connect(core: RoomCore, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const query = SocketQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return problemResponse("BAD_REQUEST", "seq and limit must be plain decimal integers in range");
  const { seq, limit } = query.data;
  const credentials = socketCredentials(request);
  if (!credentials.ok) return problemResponse(credentials.error.code, credentials.error.message);
  const { token, protocol, compactPlays } = credentials.value;
  const tokenHash = token === undefined ? null : await sha256Hex(token);

  const room = core.store.load();
  if (!room) return problemResponse("TABLE_NOT_FOUND", "no table with this id");
  let role: Role = "spectator";
  if (tokenHash !== null) {
    const seat = seatOfToken(room, tokenHash);
    if (!seat) return problemResponse("BAD_TOKEN", "this token holds no seat at this table");
    if (await bannedSeat(core, room, seat)) return problemResponse("BANNED", "this seat's player is banned");
    role = seat;
  } else if (!room.info.spectators) {
    return problemResponse("SPECTATORS_DISABLED", "this table does not allow spectators; connect with a seat token");
  }
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return problemResponse("BAD_REQUEST", "expected a WebSocket upgrade", 426);
  }
  // Every socket is sent every update: a bound on them keeps one visitor from making every move expensive.
  const bound = role === "spectator" ? MAX_SPECTATOR_SOCKETS : MAX_SOCKETS_PER_SEAT;
  if (core.sockets.open(role).length >= bound) {
    return problemResponse("RATE_LIMITED", `at most ${bound} ${role === "spectator" ? "spectator sockets per table" : "sockets per seat"}`);
  }

  const { 0: client, 1: server } = new WebSocketPair();
  core.sockets.accept(server, role, compactPlays);
  if (role !== "spectator") seatArrived(core, role, server, Date.now());
  core.sendWelcome(server, role, seq, limit);
  sendChatHistory(core, server);
  sendRematchState(core, server);
  sendSettledState(core, server);
  // A client that offered subprotocols is answered with ours (never with its token), or its browser drops the socket.
  return new Response(null, { status: 101, webSocket: client, headers: protocol === null ? {} : { "sec-websocket-protocol": protocol } });
}

/** A seat's socket arrived. During a match, a seat the log calls away or unseen is back: `player-connected`. */
function seatArrived(core: RoomCore, seat: Side, socket: WebSocket, now: number): void {
  const room = core.store.load()!;
  const holder = room.info.seats[seat];
  if (!holder) return;
  if (room.info.status !== "playing") {
    if (!holder.seen) core.commit({ room: withSeat(room, seat, { ...holder, seen: true }), events: [], at: now });
    return;
  }
  const pendingDrop = core.store.deadlines().some((d) => d.kind === "drop" && d.seat === seat);
  if (holder.seen && !holder.away) {
    // Here as far as the log knows: a coalesced drop is simply forgotten.
    if (pendingDrop) core.commit({ room, events: [], at: now, clearDeadlines: [{ kind: "drop", seat }] });
    return;
  }
  const { awayByRestart: _, ...staying } = holder;
  const back: Seat = { ...staying, seen: true, away: false, ...(holder.away ? { returnedAt: now } : {}) };
  const logged = core.commit({
    room: withSeat(room, seat, back),
    events: [{ type: "player-connected", seat }],
    at: now,
    clearDeadlines: SEAT_WINDOWS.map((kind) => ({ kind, seat })),
  });
  // The arriving socket gets its welcome (with these events after its seq) instead of an update.
  core.broadcast(logged, socket, true);
}

export function onClose(core: RoomCore, ws: WebSocket, code: number, reason: string): void {
  // Always answer the close frame, or the client waits for it until its own timeout.
  try {
    ws.close(echoableCloseCode(code), reason.slice(0, 120));
  } catch {
    // Already closed.
  }
  const role = core.sockets.roleOf(ws);
  if (role === "spectator" || core.sockets.seatConnected(role, ws)) return;
  seatLeft(core, role, Date.now());
}

/**
 * The seat has no socket any more: during a match, its drop is logged now, or at the end of its quiet time when it
 * came back from a drop only just now. Nothing happens for a seat the log already calls away.
 */
function seatLeft(core: RoomCore, seat: Side, now: number): void {
  const room = core.store.load();
  const holder = room?.info.seats[seat];
  if (!room || !holder || room.info.status !== "playing" || !holder.seen || holder.away) return;
  const quietEnds = (holder.returnedAt ?? -Infinity) + PRESENCE_QUIET_MS;
  if (now < quietEnds) {
    core.commit({ room, events: [], at: now, setDeadlines: [{ kind: "drop", seat, due: quietEnds }] });
    return;
  }
  logDrop(core, room, seat, now);
}

/**
 * Logs the seat's `player-disconnected` and opens its reconnect window (ending any coalesced drop). `byRestart`:
 * the drop was found at a wake, not seen as a close (see `goneForTheMatch`).
 */
export function logDrop(core: RoomCore, room: Room, seat: Side, now: number, byRestart = false): void {
  const { awayByRestart: _, ...holder } = room.info.seats[seat]!;
  const deadline = now + room.info.reconnectSeconds * 1000;
  const logged = core.commit({
    room: withSeat(room, seat, { ...holder, away: true, ...(byRestart ? { awayByRestart: true } : {}) }),
    events: [{ type: "player-disconnected", seat, deadline }],
    at: now,
    clearDeadlines: [{ kind: "drop", seat }],
    setDeadlines: [{ kind: "reconnect", seat, due: deadline }],
  });
  core.broadcast(logged);
}

/**
 * Makes the log agree with the sockets the object really has: during a match, every human seat the log calls
 * here with no open socket (and no coalesced drop pending) has its drop logged. Sockets vanish without a close
 * when the runtime restarts, is redeployed or evicts the object; this runs on every wake and from the liveness alarm.
 */
export function reconcile(core: RoomCore, now: number): void {
  const pending = new Set(core.store.deadlines().filter((d) => d.kind === "drop").map((d) => d.seat));
  for (const side of SIDES) {
    const room = core.store.load();
    const holder = room?.info.seats[side];
    if (!room || room.info.status !== "playing" || holder?.kind !== "human") continue;
    if (holder.seen && !holder.away && !pending.has(side) && !core.sockets.seatConnected(side)) logDrop(core, room, side, now, true);
  }
}

/**
 * When the other seat's window ends, is this seat gone too (so the match is abandoned rather than forfeited to it)?
 * A human seat with no socket is — unless the server's own restart made it away (its drop found at a wake): then
 * only once its own window is over too. So a restart never costs the player who stayed the win, while two players
 * who both stay away past a restart still abandon (their windows, opened at the same wake, end together).
 */
export function goneForTheMatch(core: RoomCore, room: Room, side: Side, now: number): boolean {
  const holder = room.info.seats[side];
  if (holder?.kind !== "human" || core.sockets.seatConnected(side)) return false;
  if (!holder.awayByRestart) return true;
  const window = core.store.deadlines().find((d) => d.kind === "reconnect" && d.seat === side);
  return !window || window.due <= now;
}

function withSeat(room: Room, side: Side, seat: Seat): Room {
  return { ...room, info: { ...room.info, seats: { ...room.info.seats, [side]: seat } } };
}
