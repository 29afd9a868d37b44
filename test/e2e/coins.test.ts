/**
 * Domino Coins against a real `wrangler dev` with D1 (its own server: it is killed and restarted here). Two members
 * play a stake match to the end through the public protocol and the balances move by exactly the stake; then the
 * same with the dev server killed after the final move, before the settlement, and started again on the same
 * state: the match settles exactly once. After each, `npm run ledger:check`'s audit of that server's D1 is clean.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, type SessionGrant } from "../../src/client";
import { ledgerCheck } from "../../scripts/ledger-check";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { createMember } from "../support/members";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

const STAKE = 150;
const GRANT = 1000;

let server: DevServer;
let client: NardiClient;

beforeAll(async () => {
  // Deliveries wait 15 s after a match ends, so the kill below surely lands before the settlement.
  server = await startDevServer({ vars: { OUTBOX_DELAY_MS: "15000" } });
  client = new NardiClient(server.baseUrl);
  // Bundling and starting a server of its own takes minutes on a busy machine.
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

async function balanceOf(grant: SessionGrant): Promise<number> {
  return (await client.withSession(grant.token).getCoins()).balance;
}

/** Polls until the winner has been paid (the match object's alarm settles after the final event). */
async function settled(winner: SessionGrant, giveUpMs = 90_000): Promise<void> {
  const giveUp = Date.now() + giveUpMs;
  while ((await balanceOf(winner)) !== GRANT + STAKE) {
    if (Date.now() > giveUp) throw new Error("the stake match was not settled in time");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits until the server answers (after the audit's own wrangler process, a kept-alive connection may have been closed). */
async function serving(): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${server.baseUrl}/v1/health`)).ok) return;
    } catch (err) {
      if (i >= 20) throw err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stakeMatch(seed: number) {
  await serving();
  // Stakes need a claimed name: two members (guests play casual tables only).
  const a = await createMember(client);
  const b = await createMember(client);
  const white = await client.withSession(a.token).createTable({ preset: "georgian-short", length: 1, stake: STAKE });
  expect((await client.listOpenTables()).find((t) => t.id === white.tableId)?.stake).toBe(STAKE);
  const black = await client.withSession(b.token).joinTable(white.tableId);
  expect(black.table.stake).toMatchObject({ amount: STAKE, pot: 2 * STAKE });
  expect([await balanceOf(a), await balanceOf(b)]).toEqual([GRANT - STAKE, GRANT - STAKE]);
  const run = await playRandomMatch(client, white, black, seededRng(seed));
  run.white.close();
  run.black.close();
  expect(run.table.status).toBe("over");
  const winnerSide = run.table.match!.winner!;
  return { tableId: white.tableId, winner: winnerSide === "white" ? a : b, loser: winnerSide === "white" ? b : a };
}

async function expectSettledOnce(m: Awaited<ReturnType<typeof stakeMatch>>): Promise<void> {
  await settled(m.winner);
  expect([await balanceOf(m.winner), await balanceOf(m.loser)]).toEqual([GRANT + STAKE, GRANT - STAKE]);
  const history = await client.withSession(m.winner.token).getCoinTransfers();
  expect(history.transfers.filter((t) => t.tableId === m.tableId).map((t) => [t.purpose, t.amount])).toEqual([
    ["payout", 2 * STAKE],
    ["hold", -STAKE],
  ]);
  const audit = ledgerCheck(["--persist-to", server.stateDir]);
  expect(audit).toMatchObject({ disagreements: [], closedNotEmpty: [], total: 0 });
}

describe.sequential("stake matches over a real server", () => {
  test("two members play a stake match to the end: the balances move by exactly the stake", { timeout: 240_000 }, async () => {
    await expectSettledOnce(await stakeMatch(11));
  });

  test("a dev server killed between the final move and the settlement settles exactly once after a restart", { timeout: 300_000 }, async () => {
    const m = await stakeMatch(12);
    // Still in escrow: the settlement waits for its delivery.
    expect([await balanceOf(m.winner), await balanceOf(m.loser)]).toEqual([GRANT - STAKE, GRANT - STAKE]);
    await server.restart();
    // The outbox row and its deadline were stored with the final move; the restarted object settles.
    await expectSettledOnce(m);
  });
});
