/**
 * The lobby: one Durable Object (`env.LOBBY.getByName("lobby")`) listing public tables that wait for a second
 * player. A match object adds its table when created and removes it when someone joins or it expires, so the
 * list is a small index, never the source of truth. One object is plenty for a lobby's load (a row per open
 * table, one indexed read per listing); a busier deployment can shard it by preset without changing the API.
 *
 * It also lists the matches being played now (a match object reports its start, each time a human seat comes or
 * goes, and its end), and serves all of it as a live feed: WebSockets (Hibernation API) that get the snapshot on
 * connecting and again after every change, so the page never needs a Refresh button.
 *
 * Reads never write: expired rows are filtered out by the query and deleted by the lobby's own alarm. The match
 * objects never wait for the lobby either (`tellLobby`): creating or joining a table works while it is slow or down.
 */
import { DurableObject } from "cloudflare:workers";
import { PlayingSummarySchema, TableSummarySchema, type LobbyMessage, type LobbySnapshot, type PlayingSummary, type TableSummary } from "../protocol";
import type * as z from "zod";
import { problemResponse } from "./problem";
import type { Env } from "./env";
import { objectLog, type Logger } from "./log";

/** The newest tables first; more than a page of waiting tables is more than anyone scrolls. */
const LIST_LIMIT = 100;
/** Tables one client (address) has listed at once: its newer tables push its older ones off the list. */
export const LISTED_TABLES_PER_CLIENT = 3;
/** How long a removal is remembered, so an `add` that arrives after its `remove` cannot list a joined table. */
const TOMBSTONE_MS = 48 * 60 * 60 * 1000;
/** Lobby updates are retried after these delays (ms) when the lobby cannot be reached. */
const RETRY_DELAYS_MS = [1_000, 5_000];
/** A match in progress that has not reported for this long is dropped (its end was never heard). */
const PLAYING_TTL_MS = 48 * 60 * 60 * 1000;
/** Open lobby feeds at once; more are refused with 429 (the page then falls back to the plain list). */
export const MAX_LOBBY_SOCKETS = 2_000;

export class Lobby extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(
      `CREATE TABLE IF NOT EXISTS open_tables (
         id TEXT PRIMARY KEY,
         summary TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         expires_at INTEGER NOT NULL
       )`,
    );
    // Added after the first release: lobbies created before it get the column (rows from then have no client).
    const [schema] = sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'open_tables'").toArray();
    if (schema && !schema.sql.includes("client")) sql.exec("ALTER TABLE open_tables ADD COLUMN client TEXT NOT NULL DEFAULT ''");
    sql.exec("CREATE INDEX IF NOT EXISTS open_tables_by_age ON open_tables (created_at DESC, id)");
    sql.exec("CREATE INDEX IF NOT EXISTS open_tables_by_expiry ON open_tables (expires_at)");
    sql.exec("CREATE INDEX IF NOT EXISTS open_tables_by_client ON open_tables (client, created_at)");
    sql.exec("CREATE TABLE IF NOT EXISTS closed_tables (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)");
    sql.exec("CREATE INDEX IF NOT EXISTS closed_tables_by_expiry ON closed_tables (expires_at)");
    // Matches in progress: `listed` ones (public, spectators allowed) are shown; all count their `present` seats.
    sql.exec(
      `CREATE TABLE IF NOT EXISTS playing_tables (
         id TEXT PRIMARY KEY,
         summary TEXT NOT NULL,
         listed INTEGER NOT NULL,
         present INTEGER NOT NULL,
         started_at INTEGER NOT NULL,
         expires_at INTEGER NOT NULL
       )`,
    );
    sql.exec("CREATE INDEX IF NOT EXISTS playing_tables_by_age ON playing_tables (listed, started_at DESC, id)");
    sql.exec("CREATE INDEX IF NOT EXISTS playing_tables_by_expiry ON playing_tables (expires_at)");
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The feed: a WebSocket that gets the snapshot now and after every change (see docs/protocol.md, The lobby feed). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return problemResponse("BAD_REQUEST", "expected a WebSocket upgrade", 426);
    if (this.ctx.getWebSockets().length >= MAX_LOBBY_SOCKETS) return problemResponse("RATE_LIMITED", "the lobby feed is full; list the tables over HTTP");
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    this.send(pair[1], { type: "lobby", ...this.snapshot() });
    this.broadcast({ type: "online", online: this.online() }, pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** The feed is one way: anything but `ping` (answered by the runtime) is ignored. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "bye");
    } catch {
      // already closed
    }
    this.broadcast({ type: "online", online: this.online() }, ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.broadcast({ type: "online", online: this.online() }, ws);
  }

  /** What the feed sends: open tables, matches being played now, players online. */
  snapshot(): LobbySnapshot {
    return { open: this.list(), playing: this.listPlaying(), online: this.online() };
  }

  /**
   * A match object's report while its match runs: at the start, whenever a human seat comes or goes, and at the
   * end (`summary` null). `present` is how many human seats its log calls here.
   */
  async playing(id: string, report: { summary: PlayingSummary; listed: boolean; present: number } | null): Promise<void> {
    const sql = this.ctx.storage.sql;
    if (report === null) {
      sql.exec("DELETE FROM playing_tables WHERE id = ?", id);
    } else {
      const expiresAt = Date.now() + PLAYING_TTL_MS;
      sql.exec(
        `INSERT INTO playing_tables (id, summary, listed, present, started_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET present = excluded.present, expires_at = excluded.expires_at`,
        id,
        JSON.stringify(report.summary),
        report.listed ? 1 : 0,
        report.present,
        report.summary.startedAt,
        expiresAt,
      );
      await this.purgeLater(expiresAt);
    }
    this.changed();
  }

  listPlaying(): PlayingSummary[] {
    return this.summaries(PlayingSummarySchema, "SELECT summary FROM playing_tables WHERE listed = 1 AND expires_at > ? ORDER BY started_at DESC, id LIMIT ?");
  }

  /** Players online, as docs/protocol.md defines it: feed sockets + present human seats + hosts of listed open tables. */
  online(): number {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    const [seated] = sql.exec<{ n: number | null }>("SELECT SUM(present) AS n FROM playing_tables WHERE expires_at > ?", now).toArray();
    const [hosts] = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM open_tables WHERE expires_at > ?", now).toArray();
    return this.ctx.getWebSockets().length + (seated?.n ?? 0) + (hosts?.n ?? 0);
  }

  /** Sends the new snapshot to every feed (nothing to do when nobody watches). */
  private changed(): void {
    if (this.ctx.getWebSockets().length === 0) return;
    this.broadcast({ type: "lobby", ...this.snapshot() });
  }

  private broadcast(message: LobbyMessage, except?: WebSocket): void {
    for (const ws of this.ctx.getWebSockets()) if (ws !== except) this.send(ws, message);
  }

  private send(ws: WebSocket, message: LobbyMessage): void {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // a socket closing meanwhile: its close handler tidies up
    }
  }

  /** Lists a table for `client` (a hash of its address), which keeps only its newest LISTED_TABLES_PER_CLIENT. */
  async add(summary: TableSummary, expiresAt: number, client: string): Promise<void> {
    const sql = this.ctx.storage.sql;
    if (sql.exec("SELECT 1 FROM closed_tables WHERE id = ?", summary.id).toArray().length > 0) return;
    sql.exec(
      "INSERT OR REPLACE INTO open_tables (id, summary, created_at, expires_at, client) VALUES (?, ?, ?, ?, ?)",
      summary.id,
      JSON.stringify(summary),
      summary.createdAt,
      expiresAt,
      client,
    );
    sql.exec(
      `DELETE FROM open_tables WHERE client = ? AND id NOT IN
         (SELECT id FROM open_tables WHERE client = ? ORDER BY created_at DESC, id LIMIT ?)`,
      client,
      client,
      LISTED_TABLES_PER_CLIENT,
    );
    await this.purgeLater(expiresAt);
    this.changed();
  }

  async remove(id: string): Promise<void> {
    const expiresAt = Date.now() + TOMBSTONE_MS;
    this.ctx.storage.sql.exec("DELETE FROM open_tables WHERE id = ?", id);
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO closed_tables (id, expires_at) VALUES (?, ?)", id, expiresAt);
    await this.purgeLater(expiresAt);
    this.changed();
  }

  list(): TableSummary[] {
    // A table whose expiry alarm has not run yet is already closed to joiners in spirit: never list it.
    return this.summaries(TableSummarySchema, "SELECT summary FROM open_tables WHERE expires_at > ? ORDER BY created_at DESC, id LIMIT ?");
  }

  /**
   * The `summary` column of the rows `query` (bound to now and LIST_LIMIT) selects, parsed like wire data: a row
   * stored by an older version that no longer fits is left off the list.
   */
  private summaries<T>(schema: z.ZodType<T>, query: string): T[] {
    return this.ctx.storage.sql
      .exec<{ summary: string }>(query, Date.now(), LIST_LIMIT)
      .toArray()
      .flatMap((row) => {
        const summary = schema.safeParse(JSON.parse(row.summary));
        if (summary.success) return [summary.data];
        objectLog("lobby").error("lobby row does not fit its schema; not listed", summary.error.message);
        return [];
      });
  }

  /** Deletes expired rows and sets the alarm to the next expiry. */
  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    sql.exec("DELETE FROM open_tables WHERE expires_at <= ?", now);
    sql.exec("DELETE FROM closed_tables WHERE expires_at <= ?", now);
    sql.exec("DELETE FROM playing_tables WHERE expires_at <= ?", now);
    this.changed();
    const [next] = sql
      .exec<{ due: number | null }>(
        "SELECT MIN(due) AS due FROM (SELECT MIN(expires_at) AS due FROM open_tables UNION ALL SELECT MIN(expires_at) FROM closed_tables UNION ALL SELECT MIN(expires_at) FROM playing_tables)",
      )
      .toArray();
    if (next?.due != null) await this.ctx.storage.setAlarm(next.due);
  }

  /** Makes sure the alarm runs by `due` (an earlier alarm sets the next one itself). */
  private async purgeLater(due: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }
}

/**
 * Sends a change to the lobby without making the caller wait: the lobby is only an index, so a create or join
 * must not fail or stall on it. The call runs under `ctx.waitUntil`, and is retried after 1 s and 5 s while the
 * lobby cannot be reached; if it still fails, the error is logged and the list stays stale until the row expires.
 */
export function tellLobby(ctx: DurableObjectState, env: Env, change: (lobby: DurableObjectStub<Lobby>) => Promise<void>, log: Logger): void {
  inBackground(ctx, () => change(env.LOBBY.getByName("lobby")), log, "lobby update failed");
}

/** Runs `call` under `ctx.waitUntil`, retried after 1 s and 5 s while it fails; then logs `failure` with the error. */
export function inBackground(ctx: DurableObjectState, call: () => Promise<void>, log: Logger, failure: string): void {
  const attempt = async (): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        await call();
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[i];
        if (delay === undefined) {
          log.error(failure, error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  ctx.waitUntil(attempt());
}
