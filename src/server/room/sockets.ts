/**
 * Who a socket is lives in its hibernation tag (`white`, `black` or `spectator`), so a woken object finds every
 * session again with `ctx.getWebSockets(tag)`; nothing about sockets is only in memory except the per-connection
 * rate window, which may safely restart after a sleep (sleeping means it was quiet).
 */
import type { Side } from "../../engine";
import { LIMITS, type Role, type ServerMessage } from "../../protocol";

const RATE_WINDOW_MS = 10_000;
/** The second tag of a socket that speaks `nardi.v2`; sockets accepted before v2 have only their role. */
const COMPACT_PLAYS_TAG = "plays.compact";

export class Sockets {
  /** Arrival times of the frames counted in the last window, per socket. */
  readonly #rate = new WeakMap<WebSocket, number[]>();

  constructor(private readonly ctx: DurableObjectState) {}

  /** `compactPlays`: the socket speaks `nardi.v2` (tagged, so a woken object still knows; untagged = the older v1). */
  accept(ws: WebSocket, role: Role, compactPlays: boolean): void {
    this.ctx.acceptWebSocket(ws, compactPlays ? [role, COMPACT_PLAYS_TAG] : [role]);
  }

  /** The socket gets the legal plays compact (`plays`, `nardi.v2`) rather than written out (`legalPlays`). */
  wantsCompactPlays(ws: WebSocket): boolean {
    return this.ctx.getTags(ws).includes(COMPACT_PLAYS_TAG);
  }

  roleOf(ws: WebSocket): Role {
    const tag = this.ctx.getTags(ws)[0];
    return tag === "white" || tag === "black" ? tag : "spectator";
  }

  /** Open sockets, optionally of one role, leaving out `except` (the socket being closed). */
  open(role?: Role, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(role).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  seatConnected(side: Side, except?: WebSocket): boolean {
    return this.open(side, except).length > 0;
  }

  send(ws: WebSocket, message: ServerMessage): void {
    this.sendText(ws, JSON.stringify(message));
  }

  /** A frame already serialized (one update sent to many sockets is serialized once). */
  sendText(ws: WebSocket, frame: string): void {
    try {
      ws.send(frame);
    } catch {
      // The socket closed under us; its close handler does the bookkeeping.
    }
  }

  /**
   * Counts a frame against the connection's sliding 10-second window; false when the window is full (the frame
   * is then refused and not counted).
   */
  withinRate(ws: WebSocket, now: number): boolean {
    let times = this.#rate.get(ws);
    if (!times) this.#rate.set(ws, (times = []));
    while (times.length > 0 && now - (times[0] as number) >= RATE_WINDOW_MS) times.shift();
    if (times.length >= LIMITS.maxMessagesPer10s) return false;
    times.push(now);
    return true;
  }

  /**
   * An accepted command gives its frame back: the game itself bounds how fast commands can be accepted, so the
   * limit only bites on frames that change nothing (refusals, duplicates, syncs), and a fast bot is never slowed.
   */
  refund(ws: WebSocket): void {
    this.#rate.get(ws)?.pop();
  }
}

/** The close-code rule is shared by every socket the server accepts. */
export { echoableCloseCode } from "../frames";
