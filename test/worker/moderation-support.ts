/** Helpers for the moderation tests: members, staff made straight in D1 (as `npm run admin` would), actions over HTTP. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { ActionResult, PlayerActionBody, Problem, SessionGrant, StaffRole } from "../../src/protocol";
import { call, guest } from "./players-support";

let serial = 0;

/** A guest that claimed a unique name (with the password "correct horse"). */
export async function member(prefix = "member"): Promise<SessionGrant & { name: string }> {
  const g = await guest();
  const name = `${prefix}${++serial}${Math.random().toString(36).slice(2, 6)}`;
  const res = await call("POST", "/v1/me/claim", { token: g.token, body: { name, password: "correct horse" } });
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${await res.text()}`);
  return { ...g, name };
}

/** A member holding `role`, granted in D1 as the operator's command line does. */
export async function staff(role: StaffRole): Promise<SessionGrant & { name: string }> {
  const m = await member(role);
  await env.DB.prepare("INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES (?, ?, NULL, ?)").bind(m.player.id, role, Date.now()).run();
  return m;
}

export async function act(token: string, playerId: string, body: Partial<PlayerActionBody>): Promise<Response> {
  return call("POST", `/v1/admin/players/${playerId}/actions`, { token, body: { reason: "other", ...body } });
}

export async function acted(token: string, playerId: string, body: Partial<PlayerActionBody>): Promise<ActionResult> {
  const res = await act(token, playerId, body);
  if (res.status !== 201) throw new Error(`${body.action} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as ActionResult;
}

/** The answer is the coded problem `code` with `status`; returns it. */
export async function expectProblem(res: Response, status: number, code: string): Promise<Problem> {
  const body = (await res.json()) as Problem;
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  return body;
}

/** Every row of every table of the D1 database: compared before and after to prove that nothing changed. */
export async function snapshot(): Promise<Record<string, unknown[]>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const tables: Record<string, unknown[]> = {};
  for (const { name } of results) {
    tables[name] = (await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}
