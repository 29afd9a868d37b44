/**
 * A bot account's API token against the shared `wrangler dev`: it opens the bot's player channel over a real
 * socket, its owner revokes it, and the socket is closed at once (4401) while the owner's session socket stays.
 */
import { describe, expect, inject, test } from "vitest";
import { NardiClient } from "../../src/client";
import { SOCKET_PROTOCOL, TOKEN_PROTOCOL_PREFIX, type IssuedToken } from "../../src/protocol";
import { createMember } from "../support/members";

const baseUrl = inject("baseUrl");

async function post(path: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: path.startsWith("DELETE ") ? "DELETE" : "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

interface Channel {
  ws: WebSocket;
  welcomed: Promise<void>;
  closed: Promise<number>;
}

function channel(token: string): Channel {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/v1/me/channel`, [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`]);
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  const welcomed = new Promise<void>((resolve, reject) => {
    ws.addEventListener("message", (event) => {
      if ((JSON.parse(String(event.data)) as { type: string }).type === "welcome") resolve();
    });
    void closed.then((code) => reject(new Error(`the channel closed (${code}) before its welcome`)));
  });
  return { ws, welcomed, closed };
}

describe("a revoked API token on a live socket", () => {
  test("closes the channel socket it opened at once; the owner's session socket stays open", async () => {
    const owner = await createMember(new NardiClient(baseUrl));
    expect((await post("/v1/me/bot", owner.token)).status).toBe(200);
    const made = await fetch(`${baseUrl}/v1/me/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      body: JSON.stringify({ label: "e2e", scopes: ["play"] }),
    });
    expect(made.status).toBe(201);
    const issued = (await made.json()) as IssuedToken;

    const bySession = channel(owner.token);
    const byToken = channel(issued.token);
    await Promise.all([bySession.welcomed, byToken.welcomed]);
    let sessionClosed = false;
    void bySession.closed.then(() => (sessionClosed = true));

    const revoked = await fetch(`${baseUrl}/v1/me/tokens/${issued.id}`, { method: "DELETE", headers: { authorization: `Bearer ${owner.token}` } });
    expect(revoked.status).toBe(204);
    expect(await byToken.closed).toBe(4401);
    // The token opens nothing from now on (the isolate that revoked it answers at once).
    const me = await fetch(`${baseUrl}/v1/me`, { headers: { authorization: `Bearer ${issued.token}` } });
    expect(me.status).toBe(401);
    expect(sessionClosed).toBe(false);
    bySession.ws.close(1000);
  });
});
