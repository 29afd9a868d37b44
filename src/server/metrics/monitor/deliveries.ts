/**
 * The outbox backlog (docs/observability.md): match records a match object could not deliver to D1 at once. A
 * `delivered` that overtakes a late `pending` wins (the row keeps its delivery time), and a `delivered` that was
 * lost is healed on read: a pending record D1 already holds (with its escrow settled, at a stake table) is marked
 * delivered.
 */
import { BacklogRowSchema, PendingRowSchema, TableIdRowSchema } from "./stored";

/** At most this many pending rows are checked against D1 per read (the oldest first). */
const HEAL_BATCH = 20;

export interface Backlog {
  pending: number;
  oldestPendingAt: number | null;
}

/** A match record is waiting for D1 (its delivery was deferred or failed `attempts` times). */
export function notePending(sql: SqlStorage, tableId: string, endedAt: number, attempts: number, stake: boolean): void {
  sql.exec(
    `INSERT INTO deliveries (table_id, ended_at, attempts, stake) VALUES (?, ?, ?, ?)
       ON CONFLICT (table_id) DO UPDATE SET attempts = max(attempts, excluded.attempts)`,
    tableId,
    endedAt,
    attempts,
    stake ? 1 : 0,
  );
}

/** A late record reached D1. */
export function noteDelivered(sql: SqlStorage, tableId: string, endedAt: number, now: number): void {
  sql.exec(
    `INSERT INTO deliveries (table_id, ended_at, attempts, stake, delivered_at) VALUES (?, ?, 0, 0, ?)
       ON CONFLICT (table_id) DO UPDATE SET delivered_at = excluded.delivered_at`,
    tableId,
    endedAt,
    now,
  );
}

/** The records still waiting, after healing those D1 shows delivered. */
export async function backlog(sql: SqlStorage, db: D1Database): Promise<Backlog> {
  await heal(sql, db);
  const row = BacklogRowSchema.parse(sql.exec("SELECT count(*) AS n, min(ended_at) AS oldest FROM deliveries WHERE delivered_at IS NULL").one());
  return { pending: row.n, oldestPendingAt: row.oldest };
}

/** Pending rows whose record (and, at a stake table, settlement) D1 already holds: their `delivered` was lost. */
async function heal(sql: SqlStorage, db: D1Database): Promise<void> {
  const rows = sql
    .exec("SELECT table_id, stake FROM deliveries WHERE delivered_at IS NULL ORDER BY ended_at LIMIT ?", HEAL_BATCH)
    .toArray()
    .map((row) => PendingRowSchema.parse(row));
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.table_id);
  const marks = ids.map(() => "?").join(", ");
  let recorded: D1Result | undefined;
  let settled: D1Result | undefined;
  try {
    [recorded, settled] = await db.batch([
      db.prepare(`SELECT table_id FROM matches WHERE table_id IN (${marks})`).bind(...ids),
      db.prepare(`SELECT table_id FROM coin_escrows WHERE table_id IN (${marks})`).bind(...ids),
    ]);
  } catch {
    // D1 unreachable: nothing can be healed now, and the backlog is served as it stands (health reports D1 itself).
    return;
  }
  const tableIds = (result: D1Result | undefined) => new Set((result?.results ?? []).map((r) => TableIdRowSchema.parse(r).table_id));
  const inD1 = tableIds(recorded);
  const closed = tableIds(settled);
  const now = Date.now();
  for (const row of rows) {
    if (inD1.has(row.table_id) && (row.stake === 0 || closed.has(row.table_id))) {
      sql.exec("UPDATE deliveries SET delivered_at = ? WHERE table_id = ? AND delivered_at IS NULL", now, row.table_id);
    }
  }
}
