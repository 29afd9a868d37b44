/**
 * Quick match with a stake: the seek checks the bounds and the balance, a pairing makes a stake table whose join
 * moves both stakes into escrow, a seeker whose coins are gone by the pairing is cancelled while the other waits
 * on, and no coins move for a table that never starts.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TableView } from "../../src/protocol";
import { SEEK_LIMITS } from "../../src/protocol";
import type { QuickPool } from "../../src/server";
import { makeTable } from "../../src/server/quick/table";
import { balance, d1With, escrowOf, expectLedgerSound, setD1 } from "./coins-support";
import { api } from "./helpers";
import { member, tableBetween } from "./players-support";
import { freshChoice, poolOf, poolRows, seek, seekQuery, seekResponse, wave } from "./quick-support";
import { expectProblem } from "../support/problems";

const GRANT = 1000;

async function lastOpponents(choice: ReturnType<typeof freshChoice>): Promise<Array<{ player_id: string; opponent_id: string }>> {
  return runInDurableObject(poolOf(choice), (_pool: QuickPool, state) =>
    state.storage.sql.exec<{ player_id: string; opponent_id: string }>("SELECT player_id, opponent_id FROM last_opponents ORDER BY player_id").toArray(),
  );
}

describe("quick match with a stake", () => {
  it("pairs two stake seekers at a stake table: both stakes in escrow, the table shows the stake", async () => {
    const choice = freshChoice({ stake: 100 });
    const [a, b] = [await member(), await member()];
    const sa = await seek(choice, a.token);
    expect(sa.seeking.pool).toMatch(/\.100$/);
    // Waiting holds nothing.
    expect(await balance(a.token)).toBe(GRANT);
    const sb = await seek(choice, b.token);
    await wave(choice);
    const pa = await sa.client.next("paired");
    const pb = await sb.client.next("paired");
    expect(pa.grant.tableId).toBe(pb.grant.tableId);
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT - 100, GRANT - 100]);
    expect(await escrowOf(pa.grant.tableId)).toBe(200);
    expect(pa.grant.table.stake).toEqual({ amount: 100, rakePercent: 0, pot: 200, payout: 200 });
    const view = (await (await api(`/v1/tables/${pa.grant.tableId}`)).json()) as TableView;
    expect(view.status).toBe("playing");
    expect(view.stake?.amount).toBe(100);
    await expectLedgerSound();
  });

  it("refuses at seek time a stake outside the bounds (400) or above the balance (409); no session is 401 first", async () => {
    const a = await member();
    await expectProblem(await seekResponse(seekQuery(freshChoice({ stake: 100 }))), 401, "UNAUTHORIZED");
    await expectProblem(await seekResponse(seekQuery(freshChoice({ stake: 5 })), a.token), 400, "STAKE_OUT_OF_RANGE");
    await expectProblem(await seekResponse(seekQuery(freshChoice({ stake: 20_000 })), a.token), 400, "STAKE_OUT_OF_RANGE");
    const short = freshChoice({ stake: GRANT + 1 });
    await expectProblem(await seekResponse(seekQuery(short), a.token), 409, "INSUFFICIENT_COINS");
    expect(await poolRows(short)).toEqual([]);
    expect(await balance(a.token)).toBe(GRANT);
  });

  it("a seeker who spent the coins while waiting is cancelled at pairing; the other keeps their place; nothing moves", async () => {
    const choice = freshChoice({ stake: 500 });
    const [spender, other, third, opponent] = [await member(), await member(), await member(), await member()];
    const ss = await seek(choice, spender.token);
    // Meanwhile the spender plays a stake table elsewhere: 600 of their 1000 go into its escrow.
    await tableBetween(spender.token, opponent.token, { stake: 600 });
    expect(await balance(spender.token)).toBe(GRANT - 600);
    const so = await seek(choice, other.token);
    await wave(choice);
    expect(await ss.client.next("cancelled")).toEqual({ type: "cancelled", reason: "insufficient-coins" });
    const rows = await poolRows(choice);
    expect(rows.map((r) => [r.player_id, r.state, r.since])).toEqual([[other.player.id, "waiting", so.seeking.since]]);
    expect([await balance(spender.token), await balance(other.token)]).toEqual([GRANT - 600, GRANT]);
    // The one who waited on is paired with the next seeker.
    const st = await seek(choice, third.token);
    await wave(choice);
    const paired = await so.client.next("paired");
    expect(paired.opponent.playerId).toBe(third.player.id);
    await st.client.next("paired");
    expect(await escrowOf(paired.grant.tableId)).toBe(1000);
    await expectLedgerSound();
  });

  it("coins spent between the pool's check and the holds: the join is refused, the player named, nothing moves", async () => {
    const choice = freshChoice({ stake: 700 });
    const [a, b, opponent] = [await member(), await member(), await member()];
    await balance(a.token);
    await balance(b.token);
    const tableId = `qstake-race-${crypto.randomUUID()}`;
    let spent = false;
    // The table's first ledger write (the holds) finds `b`'s coins gone to another table just before it.
    await setD1(
      tableId,
      d1With(async (real, statements) => {
        if (!spent) {
          spent = true;
          await tableBetween(b.token, opponent.token, { stake: 400 });
        }
        return real.batch(statements);
      }),
    );
    const made = await makeTable(env, tableId, choice, [
      { playerId: a.player.id, name: a.player.name ?? "a" },
      { playerId: b.player.id, name: b.player.name ?? "b" },
    ]);
    expect(spent).toBe(true);
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.uncovered).toEqual([b.player.id]);
    expect(["INSUFFICIENT_COINS", "STAKE_UNCOVERED"]).toContain(made.code);
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT, GRANT - 400]);
    expect(await escrowOf(tableId)).toBe(0);
    await expectLedgerSound();
  });
});

describe("a pool's memory of last opponents", () => {
  it("forgets a pairing once a seek could no longer overlap it, and a player paired in another pool", async () => {
    const here = freshChoice();
    const there = freshChoice();
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const sa = await seek(here, a.token);
    const sb = await seek(here, b.token);
    await wave(here);
    await sa.client.next("paired");
    await sb.client.next("paired");
    expect((await lastOpponents(here)).map((r) => r.player_id).sort()).toEqual([a.player.id, b.player.id].sort());

    // `a` seeks here again and in another pool, and is paired there: the row here is gone with the seek.
    const again = await seek(here, a.token);
    const ta = await seek(there, a.token);
    const tc = await seek(there, c.token);
    await wave(there);
    await ta.client.next("paired");
    await tc.client.next("paired");
    const sd = await seek(here, d.token);
    await wave(here);
    expect(await again.client.next("cancelled")).toEqual({ type: "cancelled", reason: "paired-elsewhere" });
    expect((await lastOpponents(here)).map((r) => r.player_id)).toEqual([b.player.id]);
    sd.client.send({ type: "cancel" });
    await sd.client.next("cancelled");

    // An hour after the pairing, `b`'s row goes too, at the pool's own alarm (nobody seeks there any more).
    await runInDurableObject(poolOf(here), (_pool: QuickPool, state) => {
      state.storage.sql.exec("UPDATE last_opponents SET at = at - ?", SEEK_LIMITS.maxSeekMs);
    });
    await wave(here);
    expect(await lastOpponents(here)).toEqual([]);
    expect(await runInDurableObject(poolOf(here), (_pool: QuickPool, state) => state.storage.getAlarm())).toBeNull();
  });
});
