/** Rematch: offered and accepted over the table socket once the match is over; a new table, same settings, seats swapped. */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TableView } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { api, commandId, connect, createTable, history, seatedMatch, settle, stubOf, type Client } from "./helpers";

async function resign(client: Client) {
  client.send({ type: "resign", id: commandId() });
  const answer = await client.answer();
  expect(answer.type).toBe("ack");
  await client.waitForSeq(answer.seq);
}

async function rematch(client: Client, want = true) {
  client.send({ type: "rematch", id: commandId(), want });
  return client.answer();
}

async function view(id: string): Promise<TableView> {
  return (await (await api(`/v1/tables/${id}`)).json()) as TableView;
}

describe("rematch", () => {
  it("both accept: a new table with the same settings, seats swapped, each seat handed its new token", async () => {
    const body = { preset: "backgammon" as const, length: 3, reconnectSeconds: 45, timeControl: "blitz" as const, name: "Alice" };
    const { id, w, b } = await seatedMatch(body);
    expect(await rematch(w)).toMatchObject({ type: "error", code: "REMATCH_UNAVAILABLE" });
    await resign(b);
    const watcher = await connect(id);
    await watcher.next("welcome");
    const seqBefore = (await history(id)).seq;

    expect(await rematch(w)).toMatchObject({ type: "ack" });
    for (const c of [w, b, watcher]) {
      expect(await c.next("rematch")).toEqual({ type: "rematch", offers: { white: true, black: false }, table: null, seat: null, token: null });
    }
    // An evicted object still knows the offer (it is stored), and a late socket is told.
    await evictDurableObject(stubOf(id));
    expect(await rematch(b)).toMatchObject({ type: "ack" });
    const forWhite = await w.next("rematch");
    const forBlack = await b.next("rematch");
    const forWatcher = await watcher.next("rematch");
    expect(forWhite.table).toBeTruthy();
    expect([forWhite.table, forBlack.table, forWatcher.table]).toEqual([forWhite.table, forWhite.table, forWhite.table]);
    expect([forWhite.seat, forBlack.seat, forWatcher.seat]).toEqual(["black", "white", null]);
    expect(forWatcher.token).toBeNull();
    // The old table's log is untouched: rematch lives beside the match.
    expect((await history(id)).seq).toBe(seqBefore);

    const newId = forWhite.table!;
    const [old, fresh] = [await view(id), await view(newId)];
    expect(fresh.status).toBe("playing");
    expect(fresh.ruleset).toEqual(old.ruleset);
    expect([fresh.length, fresh.reconnectSeconds, fresh.spectators, fresh.timeControl]).toEqual([old.length, old.reconnectSeconds, old.spectators, old.timeControl]);
    expect([fresh.players.white?.name, fresh.players.black?.name]).toEqual([old.players.black?.name, old.players.white?.name]);
    // The tokens hold the swapped seats.
    const nw = await connect(newId, { token: forBlack.token! });
    const nb = await connect(newId, { token: forWhite.token! });
    expect((await nw.next("welcome")).role).toBe("white");
    expect((await nb.next("welcome")).role).toBe("black");
    // Made once: a further offer is refused.
    expect(await rematch(w)).toMatchObject({ type: "error", code: "REMATCH_UNAVAILABLE" });
  });

  it("an offer can be withdrawn; spectators cannot offer; the opponent must still be at the table to accept", async () => {
    const { id, w, b } = await seatedMatch();
    await resign(w);
    const watcher = await connect(id);
    await watcher.next("welcome");
    expect(await rematch(watcher)).toMatchObject({ type: "error", code: "SPECTATOR" });
    expect(await rematch(b)).toMatchObject({ type: "ack" });
    expect(await rematch(b, false)).toMatchObject({ type: "ack" });
    expect((await w.next("rematch")).offers).toEqual({ white: false, black: true });
    expect((await w.next("rematch")).offers).toEqual({ white: false, black: false });
    // White offers, then leaves; Black's acceptance cannot reach a player who is gone.
    expect(await rematch(w)).toMatchObject({ type: "ack" });
    w.close();
    await b.next("rematch");
    // The fact to wait on: the object no longer counts White's socket as open.
    while (await runInDurableObject(stubOf(id), (room: MatchRoom) => room.room.sockets.seatConnected("white"))) await settle(1);
    expect(await rematch(b)).toMatchObject({ type: "error", code: "REMATCH_UNAVAILABLE" });
  });

  it("against the computer the offer is accepted at once and the player keeps White", async () => {
    const grant = await createTable({ opponent: "bot", botLevel: "beginner", preset: "armenian-long" });
    const c = await connect(grant.table.id, { token: grant.token });
    await c.next("welcome");
    await resign(c);
    expect(await rematch(c)).toMatchObject({ type: "ack" });
    const made = await c.next("rematch");
    expect(made.seat).toBe("white");
    const fresh = await view(made.table!);
    expect(fresh.players.black?.kind).toBe("bot");
    expect(fresh.players.black?.botLevel).toBe("beginner");
    expect(fresh.ruleset.preset).toBe("armenian-long");
  });
});
