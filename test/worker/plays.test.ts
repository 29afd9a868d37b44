/**
 * The mover's legal plays on the wire: compact on `nardi.v2` (one frame under 16 KiB even for the richest double
 * in short nardi), written out on the deprecated `nardi.v1`, and never to the waiting seat, a spectator or an
 * HTTP view.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compactLegalPlays, parsePosition, playGenerations, scriptedDice, stepsAt, type Position } from "../../src/engine";
import { compactPlaysOf, legalPlayViews, ServerMessageSchema, type ServerMessage } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { api, connect, ROLL_IS_A_DECISION, seatedMatch, stubOf, type Client } from "./helpers";

/** Found by `npm run bench:frames -- 100000`: 1-1 here has 1,023 distinct plays. */
const RICHEST = "short-w-22x2.21.17.16.13.10.9.8.6x3.4.3.2-1.offx14";

/** The frame text of a client's message (for its size in bytes). */
function frameOf(client: Client, message: ServerMessage): string {
  return client.frames[client.received.indexOf(message)]!;
}

describe("legal plays on the wire", () => {
  it("the richest double in short nardi: compact to the mover in one update ≤ 16 KiB; none to the waiting seat, spectators or HTTP", async () => {
    const { id, w, b, clients, white, black } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn;
    const waiting = mover === "white" ? "black" : "white";
    const parsed = parsePosition(RICHEST);
    if (!parsed.ok) throw new Error(parsed.error.message);
    // The position as the mover's: each side's checkers are in its own numbering, so the mover takes White's.
    const board = mover === "white" ? parsed.value.board : { white: parsed.value.board.black, black: parsed.value.board.white };
    const position: Position = { variant: "short", board, turn: mover };
    await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      const loaded = room.room.store.load()!;
      room.room.commit({ room: { ...loaded, match: { ...loaded.match!, position } }, events: [], at: Date.now() });
      room.room.scriptedDice = scriptedDice([1, 1]);
    });
    const spectator = await connect(id);
    await spectator.next("welcome");
    const legacy = await connect(id, { token: (mover === "white" ? white : black).token, protocol: "nardi.v1" });
    await legacy.next("welcome");
    for (const c of [w, b, legacy]) c.skipAll();

    clients[mover].send({ type: "roll", id: "roll" });
    expect(await clients[mover].answer()).toMatchObject({ type: "ack" });
    const update = await clients[mover].next("update");
    const expected = compactLegalPlays(position, [1, 1], { firstTurn: false });
    expect(expected.count).toBe(1023);
    expect(ServerMessageSchema.parse(update)).toEqual(update);
    expect(update.legalPlays).toBeUndefined();
    const received = compactPlaysOf(update.table, update.plays!)!;
    expect({ count: received.count, stepsPerPlay: received.stepsPerPlay, steps: received.steps }).toEqual({
      count: 1023,
      stepsPerPlay: 4,
      steps: expected.steps,
    });
    expect(new TextEncoder().encode(frameOf(clients[mover], update)).length).toBeLessThanOrEqual(16 * 1024);

    // The same seat on the old subprotocol gets the same plays written out (a frame of over 200 KiB).
    const old = await legacy.next("update");
    expect(old.plays).toBeUndefined();
    expect(old.legalPlays).toEqual(legalPlayViews(received));

    for (const other of [clients[waiting], spectator]) {
      const seen = await other.next("update");
      expect(seen.seq).toBe(update.seq);
      expect(seen.plays).toBeNull();
      expect(frameOf(other, seen)).not.toContain("legalPlays");
    }
    // A sync (a welcome) says the same: plays to the mover only.
    for (const c of [clients[mover], clients[waiting], spectator]) c.send({ type: "sync", seq: update.seq });
    expect((await clients[mover].next("welcome")).plays).toEqual(update.plays);
    expect((await clients[waiting].next("welcome")).plays).toBeNull();
    expect((await spectator.next("welcome")).plays).toBeNull();
    const welcomed = await connect(id, { token: (waiting === "white" ? white : black).token });
    expect((await welcomed.next("welcome")).plays).toBeNull();
    // HTTP views never carry plays.
    for (const path of [`/v1/tables/${id}`, `/v1/tables/${id}/events?after=0`]) {
      const text = await (await api(path)).text();
      expect(text).not.toMatch(/legalPlays|"plays"/);
    }

    // The last listed play, sent as steps, is accepted as it is.
    const last = stepsAt(received, received.count - 1).map((s) => ({ from: s.from, to: s.to }));
    clients[mover].send({ type: "play", id: "play", play: last });
    expect(await clients[mover].answer()).toMatchObject({ type: "ack", id: "play" });
  });

  it("a roll's plays are generated once: the pace's check for a forced play, the mover's v2 and v1 frames and a sync share them", async () => {
    const { id, w, b, clients, white, black } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn;
    const legacy = await connect(id, { token: (mover === "white" ? white : black).token, protocol: "nardi.v1" });
    await legacy.next("welcome");
    for (const c of [w, b, legacy]) c.skipAll();
    // The test shares the match object's isolate (and so its engine module): the count is the object's own.
    await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      room.room.scriptedDice = scriptedDice([6, 1]);
    });
    const before = playGenerations();
    clients[mover].send({ type: "roll", id: "roll" });
    expect(await clients[mover].answer()).toMatchObject({ type: "ack" });
    const update = await clients[mover].next("update");
    expect(compactPlaysOf(update.table, update.plays!)!.count).toBeGreaterThan(1);
    expect((await legacy.next("update")).legalPlays?.length).toBeGreaterThan(1);
    clients[mover].send({ type: "sync", seq: update.seq });
    expect((await clients[mover].next("welcome")).plays).toEqual(update.plays);
    expect(playGenerations() - before).toBe(1);
  });

  it("the OpenAPI document names both forms: `Plays` (v2) and `LegalPlay` (v1) in welcome and update", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as { components: { schemas: Record<string, unknown> } };
    expect(doc.components.schemas.Plays).toMatchObject({ properties: { stepsPerPlay: {}, steps: { type: "string" } } });
    const messages = JSON.stringify(doc.components.schemas.ServerMessage);
    expect(messages).toContain('"$ref":"#/components/schemas/Plays"');
    expect(messages).toContain('"$ref":"#/components/schemas/LegalPlay"');
  });

  it("a socket without subprotocols (the deprecated ?token=) is a v1 client: plays written out", async () => {
    const { id, w, white } = await seatedMatch({ preset: "georgian-short" });
    // Georgian short nardi: the opening dice are the starter's first roll, so someone is moving at once.
    const res = await api(`/v1/tables/${id}/socket?token=${white.token}`, { headers: { Upgrade: "websocket" } });
    expect(res.headers.get("sec-websocket-protocol")).toBeNull();
    const ws = res.webSocket!;
    ws.accept();
    const welcome = await new Promise<ServerMessage>((resolve) => ws.addEventListener("message", (e) => resolve(JSON.parse(e.data as string) as ServerMessage)));
    if (welcome.type !== "welcome") throw new Error(welcome.type);
    expect(welcome.plays).toBeUndefined();
    const moving = w.table!.match!.turn === "white";
    expect(welcome.legalPlays === null ? 0 : welcome.legalPlays!.length > 0 ? 1 : -1).toBe(moving ? 1 : 0);
    ws.close();
  });
});
