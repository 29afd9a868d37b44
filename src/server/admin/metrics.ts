/**
 * GET /v1/admin/metrics (docs/observability.md): the counters as series per hour or per UTC day, ready to chart,
 * and the figures of the moment. Served the same way everywhere, from D1 (match counts delivered with their
 * records, claims, guests from the players table, coins, reports) and the Monitor (errors by code, the outbox
 * backlog). On Cloudflare the same events are also Analytics Engine datapoints, for longer or finer questions.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { CounterNameSchema, MetricsQuerySchema, MetricsReportSchema, type MetricSeries, type MetricsPeriod, type MetricsReport } from "../../protocol";
import { counterRows, gauges, type CounterRow } from "../db/metrics";
import type { Env } from "../env";
import { bucketMs, bucketOf } from "../metrics/hours";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";
import { requireStaff, STAFF_SECURITY } from "./auth";

/** Buckets served by default (two days of hours, or 48 days), and at most. */
export const DEFAULT_BUCKETS = 48;
export const MAX_BUCKETS = 400;

export const metrics = new OpenAPIHono<{ Bindings: Env }>();

// The session and role are checked before the query: a caller without them learns nothing from a 400.
metrics.use("/metrics", async (c, next) => {
  await requireStaff(c.env, c.req.header("authorization"), "moderator");
  await next();
});

metrics.openapi(
  createRoute({
    method: "get",
    path: "/metrics",
    summary: "Counters per hour or day (matches, commands, errors, flags, reconnects, abandonments, guests, claims) and today's figures",
    operationId: "adminMetrics",
    tags: ["admin"],
    security: STAFF_SECURITY,
    request: { query: MetricsQuerySchema },
    responses: {
      200: json(MetricsReportSchema, "One series per counter and key, one value per bucket"),
      400: problem("BAD_REQUEST: period is not hour or day, since is not epoch ms, lies in the future, or asks for more than 400 buckets"),
      401: problem("UNAUTHORIZED: no, a malformed, or an ended session"),
      403: problem("FORBIDDEN: the session's player holds no staff role"),
    },
  }),
  async (c) => {
    const { period, since } = c.req.valid("query");
    return c.json(await metricsReport(c.env, period, since, Date.now()), 200);
  },
);

export async function metricsReport(env: Env, period: MetricsPeriod, since: number | undefined, now: number): Promise<MetricsReport> {
  const size = bucketMs(period);
  const until = bucketOf(now, period) + size;
  const first = since === undefined ? until - DEFAULT_BUCKETS * size : bucketOf(since, period);
  if (first >= until) throw new HttpRefusal("BAD_REQUEST", "since lies in the future");
  const count = (until - first) / size;
  if (count > MAX_BUCKETS) throw new HttpRefusal("BAD_REQUEST", `at most ${MAX_BUCKETS} buckets (${period}s) at once; move since forward`);
  const buckets = Array.from({ length: count }, (_, i) => first + i * size);

  const monitor = env.MONITOR.getByName("monitor");
  const [rows, errors, moment, backlog] = await Promise.all([counterRows(env.DB, first, until, size), monitor.errors(first, until), gauges(env.DB), monitor.backlog()]);
  const all: CounterRow[] = [...rows, ...errors.map((e) => ({ bucket: bucketOf(e.hour, period), name: "errors" as const, key: e.code, value: e.n }))];
  return {
    period,
    buckets,
    series: toSeries(all, first, size, count),
    now: { at: now, ...moment, outboxBacklog: backlog.pending },
  };
}

/** Rows → one series per (counter, key), sorted; a counter with nothing counted still has its series of zeros. */
function toSeries(rows: readonly CounterRow[], first: number, size: number, count: number): MetricSeries[] {
  const series = new Map<string, MetricSeries>();
  const of = (name: MetricSeries["name"], key: string): MetricSeries => {
    const id = `${name}\u0000${key}`;
    let s = series.get(id);
    if (!s) {
      s = { name, key, values: new Array<number>(count).fill(0), total: 0 };
      series.set(id, s);
    }
    return s;
  };
  for (const row of rows) {
    const i = Math.floor((row.bucket - first) / size);
    if (i < 0 || i >= count) continue;
    const s = of(row.name, row.key);
    s.values[i]! += row.value;
    s.total += row.value;
  }
  for (const name of CounterNameSchema.options) if (![...series.values()].some((s) => s.name === name)) of(name, "");
  return [...series.values()].sort((a, b) => (a.name === b.name ? a.key.localeCompare(b.key) : CounterNameSchema.options.indexOf(a.name) - CounterNameSchema.options.indexOf(b.name)));
}
