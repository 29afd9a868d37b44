/**
 * The counters' D1 side (migrations/0009_metrics.sql, docs/observability.md). `metric_counts` holds one row per
 * (UTC hour, counter, key), incremented only where D1 is written anyway: a match's counts ride in the batch that
 * records it (guarded like its dice counts, so a re-delivery adds nothing), a claim adds one next to its update.
 * Guests, reports and coins are not counted at all: they are queried from their own tables when asked.
 */
import { CounterNameSchema, type CounterName } from "../../protocol";
import type { Count } from "../metrics/match";

const UPSERT = `INTO metric_counts (hour, name, key, value) SELECT ?, ?, ?, ?`;
const ON_CONFLICT = "ON CONFLICT (hour, name, key) DO UPDATE SET value = value + excluded.value";

/** The statements that add a match's counts, only while no record of `tableId` exists (put them before its INSERT). */
export function matchCountStatements(d1: Pick<D1Database, "prepare">, tableId: string, counts: readonly Count[]): D1PreparedStatement[] {
  return counts.map((c) =>
    d1.prepare(`INSERT ${UPSERT} WHERE NOT EXISTS (SELECT 1 FROM matches WHERE table_id = ?) ${ON_CONFLICT}`).bind(c.hour, c.name, c.key, c.value, tableId),
  );
}

/** One more of `name` in the hour of `at` (for events that write D1 on their own, like a claim). */
export async function countOne(d1: D1Database, name: CounterName, key: string, hour: number): Promise<void> {
  await d1.prepare(`INSERT ${UPSERT} WHERE true ${ON_CONFLICT}`).bind(hour, name, key, 1).run();
}

export interface CounterRow {
  bucket: number;
  name: CounterName;
  key: string;
  value: number;
}

/** Counter rows in [since, until), summed per bucket of `size` ms. Guests created come from the players table itself. */
export async function counterRows(d1: D1Database, since: number, until: number, size: number): Promise<CounterRow[]> {
  const [counted, guests] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT (hour / ?) * ? AS bucket, name, key, sum(value) AS value FROM metric_counts
         WHERE hour >= ? AND hour < ? GROUP BY bucket, name, key`,
      )
      .bind(size, size, since, until),
    // Every player starts as a guest (POST /v1/players), so a player's created_at is its guest's creation.
    d1.prepare("SELECT (created_at / ?) * ? AS bucket, count(*) AS value FROM players WHERE created_at >= ? AND created_at < ? GROUP BY bucket").bind(size, size, since, until),
  ]);
  const rows: CounterRow[] = [];
  for (const row of counted?.results ?? []) {
    const name = CounterNameSchema.safeParse(row.name);
    if (name.success) rows.push({ bucket: Number(row.bucket), name: name.data, key: String(row.key), value: Number(row.value) });
  }
  for (const row of guests?.results ?? []) rows.push({ bucket: Number(row.bucket), name: "guests.created", key: "", value: Number(row.value) });
  return rows;
}

export interface Gauges {
  guests: number;
  members: number;
  coinsInCirculation: number;
  coinsInEscrow: number;
  reportsOpen: number;
}

/**
 * The figures of the moment. Coins in circulation: every account but the house's (players' and escrows'), which is
 * exactly what the house has handed out (`-balance` of the house). Reports: the open rows of the reports table
 * (migrations/0006_reports.sql).
 */
export async function gauges(d1: D1Database): Promise<Gauges> {
  const [players, coins, reports] = await d1.batch<Record<string, unknown>>([
    d1.prepare("SELECT coalesce(sum(kind = 'guest'), 0) AS guests, coalesce(sum(kind = 'member'), 0) AS members FROM players"),
    d1.prepare(
      `SELECT coalesce(sum(CASE WHEN id != 'house' THEN balance END), 0) AS circulation,
              coalesce(sum(CASE WHEN id LIKE 'table:%' THEN balance END), 0) AS escrow FROM coin_accounts`,
    ),
    d1.prepare("SELECT count(*) AS n FROM reports WHERE status = 'open'"),
  ]);
  const p = players?.results[0] ?? {};
  const c = coins?.results[0] ?? {};
  return {
    guests: Number(p.guests ?? 0),
    members: Number(p.members ?? 0),
    coinsInCirculation: Number(c.circulation ?? 0),
    coinsInEscrow: Number(c.escrow ?? 0),
    reportsOpen: Number(reports?.results[0]?.n ?? 0),
  };
}

/** D1 answers, and how long it took (ms). */
export async function ping(d1: D1Database): Promise<number> {
  const start = Date.now();
  await d1.prepare("SELECT 1").first();
  return Date.now() - start;
}
