/**
 * Players against a real `wrangler dev` with D1: two members play a rated match to the end over real sockets;
 * the record is delivered once, both ratings change once, the history lists it. Then the same across a dev
 * server killed between the final move and the delivery, and started again on the same state.
 */
import { describe, expect, inject, test } from "vitest";
import { NardiClient, type PlayerProfile } from "../../src/client";
import { playRandomMatch } from "../support/random-match";
import { recordOf } from "../support/tables";
import { seededRng } from "../support/rng";
import { createMember } from "../support/members";
import { startDevServer } from "../support/wrangler-dev";

/** Two members (rated play needs a claimed name) at a rated table, played to the end with random legal plays; returns what the players see. */
async function ratedMatch(client: NardiClient, seed: number) {
  const a = await createMember(client);
  const b = await createMember(client);
  const white = await client.withSession(a.token).createTable({ preset: "georgian-short", length: 1, rated: true });
  const black = await client.withSession(b.token).joinTable(white.tableId);
  expect(black.table.players.white?.playerId).toBe(a.player.id);
  expect(black.table.players.black?.playerId).toBe(b.player.id);
  const run = await playRandomMatch(client, white, black, seededRng(seed));
  run.white.close();
  run.black.close();
  expect(run.table.status).toBe("over");
  return { a, b, tableId: white.tableId, winner: run.table.match!.winner! };
}

function poolRating(profile: PlayerProfile) {
  return profile.ratings.find((r) => r.pool === "georgian-short");
}

async function checkDeliveredOnce(client: NardiClient, m: Awaited<ReturnType<typeof ratedMatch>>) {
  const record = await recordOf(client, m.tableId);
  expect(record.rated).toBe(true);
  expect(record.winner).toBe(m.winner);
  expect(record.events.at(-1)?.event.type).toBe("match-ended");
  const winnerId = m.winner === "white" ? m.a.player.id : m.b.player.id;
  for (const grant of [m.a, m.b]) {
    const profile = await client.getPlayer(grant.player.id);
    const rating = poolRating(profile);
    expect(rating?.games).toBe(1);
    if (grant.player.id === winnerId) expect(rating!.rating).toBeGreaterThan(1500);
    else expect(rating!.rating).toBeLessThan(1500);
    expect(profile.counts.matches).toBe(1);
    const history = await client.getPlayerMatches(grant.player.id);
    expect(history.matches.map((x) => x.tableId)).toEqual([m.tableId]);
  }
}

describe("players over a real server", () => {
  test("two members play a rated match to the end: one record, both ratings change once, the history lists it", { timeout: 240_000 }, async () => {
    const client = new NardiClient(inject("baseUrl"));
    const m = await ratedMatch(client, 7);
    await checkDeliveredOnce(client, m);
  });

  test("a dev server killed between the final move and the delivery delivers the record exactly once after a restart", { timeout: 300_000 }, async () => {
    // This server holds deliveries back for 20 s after a match ends, so the kill surely lands before the first one.
    const server = await startDevServer({ vars: { OUTBOX_DELAY_MS: "20000" } });
    try {
      const client = new NardiClient(server.baseUrl);
      const m = await ratedMatch(client, 8);
      await expect(client.getMatchRecord(m.tableId)).rejects.toMatchObject({ code: "MATCH_NOT_FOUND" });
      await server.restart();
      // The outbox row and its deadline were stored with the final move; the restarted object delivers them.
      await checkDeliveredOnce(client, m);
    } finally {
      await server.stop();
    }
  });
});
