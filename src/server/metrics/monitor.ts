/**
 * The Monitor: one Durable Object (`env.MONITOR.getByName("monitor")`) that knows what no single match object or
 * D1 row shows (docs/observability.md):
 *
 * - the outbox backlog: each match object keeps its undelivered record in its own storage; it tells the Monitor,
 *   in the background, when a delivery is deferred or fails (`pending`) and when such a late record is delivered
 *   (`delivered`). A record delivered at its first attempt, the normal case, costs the Monitor nothing. A
 *   `delivered` that overtakes a late `pending` wins (the row keeps its delivery time), and a `delivered` that was
 *   lost is healed on read: a pending record D1 already holds (with its escrow settled, at a stake table) is
 *   marked delivered;
 * - errors by code, per UTC hour: the Worker and the match objects add up the problems they answer and hand the
 *   sums over at most every few seconds (./errors.ts), never one call per error.
 *
 * Rows of delivered records go after two days, error counts after RETENTION_DAYS; the alarm deletes them.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { hourOf } from "./hours";

/** How long error counts are kept (the admin page charts at most 400 days; a team looks back weeks). */
export const ERROR_RETENTION_DAYS = 400;
const DELIVERED_KEPT_MS = 48 * 3_600_000;
/** At most this many pending rows are checked against D1 per read (the oldest first). */
const HEAL_BATCH = 20;

export interface Backlog {
  pending: number;
  oldestPendingAt: number | null;
}

export interface ErrorCount {
  hour: number;
  code: string;
  n: number;
}

export class Monitor extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(
      `CREATE TABLE IF NOT EXISTS deliveries (
         table_id TEXT PRIMARY KEY,
         ended_at INTEGER NOT NULL,
         attempts INTEGER NOT NULL,
         stake INTEGER NOT NULL,
         delivered_at INTEGER
       ) WITHOUT ROWID`,
    );
    sql.exec("CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (delivered_at, ended_at)");
    sql.exec("CREATE TABLE IF NOT EXISTS error_counts (hour INTEGER NOT NULL, code TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (hour, code)) WITHOUT ROWID");
  }

  /** A match record is waiting for D1 (its delivery was deferred or failed `attempts` times). */
  async pending(tableId: string, endedAt: number, attempts: number, stake: boolean): Promise<void> {
    this.ctx.storage.sql.exec(
      `INSERT INTO deliveries (table_id, ended_at, attempts, stake) VALUES (?, ?, ?, ?)
         ON CONFLICT (table_id) DO UPDATE SET attempts = max(attempts, excluded.attempts)`,
      tableId,
      endedAt,
      attempts,
      stake ? 1 : 0,
    );
    await this.#tidyLater();
  }

  /** A late record reached D1. */
  async delivered(tableId: string, endedAt: number): Promise<void> {
    this.ctx.storage.sql.exec(
      `INSERT INTO deliveries (table_id, ended_at, attempts, stake, delivered_at) VALUES (?, ?, 0, 0, ?)
         ON CONFLICT (table_id) DO UPDATE SET delivered_at = excluded.delivered_at`,
      tableId,
      endedAt,
      Date.now(),
    );
    await this.#tidyLater();
  }

  /** The records still waiting, after healing those D1 shows delivered. */
  async backlog(): Promise<Backlog> {
    await this.#heal();
    const [row] = this.ctx.storage.sql
      .exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(ended_at) AS oldest FROM deliveries WHERE delivered_at IS NULL")
      .toArray();
    return { pending: row?.n ?? 0, oldestPendingAt: row?.oldest ?? null };
  }

  /** Adds error counts (each `hour` the start of a UTC hour). */
  async countErrors(counts: ErrorCount[]): Promise<void> {
    const sql = this.ctx.storage.sql;
    for (const c of counts) {
      sql.exec(
        "INSERT INTO error_counts (hour, code, n) VALUES (?, ?, ?) ON CONFLICT (hour, code) DO UPDATE SET n = n + excluded.n",
        hourOf(c.hour),
        c.code,
        c.n,
      );
    }
    await this.#tidyLater();
  }

  /** Error counts of the hours in [since, until). */
  errors(since: number, until: number): ErrorCount[] {
    return this.ctx.storage.sql
      .exec<{ hour: number; code: string; n: number }>("SELECT hour, code, n FROM error_counts WHERE hour >= ? AND hour < ? ORDER BY hour, code", since, until)
      .toArray()
      .map((row) => ({ hour: Number(row.hour), code: String(row.code), n: Number(row.n) }));
  }

  /** Pending rows whose record (and, at a stake table, settlement) D1 already holds: their `delivered` was lost. */
  async #heal(): Promise<void> {
    const rows = this.ctx.storage.sql
      .exec<{ table_id: string; stake: number }>("SELECT table_id, stake FROM deliveries WHERE delivered_at IS NULL ORDER BY ended_at LIMIT ?", HEAL_BATCH)
      .toArray();
    if (rows.length === 0) return;
    const ids = rows.map((r) => String(r.table_id));
    const marks = ids.map(() => "?").join(", ");
    let recorded: D1Result<{ table_id: string }> | undefined;
    let settled: D1Result<{ table_id: string }> | undefined;
    try {
      [recorded, settled] = await this.env.DB.batch<{ table_id: string }>([
        this.env.DB.prepare(`SELECT table_id FROM matches WHERE table_id IN (${marks})`).bind(...ids),
        this.env.DB.prepare(`SELECT table_id FROM coin_escrows WHERE table_id IN (${marks})`).bind(...ids),
      ]);
    } catch {
      // D1 unreachable: nothing can be healed now, and the backlog is served as it stands (health reports D1 itself).
      return;
    }
    const inD1 = new Set((recorded?.results ?? []).map((r) => String(r.table_id)));
    const closed = new Set((settled?.results ?? []).map((r) => String(r.table_id)));
    const now = Date.now();
    for (const row of rows) {
      const id = String(row.table_id);
      if (inD1.has(id) && (row.stake === 0 || closed.has(id))) {
        this.ctx.storage.sql.exec("UPDATE deliveries SET delivered_at = ? WHERE table_id = ? AND delivered_at IS NULL", now, id);
      }
    }
  }

  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    sql.exec("DELETE FROM deliveries WHERE delivered_at IS NOT NULL AND delivered_at < ?", now - DELIVERED_KEPT_MS);
    sql.exec("DELETE FROM error_counts WHERE hour < ?", now - ERROR_RETENTION_DAYS * 86_400_000);
    await this.ctx.storage.setAlarm(now + 24 * 3_600_000);
  }

  /** A daily tidy-up runs while there is anything to tidy. */
  async #tidyLater(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + 24 * 3_600_000);
  }
}
