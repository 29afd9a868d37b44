/** Helpers for the moderation tests: members, staff made straight in D1 (as `npm run admin` would), actions over HTTP. */
import { env } from "cloudflare:test";
import type { ActionResult, PlayerActionBody, SessionGrant, StaffRole } from "../../src/protocol";
import { call, member as claimedMember } from "./players-support";

let serial = 0;

/** A guest that claimed a unique name (players-support's member), with the name at hand. */
export async function member(prefix = "member"): Promise<SessionGrant & { name: string }> {
  const claimed = await claimedMember(`${prefix}${++serial}${Math.random().toString(36).slice(2, 6)}`);
  return { ...claimed, name: claimed.player.name };
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
