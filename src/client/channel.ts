/**
 * The player channel (`GET /v1/me/channel`, docs/players-channel.md): a `PlayerChannelConnection` keeps one socket
 * open with the session (or a bot's API token) in the `token.<token>` subprotocol, reads the server's frames with the
 * protocol's schema and calls the handlers: `welcome` on every (re)connect, `event` for each numbered event, `error`
 * for a frame the server refused. A dropped socket is reconnected with a growing delay and `?since=` the last event
 * seen, so nothing is missed (or the welcome says `reset`). A revoked token (4401) ends it: `closed` with `final`.
 */
import type { NardiClient } from "./http";
import {
  ChannelServerMessageSchema,
  SOCKET_PROTOCOL,
  TOKEN_PROTOCOL_PREFIX,
  type ChannelEvent,
  type ChannelServerMessage,
} from "../protocol";

export type ChannelWelcome = Extract<ChannelServerMessage, { type: "welcome" }>;
export type ChannelEventMessage = Extract<ChannelServerMessage, { type: "event" }>;
export type ChannelErrorMessage = Extract<ChannelServerMessage, { type: "error" }>;

export interface PlayerChannelHandlers {
  /** On every connect: the player's presence, open challenges and followed players online; `reset`: rebuild from it. */
  welcome?: (welcome: ChannelWelcome) => void;
  /** Each event, in order (the missed ones after a reconnect first). An event of a kind this client does not know is skipped. */
  event?: (event: ChannelEvent, message: ChannelEventMessage) => void;
  /** The server refused a frame of ours (nothing changed). */
  error?: (error: ChannelErrorMessage) => void;
  /** The socket closed; `final` when the connection gives up (closed here, or 4401: the token was revoked). */
  closed?: (close: { code: number; reason: string; final: boolean }) => void;
}

export interface PlayerChannelOptions {
  /** Defaults to the global `WebSocket`. */
  WebSocket?: typeof WebSocket;
  /** The first wait before a reconnect (ms), doubled after each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** A `ping` this often while open (ms; 0: none). */
  pingMs?: number;
  /** The last event seen before (from an earlier connection): the first connect resumes from it. */
  since?: number;
}

/** The code the server closes a revoked token's channel sockets with. */
export const CHANNEL_REVOKED = 4401;

/** The channel socket's URL (ws: or wss: after the client's base URL), resuming after `since` when given. */
export function channelSocketUrl(api: Pick<NardiClient, "baseUrl">, since?: number): string {
  const base = `${api.baseUrl.replace(/^http/, "ws")}/v1/me/channel`;
  return since === undefined ? base : `${base}?since=${since}`;
}

export class PlayerChannelConnection {
  #socket: WebSocket | null = null;
  #done = false;
  #since: number | undefined;
  #wait: number;
  #presence: "online" | "away" = "online";
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  readonly #Socket: typeof WebSocket;
  readonly #retryMs: number;
  readonly #maxRetryMs: number;
  readonly #pingMs: number;

  /** Opens the socket at once; `token` is the player's session token or a bot account's API token. */
  constructor(
    private readonly api: Pick<NardiClient, "baseUrl">,
    private readonly token: string,
    private readonly handlers: PlayerChannelHandlers,
    options: PlayerChannelOptions = {},
  ) {
    this.#Socket = options.WebSocket ?? WebSocket;
    this.#retryMs = options.retryMs ?? 1_000;
    this.#maxRetryMs = options.maxRetryMs ?? 30_000;
    this.#pingMs = options.pingMs ?? 30_000;
    this.#wait = this.#retryMs;
    this.#since = options.since;
    this.#open();
  }

  /** The newest event number seen (what the next reconnect resumes after); undefined before the first welcome. */
  get seq(): number | undefined {
    return this.#since;
  }

  /** True while a socket is open. */
  get connected(): boolean {
    return this.#socket !== null && this.#socket.readyState === this.#Socket.OPEN;
  }

  /** This page or program is visible (online) or hidden or idle (away); sent now and after every reconnect. */
  setPresence(state: "online" | "away"): void {
    this.#presence = state;
    this.#sendNow({ type: "presence", state });
  }

  /** Closes the socket and stops reconnecting; `closed` is called once with `final`. */
  close(): void {
    if (this.#done) return;
    this.#done = true;
    this.#stopTimers();
    const ws = this.#socket;
    this.#socket = null;
    ws?.close(1000, "closed by the client");
    this.handlers.closed?.({ code: 1000, reason: "closed by the client", final: true });
  }

  #sendNow(message: unknown): void {
    const ws = this.#socket;
    if (ws && ws.readyState === this.#Socket.OPEN) ws.send(JSON.stringify(message));
  }

  #stopTimers(): void {
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    if (this.#pingTimer !== undefined) clearInterval(this.#pingTimer);
    this.#retryTimer = undefined;
    this.#pingTimer = undefined;
  }

  #open(): void {
    const ws = new this.#Socket(channelSocketUrl(this.api, this.#since), [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${this.token}`]);
    this.#socket = ws;
    ws.addEventListener("open", () => {
      if (this.#socket !== ws) return;
      if (this.#presence === "away") this.#sendNow({ type: "presence", state: "away" });
      if (this.#pingMs > 0) this.#pingTimer = setInterval(() => this.#sendNow({ type: "ping" }), this.#pingMs);
    });
    ws.addEventListener("message", (event) => {
      if (this.#socket !== ws) return;
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.#receive(frame);
    });
    ws.addEventListener("close", (event) => {
      if (this.#socket !== ws || this.#done) return;
      this.#socket = null;
      this.#stopTimers();
      const final = event.code === CHANNEL_REVOKED;
      if (final) this.#done = true;
      this.handlers.closed?.({ code: event.code, reason: event.reason, final });
      if (final) return;
      const wait = this.#wait;
      this.#wait = Math.min(this.#maxRetryMs, this.#wait * 2);
      this.#retryTimer = setTimeout(() => !this.#done && this.#open(), wait);
    });
  }

  #receive(frame: unknown): void {
    const parsed = ChannelServerMessageSchema.safeParse(frame);
    if (!parsed.success) {
      // An event of a kind a newer server added: counted, not handled.
      const seq = (frame as { type?: unknown; seq?: unknown } | null)?.seq;
      if ((frame as { type?: unknown } | null)?.type === "event" && typeof seq === "number") this.#since = Math.max(this.#since ?? 0, seq);
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case "welcome":
        // A welcome means the socket works: the next drop starts the backoff again from its shortest wait.
        this.#wait = this.#retryMs;
        if (message.reset || this.#since === undefined || this.#since > message.seq) this.#since = message.seq;
        this.handlers.welcome?.(message);
        return;
      case "event":
        if (this.#since !== undefined && message.seq <= this.#since) return;
        this.#since = message.seq;
        this.handlers.event?.(message.event, message);
        return;
      case "error":
        this.handlers.error?.(message);
        return;
      case "pong":
        return;
    }
  }
}
