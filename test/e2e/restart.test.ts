/**
 * A REAL restart of the server in the middle of matches: this file runs its own `wrangler dev` (the shared one
 * must not be killed under the other tests), kills it with SIGKILL while both players are connected, and starts
 * it again on the same port and persisted state folder. Sockets vanish without a close; the match objects find
 * out on their next wake, which their stored liveness alarm brings even when nobody ever contacts them again.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, type AckMessage, type LoggedEvent, type TableConnection } from "../../src/client";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { connected, eventsOfType, seatedTable } from "../support/tables";
import { waitForStoredEvents } from "../support/stored-rows";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

let server: DevServer;
let client: NardiClient;

beforeAll(async () => {
  server = await startDevServer();
  client = new NardiClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

describe.sequential("a restart of the server mid-match", () => {
  test("with both players connected and nobody coming back: each drop is logged by the alarm, the match ends when the window runs out", async () => {
    const { white, black } = await seatedTable(client, { preset: "backgammon", length: 3, reconnectSeconds: 2 });
    const conns = {
      white: await connected(client, white.tableId, { token: white.token, seq: 0, reconnect: false }),
      black: await connected(client, white.tableId, { token: black.token, seq: 0, reconnect: false }),
    };
    const mover = conns[conns.white.table!.match!.turn];
    if (mover.table!.match!.phase === "awaiting-roll") await mover.roll();
    // The table's seq, not the mover's: the other seat's player-connected may not have reached the mover yet.
    const acked = (await client.getTable(white.tableId)).seq;
    await conns.white.waitFor((c) => c.seq >= acked);
    await conns.black.waitFor((c) => c.seq >= acked);
    const seen = [...conns.white.events];

    await server.restart();
    await Promise.all([conns.white, conns.black].map((c) => c.waitFor((x) => x.status === "closed", 30_000, "the socket to die")));

    // Nobody contacts the table: only its stored alarm can wake it. Its rows are read from disk meanwhile.
    const ended = await waitForStoredEvents(server.stateDir, white.tableId, (events) => events.at(-1)?.event.type === "match-ended");
    const firstContact = Date.now();
    expect(ended.slice(0, seen.length)).toEqual(seen);
    const log = await client.getEvents(white.tableId);
    expect(log.events.slice(0, seen.length)).toEqual(seen);
    const after = log.events.slice(seen.length);
    expect(after.map((e) => e.event.type)).toEqual(["player-disconnected", "player-disconnected", "match-ended"]);
    for (const e of after) expect(e.at).toBeLessThan(firstContact);
    expect(after.at(-1)!.event).toEqual({ type: "match-ended", winner: null, reason: "abandoned", score: { white: 0, black: 0 }, serverSeed: expect.any(String) });
    const table = await client.getTable(white.tableId);
    expect(table.status).toBe("over");
    expect(table.seq).toBe(log.seq);
  });

  test("with both players connected who come back: the match plays on to the end, every acknowledged move intact", async () => {
    const { white, black } = await seatedTable(client, { preset: "georgian-short", length: 1, reconnectSeconds: 60 });
    const acks: Array<{ ack: AckMessage; type: string }> = [];
    let seenBeforeRestart: LoggedEvent[] = [];
    let restarted: Promise<void> | null = null;
    const conns: TableConnection[] = [];
    const run = await playRandomMatch(client, white, black, seededRng(7), {
      stepTimeoutMs: 90_000,
      onConnect: (conn) => {
        conns.push(conn);
        conn.on("ack", (ack, command) => {
          acks.push({ ack, type: command.type });
          // After a few moves, the server dies under both players (they keep playing: the client reconnects).
          if (acks.length === 6 && !restarted) {
            seenBeforeRestart = [...conn.events];
            restarted = server.restart();
          }
        });
      },
    });
    try {
      expect(restarted).not.toBeNull();
      await restarted;
      expect(run.finished).toBe(true);
      expect(run.table.status).toBe("over");
      expect(run.white.reconnects + run.black.reconnects).toBeGreaterThanOrEqual(2);

      const log = await client.getEvents(white.tableId);
      expect(log.seq).toBe(run.table.seq);
      // Everything before the restart is still there, unchanged.
      expect(log.events.slice(0, seenBeforeRestart.length)).toEqual(seenBeforeRestart);
      // Every acknowledged command is in the log at the seq its ack named.
      const bySeq = new Map(log.events.map((e) => [e.seq, e]));
      for (const { ack } of acks) expect(bySeq.has(ack.seq)).toBe(true);
      expect(eventsOfType(log.events, "match-ended")).toHaveLength(1);
      expect(eventsOfType(log.events, "match-ended")[0]!.reason).toBe("score");
      // Both seats saw the stored log.
      expect(run.white.events.map((e) => e.seq)).toEqual(log.events.map((e) => e.seq));
      expect(run.black.events).toEqual(run.white.events);
      // The restart was noticed: each seat's drop and return are logged once each.
      expect(eventsOfType(log.events, "player-disconnected").length).toBeGreaterThanOrEqual(2);
      expect(eventsOfType(log.events, "player-connected").length).toBeGreaterThanOrEqual(4);
    } finally {
      for (const conn of conns) conn.close();
    }
  });
});
