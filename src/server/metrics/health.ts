/**
 * GET /v1/health (docs/observability.md): more than "the Worker answers". It checks, at once and in parallel, that
 * D1 answers a trivial query (and how fast), and asks the Monitor for the outbox backlog: match records that
 * ended but are not in D1 yet. 200 when D1 answers and no record has waited longer than HEALTH_MAX_PENDING_SECONDS
 * (default 900), 503 otherwise, so an uptime checker needs only the status. Cost per call: one D1 query that reads
 * no rows and one call to the Monitor (which reads its own small table, and D1 only while records are pending).
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { HealthSchema, type Health } from "../../protocol";
import { ping } from "../db/metrics";
import type { Env } from "../env";
import { requestLog } from "../log";
import { json } from "../openapi";

const DEFAULT_MAX_PENDING_SECONDS = 900;

export const health = new OpenAPIHono<{ Bindings: Env }>();

health.openapi(
  createRoute({
    method: "get",
    path: "/health",
    summary: "Health: the Worker answers, D1 is reachable, and the outbox delivers match records (200 healthy, 503 not)",
    operationId: "health",
    tags: ["meta"],
    responses: {
      200: json(HealthSchema, "Every check passed (`ok: true`)"),
      503: json(HealthSchema, "D1 did not answer, the Monitor could not be asked, or a match record has waited too long (`ok: false`)"),
    },
  }),
  async (c) => {
    const answer = await checkHealth(c.env, Date.now(), c.req.raw);
    return answer.ok ? c.json(answer, 200) : c.json(answer, 503);
  },
);

export async function checkHealth(env: Env, now: number, request: Request): Promise<Health> {
  const maxPendingMs = Number(env.HEALTH_MAX_PENDING_SECONDS ?? DEFAULT_MAX_PENDING_SECONDS) * 1000;
  const log = requestLog(request);
  const [d1, outbox] = await Promise.all([
    ping(env.DB).then(
      (latencyMs) => ({ ok: true, latencyMs }),
      (error: unknown) => {
        log.error("health: D1 did not answer", error);
        return { ok: false, latencyMs: null };
      },
    ),
    env.MONITOR.getByName("monitor")
      .backlog()
      .then(
        ({ pending, oldestPendingAt }) => {
          const age = oldestPendingAt === null ? null : Math.max(0, now - oldestPendingAt);
          return { ok: age === null || age <= maxPendingMs, backlog: pending, oldestPendingAt, oldestPendingAgeMs: age };
        },
        (error: unknown) => {
          log.error("health: the Monitor did not answer", error);
          return { ok: false, backlog: null, oldestPendingAt: null, oldestPendingAgeMs: null };
        },
      ),
  ]);
  return { ok: d1.ok && outbox.ok, d1, outbox };
}
