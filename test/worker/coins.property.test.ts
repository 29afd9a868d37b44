/**
 * The ledger under random histories, against the real D1 schema (its trigger and CHECKs) inside workerd.
 * fast-check drives sequences of grants (and days passing, for top-ups), joins that take both stakes, joins
 * that crash after their holds reached D1, settlements and expiries, each possibly retried (an alarm run twice, a
 * match object evicted and starting over) and each possibly hit by an injected failure: a D1 batch that throws
 * before it runs, or after it committed (the acknowledgement lost). A model follows every coin; after each step
 * the test checks that the database agrees with it and that the invariants hold: every balance equals its
 * transfers, the sum of all accounts is unchanged, no player or escrow is below zero, no table is paid twice,
 * and no settled table holds coins.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { escrowAccount, HOUSE, Ledger, playerAccount, type EscrowOutcome, type GrantSettings, type StakeHold } from "../../src/server/db";
import { expectLedgerSound } from "./coins-support";

const SETTINGS: GrantSettings = { startGrant: 100, topUpBelow: 30, topUp: 25 };
const PLAYERS = 4;
const TABLES = 3;
const DAY = 86_400_000;

type Fault = "none" | "before" | "after";

type Op =
  | { kind: "grant"; player: number; day: number }
  | { kind: "join"; table: number; joiner: number; crash: boolean }
  | { kind: "end"; table: number; winner: "white" | "black" | null }
  | { kind: "expire"; table: number }
  | { kind: "retry" };

type Step = { op: Op; fault: Fault };

interface TableModel {
  creator: number;
  stake: number;
  status: "waiting" | "playing" | "over" | "closed";
  seated: number | null;
  winner: "white" | "black" | null;
  /** Players whose stakes are in the escrow (the creator's and one entry per joiner that got a hold in). */
  held: Set<number>;
}

/** D1 with an injected failure on the next batch. */
function faulty(fault: { next: Fault }): D1Database {
  const real = env.DB;
  return {
    prepare: (sql: string) => real.prepare(sql),
    batch: async (statements: D1PreparedStatement[]) => {
      const f = fault.next;
      fault.next = "none";
      if (f === "before") throw new Error("D1 unavailable (injected)");
      const results = await real.batch(statements);
      if (f === "after") throw new Error("acknowledgement lost (injected)");
      return results;
    },
  } as unknown as D1Database;
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("grant" as const), player: fc.nat(PLAYERS - 1), day: fc.nat(3) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("join" as const), table: fc.nat(TABLES - 1), joiner: fc.nat(PLAYERS - 1), crash: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("end" as const), table: fc.nat(TABLES - 1), winner: fc.constantFrom("white" as const, "black" as const, null) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("expire" as const), table: fc.nat(TABLES - 1) }) },
  { weight: 2, arbitrary: fc.constant({ kind: "retry" as const }) },
);
const stepArb: fc.Arbitrary<Step> = fc.record({ op: opArb, fault: fc.constantFrom<Fault>("none", "none", "none", "before", "after") });

let run = 0;

async function history(steps: Step[], creators: number[], stakes: number[]): Promise<void> {
  const prefix = `r${run++}x${Date.now().toString(36)}`;
  const player = (i: number) => `${prefix}p${i}`;
  const tableId = (i: number) => `${prefix}t${i}`;
  const fault = { next: "none" as Fault };
  const ledger = new Ledger(faulty(fault));
  const reader = new Ledger(env.DB);
  const houseAtStart = await reader.balance(HOUSE);
  // The model: balances of players and escrows, and the house's movement.
  const balance = new Map<string, number>();
  const add = (account: string, n: number) => balance.set(account, (balance.get(account) ?? 0) + n);
  let house = 0;
  const granted = new Set<number>();
  const toppedUp = new Set<string>();
  const tables: TableModel[] = creators.map((creator, i) => ({ creator, stake: stakes[i]!, status: "waiting", seated: null, winner: null, held: new Set() }));
  let last: Op | null = null;

  const holdsOf = (t: TableModel, joiner: number): StakeHold[] => [
    { seat: "white", playerId: player(t.creator) },
    { seat: "black", playerId: player(joiner) },
  ];
  const outcomeOf = (t: TableModel): EscrowOutcome => {
    if (t.winner === null || t.seated === null) return { kind: "refund" };
    const seats = { white: { seat: "white" as const, playerId: player(t.creator) }, black: { seat: "black" as const, playerId: player(t.seated) } };
    return { kind: "payout", winner: seats[t.winner], loser: seats[t.winner === "white" ? "black" : "white"], rakePercent: 0 };
  };

  /** What the model expects a successful operation to do (applied when D1 committed, whatever the caller heard). */
  const effects = {
    grant(p: number, day: number) {
      const account = playerAccount(player(p));
      if (!granted.has(p)) {
        granted.add(p);
        add(account, SETTINGS.startGrant);
        house -= SETTINGS.startGrant;
      }
      const key = `${p}:${day}`;
      if (!toppedUp.has(key) && (balance.get(account) ?? 0) < SETTINGS.topUpBelow) {
        toppedUp.add(key);
        add(account, SETTINGS.topUp);
        house -= SETTINGS.topUp;
      }
    },
    /** Both holds, unless one player lacks the coins (the whole batch refused) or the escrow is closed. */
    hold(t: TableModel, joiner: number): boolean {
      if (t.status === "closed") return false;
      const need = [t.creator, joiner].filter((p) => !t.held.has(p) || (p === joiner && p === t.creator));
      if (need.some((p) => (balance.get(playerAccount(player(p))) ?? 0) < t.stake)) return false;
      for (const p of need) {
        add(playerAccount(player(p)), -t.stake);
        t.held.add(p);
      }
      add(escrowAccount(tableId(tables.indexOf(t))), need.length * t.stake);
      return true;
    },
    settle(t: TableModel) {
      if (t.status === "closed") return;
      const escrow = escrowAccount(tableId(tables.indexOf(t)));
      const outcome = outcomeOf(t);
      for (const p of t.held) {
        const inPot = outcome.kind === "payout" && (p === t.creator || p === t.seated);
        if (!inPot) add(playerAccount(player(p)), t.stake);
      }
      if (outcome.kind === "payout") add(playerAccount(outcome.winner.playerId), 2 * t.stake);
      balance.set(escrow, 0);
      t.status = "closed";
    },
  };

  async function attempt(op: Op, f: Fault): Promise<void> {
    fault.next = f;
    const now = Date.now();
    switch (op.kind) {
      case "grant": {
        await ledger.refresh(player(op.player), SETTINGS, now + op.day * DAY).then(
          () => effects.grant(op.player, new Date(now + op.day * DAY).getUTCDate()),
          () => {
            if (f === "after") effects.grant(op.player, new Date(now + op.day * DAY).getUTCDate());
          },
        );
        return;
      }
      case "join": {
        const t = tables[op.table]!;
        // The match object refuses a join to a table that is not waiting, and the creator sitting twice.
        if (t.status !== "waiting" || op.joiner === t.creator) return;
        let result: string;
        try {
          result = await ledger.hold(tableId(op.table), holdsOf(t, op.joiner), t.stake, now);
        } catch {
          // The batch failed (nothing moved) or its answer was lost (both holds in): either way no seat is stored.
          if (f === "after") effects.hold(t, op.joiner);
          return;
        }
        const modelled = effects.hold(t, op.joiner);
        expect(result).toBe(modelled ? "held" : "short");
        // A crash after the holds: the seat is never stored; otherwise the match starts.
        if (result === "held" && !op.crash) {
          t.status = "playing";
          t.seated = op.joiner;
        }
        return;
      }
      case "end": {
        const t = tables[op.table]!;
        if (t.status === "playing") {
          t.status = "over";
          t.winner = op.winner;
        }
        if (t.status !== "over") return;
        await settleWith(t, op.table, f);
        return;
      }
      case "expire": {
        const t = tables[op.table]!;
        if (t.status !== "waiting") return;
        t.winner = null;
        await settleWith(t, op.table, f);
        return;
      }
      case "retry":
        return;
    }
  }

  async function settleWith(t: TableModel, i: number, f: Fault): Promise<void> {
    try {
      await ledger.settle(tableId(i), outcomeOf(t), Date.now());
    } catch {
      if (f === "after") effects.settle(t);
      return;
    }
    effects.settle(t);
  }

  for (const { op, fault: f } of steps) {
    // A retry repeats the last operation as it was (an alarm run twice; an evicted object starting it over).
    const todo = op.kind === "retry" ? last : op;
    if (todo) await attempt(todo, f);
    if (op.kind !== "retry") last = op;
    await checkInvariants();
  }

  async function checkInvariants(): Promise<void> {
    const [accounts, houseNow, perTable] = await env.DB.batch<Record<string, number | string>>([
      env.DB.prepare("SELECT id, balance FROM coin_accounts WHERE id LIKE ?").bind(`%${prefix}%`),
      env.DB.prepare("SELECT balance FROM coin_accounts WHERE id = ?").bind(HOUSE),
      env.DB.prepare(
        `SELECT e.table_id AS id, 1 AS closed, (SELECT count(*) FROM coin_transfers WHERE table_id = e.table_id AND purpose = 'payout') AS payouts
         FROM coin_escrows e WHERE e.table_id LIKE ?`,
      ).bind(`${prefix}%`),
    ]);
    const results = accounts!.results as Array<{ id: string; balance: number }>;
    const stored = new Map(results.map((r) => [r.id, r.balance]));
    // The database agrees with the model, coin for coin.
    for (const [account, n] of balance) expect([account, stored.get(account) ?? 0]).toEqual([account, n]);
    for (const [account, n] of stored) expect([account, n]).toEqual([account, balance.get(account) ?? 0]);
    // Nothing below zero; the sum unchanged (what the house gave is what the run's accounts hold).
    expect(results.every((r) => r.balance >= 0)).toBe(true);
    const houseMoved = Number((houseNow!.results[0] as { balance: number }).balance) - houseAtStart;
    expect(results.reduce((sum, r) => sum + r.balance, 0) + houseMoved).toBe(0);
    expect(houseMoved).toBe(house);
    // No table paid twice; exactly the tables the model settled are closed, and a closed escrow holds nothing.
    const closed = perTable!.results as Array<{ id: string; payouts: number }>;
    for (const row of closed) {
      expect(row.payouts).toBeLessThanOrEqual(1);
      expect(stored.get(escrowAccount(row.id)) ?? 0).toBe(0);
    }
    expect(closed.map((r) => r.id).sort()).toEqual(tables.flatMap((t, i) => (t.status === "closed" ? [tableId(i)] : [])).sort());
  }
}

describe("the coin ledger under random histories", () => {
  afterAll(expectLedgerSound);

  it("keeps every coin through grants, joins, crashes, settlements, expiries, retries and injected D1 failures", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 14 }),
        fc.array(fc.nat(PLAYERS - 1), { minLength: TABLES, maxLength: TABLES }),
        fc.array(fc.integer({ min: 10, max: 80 }), { minLength: TABLES, maxLength: TABLES }),
        history,
      ),
      { numRuns: 1000 },
    );
  }, 600_000);
});
