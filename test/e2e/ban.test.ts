/**
 * A ban that lands mid-match, against a real `wrangler dev` with D1 and real sockets (docs/moderation-live.md):
 * two guests play a stake match partway, both connected; an admin bans one through the admin API. The banned
 * player's socket closes with 4003 and their seat token is refused (403 BANNED), the opponent is told
 * `match-ended` with reason `closed`, both stakes come back, the ledger is sound, and every event acknowledged
 * before the ban is still in the log.
 *
 * The ban route (`POST /v1/admin/players/{id}/actions`) is the moderation-core work's; this test runs once both
 * are merged. The live half is covered inside workerd by test/worker/moderation-live.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, type SessionGrant } from "../../src/client";
import { EventHistorySchema, type EventHistory } from "../../src/protocol";
import { ledgerCheck } from "../../scripts/ledger-check";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { rawHandshake } from "../support/upgrade";
import { d1Execute, startDevServer, type DevServer } from "../support/wrangler-dev";

const STAKE = 100;
const GRANT = 1000;
const BANNED_CLOSE = 4003;

let server: DevServer;
let client: NardiClient;

beforeAll(async () => {
  server = await startDevServer();
  client = new NardiClient(server.baseUrl);
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

/** Runs SQL against the dev server's D1 (its persisted state folder), as an operator would with wrangler. */
function d1(sql: string): Array<Record<string, unknown>> {
  return d1Execute(server.stateDir, sql);
}

async function events(tableId: string, token: string): Promise<EventHistory> {
  const res = await fetch(`${server.baseUrl}/v1/tables/${tableId}/events?after=0`, { headers: { authorization: `Bearer ${token}` } });
  return EventHistorySchema.parse(await res.json());
}

async function coins(grant: SessionGrant): Promise<number> {
  return (await client.withSession(grant.token).getCoins()).balance;
}

/** A raw socket to the seat, and a promise of its close code. */
function seatSocket(tableId: string, token: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/v1/tables/${tableId}/socket`, ["nardi.v2", `token.${token}`]);
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (ev) => resolve(ev.code)));
  return new Promise((resolve, reject) => {
    ws.addEventListener("message", () => resolve({ ws, closed }), { once: true });
    ws.addEventListener("error", () => reject(new Error("the seat's socket did not open")), { once: true });
  });
}

describe("a ban mid-match", () => {
  test("at a stake table with the banned player connected", { timeout: 240_000 }, async () => {
    const [banned, opponent, staff] = [await client.createGuest(), await client.createGuest(), await client.createGuest()];
    // Members, not guests: whatever the guest rules allow (docs/fair-play.md), members may play for stakes.
    const tag = Math.floor(Math.random() * 1e6);
    await client.withSession(banned.token).claim({ name: `Mallory_${tag}`, password: "banned player's password" });
    await client.withSession(opponent.token).claim({ name: `Olivia_${tag}`, password: "opponent's password" });
    d1(`INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES ('${staff.player.id}', 'admin', NULL, ${Date.now()})`);

    const white = await client.withSession(banned.token).createTable({ preset: "backgammon", length: 3, stake: STAKE });
    const black = await client.withSession(opponent.token).joinTable(white.tableId);
    expect([await coins(banned), await coins(opponent)]).toEqual([GRANT - STAKE, GRANT - STAKE]);

    // Part of the match, both seats connected through the typed client; then a second, raw socket of the banned seat.
    let updates = 0;
    const run = await playRandomMatch(client, white, black, seededRng(20), {
      doubleChance: 0,
      onConnect: (conn) => conn.onUpdate(() => updates++),
      stop: () => updates >= 16,
    });
    expect(run.table.status).toBe("playing");
    const raw = await seatSocket(white.tableId, white.token);
    const before = await events(white.tableId, black.token);

    const ended = run.black.waitFor((c) => (c.table?.status === "over" ? c.table : null), 60_000, "the opponent hears the ending");
    const banRes = await fetch(`${server.baseUrl}/v1/admin/players/${banned.player.id}/actions`, {
      method: "POST",
      headers: { authorization: `Bearer ${staff.token}`, "content-type": "application/json" },
      body: JSON.stringify({ action: "ban", reason: "other", note: "e2e: a ban mid-match" }),
    });
    expect(banRes.ok, await banRes.clone().text()).toBe(true);

    // The banned seat: its socket closes with the ban's code, the typed client stops, the token opens nothing.
    expect(await raw.closed).toBe(BANNED_CLOSE);
    await run.white.waitFor((c) => (c.status === "closed" ? true : null), 30_000, "the banned client gives up");
    expect(run.white.closeReason).toBe("the player is banned");
    expect(run.white.banned).toBe(true);
    const refused = await rawHandshake(`${server.baseUrl}/v1/tables/${white.tableId}/socket`, `nardi.v2, token.${white.token}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: "BANNED" });

    // The opponent: match-ended, closed, no winner.
    const table = await ended;
    expect(table.match).toMatchObject({ phase: "over", winner: null, endReason: "closed" });
    const after = await events(white.tableId, black.token);
    expect(after.events.slice(0, before.events.length)).toEqual(before.events);
    expect(after.events.at(-1)?.event).toMatchObject({ type: "match-ended", reason: "closed", winner: null });
    run.black.close();

    // Both stakes come back once the record is delivered (the opponent's over /v1/coins; the banned player's
    // sessions are ended, so theirs is read from D1), and the ledger is sound.
    const giveUp = Date.now() + 90_000;
    while ((await coins(opponent)) !== GRANT) {
      if (Date.now() > giveUp) throw new Error("the stakes were not refunded in time");
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(d1(`SELECT balance FROM coin_accounts WHERE id = 'player:${banned.player.id}'`)).toEqual([{ balance: GRANT }]);
    expect(d1(`SELECT balance FROM coin_accounts WHERE id = 'table:${white.tableId}'`)).toEqual([{ balance: 0 }]);
    expect(ledgerCheck(["--persist-to", server.stateDir])).toMatchObject({ disagreements: [], closedNotEmpty: [], total: 0 });
    expect(d1(`SELECT reason, winner FROM matches WHERE table_id = '${white.tableId}'`)).toEqual([{ reason: "closed", winner: null }]);
  });
});

