/** Helpers for the players' worker tests: guests with sessions, authenticated calls, and D1 read straight. */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { CreateTableBody, PlayerProfile, SeatGrant, SessionGrant } from "../../src/protocol";
import type { MatchRoom } from "../../src/server/match-room";
import type { OutboxEntry } from "../../src/server/room/store";
import { api, stubOf } from "./helpers";

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export async function call(method: string, path: string, options: { token?: string; body?: unknown; ip?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = options.token ? bearer(options.token) : {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.ip) headers["cf-connecting-ip"] = options.ip;
  return api(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

export async function guest(): Promise<SessionGrant> {
  const res = await call("POST", "/v1/players");
  if (res.status !== 201) throw new Error(`guest failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SessionGrant;
}

/** The password every `member()` claims its name with (tests sign in with it). */
export const MEMBER_PASSWORD = "correct horse battery";

/**
 * A member: a guest that claimed a name (random unless given). Rated play and stakes need one (guests play
 * casual tables only: CLAIM_REQUIRED, docs/fair-play.md).
 */
export async function member(name?: string): Promise<SessionGrant> {
  const grant = await guest();
  const chosen = name ?? `m-${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const res = await call("POST", "/v1/me/claim", { token: grant.token, body: { name: chosen, password: MEMBER_PASSWORD } });
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${await res.text()}`);
  return { token: grant.token, player: (await res.json()) as PlayerProfile };
}

export async function profile(id: string): Promise<PlayerProfile> {
  return (await (await call("GET", `/v1/players/${id}`)).json()) as PlayerProfile;
}

/** Create (White) and join (Black) a table, each with its own session (or none). */
export async function tableBetween(white: string | null, black: string | null, body: Partial<CreateTableBody> = {}) {
  const created = await call("POST", "/v1/tables", { token: white ?? undefined, body: { preset: "backgammon", ...body } });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const w = (await created.json()) as SeatGrant;
  const joined = await call("POST", `/v1/tables/${w.tableId}/join`, { token: black ?? undefined, body: {} });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${await joined.text()}`);
  return { id: w.tableId, white: w, black: (await joined.json()) as SeatGrant };
}

export async function d1Count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql).bind(...params).first<{ n: number }>();
  return row?.n ?? 0;
}

export function outbox(id: string): Promise<OutboxEntry[]> {
  return runInDurableObject(stubOf(id), (room: MatchRoom) => room.room.store.outbox());
}

/** The delivery comes due now (as if its backoff had passed), then the alarm runs. */
export async function runDeliveryNow(id: string): Promise<void> {
  await runInDurableObject(stubOf(id), async (room: MatchRoom, state) => {
    state.storage.sql.exec("UPDATE deadlines SET due = ? WHERE kind = 'deliver'", Date.now() - 1);
    await room.room.syncAlarm();
  });
  await runDurableObjectAlarm(stubOf(id));
}

/**
 * Runs deliveries until the outbox is empty. The match object's own alarm (due when the match ended) may be
 * delivering at the same moment; either way the fact waited on is the emptied outbox.
 */
export async function delivered(id: string): Promise<void> {
  for (let i = 0; i < 20 && (await outbox(id)).length > 0; i++) await runDeliveryNow(id);
  expect(await outbox(id)).toEqual([]);
}
