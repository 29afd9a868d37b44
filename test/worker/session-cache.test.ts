/**
 * The isolate's session cache (docs/scale.md, Authentication): a signed-in request is answered without D1 while
 * the cache holds its session; a revocation made here takes effect at once, one made elsewhere (another isolate,
 * modelled by changing D1 behind the cache's back) within SESSION_CACHE_TTL_MS; staff and sensitive routes read
 * D1 every time. The app is called with its env and a chosen TTL, in the same isolate as this file's cache.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlayerProfile, SessionGrant } from "../../src/protocol";
import type { PlayerRow } from "../../src/server/db";
import { createApp } from "../../src/server/app";
import { SESSION_CACHE_MAX, SessionCache, forgetPlayerSessions, sessionCache } from "../../src/server/identity/session-cache";
import { sha256Hex } from "../../src/server/ids";
import { staff } from "./moderation-support";
import { MEMBER_PASSWORD, member } from "./players-support";

const app = createApp();
/** Long enough that nothing expires during a test. */
const LONG = "600000";

async function send(method: string, path: string, token: string | undefined, ttl: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`https://nardi.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, SESSION_CACHE_TTL_MS: ttl }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const me = (token: string, ttl = LONG) => send("GET", "/v1/me", token, ttl);

/** What another isolate's sign-out does to D1: the row goes, and this isolate is not told. */
async function endSessionsElsewhere(playerId: string): Promise<void> {
  await env.DB.prepare("DELETE FROM sessions WHERE player_id = ?").bind(playerId).run();
}

async function signIn(name: string): Promise<string> {
  const res = await send("POST", "/v1/sessions", undefined, LONG, { name, password: MEMBER_PASSWORD });
  expect(res.status).toBe(200);
  return ((await res.json()) as SessionGrant).token;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a signed-in request without a D1 round trip", () => {
  it("is answered from the cache while it holds the session, and from D1 with a TTL of 0", async () => {
    const m = await member();
    expect((await me(m.token)).status).toBe(200);
    await endSessionsElsewhere(m.player.id);
    // D1 no longer has the session, yet the cached read still answers: it did not ask D1.
    expect((await me(m.token)).status).toBe(200);
    // TTL 0 is the old behaviour: every request reads D1, and D1 says the session is over.
    expect((await me(m.token, "0")).status).toBe(401);
    forgetPlayerSessions(m.player.id);
    expect((await me(m.token)).status).toBe(401);
  });

  it("reads D1 again once the TTL has passed, so another isolate's revocation arrives within it", async () => {
    const m = await member();
    const ttl = 200;
    expect((await me(m.token, String(ttl))).status).toBe(200);
    const revoked = Date.now();
    await endSessionsElsewhere(m.player.id);
    await sleep(Math.max(0, revoked + ttl + 5 - Date.now()));
    expect((await me(m.token, String(ttl))).status).toBe(401);
  });
});

describe("a revocation in this isolate takes effect at once", () => {
  it("log out ends this session here, not the player's others", async () => {
    const m = await member();
    const other = await signIn(m.player.name);
    expect([(await me(m.token)).status, (await me(other)).status]).toEqual([200, 200]);
    expect((await send("DELETE", "/v1/sessions/current", m.token, LONG)).status).toBe(204);
    expect([(await me(m.token)).status, (await me(other)).status]).toEqual([401, 200]);
  });

  it("log out everywhere ends every cached session of the player", async () => {
    const m = await member();
    const other = await signIn(m.player.name);
    expect([(await me(m.token)).status, (await me(other)).status]).toEqual([200, 200]);
    expect((await send("DELETE", "/v1/sessions", other, LONG)).status).toBe(204);
    expect([(await me(m.token)).status, (await me(other)).status]).toEqual([401, 401]);
  });

  it("a ban ends the banned player's cached sessions", async () => {
    const [admin, m] = [await staff("admin"), await member()];
    expect((await me(m.token)).status).toBe(200);
    const banned = await send("POST", `/v1/admin/players/${m.player.id}/actions`, admin.token, LONG, { action: "ban", reason: "other" });
    expect(banned.status).toBe(201);
    expect((await me(m.token)).status).toBe(401);
    expect((await send("GET", "/v1/me/standing", m.token, LONG)).status).toBe(401);
  });

  it("a rename (by the player or forced by a moderator) shows at once", async () => {
    const [mod, m] = [await staff("moderator"), await member()];
    expect((await me(m.token)).status).toBe(200);
    const renamed = `r-${crypto.randomUUID().slice(0, 8)}`;
    expect((await send("PATCH", "/v1/me", m.token, LONG, { name: renamed })).status).toBe(200);
    expect(((await (await me(m.token)).json()) as PlayerProfile).name).toBe(renamed);
    const forced = `f-${crypto.randomUUID().slice(0, 8)}`;
    const res = await send("POST", `/v1/admin/players/${m.player.id}/actions`, mod.token, LONG, { action: "rename", reason: "other", name: forced });
    expect(res.status).toBe(201);
    expect(((await (await me(m.token)).json()) as PlayerProfile).name).toBe(forced);
  });

  it("deleting the account ends its cached session", async () => {
    const m = await member();
    expect((await me(m.token)).status).toBe(200);
    expect((await send("DELETE", "/v1/me", m.token, LONG)).status).toBe(204);
    expect((await me(m.token)).status).toBe(401);
  });

  it("a claim here makes the cached guest a member at once", async () => {
    const g = (await (await send("POST", "/v1/players", undefined, LONG)).json()) as SessionGrant;
    expect(((await (await me(g.token)).json()) as PlayerProfile).kind).toBe("guest");
    const name = `c-${crypto.randomUUID().slice(0, 8)}`;
    expect((await send("POST", "/v1/me/claim", g.token, LONG, { name, password: MEMBER_PASSWORD })).status).toBe(200);
    expect(((await (await me(g.token)).json()) as PlayerProfile).kind).toBe("member");
  });
});

describe("routes that read D1 every time", () => {
  it("staff routes see a session ended elsewhere at once", async () => {
    const admin = await staff("admin");
    expect((await me(admin.token)).status).toBe(200);
    expect((await send("GET", "/v1/admin/log", admin.token, LONG)).status).toBe(200);
    await endSessionsElsewhere(admin.player.id);
    expect((await send("GET", "/v1/admin/log", admin.token, LONG)).status).toBe(401);
    // The fresh read also cleared this isolate's entry: the cached routes now refuse the session too.
    expect((await me(admin.token)).status).toBe(401);
  });

  it("a staff role taken away elsewhere counts at once", async () => {
    const mod = await staff("moderator");
    expect((await send("GET", "/v1/admin/log", mod.token, LONG)).status).toBe(200);
    await env.DB.prepare("DELETE FROM player_roles WHERE player_id = ?").bind(mod.player.id).run();
    expect((await send("GET", "/v1/admin/log", mod.token, LONG)).status).toBe(403);
  });

  it("claim, rename, delete and log-out everywhere see a session ended elsewhere", async () => {
    for (const [method, path, body] of [
      ["POST", "/v1/me/claim", { name: `x-${crypto.randomUUID().slice(0, 8)}`, password: MEMBER_PASSWORD }],
      ["PATCH", "/v1/me", { name: `y-${crypto.randomUUID().slice(0, 8)}` }],
      ["DELETE", "/v1/me", undefined],
      ["DELETE", "/v1/sessions", undefined],
    ] as const) {
      const m = await member();
      expect((await me(m.token)).status).toBe(200);
      await endSessionsElsewhere(m.player.id);
      expect((await send(method, path, m.token, LONG, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("a cached guest is read again before a rated table, so a claim in another isolate counts at once", async () => {
    const g = (await (await send("POST", "/v1/players", undefined, LONG)).json()) as SessionGrant;
    expect((await me(g.token)).status).toBe(200);
    // Another isolate's claim: D1 has the member, this isolate's cache the guest.
    await env.DB.prepare("UPDATE players SET kind = 'member', password = 'elsewhere', name = ?, name_key = ? WHERE id = ?")
      .bind(`z-${g.player.id.slice(0, 8)}`, `z-${g.player.id.slice(0, 8)}`.toLowerCase(), g.player.id)
      .run();
    expect(((await (await me(g.token)).json()) as PlayerProfile).kind).toBe("guest");
    const created = await send("POST", "/v1/tables", g.token, LONG, { preset: "backgammon", rated: true });
    expect(created.status).toBe(201);
  });
});

describe("the cache itself", () => {
  const row = (id: string): PlayerRow => ({ id, name: id, kind: "member", password: null, createdAt: 0, bot: false });

  it("holds at most its bound, dropping the least recently used first", () => {
    const cache = new SessionCache(3);
    for (const t of ["a", "b", "c"]) cache.remember(t, row(`p${t}`), 1_000, cache.mark);
    expect(cache.player("a", 0)?.id).toBe("pa"); // a is now the most recently used
    cache.remember("d", row("pd"), 1_000, cache.mark);
    expect(cache.size).toBe(3);
    expect(["a", "b", "c", "d"].map((t) => cache.player(t, 0)?.id ?? null)).toEqual(["pa", null, "pc", "pd"]);
    expect(sessionCache.max).toBe(SESSION_CACHE_MAX);
  });

  it("forgets expired entries, a player's every session, and never keeps a read that began before a forget", () => {
    const cache = new SessionCache(10);
    cache.remember("a", row("p"), 100, cache.mark);
    cache.remember("b", row("p"), 1_000, cache.mark);
    cache.remember("c", row("q"), 1_000, cache.mark);
    expect(cache.player("a", 100)).toBeNull();
    cache.forgetPlayer("p");
    expect([cache.player("b", 0), cache.player("c", 0)?.id]).toEqual([null, "q"]);
    const mark = cache.mark;
    cache.forgetPlayer("q"); // a ban lands while a read of q's session is on its way
    cache.remember("c", row("q"), 1_000, mark);
    expect(cache.player("c", 0)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("an entry that expires does not hold back another session's read under way (only a revocation does)", () => {
    const cache = new SessionCache(10);
    cache.remember("old", row("p"), 100, cache.mark);
    const mark = cache.mark; // a read of q's session starts…
    expect(cache.player("old", 100)).toBeNull(); // …while p's entry expires
    cache.remember("q-token", row("q"), 1_000, mark);
    expect(cache.player("q-token", 0)?.id).toBe("q");
  });

  it("keys sessions by the token's hash, never the token", async () => {
    const m = await member();
    expect((await me(m.token)).status).toBe(200);
    expect(sessionCache.player(m.token, Date.now())).toBeNull();
    expect(sessionCache.player(await sha256Hex(m.token), Date.now())?.id).toBe(m.player.id);
  });
});
