/**
 * A player's own channel (docs/players-channel.md): one Durable Object per player (named by the player's id) with
 * hibernating sockets for the player's pages and programs. It keeps the player's numbered events (CHANNEL_LIMITS),
 * replays what a reconnecting socket missed (`?since=`), and computes the player's presence: playing while seated at
 * a match that is not over, else online while a socket is open (away when every socket said so), else offline.
 * Every change of presence goes to the presence index and, as a `presence` event, to each follower's channel.
 */
import { DurableObject } from "cloudflare:workers";
import {
  CHANNEL_LIMITS,
  ChannelClientMessageSchema,
  type ChannelClientMessage,
  type ChannelEvent,
  type ChannelServerMessage,
  type Presence,
} from "../../protocol";
import type { Env } from "../env";
import { CLOSE, closeSocket, parseFrame, type FrameGrammar } from "../frames";
import { objectLog } from "../log";
import { openChallengesFor } from "../social/challenges";
import { SocialDb } from "../social/db";
import { linksOf } from "../social/links";
import { presenceRefreshMs } from "./presence-index";

/** Headers only the Worker sets on the request it hands to a channel. */
export const CHANNEL_PLAYER_HEADER = "x-nardi-channel-player";
export const CHANNEL_TOKEN_HEADER = "x-nardi-channel-token";
export const CHANNEL_PROTOCOL_HEADER = "x-nardi-channel-protocol";

/** Close codes of the channel (docs/players-channel.md). */
export const CHANNEL_CLOSE = { replaced: 4000, revoked: 4401 } as const;

interface Attachment {
  tokenHash: string;
  away: boolean;
  openedAt: number;
}

const MESSAGES: FrameGrammar<ChannelClientMessage> = {
  types: ChannelClientMessageSchema.options.map((option) => option.shape.type.value),
  schema: ChannelClientMessageSchema,
};

const OFFLINE: Presence = { state: "offline", since: 0, tableId: null };

export class PlayerChannel extends DurableObject<Env> {
  readonly #log = objectLog("player-channel");

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, body TEXT NOT NULL)");
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS seats (table_id TEXT PRIMARY KEY, watchable INTEGER NOT NULL, since INTEGER NOT NULL)");
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS facts (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  }

  // ── state kept in storage ──

  #fact(key: string): string | null {
    const row = this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM facts WHERE key = ?", key).toArray()[0];
    return row?.value ?? null;
  }

  #setFact(key: string, value: string): void {
    this.ctx.storage.sql.exec("INSERT INTO facts (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  #playerId(given?: string): string {
    if (given !== undefined) {
      if (this.#fact("player") === null) this.#setFact("player", given);
      return given;
    }
    return this.#fact("player") ?? "";
  }

  #presence(): Presence {
    const stored = this.#fact("presence");
    return stored === null ? OFFLINE : (JSON.parse(stored) as Presence);
  }

  #seq(): number {
    return this.ctx.storage.sql.exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM events").one().seq ?? 0;
  }

  #sockets(): WebSocket[] {
    return this.ctx.getWebSockets();
  }

  #send(ws: WebSocket, message: ChannelServerMessage): void {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // A socket closing as we send: its close event recomputes presence.
    }
  }

  // ── RPC from the Worker and other objects ──

  /** A socket (GET /v1/me/channel): the welcome, then what it missed since `since`, then live events. */
  override async fetch(request: Request): Promise<Response> {
    const playerId = this.#playerId(request.headers.get(CHANNEL_PLAYER_HEADER) ?? undefined);
    const tokenHash = request.headers.get(CHANNEL_TOKEN_HEADER) ?? "";
    const protocol = request.headers.get(CHANNEL_PROTOCOL_HEADER);
    const sinceText = new URL(request.url).searchParams.get("since");
    const since = sinceText === null ? null : Number(sinceText);

    // One socket more than the limit closes the oldest.
    const open = this.#sockets().sort((a, b) => attachment(a).openedAt - attachment(b).openedAt);
    for (const old of open.slice(0, Math.max(0, open.length - CHANNEL_LIMITS.maxSockets + 1))) {
      closeSocket(old, CHANNEL_CLOSE.replaced, "too many channel sockets: this one was the oldest");
    }

    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [tokenHash]);
    server.serializeAttachment({ tokenHash, away: false, openedAt: Date.now() } satisfies Attachment);
    await this.#recompute(playerId);

    this.#prune(Date.now());
    const seq = this.#seq();
    const oldest = this.ctx.storage.sql.exec<{ seq: number | null }>("SELECT MIN(seq) AS seq FROM events").one().seq;
    // `since` is usable when nothing after it was pruned: the event after it is still kept (or there is none).
    const reset = since !== null && (since > seq || (since < seq && (oldest === null || oldest > since + 1)));
    const [challenges, following] = await Promise.all([
      openChallengesFor(this.env, playerId).catch((error: unknown) => {
        this.#log.error("channel welcome: reading challenges failed", error);
        return { incoming: [], outgoing: [] };
      }),
      this.#followingOnline(playerId),
    ]);
    this.#send(server, { type: "welcome", seq, reset, presence: this.#presence(), challenges, following });
    if (since !== null && !reset) {
      for (const row of this.ctx.storage.sql.exec<{ seq: number; at: number; body: string }>("SELECT * FROM events WHERE seq > ? ORDER BY seq", since)) {
        this.#send(server, { type: "event", seq: row.seq, at: row.at, event: JSON.parse(row.body) as ChannelEvent });
      }
    }
    const headers = protocol === null ? undefined : { "sec-websocket-protocol": protocol };
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /** An event for this player: numbered, kept, and sent to every open socket. */
  deliver(playerId: string, event: ChannelEvent): number {
    this.#playerId(playerId);
    const now = Date.now();
    const seq = this.#seq() + 1;
    const body = JSON.stringify(event);
    this.ctx.storage.sql.exec("INSERT INTO events (seq, at, body) VALUES (?, ?, ?)", seq, now, body);
    this.#prune(now);
    for (const ws of this.#sockets()) this.#send(ws, { type: "event", seq, at: now, event });
    return seq;
  }

  /** From a match object: the player sat down at a match (`playing`), or its match ended (`!playing`). */
  async seated(playerId: string, tableId: string, playing: boolean, watchable: boolean): Promise<void> {
    this.#playerId(playerId);
    if (playing) {
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO seats (table_id, watchable, since) VALUES (?, ?, ?)", tableId, watchable ? 1 : 0, Date.now());
    } else {
      this.ctx.storage.sql.exec("DELETE FROM seats WHERE table_id = ?", tableId);
    }
    await this.#recompute(playerId);
  }

  /** Closes at once every socket opened with this token (a revoked API token; docs/bots.md). */
  closeToken(tokenHash: string): number {
    const sockets = this.ctx.getWebSockets(tokenHash);
    for (const ws of sockets) closeSocket(ws, CHANNEL_CLOSE.revoked, "the token this socket was opened with was revoked");
    return sockets.length;
  }

  /** The player's presence as the channel computes it. */
  presence(): Presence {
    return this.#presence();
  }

  // ── sockets ──

  override async webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    const parsed = parseFrame(frame, MESSAGES);
    if (!parsed.ok) {
      if ("close" in parsed) closeSocket(ws, parsed.close, parsed.reason);
      else this.#send(ws, { type: "error", code: parsed.code, message: parsed.message });
      return;
    }
    const message = parsed.message;
    if (message.type === "ping") {
      this.#send(ws, { type: "pong" });
      return;
    }
    ws.serializeAttachment({ ...attachment(ws), away: message.state === "away" } satisfies Attachment);
    await this.#recompute(this.#playerId());
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeSocket(ws, code === 1005 || code === 1006 ? CLOSE.normal : code, "closed");
    await this.#recompute(this.#playerId(), ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.#recompute(this.#playerId(), ws);
  }

  /** While a socket is open or a seat is held: the presence index's entry is refreshed before it goes stale. */
  override async alarm(): Promise<void> {
    const playerId = this.#playerId();
    if (playerId === "") return;
    await this.#recompute(playerId, undefined, true);
  }

  // ── presence ──

  /**
   * Presence from the seats and the sockets (leaving out `closing`, a socket whose close is being handled). A change
   * goes to the index and to every follower; `refresh` sends the index an unchanged presence too (the alarm).
   */
  async #recompute(playerId: string, closing?: WebSocket, refresh = false): Promise<void> {
    if (playerId === "") return;
    const sockets = this.#sockets().filter((ws) => ws !== closing && ws.readyState !== WebSocket.CLOSED);
    const seat = this.ctx.storage.sql
      .exec<{ table_id: string; watchable: number }>("SELECT table_id, watchable FROM seats ORDER BY since DESC LIMIT 1")
      .toArray()[0];
    const now = Date.now();
    const before = this.#presence();
    const state: Presence["state"] = seat
      ? "playing"
      : sockets.length === 0
        ? "offline"
        : sockets.every((ws) => attachment(ws).away)
          ? "away"
          : "online";
    const tableId = seat && seat.watchable === 1 ? seat.table_id : null;
    const changed = state !== before.state || tableId !== before.tableId;
    const presence: Presence = changed ? { state, since: now, tableId } : before;
    if (changed) this.#setFact("presence", JSON.stringify(presence));
    if (state === "offline") await this.ctx.storage.deleteAlarm();
    else if ((await this.ctx.storage.getAlarm()) === null || refresh) await this.ctx.storage.setAlarm(now + presenceRefreshMs(this.env));
    if (!changed && !refresh) return;
    try {
      await this.env.PRESENCE.getByName("presence").report(playerId, presence);
    } catch (error) {
      this.#log.error("presence: reporting to the index failed", error, { playerId });
    }
    if (changed) await this.#tellFollowers(playerId);
  }

  async #tellFollowers(playerId: string): Promise<void> {
    try {
      const db = new SocialDb(this.env.DB);
      const { followers } = await db.follows(playerId);
      if (followers.length === 0) return;
      const name = await this.env.DB.prepare("SELECT name FROM players WHERE id = ?").bind(playerId).first<{ name: string | null }>();
      const [link] = (await linksOf(this.env, [{ id: playerId, name: name?.name ?? "deleted player" }])).values();
      if (!link) return;
      const event: ChannelEvent = { kind: "presence", player: { ...link, presence: this.#presence() } };
      await Promise.all(followers.map((f) => this.env.PLAYER_CHANNEL.getByName(f.id).deliver(f.id, event)));
    } catch (error) {
      this.#log.error("presence: telling followers failed", error, { playerId });
    }
  }

  async #followingOnline(playerId: string) {
    try {
      const { following } = await new SocialDb(this.env.DB).follows(playerId);
      const links = await linksOf(this.env, following);
      return [...links.values()].filter((l) => l.presence.state !== "offline");
    } catch (error) {
      this.#log.error("channel welcome: reading follows failed", error);
      return [];
    }
  }

  #prune(now: number): void {
    this.ctx.storage.sql.exec("DELETE FROM events WHERE at < ? AND seq < (SELECT MAX(seq) FROM events)", now - CHANNEL_LIMITS.keepMs);
    this.ctx.storage.sql.exec("DELETE FROM events WHERE seq <= (SELECT MAX(seq) FROM events) - ?", CHANNEL_LIMITS.keepEvents);
  }
}

function attachment(ws: WebSocket): Attachment {
  return (ws.deserializeAttachment() as Attachment | null) ?? { tokenHash: "", away: false, openedAt: 0 };
}
