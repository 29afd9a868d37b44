/** Helpers for the site switch and chat filter tests: staff players made in D1, members, and the admin routes. */
import { env } from "cloudflare:test";
import type { SessionGrant } from "../../src/protocol";
import { call, guest } from "./players-support";

let named = 0;

/** A guest holding `role` (inserted straight into player_roles, as `npm run admin -- grant` would). */
export async function staff(role: "admin" | "moderator"): Promise<SessionGrant> {
  const player = await guest();
  await env.DB.prepare("INSERT INTO player_roles (player_id, role, granted_at) VALUES (?, ?, ?)").bind(player.player.id, role, Date.now()).run();
  return player;
}

/** A player who claimed a name (a member). */
export async function member(): Promise<SessionGrant> {
  const player = await guest();
  named += 1;
  const res = await call("POST", "/v1/me/claim", { token: player.token, body: { name: `Member${named}x${Math.floor(Math.random() * 1e6)}`, password: "correct horse battery" } });
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${await res.text()}`);
  return player;
}

/** Sets the site switch through the admin route (answer checked). */
export async function setLevel(token: string, defcon: number, message = ""): Promise<void> {
  const res = await call("PUT", "/v1/admin/site", { token, body: { defcon, message, reason: "other", note: `level ${defcon}` } });
  if (res.status !== 200) throw new Error(`PUT /v1/admin/site failed: ${res.status} ${await res.text()}`);
}

export async function logRows(action: string): Promise<Array<{ actor_id: string; reason: string; note: string; detail: string }>> {
  const { results } = await env.DB.prepare("SELECT actor_id, reason, note, detail FROM moderation_log WHERE action = ? ORDER BY at, rowid").bind(action).all<{
    actor_id: string;
    reason: string;
    note: string;
    detail: string;
  }>();
  return results;
}
