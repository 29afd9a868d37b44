/**
 * A deploy under live matches, rehearsed. The previous release (the commit in `release/previous`, extracted with
 * `git archive`) is bundled and served by `wrangler dev` on a persisted state folder, with ITS migrations applied;
 * three matches (three presets, one at a stake) are played partway over real sockets with the typed client. Then
 * the deploy, in the order docs/operations.md's release checklist gives: this checkout's migrations applied to the
 * live database first, then the code replaced (the old server killed, every socket dropping as a deploy drops
 * them, the current build started on the same state). The clients reconnect by themselves as docs/protocol.md
 * ("When the server restarts") says, the matches finish, every acknowledged move is where its ack put it (each
 * table's event log before the deploy is the start of its log after), the records are delivered by the new code,
 * and the coins balance.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, type CreateTableBody, type LoggedEvent, type SessionGrant, type TableConnection } from "../../src/client";
import { query, type Target } from "../../scripts/d1";
import { ledgerCheck } from "../../scripts/ledger-check";
import { playOn, playRandomMatch, type MatchRun } from "../support/random-match";
import { extractRelease, previousReleaseCommit, ROOT, type Release } from "../support/release";
import { seededRng, type Rng } from "../support/rng";
import { eventsOfType, recordOf } from "../support/tables";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

const STAKE = 150;
const GRANT = 1000;
/** Commands each match plays on the old code before the deploy. */
const PARTWAY = 8;

let release: Release;
let server: DevServer;
let client: NardiClient;

beforeAll(async () => {
  release = extractRelease(previousReleaseCommit());
  server = await startDevServer({ source: release.dir });
  client = new NardiClient(server.baseUrl);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  release?.remove();
});

const migrationFiles = (project: string): string[] => readdirSync(join(project, "migrations")).filter((f) => f.endsWith(".sql")).sort();
const applied = (): string[] => {
  const target: Target = { remote: false, persistTo: server.stateDir, config: server.config };
  return query(target, "SELECT name FROM d1_migrations ORDER BY id").map((r) => String(r.name));
};

interface Live {
  tableId: string;
  staked: boolean;
  run: MatchRun;
  rng: Rng;
  acks: number[];
  before: LoggedEvent[];
  spectator: TableConnection;
}

async function balanceOf(p: SessionGrant): Promise<number> {
  return (await client.withSession(p.token).getCoins()).balance;
}

describe("a deploy under live matches", () => {
  test("previous release → current build on the same state: the matches finish, every acknowledged move intact, coins balancing", { timeout: 600_000 }, async () => {
    expect(applied()).toEqual(migrationFiles(release.dir));
    const ann = await client.createGuest();
    const bob = await client.createGuest();
    const specs: Array<{ body: CreateTableBody; seed: number }> = [
      { body: { preset: "backgammon", length: 1, reconnectSeconds: 60 }, seed: 51 },
      { body: { preset: "armenian-long", length: 1, reconnectSeconds: 60 }, seed: 52 },
      { body: { preset: "georgian-short", length: 1, reconnectSeconds: 60, stake: STAKE }, seed: 53 },
    ];
    const live: Live[] = await Promise.all(
      specs.map(async ({ body, seed }) => {
        const white = await client.withSession(ann.token).createTable(body);
        const black = await client.withSession(bob.token).joinTable(white.tableId);
        const rng = seededRng(seed);
        const acks: number[] = [];
        const run = await playRandomMatch(client, white, black, rng, {
          stepTimeoutMs: 90_000,
          stop: () => acks.length >= PARTWAY,
          onConnect: (conn) => conn.on("ack", (ack) => acks.push(ack.seq)),
        });
        expect(run.finished).toBe(false);
        // Someone watching too: a spectator's socket goes through the deploy like the players'.
        const spectator = client.connect(white.tableId, { seq: 0 });
        await spectator.waitFor((c) => c.status === "connected", 30_000, "the spectator's welcome");
        const before = (await client.getEvents(white.tableId)).events;
        for (const seq of acks) expect(before.some((e) => e.seq === seq)).toBe(true);
        return { tableId: white.tableId, staked: body.stake !== undefined, run, rng, acks, before, spectator };
      }),
    );
    expect([await balanceOf(ann), await balanceOf(bob)]).toEqual([GRANT - STAKE, GRANT - STAKE]);
    const acksBefore = live.map((m) => m.acks.length);
    // And a stake table still waiting for its second player, listed in the lobby, when the deploy comes. Its
    // players claimed their names (under the old code): the join comes under the new code and its admission rules.
    const carol = await client.createGuest();
    const dan = await client.createGuest();
    await client.withSession(carol.token).claim({ name: "Carolina", password: "Carolina's long password" });
    await client.withSession(dan.token).claim({ name: "Daniel", password: "Daniel's long password" });
    const waiting = await client.withSession(carol.token).createTable({ preset: "federation-long", length: 1, stake: STAKE, reconnectSeconds: 60 });
    expect((await client.listOpenTables()).some((t) => t.id === waiting.tableId)).toBe(true);

    // The deploy: migrations first (the old code serves meanwhile), then the code.
    await server.swap(ROOT);
    expect(applied()).toEqual(migrationFiles(ROOT));

    await Promise.all(live.map((m) => playOn(m.run, m.rng, { stepTimeoutMs: 90_000 })));
    try {
      for (const m of live) {
        expect(m.run.finished).toBe(true);
        expect(m.acks.length).toBeGreaterThan(acksBefore[live.indexOf(m)]!);
        const log = (await client.getEvents(m.tableId)).events;
        // Every event stored before the deploy is still there, unchanged, at its seq.
        expect(log.slice(0, m.before.length)).toEqual(m.before);
        // Every acknowledged command, before the deploy and after, is in the log at the seq its ack named.
        const seqs = new Set(log.map((e) => e.seq));
        for (const seq of m.acks) expect(seqs.has(seq)).toBe(true);
        expect(eventsOfType(log, "match-ended")).toHaveLength(1);
        expect(eventsOfType(log, "match-ended")[0]!.reason).toBe("score");
        // Both clients came back by themselves and saw the stored log, each event once.
        expect(m.run.white.reconnects).toBeGreaterThanOrEqual(1);
        expect(m.run.black.reconnects).toBeGreaterThanOrEqual(1);
        expect(m.run.white.events).toEqual(log);
        expect(m.run.black.events).toEqual(log);
        await m.spectator.waitFor((c) => c.seq >= log.at(-1)!.seq, 30_000, "the spectator catching up");
        expect(m.spectator.reconnects).toBeGreaterThanOrEqual(1);
        expect(m.spectator.events).toEqual(log);
        // The drop is in the log, as after any restart: each seat is seen away and back.
        const afterDeploy = log.slice(m.before.length);
        expect(eventsOfType(afterDeploy, "player-disconnected").length).toBeGreaterThanOrEqual(2);
        for (const seat of ["white", "black"] as const) expect(eventsOfType(afterDeploy, "player-connected").some((e) => e.seat === seat)).toBe(true);
        // The new code delivers the record of a match the old code started.
        expect((await recordOf(client, m.tableId)).events).toEqual(log);
      }
    } finally {
      for (const m of live) {
        m.run.white.close();
        m.run.black.close();
        m.spectator.close();
      }
    }

    // The waiting table is joined under the new code: the stakes are held then, and it settles once.
    expect((await client.listOpenTables()).some((t) => t.id === waiting.tableId)).toBe(true);
    const joined = await client.withSession(dan.token).joinTable(waiting.tableId);
    expect(joined.table.stake).toMatchObject({ amount: STAKE, pot: 2 * STAKE });
    expect([await balanceOf(carol), await balanceOf(dan)]).toEqual([GRANT - STAKE, GRANT - STAKE]);
    const resigner = client.connect(waiting.tableId, { token: joined.token, seq: 0 });
    try {
      await resigner.waitFor((c) => c.status === "connected", 30_000, "welcome at the joined table");
      await resigner.resign();
      await resigner.waitFor((c) => c.table?.status === "over", 30_000, "the resignation");
    } finally {
      resigner.close();
    }
    await recordOf(client, waiting.tableId);
    const settledBy = Date.now() + 90_000;
    while ((await balanceOf(carol)) !== GRANT + STAKE) {
      if (Date.now() > settledBy) throw new Error("the table joined after the deploy was not settled");
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await balanceOf(dan)).toBe(GRANT - STAKE);

    // The stake: held by the old code, paid out by the new, once.
    const staked = live.find((m) => m.staked)!;
    const winner = staked.run.table.match!.winner === "white" ? ann : bob;
    const loser = winner === ann ? bob : ann;
    const giveUp = Date.now() + 90_000;
    while ((await balanceOf(winner)) !== GRANT + STAKE) {
      if (Date.now() > giveUp) throw new Error("the stake match was not settled after the deploy");
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await balanceOf(loser)).toBe(GRANT - STAKE);
    expect(ledgerCheck(["--persist-to", server.stateDir, "--config", server.config])).toMatchObject({ disagreements: [], closedNotEmpty: [], total: 0 });
  });
});
