/**
 * Network drops: a player who loses the connection in the middle of a turn comes back with `?seq=` and gets
 * exactly what was missed; a command whose answer was lost is re-sent with the same id and applied once;
 * a player who stays away past the reconnect window forfeits the match; both away → abandoned.
 */
import { describe, expect, inject, test } from "vitest";
import { NardiClient, type LoggedEvent, type TableConnection } from "../../src/client";
import { opponent } from "../../src/engine";
import type { SideName } from "../../src/protocol";
import { lossySocket } from "../support/lossy-socket";
import { connected, eventsOfType, seatedTable, sleep } from "../support/tables";

const client = new NardiClient(inject("baseUrl"));

function seats(white: TableConnection, black: TableConnection): Record<SideName, TableConnection> {
  return { white, black };
}

describe.concurrent("reconnecting", () => {
  test("a drop after rolling and before playing: reconnect with the last seq, get what was missed, play on", async () => {
    // Backgammon to 3 with a rerolled opening: the opening winner may double, so its roll is its own command.
    const { white, black } = await seatedTable(client, { preset: "backgammon", length: 3, overrides: { opening: "reroll" }, reconnectSeconds: 30 });
    const grants = { white, black };
    const conns = seats(
      await connected(client, white.tableId, { token: white.token, seq: 0 }),
      await connected(client, white.tableId, { token: black.token, seq: 0 }),
    );
    const m0 = conns.white.table?.match;
    if (!m0) throw new Error("match not started");
    expect(m0.phase).toBe("awaiting-roll"); // reroll: the opening winner rolls again
    const mover = m0.turn;
    const watcher = conns[opponent(mover)];

    await conns[mover].roll();
    const rolledSeq = conns[mover].seq;
    const plays = conns[mover].legalPlays;
    const dice = conns[mover].table?.match?.dice;
    expect(plays?.length).toBeGreaterThan(0);
    await watcher.waitFor((c) => c.seq >= rolledSeq);

    // The mover's connection dies.
    const before = Date.now();
    conns[mover].close();
    const gone = await watcher.waitFor((c) => c.events.find((e) => e.event.type === "player-disconnected"), 10_000);
    const deadline = gone.event.type === "player-disconnected" ? gone.event.deadline : 0;
    expect(gone.event).toMatchObject({ type: "player-disconnected", seat: mover });
    expect(gone.seq).toBe(rolledSeq + 1);
    expect(deadline).toBeGreaterThanOrEqual(before + 29_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(watcher.table?.players[mover]?.connected).toBe(false);
    expect(watcher.table?.players[mover]?.reconnectDeadline).toBe(deadline);

    // Back with the last seq it saw: the welcome carries exactly the missed events, the turn is as it was.
    const back = client.connect(white.tableId, { token: grants[mover].token, seq: rolledSeq });
    const welcome = await new Promise<{ events: LoggedEvent[]; seq: number }>((resolve) => back.onWelcome(resolve));
    expect(welcome.events.map((e) => e.seq)).toEqual(Array.from({ length: welcome.seq - rolledSeq }, (_, i) => rolledSeq + 1 + i));
    expect(welcome.events[0]?.event).toEqual(gone.event);
    await back.waitFor((c) => c.events.some((e) => e.event.type === "player-connected" && e.seq > rolledSeq));
    expect(back.table?.match?.dice).toEqual(dice);
    expect(back.table?.match?.phase).toBe("moving");
    expect(back.legalPlays?.map((p) => p.play).sort()).toEqual(plays?.map((p) => p.play).sort());
    const seen = await watcher.waitFor((c) => c.events.find((e) => e.seq > gone.seq && e.event.type === "player-connected"));
    expect(seen.event).toEqual({ type: "player-connected", seat: mover });
    expect(watcher.table?.players[mover]?.connected).toBe(true);
    expect(watcher.table?.players[mover]?.reconnectDeadline).toBeNull();

    // Play on from where it stopped.
    const choice = back.legalPlays?.[0];
    if (!choice) throw new Error("no legal play");
    await back.play(choice.play);
    await watcher.waitFor((c) => c.events.some((e) => e.event.type === "played" && e.event.side === mover));
    expect(watcher.table?.match?.turn).toBe(opponent(mover));
    const stored = await client.getEvents(white.tableId);
    expect(eventsOfType(stored.events, "rolled").filter((r) => r.side === mover)).toHaveLength(1);
    back.close();
    watcher.close();
  });

  test("a command whose ack is lost is re-sent after the automatic reconnect with the same id and applied once", async () => {
    const { white, black } = await seatedTable(client, { preset: "backgammon", length: 3, overrides: { opening: "reroll" }, reconnectSeconds: 30 });
    const lossy = lossySocket();
    const mover: SideName = (await client.getTable(white.tableId)).match?.turn ?? "white";
    const grant = mover === "white" ? white : black;
    const conn = await connected(client, white.tableId, { token: grant.token, seq: 0, WebSocket: lossy.WebSocket });
    const watcher = await connected(client, white.tableId, { token: (mover === "white" ? black : white).token });
    const seqBefore = conn.seq;
    const statuses: string[] = [];
    conn.onStatus((s) => statuses.push(s));

    lossy.deaf = true; // the ack and the update will be lost
    const rolled = conn.roll();
    await watcher.waitFor((c) => c.events.some((e) => e.event.type === "rolled"), 10_000);
    expect(conn.unanswered).toBe(1);
    conn.simulateDrop();
    lossy.deaf = false;

    const ack = await rolled;
    expect(ack.duplicate).toBe(true); // the server recognised the id: answered, not applied again
    const rolledEvent = (await client.getEvents(white.tableId)).events.find((e) => e.event.type === "rolled");
    expect(ack.seq).toBe(rolledEvent?.seq);
    expect(conn.reconnects).toBe(1);
    expect(statuses).toEqual(expect.arrayContaining(["reconnecting", "connected"]));
    expect(conn.events.filter((e) => e.event.type === "rolled")).toHaveLength(1);
    expect(conn.seq).toBeGreaterThan(seqBefore);
    expect(conn.table?.match?.phase).toBe("moving");
    expect(conn.legalPlays?.length).toBeGreaterThan(0);
    const stored = await client.getEvents(white.tableId);
    expect(eventsOfType(stored.events, "rolled")).toHaveLength(1);
    // The drop was seen by the opponent, and so was the return.
    expect(eventsOfType(stored.events, "player-disconnected").map((e) => e.seat)).toContain(mover);
    conn.close();
    watcher.close();
  });

  test("missing the reconnect window forfeits the match: the opponent gets the points still needed", async () => {
    const { white, black } = await seatedTable(client, { preset: "backgammon", length: 3, reconnectSeconds: 2 });
    const w = await connected(client, white.tableId, { token: white.token, seq: 0 });
    const b = await connected(client, white.tableId, { token: black.token, seq: 0 });
    w.close();
    const ended = await b.waitFor((c) => eventsOfType(c.events, "match-ended")[0], 20_000, "match-ended");
    expect(ended).toEqual({ type: "match-ended", winner: "black", reason: "forfeit", score: { white: 0, black: 3 }, serverSeed: expect.any(String) });
    expect(eventsOfType(b.events, "forfeited")).toEqual([{ type: "forfeited", side: "white" }]);
    const disconnected = eventsOfType(b.events, "player-disconnected");
    expect(disconnected.map((e) => e.seat)).toEqual(["white"]);
    const m = b.table?.match;
    expect(m?.phase).toBe("over");
    expect(m?.winner).toBe("black");
    expect(m?.endReason).toBe("forfeit");
    expect(b.table?.status).toBe("over");
    const view = await client.getTable(white.tableId);
    expect(view.match?.score).toEqual({ white: 0, black: 3 });
    // Coming back too late changes nothing.
    const late = await connected(client, white.tableId, { token: white.token });
    await expect(late.roll()).rejects.toMatchObject({ code: "MATCH_OVER" });
    expect((await client.getTable(white.tableId)).seq).toBe(view.seq);
    late.close();
    b.close();
  });

  test("both players away when the window runs out: the match is abandoned with no winner", async () => {
    const { white, black } = await seatedTable(client, { preset: "georgian-short", length: 1, reconnectSeconds: 1 });
    const w = await connected(client, white.tableId, { token: white.token });
    const b = await connected(client, white.tableId, { token: black.token });
    w.close();
    b.close();
    let view = await client.getTable(white.tableId);
    for (let i = 0; i < 50 && view.status !== "over"; i++) {
      await sleep(200);
      view = await client.getTable(white.tableId);
    }
    expect(view.status).toBe("over");
    expect(view.match?.winner).toBeNull();
    expect(view.match?.endReason).toBe("abandoned");
    const stored = await client.getEvents(white.tableId);
    expect(eventsOfType(stored.events, "match-ended")).toEqual([
      { type: "match-ended", winner: null, reason: "abandoned", score: { white: 0, black: 0 }, serverSeed: expect.any(String) },
    ]);
    expect(eventsOfType(stored.events, "forfeited")).toEqual([]);
  });

  test("keep-alive pings are answered with pongs, and the connection stays up", async () => {
    const { white } = await seatedTable(client, { preset: "backgammon", length: 1 });
    const conn = await connected(client, white.tableId, { token: white.token, pingIntervalMs: 400 });
    await conn.waitFor((c) => c.pongs >= 3, 10_000, "three pongs");
    expect(conn.status).toBe("connected");
    expect(conn.reconnects).toBe(0);
    expect(conn.errors).toEqual([]);
    conn.close();
  });

  test("a connection that stops hearing anything (half-open) is replaced by a reconnect", async () => {
    const { white } = await seatedTable(client, { preset: "backgammon", length: 1 });
    const lossy = lossySocket();
    const conn = await connected(client, white.tableId, { token: white.token, pingIntervalMs: 50, WebSocket: lossy.WebSocket });
    lossy.deaf = true; // no pong, no update: as if the network silently died
    await conn.waitFor((c) => c.status === "reconnecting", 10_000, "the dead socket noticed");
    lossy.deaf = false;
    await conn.waitFor((c) => c.status === "connected" && c.reconnects === 1, 10_000, "reconnected");
    expect(conn.table?.players.white?.connected).toBe(true);
    conn.close();
  });
});
