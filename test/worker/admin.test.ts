/**
 * Who may call the admin API. Every route under /v1/admin — enumerated from the served OpenAPI document, so routes
 * added later are held to the same rule — refuses an anonymous caller (401 UNAUTHORIZED) and a plain player (403
 * FORBIDDEN) with coded problems, and changes nothing in D1. Then the line between moderators and admins.
 */
import { describe, expect, it } from "vitest";
import type { ActionResult, LogPage } from "../../src/protocol";
import { expectProblem } from "../support/problems";
import { act, acted, member, snapshot, staff } from "./moderation-support";
import { api } from "./helpers";
import { call, guest } from "./players-support";

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
}

/** Every (method, path) under /v1/admin, with each path parameter filled in with a well-formed id. */
async function adminRoutes(): Promise<Array<{ method: string; path: string; template: string; security: unknown }>> {
  const doc = (await (await api("/v1/openapi.json")).json()) as OpenApiDoc;
  return Object.entries(doc.paths)
    .filter(([template]) => template.startsWith("/v1/admin/"))
    .flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        path: template.replace(/\{[^}]+\}/g, "AAAAAAAAAAAAAAAAAAAAAA"),
        security: operation.security,
      })),
    );
}

/** A body that would pass most admin schemas, so a refusal cannot be the body's fault. */
const PLAUSIBLE = { action: "ban", reason: "other", note: "", op: "grant", role: "admin" };

describe("the admin API's gate", () => {
  it("the document lists the admin routes, each with the staff security requirement", async () => {
    const routes = await adminRoutes();
    expect(routes.map((r) => `${r.method} ${r.template}`)).toEqual(
      expect.arrayContaining([
        "GET /v1/admin/players",
        "GET /v1/admin/players/{id}",
        "POST /v1/admin/players/{id}/actions",
        "POST /v1/admin/players/{id}/roles",
        "POST /v1/admin/tables/{id}/close",
        "POST /v1/admin/matches/{id}/reverse",
        "POST /v1/admin/matches/{id}/restore",
        "GET /v1/admin/log",
      ]),
    );
    for (const route of routes) expect(route.security, `${route.method} ${route.template}`).toEqual([{ staff: [] }]);
  });

  it("every admin route refuses an anonymous caller, a broken or ended session and a plain player, and changes nothing", async () => {
    const routes = await adminRoutes();
    const player = await member("plain");
    const ended = await guest();
    await call("DELETE", "/v1/sessions/current", { token: ended.token });
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["moderation_log", "sanctions", "sessions", "player_roles", "players", "coin_transfers"]));
    expect(before.sessions!.length).toBeGreaterThan(0);
    for (const route of routes) {
      const body = route.method === "GET" ? undefined : PLAUSIBLE;
      const where = `${route.method} ${route.path}`;
      const anonymous = await call(route.method, route.path, { body });
      expect(anonymous.status, where).toBe(401);
      await expectProblem(anonymous, 401, "UNAUTHORIZED");
      await expectProblem(await api(route.path, { method: route.method, headers: { authorization: "Basic xyz" } }), 401, "UNAUTHORIZED");
      await expectProblem(await call(route.method, route.path, { token: ended.token, body }), 401, "UNAUTHORIZED");
      const plain = await call(route.method, route.path, { token: player.token, body });
      expect(plain.status, where).toBe(403);
      await expectProblem(plain, 403, "FORBIDDEN");
    }
    // A plain player's bad body is still FORBIDDEN, not a validation answer: the gate comes first.
    await expectProblem(await call("POST", `/v1/admin/players/${player.player.id}/actions`, { token: player.token, body: { nonsense: 1 } }), 403, "FORBIDDEN");
    expect(await snapshot()).toEqual(before);
  });
});

describe("moderators and admins", () => {
  it("a moderator reads and takes the daily actions; ban, unban and roles need an admin, and a refusal changes nothing", async () => {
    const mod = await staff("moderator");
    const target = await member("target");
    expect((await call("GET", "/v1/admin/log", { token: mod.token })).status).toBe(200);
    expect((await call("GET", `/v1/admin/players/${target.player.id}`, { token: mod.token })).status).toBe(200);
    expect((await acted(mod.token, target.player.id, { action: "warn", reason: "chat-abuse", note: "mind your language" })).entry.action).toBe("warn");

    const before = await snapshot();
    await expectProblem(await act(mod.token, target.player.id, { action: "ban" }), 403, "FORBIDDEN");
    await expectProblem(await act(mod.token, target.player.id, { action: "unban" }), 403, "FORBIDDEN");
    await expectProblem(
      await call("POST", `/v1/admin/players/${target.player.id}/roles`, { token: mod.token, body: { op: "grant", role: "moderator" } }),
      403,
      "FORBIDDEN",
    );
    expect(await snapshot()).toEqual(before);

    const admin = await staff("admin");
    const banned = await acted(admin.token, target.player.id, { action: "ban", reason: "chat-abuse" });
    expect(banned.standing?.banned).toMatchObject({ reason: "chat-abuse" });
  });

  it("nobody acts on themselves; a moderator does not act on staff; an admin does", async () => {
    const mod = await staff("moderator");
    const other = await staff("moderator");
    const admin = await staff("admin");
    const before = await snapshot();
    await expectProblem(await act(mod.token, mod.player.id, { action: "warn" }), 403, "FORBIDDEN");
    await expectProblem(await act(mod.token, other.player.id, { action: "mute", durationSeconds: 600 }), 403, "FORBIDDEN");
    await expectProblem(await act(mod.token, admin.player.id, { action: "suspend", durationSeconds: 600 }), 403, "FORBIDDEN");
    await expectProblem(await act(admin.token, admin.player.id, { action: "warn" }), 403, "FORBIDDEN");
    expect(await snapshot()).toEqual(before);
    expect((await acted(admin.token, other.player.id, { action: "mute", durationSeconds: 600 })).standing?.muted).not.toBeNull();
  });

  it("an admin grants and revokes roles through the API, each logged; the role takes effect on the next request", async () => {
    const admin = await staff("admin");
    const m = await member("promoted");
    await expectProblem(await call("GET", "/v1/admin/log", { token: m.token }), 403, "FORBIDDEN");

    const granted = await call("POST", `/v1/admin/players/${m.player.id}/roles`, { token: admin.token, body: { op: "grant", role: "moderator", note: "welcome" } });
    expect(granted.status).toBe(201);
    const grant = ((await granted.json()) as ActionResult).entry;
    expect(grant).toMatchObject({ action: "grant-role", actorId: admin.player.id, playerId: m.player.id, detail: { role: "moderator" }, note: "welcome" });
    expect((await call("GET", "/v1/admin/log", { token: m.token })).status).toBe(200);
    // A moderator now, still not an admin.
    await expectProblem(await call("POST", `/v1/admin/players/${admin.player.id}/roles`, { token: m.token, body: { op: "grant", role: "admin" } }), 403, "FORBIDDEN");

    const revoked = await call("POST", `/v1/admin/players/${m.player.id}/roles`, { token: admin.token, body: { op: "revoke", role: "moderator" } });
    expect(revoked.status).toBe(201);
    expect(((await revoked.json()) as ActionResult).entry).toMatchObject({ action: "revoke-role", undoes: grant.id });
    await expectProblem(await call("GET", "/v1/admin/log", { token: m.token }), 403, "FORBIDDEN");
    await expectProblem(
      await call("POST", `/v1/admin/players/${m.player.id}/roles`, { token: admin.token, body: { op: "revoke", role: "moderator" } }),
      404,
      "ACTION_NOT_FOUND",
    );
    await expectProblem(
      await call("POST", `/v1/admin/players/${admin.player.id}/roles`, { token: admin.token, body: { op: "revoke", role: "admin" } }),
      403,
      "FORBIDDEN",
    );

    const log = (await (await call("GET", `/v1/admin/log?player=${m.player.id}`, { token: admin.token })).json()) as LogPage;
    expect(log.entries.map((e) => e.action)).toEqual(["revoke-role", "grant-role"]);
  });

  it("bad bodies are coded refusals that change nothing", async () => {
    const mod = await staff("moderator");
    const target = await member("target");
    const before = await snapshot();
    await expectProblem(await act(mod.token, target.player.id, { action: "mute" }), 400, "BAD_REQUEST");
    await expectProblem(await act(mod.token, target.player.id, { action: "warn", durationSeconds: 600 }), 400, "BAD_REQUEST");
    await expectProblem(await act(mod.token, target.player.id, { action: "mute", durationSeconds: 5 }), 400, "BAD_REQUEST");
    await expectProblem(await act(mod.token, target.player.id, { action: "warn", name: "Someone" }), 400, "BAD_REQUEST");
    await expectProblem(await act(mod.token, target.player.id, { action: "warn", reason: "because" as never }), 400, "BAD_REQUEST");
    await expectProblem(await act(mod.token, target.player.id, { action: "explode" as never }), 400, "BAD_REQUEST");
    await expectProblem(await act(mod.token, target.player.id, { action: "warn", note: "x".repeat(1001) }), 400, "BAD_REQUEST");
    await expectProblem(await act(mod.token, "AAAAAAAAAAAAAAAAAAAAAA", { action: "warn" }), 404, "PLAYER_NOT_FOUND");
    await expectProblem(await act(mod.token, target.player.id, { action: "unmute" }), 404, "ACTION_NOT_FOUND");
    await expectProblem(await call("GET", "/v1/admin/log?cursor=nope", { token: mod.token }), 400, "BAD_REQUEST");
    await expectProblem(await call("GET", "/v1/admin/log?action=dance", { token: mod.token }), 400, "BAD_REQUEST");
    expect(await snapshot()).toEqual(before);
  });
});
