/**
 * The lobby's live feed over its WebSocket (`GET /v1/lobby/socket?diffs=1`, docs/protocol.md "The lobby feed"): a
 * `LobbyFeedConnection` keeps a `LobbyFeedState` from the snapshot and the diffs and reports `lists` (the open
 * tables or the matches changed), `online` (only the count changed) and `live` (the socket opened or closed). It
 * reconnects until closed: at once after a gap in the diffs (for a new snapshot), otherwise after 1, 2, 5 and then
 * every 10 s; while the feed is down it reads `GET /v1/lobby` once per try, so the lists are never older than that.
 */
import type { NardiClient } from "./http";
import { LobbyFeedState } from "./lobby-feed";
import { LobbyFeedMessageSchema, type LobbySnapshot } from "../protocol";

export interface LobbyFeedHandlers {
  lists?: (snapshot: LobbySnapshot) => void;
  online?: (count: number) => void;
  live?: (live: boolean) => void;
}

export interface LobbyFeedOptions {
  /** Defaults to the global `WebSocket`. */
  WebSocket?: typeof WebSocket;
  /** Waits before each reconnect (ms), the last repeated. */
  retryMs?: readonly number[];
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000] as const;

export class LobbyFeedConnection {
  #state = new LobbyFeedState();
  #socket: WebSocket | null = null;
  #closed = false;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #Socket: typeof WebSocket;
  readonly #retryMs: readonly number[];

  /** Opens the feed at once. */
  constructor(
    private readonly api: Pick<NardiClient, "lobbySocketUrl" | "getLobby">,
    private readonly handlers: LobbyFeedHandlers,
    options: LobbyFeedOptions = {},
  ) {
    this.#Socket = options.WebSocket ?? WebSocket;
    this.#retryMs = options.retryMs ?? RETRY_MS;
    this.#open();
  }

  /** The lists as last applied (empty before the first snapshot). */
  snapshot(): LobbySnapshot {
    return this.#state.snapshot();
  }

  /** Whether the socket is open now. */
  get live(): boolean {
    return this.#socket?.readyState === this.#Socket.OPEN;
  }

  /** Closes the feed for good; no handler is called after this. */
  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#socket?.close(1000, "lobby closed");
    this.#socket = null;
  }

  #open(): void {
    if (this.#closed) return;
    const state = new LobbyFeedState();
    this.#state = state;
    let gap = false;
    const ws = new this.#Socket(this.api.lobbySocketUrl({ diffs: true }));
    this.#socket = ws;
    ws.addEventListener("open", () => {
      this.#attempt = 0;
      if (!this.#closed) this.handlers.live?.(true);
    });
    ws.addEventListener("message", (event) => {
      if (this.#closed || this.#socket !== ws) return;
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return; // not a LobbyFeedMessage (a newer server's frame, or a stray `pong`): ignored
      }
      const parsed = LobbyFeedMessageSchema.safeParse(frame);
      if (!parsed.success) return;
      const message = parsed.data;
      const before = state.online;
      if (state.apply(message) === "gap") {
        gap = true;
        ws.close(1000, "gap in the lobby feed");
        return;
      }
      const listsSame =
        message.type === "diff" && message.open.upsert.length + message.open.remove.length + message.playing.upsert.length + message.playing.remove.length === 0;
      if (!listsSame) this.handlers.lists?.(state.snapshot());
      else if (before !== state.online) this.handlers.online?.(state.online);
    });
    ws.addEventListener("close", () => {
      if (this.#closed || this.#socket !== ws) return;
      this.handlers.live?.(false);
      if (gap) {
        this.#open(); // frames were missed: a new snapshot at once
        return;
      }
      void this.api.getLobby().then(
        (s) => !this.#closed && this.handlers.lists?.(s),
        () => undefined,
      );
      const wait = this.#retryMs[Math.min(this.#attempt++, this.#retryMs.length - 1)] ?? 10_000;
      this.#timer = setTimeout(() => this.#open(), wait);
    });
  }
}
