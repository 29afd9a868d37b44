/**
 * The lobby: one Durable Object (`env.LOBBY.getByName("lobby")`) listing tables that wait for a second player.
 * A match object adds its table when created and removes it when someone joins or it expires, so the list is
 * a small index, never the source of truth. One object is plenty for a lobby's load (a row per open table, a
 * read per listing); a busier deployment can shard it by preset without changing the API.
 */
import { DurableObject } from "cloudflare:workers";
import type { TableSummary } from "../protocol";
import type { Env } from "./env";

/** The newest tables first; more than a page of waiting tables is more than anyone scrolls. */
const LIST_LIMIT = 100;

export class Lobby extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS open_tables (
         id TEXT PRIMARY KEY,
         summary TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         expires_at INTEGER NOT NULL
       )`,
    );
  }

  add(summary: TableSummary, expiresAt: number): void {
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO open_tables (id, summary, created_at, expires_at) VALUES (?, ?, ?, ?)",
      summary.id,
      JSON.stringify(summary),
      summary.createdAt,
      expiresAt,
    );
  }

  remove(id: string): void {
    this.ctx.storage.sql.exec("DELETE FROM open_tables WHERE id = ?", id);
  }

  list(): TableSummary[] {
    // A table whose expiry alarm has not run yet is already closed to joiners in spirit: never list it.
    this.ctx.storage.sql.exec("DELETE FROM open_tables WHERE expires_at <= ?", Date.now());
    return this.ctx.storage.sql
      .exec<{ summary: string }>("SELECT summary FROM open_tables ORDER BY created_at DESC, id LIMIT ?", LIST_LIMIT)
      .toArray()
      .map((row) => JSON.parse(row.summary) as TableSummary);
  }
}
