/**
 * Stake tables inside workerd: who may create and join them, the coins moving into escrow when the match starts,
 * and out of it exactly once however the table ends, through failed writes, lost acknowledgements, alarms run
 * again and evictions.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OpenTables, SeatGrant, TableView, TransferPage } from "../../src/protocol";
import { Ledger } from "../../src/server/db";
import type { MatchRoom } from "../../src/server/match-room";
import { env } from "cloudflare:test";
import { applyCommandTo, balance, stored, d1With, delivered, escrowOf, expectLedgerSound, resign, runDeliveryNow, setD1 } from "./coins-support";
import { stubOf, timePasses } from "./helpers";
import { call, member, tableBetween } from "./players-support";
import { problemOf } from "../support/problems";

const GRANT = 1000;

async function create(token: string | undefined, body: Record<string, unknown>): Promise<Response> {
  return call("POST", "/v1/tables", { token, body: { preset: "backgammon", ...body } });
}

async function join(id: string, token: string | undefined): Promise<Response> {
  return call("POST", `/v1/tables/${id}/join`, { token, body: {} });
}

describe("stake tables", () => {
  it("a new player has the starting grant, and a stake table's stake is listed, viewed and checked", async () => {
    const a = await member();
    expect(await balance(a.token)).toBe(GRANT);

    expect((await problemOf(await create(undefined, { stake: 50 }))).code).toBe("SESSION_REQUIRED");
    expect((await problemOf(await create(a.token, { stake: 5 }))).code).toBe("STAKE_OUT_OF_RANGE");
    expect((await problemOf(await create(a.token, { stake: 50, opponent: "bot" }))).code).toBe("STAKE_OUT_OF_RANGE");
    const short = await create(a.token, { stake: GRANT + 1 });
    expect([short.status, (await problemOf(short)).code]).toEqual([409, "INSUFFICIENT_COINS"]);
    expect((await problemOf(await create(a.token, { stake: 1.5 }))).code).toBe("BAD_REQUEST");

    const created = await create(a.token, { stake: 50 });
    expect(created.status).toBe(201);
    const grant = (await created.json()) as SeatGrant;
    expect(grant.table.stake).toEqual({ amount: 50, rakePercent: 0, pot: 100, payout: 100 });
    // Nothing is held while the table waits.
    expect(await balance(a.token)).toBe(GRANT);
    const lobby = (await (await call("GET", "/v1/tables")).json()) as OpenTables;
    expect(lobby.tables.find((t) => t.id === grant.tableId)?.stake).toBe(50);

    expect((await problemOf(await join(grant.tableId, undefined))).code).toBe("SESSION_REQUIRED");
    expect((await problemOf(await join(grant.tableId, a.token))).code).toBe("SAME_PLAYER");
    expect(await escrowOf(grant.tableId)).toBe(0);
    await expectLedgerSound();
  });

  it("the stakes move into escrow when the match starts and the winner takes the pot exactly once", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { stake: 200 });
    expect([await balance(a.token), await balance(b.token), await escrowOf(table.id)]).toEqual([GRANT - 200, GRANT - 200, 400]);
    expect(table.black.table.players.black?.name).toBe(b.player.name);

    await resign(table.id, table.black.token);
    await delivered(table.id);
    expect([await balance(a.token), await balance(b.token), await escrowOf(table.id)]).toEqual([GRANT + 200, GRANT - 200, 0]);

    // An at-least-once alarm delivering the same row again changes nothing; nor does an eviction and another run.
    await runInDurableObject(stubOf(table.id), async (room: MatchRoom) => {
      const stored = room.room.store.load()!;
      room.room.commit({ room: stored, events: [], at: Date.now(), outbox: { put: "match-record" }, setDeadlines: [{ kind: "deliver", seat: "table", due: Date.now() - 1 }] });
      await room.room.syncAlarm();
    });
    await evictDurableObject(stubOf(table.id));
    await delivered(table.id);
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT + 200, GRANT - 200]);

    const page = (await (await call("GET", "/v1/coins/transfers?limit=2", { token: a.token })).json()) as TransferPage;
    expect(page.transfers.map((t) => [t.purpose, t.amount])).toEqual([["payout", 400], ["hold", -200]]);
    const rest = (await (await call("GET", `/v1/coins/transfers?limit=2&cursor=${page.next}`, { token: a.token })).json()) as TransferPage;
    expect(rest).toMatchObject({ transfers: [{ purpose: "grant", amount: GRANT, tableId: null }], next: null });
    await expectLedgerSound();
  });

  it("settles exactly once through a failing D1 and a lost acknowledgement", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { stake: 100 });
    await setD1(table.id, d1With(async () => {
      throw new Error("D1 unavailable (injected)");
    }));
    await resign(table.id, table.white.token);
    await runDeliveryNow(table.id);
    await runDeliveryNow(table.id);
    expect([await balance(a.token), await balance(b.token), await escrowOf(table.id)]).toEqual([GRANT - 100, GRANT - 100, 200]);

    // The settlement commits, but its answer never reaches the match object: it is delivered again, to no effect.
    await setD1(table.id, d1With(async (real, statements) => {
      await real.batch(statements);
      throw new Error("acknowledgement lost (injected)");
    }));
    await runDeliveryNow(table.id);
    await setD1(table.id, env.DB);
    await delivered(table.id);
    expect([await balance(a.token), await balance(b.token), await escrowOf(table.id)]).toEqual([GRANT - 100, GRANT + 100, 0]);
    await expectLedgerSound();
  });

  it("an abandoned match (both away) refunds both stakes", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { stake: 300 });
    await applyCommandTo(table.id, { type: "abandon" });
    await delivered(table.id);
    expect([await balance(a.token), await balance(b.token), await escrowOf(table.id)]).toEqual([GRANT, GRANT, 0]);
    const view = (await (await call("GET", `/v1/tables/${table.id}`)).json()) as TableView;
    expect(view.match).toMatchObject({ endReason: "abandoned", winner: null });
    await expectLedgerSound();
  });

  it("a forfeit pays the other seat, with the rake fixed at creation going to the house", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { stake: 100 });
    // The operator's rake at creation time is the table's: set it on the stored table as if it had been 5%.
    await runInDurableObject(stubOf(table.id), (room: MatchRoom) => {
      const stored = room.room.store.load()!;
      room.room.commit({ room: { ...stored, info: { ...stored.info, stake: { amount: 100, rakePercent: 5 } } }, events: [], at: Date.now() });
    });
    await applyCommandTo(table.id, { type: "forfeit", side: "white" });
    await delivered(table.id);
    expect([await balance(a.token), await balance(b.token), await escrowOf(table.id)]).toEqual([GRANT - 100, GRANT + 90, 0]);
    expect(await new Ledger(env.DB).balance("house")).toBeLessThan(0);
    await expectLedgerSound();
  });

  it("a table that never started gives back a hold an interrupted join left, and then takes no more", async () => {
    const a = await member();
    const b = await member();
    const created = (await (await create(a.token, { stake: 70 })).json()) as SeatGrant;
    // A join whose holds reached D1 before the object crashed (the seat was never stored).
    const ledger = new Ledger(env.DB);
    await balance(b.token);
    const holds = [
      { seat: "white" as const, playerId: a.player.id },
      { seat: "black" as const, playerId: b.player.id },
    ];
    expect(await ledger.hold(created.tableId, holds, 70, Date.now())).toBe("held");
    expect(await balance(b.token)).toBe(GRANT - 70);

    await timePasses(created.tableId);
    await runDurableObjectAlarm(stubOf(created.tableId));
    expect((await call("GET", `/v1/tables/${created.tableId}`)).status).toBe(404);
    expect([await balance(a.token), await balance(b.token), await escrowOf(created.tableId)]).toEqual([GRANT, GRANT, 0]);
    expect(await ledger.hold(created.tableId, holds, 70, Date.now())).toBe("closed");
    await expectLedgerSound();
  });

  it("two tables taking one player's last coins at once: exactly one gets them", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    // a's whole balance is at stake on two tables; b and c join at the same moment.
    const t1 = (await (await create(a.token, { stake: GRANT })).json()) as SeatGrant;
    const t2 = (await (await create(a.token, { stake: GRANT })).json()) as SeatGrant;
    const answers = await Promise.all([join(t1.tableId, b.token), join(t2.tableId, c.token)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await problemOf(refused)).code).toBe("STAKE_UNCOVERED");
    expect(await stored(a.player.id)).toBe(0);
    expect((await escrowOf(t1.tableId)) + (await escrowOf(t2.tableId))).toBe(2 * GRANT);

    // And one player joining two tables with their last coins at once.
    const d = await member();
    const e = await member();
    const f = await member();
    const t3 = (await (await create(d.token, { stake: GRANT })).json()) as SeatGrant;
    const t4 = (await (await create(e.token, { stake: GRANT })).json()) as SeatGrant;
    const both = await Promise.all([join(t3.tableId, f.token), join(t4.tableId, f.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await problemOf(both.find((r) => r.status === 409)!)).code).toBe("INSUFFICIENT_COINS");
    expect((await escrowOf(t3.tableId)) + (await escrowOf(t4.tableId))).toBe(2 * GRANT);
    const holds = await env.DB.prepare("SELECT count(*) AS n FROM coin_transfers WHERE from_account = ? AND purpose = 'hold'").bind(`player:${f.player.id}`).first<{ n: number }>();
    expect(holds?.n).toBe(1);
    // 0, or the day's top-up if the losing join found f already at 0 (it gives that first): never enough for a stake.
    expect([0, 100]).toContain(await stored(f.player.id));
    await expectLedgerSound();
  });

  it("a second join while the first is taking the stakes finds the seat taken and takes nothing", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const t = (await (await create(a.token, { stake: 40 })).json()) as SeatGrant;
    const answers = await Promise.all([join(t.tableId, b.token), join(t.tableId, c.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await balance(b.token)) + (await balance(c.token))).toBe(2 * GRANT - 40);
    expect(await escrowOf(t.tableId)).toBe(80);
    await expectLedgerSound();
  });
});
