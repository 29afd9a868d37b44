/** Helpers for the observability tests: a staff session, the admin metrics read as series, and D1 that fails for one table. */
import { env, runInDurableObject } from "cloudflare:test";
import { HealthSchema, MetricsReportSchema, type CounterName, type Health, type MetricsReport } from "../../src/protocol";
import type { MatchRoom } from "../../src/server/match-room";
import { api, stubOf } from "./helpers";
import { call, guest } from "./players-support";

/** A guest who holds `role` (granted straight in D1, as `npm run admin -- grant` does). */
export async function staff(role: "moderator" | "admin" = "moderator") {
  const s = await guest();
  await env.DB.prepare("INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES (?, ?, NULL, ?)").bind(s.player.id, role, Date.now()).run();
  return s;
}

export async function metricsOf(token: string, query = ""): Promise<MetricsReport> {
  const res = await call("GET", `/v1/admin/metrics${query}`, { token });
  if (res.status !== 200) throw new Error(`metrics: ${res.status} ${await res.text()}`);
  return MetricsReportSchema.parse(await res.json());
}

/** The total of a counter over the report's buckets (one key, or all keys). */
export function total(report: MetricsReport, name: CounterName, key?: string): number {
  return report.series.filter((s) => s.name === name && (key === undefined || s.key === key)).reduce((sum, s) => sum + s.total, 0);
}

export async function health(): Promise<{ status: number; body: Health }> {
  const res = await api("/v1/health");
  return { status: res.status, body: HealthSchema.parse(await res.json()) };
}

/** Asks again until `check` holds (background work such as a Monitor update lands a moment after what caused it). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 200; i++) {
    last = await read();
    if (check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what} (last: ${JSON.stringify(last)})`);
}

/** D1 for a match object with `batch` replaced: the outbox's writes are all one batch. */
export function d1With(batch: (real: D1Database, statements: D1PreparedStatement[]) => Promise<D1Result[]>): D1Database {
  const real = env.DB;
  return { prepare: (sql: string) => real.prepare(sql), batch: (statements: D1PreparedStatement[]) => batch(real, statements) } as unknown as D1Database;
}

export async function setD1(id: string, d1: D1Database): Promise<void> {
  await runInDurableObject(stubOf(id), (room: MatchRoom) => {
    room.room.d1 = d1;
  });
}
