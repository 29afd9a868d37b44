/**
 * GET /v1/health says more than ok: D1 reachable (and how fast), the outbox backlog (match records not yet in D1)
 * and the oldest pending one, with 200 when all is well and 503 when not, for an uptime checker.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/server/env";
import { checkHealth } from "../../src/server/metrics/health";
import type { Monitor } from "../../src/server/metrics/monitor";
import { api, commandId, connect, history } from "./helpers";
import { d1With, eventually, health, metricsOf, setD1, staff } from "./metrics-support";
import { call, delivered, guest, outbox, runDeliveryNow, tableBetween } from "./players-support";

const monitor = () => env.MONITOR.getByName("monitor");

/** A resigned match whose record D1 refuses (for its match object only): one failed delivery attempt made. */
async function undeliveredMatch() {
  const a = await guest();
  const b = await guest();
  const table = await tableBetween(a.token, b.token);
  await setD1(table.id, d1With(async () => Promise.reject(new Error("D1 is down (injected)"))));
  const socket = await connect(table.id, { token: table.black.token });
  await socket.next("welcome");
  socket.send({ type: "resign", id: commandId() });
  expect((await socket.answer()).type).toBe("ack");
  socket.close();
  await runDeliveryNow(table.id);
  expect((await outbox(table.id))[0]!.attempts).toBeGreaterThanOrEqual(1);
  const endedAt = (await history(table.id)).events.at(-1)!.at;
  return { ...table, endedAt };
}

describe("GET /v1/health", () => {
  it("healthy: 200, D1 answers with its latency, nothing waits in the outbox", async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      d1: { ok: true, latencyMs: expect.any(Number) },
      outbox: { ok: true, backlog: 0, oldestPendingAt: null, oldestPendingAgeMs: null },
    });
  });

  it("an undelivered record shows in the backlog with its age; too old is 503; delivered, it leaves the backlog", async () => {
    const table = await undeliveredMatch();
    const pending = await eventually(health, (h) => h.body.outbox.backlog === 1, "the backlog shows the record");
    expect(pending.status).toBe(200);
    expect(pending.body.outbox).toMatchObject({ ok: true, backlog: 1, oldestPendingAt: table.endedAt });
    expect(pending.body.outbox.oldestPendingAgeMs).toBeGreaterThanOrEqual(0);
    // The admin page sees the same backlog.
    const admin = await staff();
    expect((await metricsOf(admin.token)).now.outboxBacklog).toBe(1);

    // The record has waited longer than HEALTH_MAX_PENDING_SECONDS (900 s by default): unhealthy.
    await runInDurableObject(monitor(), (_m: Monitor, state) => {
      state.storage.sql.exec("UPDATE deliveries SET ended_at = ended_at - ? WHERE table_id = ?", 3_600_000, table.id);
    });
    const late = await health();
    expect(late.status).toBe(503);
    expect(late.body.ok).toBe(false);
    expect(late.body.d1.ok).toBe(true);
    expect(late.body.outbox).toMatchObject({ ok: false, backlog: 1, oldestPendingAt: table.endedAt - 3_600_000 });
    expect(late.body.outbox.oldestPendingAgeMs).toBeGreaterThan(3_600_000);

    // D1 is back: the delivery lands, the match object tells the Monitor, the backlog empties.
    await setD1(table.id, env.DB);
    await delivered(table.id);
    const healed = await eventually(health, (h) => h.body.outbox.backlog === 0, "the backlog empties");
    expect(healed.status).toBe(200);
    expect(healed.body).toMatchObject({ ok: true, outbox: { ok: true, backlog: 0, oldestPendingAt: null } });
  });

  it("a record D1 already holds is not counted even if its 'delivered' never reached the Monitor; a late 'pending' loses to 'delivered'", async () => {
    const a = await guest();
    const table = await tableBetween(a.token, null);
    const socket = await connect(table.id, { token: table.white.token });
    await socket.next("welcome");
    socket.send({ type: "resign", id: commandId() });
    expect((await socket.answer()).type).toBe("ack");
    socket.close();
    await delivered(table.id);
    expect((await call("GET", `/v1/matches/${table.id}`)).status).toBe(200);

    // A 'pending' for it arriving now (a retried background call) is healed against D1 on read.
    await monitor().pending(table.id, Date.now() - 1000, 1, false);
    expect((await health()).body.outbox.backlog).toBe(0);

    // A record D1 does not hold stays pending until its 'delivered'; one that overtook its 'pending' wins.
    await monitor().pending("not-in-d1", Date.now() - 5000, 2, false);
    expect((await health()).body.outbox).toMatchObject({ backlog: 1 });
    await monitor().delivered("not-in-d1", Date.now() - 5000);
    await monitor().delivered("overtaken", Date.now());
    await monitor().pending("overtaken", Date.now(), 1, false);
    expect((await health()).body.outbox).toMatchObject({ backlog: 0, oldestPendingAt: null });
  });

  it("D1 unreachable: 503, d1.ok false, no latency", async () => {
    const failing = d1With(async () => Promise.reject(new Error("down")));
    const down: Env = { ...env, DB: { ...failing, prepare: () => ({ first: () => Promise.reject(new Error("D1 is down (injected)")) }) } as unknown as D1Database };
    const answer = await checkHealth(down, Date.now(), new Request("https://nardi.test/v1/health"));
    expect(answer).toMatchObject({ ok: false, d1: { ok: false, latencyMs: null }, outbox: { ok: true } });
  });

  it("the OpenAPI document describes both answers with the Health schema", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const responses = doc.paths["/v1/health"]!.get.responses;
    for (const status of ["200", "503"]) expect(responses[status]!.content["application/json"]!.schema.$ref).toBe("#/components/schemas/Health");
    expect(Object.keys(doc.components.schemas.Health!.properties)).toEqual(["ok", "d1", "outbox"]);
  });
});
