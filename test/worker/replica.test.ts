/**
 * D1 read replication (docs/scale.md, D1): the reads that may be stale go through a Sessions API session (which
 * Cloudflare may answer from a replica), the rest to the primary. D1 is wrapped to see where each query goes.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { member, tableBetween } from "./players-support";

const app = createApp();

/** env.DB, counting queries sent to the primary and through sessions (and with which constraint). */
function watchedDb() {
  const seen = { primary: [] as string[], session: [] as string[], constraints: [] as string[] };
  const db = env.DB;
  const watched = {
    prepare: (sql: string) => (seen.primary.push(sql), db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => (seen.primary.push("batch"), db.batch(statements)),
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    withSession: (constraint?: string) => {
      seen.constraints.push(constraint ?? "");
      const session = db.withSession(constraint);
      return {
        prepare: (sql: string) => (seen.session.push(sql), session.prepare(sql)),
        batch: (statements: D1PreparedStatement[]) => (seen.session.push("batch"), session.batch(statements)),
        getBookmark: () => session.getBookmark(),
      };
    },
  };
  return { seen, DB: watched as unknown as D1Database };
}

async function get(path: string, DB: D1Database, token?: string): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await app.fetch(new Request(`https://nardi.test${path}`, { headers }), { ...env, DB }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("reads that may be stale go through a replica session", () => {
  it("profiles, match histories, records, leaderboards and dice: no query to the primary", async () => {
    const [a, b] = [await member(), await member()];
    const table = await tableBetween(a.token, b.token);
    for (const path of [
      `/v1/players/${a.player.id}`,
      `/v1/players/${a.player.id}/matches`,
      `/v1/players/${a.player.id}/dice`,
      "/v1/leaderboards/backgammon",
      `/v1/matches/${table.id}`,
    ]) {
      const { seen, DB } = watchedDb();
      const res = await get(path, DB);
      expect(res.status, path).toBe(path.startsWith("/v1/matches/") ? 404 : 200);
      expect(seen.primary, path).toEqual([]);
      expect(seen.session.length, path).toBeGreaterThan(0);
      expect(seen.constraints, path).toEqual(["first-unconstrained"]);
    }
  });

  it("the session lookup and the player's own profile stay on the primary", async () => {
    const m = await member();
    const { seen, DB } = watchedDb();
    // SESSION_CACHE_TTL_MS comes from env: the test config's default keeps this isolate's cached session or reads it.
    expect((await get("/v1/me", DB, `${m.token}`)).status).toBe(200);
    expect(seen.session).toEqual([]);
    expect(seen.primary.length).toBeGreaterThan(0);
  });
});
