/**
 * The quick-match seek socket (`GET /v1/seek?…`, docs/matchmaking.md): a `SeekConnection` opens it with the
 * session in the `token.<session>` subprotocol, reads the server's frames with the protocol's schema and calls the
 * handlers: `seeking` (registered, again after a reconnect), `paired` (the seat: keep `grant.token`), and `ended`
 * once (cancelled, an error, or the socket lost). A dropped socket is not a cancel: the pool keeps the seek for
 * its gone window (10 s), so the connection reconnects within it (after 0.5, 1 and 2 s) before it reports `lost`.
 */
import type { NardiClient } from "./http";
import {
  SOCKET_PROTOCOL,
  SeekServerMessageSchema,
  TOKEN_PROTOCOL_PREFIX,
  seekSearchParams,
  type SeekChoice,
  type SeekServerMessage,
} from "../protocol";

export type SeekSeeking = Extract<SeekServerMessage, { type: "seeking" }>;
export type SeekPaired = Extract<SeekServerMessage, { type: "paired" }>;
/**
 * Why a seek ended without a seat: the server's `cancelled` or `error` frame, or `lost` (the socket closed and the
 * reconnects failed; `opened` false when it never opened: a seek refused before the upgrade, which a browser
 * reports only as a failed socket, e.g. a stake the balance does not cover or the site switch).
 */
export type SeekEnd = Extract<SeekServerMessage, { type: "cancelled" | "error" }> | { type: "lost"; opened: boolean };

export interface SeekHandlers {
  seeking?: (message: SeekSeeking) => void;
  paired?: (message: SeekPaired) => void;
  ended?: (end: SeekEnd) => void;
}

export interface SeekOptions {
  /** Defaults to the global `WebSocket`. */
  WebSocket?: typeof WebSocket;
  /** Waits before each reconnect after a drop (ms); `[]`: none. Within the pool's 10 s gone window by default. */
  retryMs?: readonly number[];
}

const RETRY_MS = [500, 1_000, 2_000] as const;

/** The seek socket's URL for these choices (ws: or wss: after the client's base URL). */
export function seekSocketUrl(api: Pick<NardiClient, "baseUrl">, choice: SeekChoice): string {
  return `${api.baseUrl.replace(/^http/, "ws")}/v1/seek?${seekSearchParams(choice)}`;
}

export class SeekConnection {
  readonly url: string;
  #socket: WebSocket | null = null;
  #done = false;
  #opened = false;
  #retries = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #Socket: typeof WebSocket;
  readonly #retryMs: readonly number[];

  /** Opens the socket at once; `session` is the player's session token (quick match needs an account). */
  constructor(
    api: Pick<NardiClient, "baseUrl">,
    readonly choice: SeekChoice,
    private readonly session: string,
    private readonly handlers: SeekHandlers,
    options: SeekOptions = {},
  ) {
    this.url = seekSocketUrl(api, choice);
    this.#Socket = options.WebSocket ?? WebSocket;
    this.#retryMs = options.retryMs ?? RETRY_MS;
    this.#open();
  }

  /** True until `paired` or `ended` was reported (or the caller cancelled). */
  get active(): boolean {
    return !this.#done;
  }

  /** Stops seeking: sends `cancel` if the socket is open and closes it. No handler is called after this. */
  cancel(): void {
    const ws = this.#finish();
    if (ws && ws.readyState === this.#Socket.OPEN) {
      ws.send(JSON.stringify({ type: "cancel" }));
      ws.close(1000, "cancel");
    } else ws?.close(1000, "cancel");
  }

  #finish(): WebSocket | null {
    this.#done = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const ws = this.#socket;
    this.#socket = null;
    return ws;
  }

  #open(): void {
    const ws = new this.#Socket(this.url, [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${this.session}`]);
    this.#socket = ws;
    ws.addEventListener("open", () => {
      this.#opened = true;
      this.#retries = 0;
    });
    ws.addEventListener("message", (event) => {
      if (this.#socket !== ws) return;
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return; // not a seek frame (a stray `pong`): ignored
      }
      const parsed = SeekServerMessageSchema.safeParse(frame);
      if (parsed.success) this.#receive(parsed.data);
    });
    ws.addEventListener("close", () => {
      if (this.#socket !== ws || this.#done) return;
      this.#socket = null;
      const wait = this.#opened ? this.#retryMs[this.#retries] : undefined;
      if (wait === undefined) {
        this.#done = true;
        this.handlers.ended?.({ type: "lost", opened: this.#opened });
        return;
      }
      this.#retries++;
      this.#timer = setTimeout(() => !this.#done && this.#open(), wait);
    });
  }

  #receive(message: SeekServerMessage): void {
    if (message.type === "seeking") {
      this.handlers.seeking?.(message);
      return;
    }
    this.#finish()?.close(1000, message.type);
    if (message.type === "paired") this.handlers.paired?.(message);
    else this.handlers.ended?.(message);
  }
}
