/**
 * `npm run admin` against a real `wrangler dev`'s D1 (its own server, pointed at with --persist-to): the first
 * admin is made from the command line, the role works on the very next request, the grant is in the moderation log
 * with no actor, that admin grants a moderator through the API, and a revoke from the command line takes it away.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { NardiClient } from "../../src/client";
import type { SessionGrant } from "../../src/protocol";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let server: DevServer;

beforeAll(async () => {
  server = await startDevServer();
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function member(name: string): Promise<SessionGrant> {
  const grant = (await (await call("POST", "/v1/players")).json()) as SessionGrant;
  const claimed = await call("POST", "/v1/me/claim", grant.token, { name, password: "correct horse" });
  expect(claimed.status).toBe(200);
  return grant;
}

/** Runs the command on the server's state, then waits until the server answers again (the command's own wrangler may have closed a kept-alive connection). */
async function npmAdmin(...args: string[]): Promise<{ status: number | null; out: string }> {
  const run = spawnSync("npm", ["run", "-s", "admin", "--", ...args, "--persist-to", server.stateDir], { cwd: ROOT, encoding: "utf8" });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${server.baseUrl}/v1/health`)).ok) break;
    } catch (err) {
      if (i >= 20) throw err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

test("the first admin is made by npm run admin, logged with no actor, and a revoke from the command line takes the role away", async () => {
  const first = await member("FirstAdmin");
  const helper = await member("Helper");
  expect((await call("GET", "/v1/admin/log", first.token)).status).toBe(403);

  const granted = await npmAdmin("grant", "firstadmin", "admin");
  expect(granted, granted.out).toMatchObject({ status: 0 });
  expect(granted.out).toContain(`granted admin to FirstAdmin (${first.player.id})`);
  expect((await npmAdmin("grant", "Nobody", "admin")).status).toBe(1);
  expect((await npmAdmin("grant", "FirstAdmin", "boss")).status).toBe(2);

  // The typed client parses every answer with the protocol's schemas.
  const staff = new NardiClient(server.baseUrl).withSession(first.token);
  expect((await staff.adminLog()).entries).toEqual([
    expect.objectContaining({ action: "grant-role", actorId: null, playerId: first.player.id, reason: "other", detail: { role: "admin" } }),
  ]);

  const viaApi = await staff.adminSetRole(helper.player.id, { op: "grant", role: "moderator" });
  expect(viaApi.entry).toMatchObject({ action: "grant-role", actorId: first.player.id });
  expect((await staff.adminGetPlayer(helper.player.id)).roles).toEqual([expect.objectContaining({ role: "moderator", grantedBy: first.player.id })]);
  const listed = await npmAdmin("list");
  expect(listed.status).toBe(0);
  expect(listed.out).toMatch(/FirstAdmin\t\S+\tadmin/);
  expect(listed.out).toMatch(/Helper\t\S+\tmoderator/);

  const revoked = await npmAdmin("revoke", "FirstAdmin", "admin");
  expect(revoked, revoked.out).toMatchObject({ status: 0 });
  expect((await call("GET", "/v1/admin/log", first.token)).status).toBe(403);
  expect((await call("GET", "/v1/admin/log", helper.token)).status).toBe(200);
});
