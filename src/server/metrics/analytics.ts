/**
 * Counters on Cloudflare: one Workers Analytics Engine datapoint per event, written as it happens through the
 * `METRICS` binding (`[[analytics_engine_datasets]]` in wrangler.toml). A write is fire-and-forget: the runtime
 * sends it after the response, nothing is awaited, and a failure never reaches a player.
 *
 * Every datapoint has the same layout, which the SQL queries of docs/observability.md rely on:
 *   index1 = counter name (Analytics Engine samples per index, so per counter);
 *   blob1 = counter name, blob2 = key (preset, end reason, error code; "" for none), blob3 = table id ("" for none);
 *   double1 = how many (1 for one event; a sum only where one event stands for several).
 * Locally (`wrangler dev`, the vitest pool) the binding accepts writes and keeps nothing; the same figures are
 * served from D1 and the Monitor at GET /v1/admin/metrics.
 */
import type { CounterName } from "../../protocol";
import type { Env } from "../env";

export interface Datapoint {
  name: CounterName;
  key: string;
  value: number;
  tableId?: string;
}

/** The datapoint as Analytics Engine stores it (exported for the test that pins the layout). */
export function datapointOf(point: Datapoint): AnalyticsEngineDataPoint {
  return { indexes: [point.name], blobs: [point.name, point.key, point.tableId ?? ""], doubles: [point.value] };
}

export function emit(env: Pick<Env, "METRICS">, points: readonly Datapoint[]): void {
  const dataset = env.METRICS;
  if (!dataset) return;
  for (const point of points) {
    try {
      dataset.writeDataPoint(datapointOf(point));
    } catch {
      // Counting must never break play (the binding only fails past its per-invocation limit).
    }
  }
}
