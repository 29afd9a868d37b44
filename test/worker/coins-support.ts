/** Helpers for the coin tests: balances over HTTP, the ledger's audit, and stake matches played to a resignation. */
import { env, runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { MatchCommand } from "../../src/engine";
import type { CoinBalance } from "../../src/protocol";
import { serverCommand, step } from "../../src/server/room/step";
import { Ledger } from "../../src/server/db";
import type { MatchRoom } from "../../src/server/match-room";
import { commandId, connect, stubOf } from "./helpers";
import { call } from "./players-support";

export async function balance(token: string): Promise<number> {
  const res = await call("GET", "/v1/coins", { token });
  if (res.status !== 200) throw new Error(`balance: ${res.status} ${await res.text()}`);
  return ((await res.json()) as CoinBalance).balance;
}

/** The balance as stored, without the grants a read over HTTP gives first. */
export async function stored(playerId: string): Promise<number> {
  return new Ledger(env.DB).balance(`player:${playerId}`);
}

/** The database's own audit: no balance differs from its transfers, no closed escrow holds coins, nothing minted. */
export async function expectLedgerSound(): Promise<void> {
  expect(await new Ledger(env.DB).audit()).toEqual({ disagreements: [], closedNotEmpty: [], total: 0 });
}

export async function escrowOf(tableId: string): Promise<number> {
  return new Ledger(env.DB).balance(`table:${tableId}`);
}

export async function resign(id: string, token: string): Promise<void> {
  const socket = await connect(id, { token });
  await socket.next("welcome");
  socket.send({ type: "resign", id: commandId() });
  const answer = await socket.answer();
  if (answer.type !== "ack") throw new Error(`resign refused: ${answer.code}`);
  socket.close();
}

export { delivered, runDeliveryNow } from "./players-support";

/** D1 for the match object with `batch` replaced (the ledger's writes are batches). */
export function d1With(batch: (real: D1Database, statements: D1PreparedStatement[]) => Promise<D1Result[]>): D1Database {
  const real = env.DB;
  return { prepare: (sql: string) => real.prepare(sql), batch: (statements: D1PreparedStatement[]) => batch(real, statements) } as unknown as D1Database;
}

export async function setD1(id: string, d1: D1Database): Promise<void> {
  await runInDurableObject(stubOf(id), (room: MatchRoom) => {
    room.room.d1 = d1;
  });
}

/** A server command (abandon, forfeit) applied as the object's alarm would, through the same one path (room/step.ts). */
export async function applyCommandTo(id: string, command: MatchCommand): Promise<void> {
  await runInDurableObject(stubOf(id), async (room: MatchRoom) => {
    const core = room.room;
    const stepped = step(core, { origin: { kind: "server" }, entropy: "", at: Date.now() }, serverCommand(command));
    if (!stepped.ok) throw new Error(stepped.error.message);
    await core.syncAlarm();
  });
}
