/**
 * A REAL restart must not turn a forfeit into an abandonment (docs/protocol.md, "When the server restarts"). One
 * player has left and their reconnect window runs; `wrangler dev` is killed (SIGKILL) while the other player is still
 * connected, stays down until the leaver's window is over, and is started again on the same state. Nobody contacts
 * the tables: their stored alarm wakes them, the wake finds the stayer without a socket (it died with the server)
 * and the leaver's window over. The leaver forfeits; at a stake table the stayer gets the pot. This file runs its
 * own server (the shared one must not be killed under the other tests).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, type SeatGrant, type SessionGrant, type TableConnection } from "../../src/client";
import { createMember } from "../support/members";
import { waitForStoredEvents } from "../support/stored-rows";
import { connected, recordOf, seatedTable, sleep } from "../support/tables";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

const STAKE = 100;
const GRANT = 1000;
const RECONNECT_SECONDS = 4;

let server: DevServer;
let client: NardiClient;

beforeAll(async () => {
  server = await startDevServer();
  client = new NardiClient(server.baseUrl);
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

interface Left {
  tableId: string;
  /** The leaver's window ends here (its `player-disconnected` deadline). */
  deadline: number;
  stayer: TableConnection;
}

/** Both seats connect; White leaves for good, Black stays and sees White's drop. */
async function whiteLeaves(white: SeatGrant, black: SeatGrant): Promise<Left> {
  const w = await connected(client, white.tableId, { token: white.token, seq: 0, reconnect: false });
  const b = await connected(client, white.tableId, { token: black.token, seq: 0, reconnect: false });
  await w.waitFor((c) => c.table?.players.black?.connected === true, 15_000, "black to be here");
  w.close();
  await b.waitFor((c) => c.table?.players.white?.connected === false, 15_000, "white's drop");
  const drop = b.events.map((e) => e.event).findLast((e) => e.type === "player-disconnected");
  if (drop?.type !== "player-disconnected" || drop.seat !== "white") throw new Error("no drop of white logged");
  return { tableId: white.tableId, deadline: drop.deadline, stayer: b };
}

async function balanceOf(grant: SessionGrant): Promise<number> {
  return (await client.withSession(grant.token).getCoins()).balance;
}

describe.sequential("a restart while a leaver's window runs", () => {
  test("the leaver forfeits and the stayer, whose socket died with the server, wins; at a stake table it gets the pot", { timeout: 300_000 }, async () => {
    // A casual table and a stake table between two members, both left by White.
    const seats = await seatedTable(client, { preset: "backgammon", length: 3, reconnectSeconds: RECONNECT_SECONDS });
    const casual = await whiteLeaves(seats.white, seats.black);
    const a = await createMember(client);
    const b = await createMember(client);
    const created = await client.withSession(a.token).createTable({ preset: "georgian-short", length: 1, stake: STAKE, reconnectSeconds: RECONNECT_SECONDS });
    const joined = await client.withSession(b.token).joinTable(created.tableId);
    expect(joined.table.stake).toMatchObject({ amount: STAKE, pot: 2 * STAKE });
    const stake = await whiteLeaves(created, joined);
    const seenBefore = { casual: casual.stayer.events.length, stake: stake.stayer.events.length };

    // The server dies with both stayers connected and stays down past both leavers' windows.
    await server.halt();
    await Promise.all([casual, stake].map((t) => t.stayer.waitFor((c) => c.status === "closed", 30_000, "the socket to die")));
    await sleep(Math.max(casual.deadline, stake.deadline) - Date.now() + 1000);
    await server.resume();

    for (const [t, seen] of [[casual, seenBefore.casual], [stake, seenBefore.stake]] as const) {
      // Only the stored alarm wakes the table: its rows are read from disk.
      const events = await waitForStoredEvents(server.stateDir, t.tableId, (es) => es.at(-1)?.event.type === "match-ended");
      const after = events.slice(seen).map((e) => e.event);
      expect(after.map((e) => e.type)).toEqual(["player-disconnected", "forfeited", "match-ended"]);
      expect(after[0]).toMatchObject({ type: "player-disconnected", seat: "black" });
      expect(after[1]).toEqual({ type: "forfeited", side: "white" });
      expect(after[2]).toMatchObject({ type: "match-ended", winner: "black", reason: "forfeit" });
      const view = await client.getTable(t.tableId);
      expect(view.match).toMatchObject({ winner: "black", endReason: "forfeit" });
    }

    // The pot goes to the stayer (not refunded), and the record counts the win.
    const record = await recordOf(client, stake.tableId);
    expect(record).toMatchObject({ winner: "black", reason: "forfeit" });
    const giveUp = Date.now() + 90_000;
    while ((await balanceOf(b)) !== GRANT + STAKE && Date.now() < giveUp) await sleep(250);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([GRANT - STAKE, GRANT + STAKE]);
    expect((await client.getPlayer(b.player.id)).counts).toMatchObject({ matches: 1, wins: 1 });
  });
});
