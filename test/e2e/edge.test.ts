/**
 * The edge against a real `wrangler dev`: the Rate Limiting binding works offline (a client address sent as
 * CF-Connecting-IP, which wrangler dev passes through, meets the real limiter; 127.0.0.1 is exempt for the rest of
 * the suite), private tables, what a table without spectators hides, the token in the WebSocket subprotocol, and
 * the static pages' security headers.
 */
import { describe, expect, inject, test } from "vitest";
import { ApiError, NardiClient, socketProtocols } from "../../src/client";
import type { ServerMessage } from "../../src/protocol";
import { acceptedUntilRefused } from "../support/limits";
import { expectProblem } from "../support/problems";

const baseUrl = inject("baseUrl");
const client = new NardiClient(baseUrl);

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("the edge", () => {
  test("table creation is limited per client address by the Rate Limiting binding: 429 RATE_LIMITED with Retry-After", async () => {
    const create = () =>
      fetch(`${baseUrl}/v1/tables`, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.7" },
        body: JSON.stringify({ preset: "backgammon", opponent: "bot", botLevel: "random" }),
      });
    const refused = await acceptedUntilRefused(10, create);
    await expectProblem(refused, 429, "RATE_LIMITED");
    // The exempt local address (the test harness's RATE_LIMIT_EXEMPT) still creates.
    expect((await client.createTable({ preset: "backgammon", opponent: "bot" })).seat).toBe("white");
  });

  test("a private table takes only the holder of its invite secret; others get 403 BAD_INVITE and nothing changes", async () => {
    const host = await client.createTable({ preset: "georgian-short", private: true, name: "Host" });
    expect(host.invite).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const seq = (await client.getEvents(host.tableId)).seq;
    for (const body of [{}, { invite: "nope" }]) {
      const error = await refusal(client.joinTable(host.tableId, body));
      expect([error.status, error.code]).toEqual([403, "BAD_INVITE"]);
    }
    expect((await client.getEvents(host.tableId)).seq).toBe(seq);
    expect((await client.listOpenTables()).some((t) => t.id === host.tableId)).toBe(false);
    const friend = await client.joinTable(host.tableId, { invite: host.invite!, name: "Friend" });
    expect(friend.table.status).toBe("playing");
  });

  test("a table without spectators shows its match and log over HTTP only with a seat token", async () => {
    const white = await client.createTable({ preset: "backgammon", spectators: false });
    await client.joinTable(white.tableId);
    expect((await client.getTable(white.tableId)).match).toBeNull();
    expect((await refusal(client.getEvents(white.tableId))).code).toBe("SPECTATORS_DISABLED");
    expect((await client.getTable(white.tableId, { token: white.token })).match?.board).toBeDefined();
    expect((await client.getEvents(white.tableId, undefined, { token: white.token })).events.length).toBeGreaterThan(0);
  });

  test("the seat token travels as a subprotocol: the server answers nardi.v2 and seats the socket; the URL has no token", async () => {
    const grant = await client.createTable({ preset: "backgammon", opponent: "bot" });
    const url = client.socketUrl(grant.tableId, { seq: 0 });
    expect(url).not.toContain(grant.token);
    const ws = new WebSocket(url, socketProtocols(grant.token));
    const welcome = await new Promise<ServerMessage>((resolve, reject) => {
      ws.addEventListener("message", (e) => resolve(JSON.parse(String(e.data)) as ServerMessage), { once: true });
      ws.addEventListener("error", () => reject(new Error("the socket failed")), { once: true });
    });
    expect(ws.protocol).toBe("nardi.v2");
    expect(welcome).toMatchObject({ type: "welcome", role: "white" });
    ws.close(1000, "bye");
  });

  test("static pages carry CSP, frame-ancestors, nosniff and Referrer-Policy; the source map and _headers are not served", async () => {
    for (const path of ["/", "/app.js", "/style.css"]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      await res.body?.cancel();
    }
    for (const path of ["/app.js.map", "/_headers"]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status).toBe(404);
      await res.body?.cancel();
    }
    const app = await (await fetch(`${baseUrl}/app.js`)).text();
    expect(app).not.toContain("sourceMappingURL");
  });
});
