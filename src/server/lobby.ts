/**
 * The lobby: one Durable Object (`env.LOBBY.getByName("lobby")`) listing public tables that wait for a second
 * player. A match object adds its table when created and removes it when someone joins or it expires, so the
 * list is a small index, never the source of truth. One object is plenty for a lobby's load (a row per open
 * table, one indexed read per listing); a busier deployment can shard it by preset without changing the API.
 *
 * Reads never write: expired rows are filtered out by the query and deleted by the lobby's own alarm. The match
 * objects never wait for the lobby either (`tellLobby`): creating or joining a table works while it is slow or down.
 */
import { DurableObject } from "cloudflare:workers";
import { TableSummarySchema, type TableSummary } from "../protocol";
import type { Env } from "./env";

/** The newest tables first; more than a page of waiting tables is more than anyone scrolls. */
const LIST_LIMIT = 100;
/** Tables one client (address) has listed at once: its newer tables push its older ones off the list. */
export const LISTED_TABLES_PER_CLIENT = 3;
/** How long a removal is remembered, so an `add` that arrives after its `remove` cannot list a joined table. */
const TOMBSTONE_MS = 48 * 60 * 60 * 1000;
/** Lobby updates are retried after these delays (ms) when the lobby cannot be reached. */
const RETRY_DELAYS_MS = [1_000, 5_000];

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
  }

  async remove(id: string): Promise<void> {
    const expiresAt = Date.now() + TOMBSTONE_MS;
    this.ctx.storage.sql.exec("DELETE FROM open_tables WHERE id = ?", id);
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO closed_tables (id, expires_at) VALUES (?, ?)", id, expiresAt);
    await this.purgeLater(expiresAt);
  }

  list(): TableSummary[] {
    // A table whose expiry alarm has not run yet is already closed to joiners in spirit: never list it.
    return this.ctx.storage.sql
      .exec<{ summary: string }>(
        "SELECT summary FROM open_tables WHERE expires_at > ? ORDER BY created_at DESC, id LIMIT ?",
        Date.now(),
        LIST_LIMIT,
      )
      .toArray()
      .flatMap((row) => {
        // Rows are parsed like wire data: a row stored by an older version that no longer fits is left off the list.
        const summary = TableSummarySchema.safeParse(JSON.parse(row.summary));
        if (summary.success) return [summary.data];
        console.error("lobby row does not fit TableSummary; not listed", summary.error.message);
        return [];
      });
  }

  /** Deletes expired rows and sets the alarm to the next expiry. */
  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    sql.exec("DELETE FROM open_tables WHERE expires_at <= ?", now);
    sql.exec("DELETE FROM closed_tables WHERE expires_at <= ?", now);
    const [next] = sql
      .exec<{ due: number | null }>("SELECT MIN(due) AS due FROM (SELECT MIN(expires_at) AS due FROM open_tables UNION ALL SELECT MIN(expires_at) FROM closed_tables)")
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
export function tellLobby(ctx: DurableObjectState, env: Env, change: (lobby: DurableObjectStub<Lobby>) => Promise<void>): void {
  const attempt = async (): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        await change(env.LOBBY.getByName("lobby"));
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[i];
        if (delay === undefined) {
          console.error("lobby update failed", error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  ctx.waitUntil(attempt());
}
