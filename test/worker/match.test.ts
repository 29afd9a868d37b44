import { describe, expect, it } from "vitest";
import { ServerMessageSchema } from "../../src/protocol";
import { runInDurableObject } from "cloudflare:test";
import { scriptedDice } from "../../src/engine";
import type { MatchRoom } from "../../src/server";
import { commandId, connect, createTable, history, playOne, ROLL_IS_A_DECISION, seatedMatch, startMatch, stubOf } from "./helpers";

describe("a match over WebSockets", () => {
  it("welcomes each seat with its role and the table", async () => {
    const { id, white, black } = await startMatch();
    const w = await connect(id, { token: white.token });
    const welcome = await w.next("welcome");
    expect(ServerMessageSchema.safeParse(welcome).success).toBe(true);
    expect(welcome.role).toBe("white");
    expect(welcome.table.status).toBe("playing");
    expect(welcome.table.players.black?.name).toBe("Black");
    expect(welcome.events).toEqual([]);
    const b = await connect(id, { token: black.token });
    expect((await b.next("welcome")).role).toBe("black");
    const spectator = await connect(id);
    expect((await spectator.next("welcome")).role).toBe("spectator");
  });

  it("rolls and plays a listed legal play: ack after the store, update to all, legal plays to the mover only", async () => {
    const { id, w, b, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const spectator = await connect(id);
    await spectator.next("welcome");
    const mover = clients[w.table!.match!.turn];
    const other = mover === w ? b : w;

    mover.send({ type: "roll", id: "roll-1" });
    const ack = await mover.answer();
    expect(ack).toMatchObject({ type: "ack", id: "roll-1", duplicate: false });
    // Acknowledged means stored: the history already holds the event with the ack's seq.
    const stored = await history(id);
    expect(stored.seq).toBe(ack.seq);
    expect(stored.events.at(-1)?.event.type).toBe("rolled");

    const moverUpdate = await mover.next("update");
    const otherUpdate = await other.next("update");
    const watcherUpdate = await spectator.next("update");
    for (const update of [moverUpdate, otherUpdate, watcherUpdate]) {
      expect(update.seq).toBe(ack.seq);
      expect(update.events.map((e) => e.event.type)).toEqual(["rolled"]);
      expect(update.table.match?.phase).toBe("moving");
    }
    expect(moverUpdate.plays?.steps.length).toBeGreaterThan(0);
    expect(otherUpdate.plays).toBeNull();
    expect(watcherUpdate.plays).toBeNull();

    const choice = mover.legalPlays![mover.legalPlays!.length - 1]!;
    mover.send({ type: "play", id: "play-1", play: choice.play });
    const playAck = await mover.answer();
    expect(playAck).toMatchObject({ type: "ack", id: "play-1", duplicate: false });
    const after = await other.next("update");
    expect(after.events.map((e) => e.event.type)).toContain("played");
    expect(after.table.match?.board).toEqual(choice.board);
    expect(after.table.match?.turn).not.toBe(moverUpdate.table.match?.turn);
    // The other side may double now (the cube is in the middle), so the server waits for its roll.
    expect(after.table.match?.phase).toBe("awaiting-roll");
  });

  it("rolls with the match object's own dice source (scripted here through the test hook)", async () => {
    const { id, w, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      room.room.scriptedDice = scriptedDice([6, 5]);
    });
    const mover = clients[w.table!.match!.turn];
    mover.send({ type: "roll", id: commandId() });
    const ack = await mover.answer();
    await mover.waitForSeq(ack.seq);
    expect(mover.table?.match?.dice).toEqual([6, 5]);
    expect((await history(id, ack.seq - 1)).events[0]?.event).toMatchObject({ type: "rolled", dice: [6, 5] });
  });

  it("accepts a play given as steps", async () => {
    // Georgian short nardi: the opening dice are the starter's first roll, so it moves at once.
    const { w, b, clients } = await seatedMatch({ preset: "georgian-short" });
    const mover = clients[w.table!.match!.turn];
    expect(mover.table?.match?.phase).toBe("moving");
    const play = mover.legalPlays![0]!;
    mover.send({ type: "play", id: commandId(), play: play.steps.map(({ from, to }) => ({ from, to })) });
    const ack = await mover.answer();
    expect(ack.type).toBe("ack");
    await b.waitForSeq(ack.seq);
    const played = (await history(b.table!.id)).events.find((e) => e.event.type === "played" && !e.event.forced);
    expect(played?.event).toMatchObject({ notation: play.play });
  });

  it("answers a repeated command id with the first seq and applies it once", async () => {
    const { id, w, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = clients[w.table!.match!.turn];
    mover.send({ type: "roll", id: "same" });
    const first = await mover.answer();
    const before = await history(id);
    mover.send({ type: "roll", id: "same" });
    const again = await mover.answer();
    expect(again).toEqual({ type: "ack", id: "same", seq: first.seq, duplicate: true });
    expect((await history(id)).seq).toBe(before.seq);
  });

  it("sends exactly the missed events to a socket that connects with ?seq=N, and on sync", async () => {
    const { id, white, clients } = await seatedMatch();
    const seen = clients.white.seq;
    clients.white.close();
    // Black and White play on; White's own moves come from a second socket so the first one misses them.
    const again = await connect(id, { token: white.token });
    await again.next("welcome");
    const live = { white: again, black: clients.black };
    for (let i = 0; i < 6; i++) await playOne(live);
    const late = await connect(id, { token: white.token, seq: seen });
    const welcome = await late.next("welcome");
    expect(welcome.events).toEqual((await history(id, seen)).events);
    expect(welcome.events[0]?.seq).toBe(seen + 1);
    expect(welcome.seq).toBe(welcome.events.at(-1)?.seq);

    late.send({ type: "sync", seq: welcome.seq - 2 });
    const synced = await late.next("welcome");
    expect(synced.events.map((e) => e.seq)).toEqual([welcome.seq - 1, welcome.seq]);
  });

  it("plays a whole 1-point match to its end", async () => {
    const { id, w, clients } = await seatedMatch();
    for (let i = 0; i < 2000 && (await playOne(clients)); i++);
    const table = w.table!;
    expect(table.status).toBe("over");
    expect(table.match?.phase).toBe("over");
    expect(table.match?.endReason).toBe("score");
    const winner = table.match!.winner!;
    expect(table.match!.score[winner]).toBeGreaterThanOrEqual(1);
    const events = (await history(id)).events.map((e) => e.event.type);
    expect(events).toContain("hand-ended");
    expect(events.at(-1)).toBe("match-ended");
    // A finished match takes no commands.
    clients.white.send({ type: "roll", id: commandId() });
    expect(await clients.white.answer()).toMatchObject({ type: "error", code: "MATCH_OVER" });
  });

  it("ends the whole match on resign", async () => {
    const { w, b } = await seatedMatch();
    b.send({ type: "resign", id: "give-up" });
    const ack = await b.answer();
    expect(ack.type).toBe("ack");
    await w.waitForSeq(ack.seq);
    expect(w.table?.status).toBe("over");
    expect(w.table?.match).toMatchObject({ winner: "white", endReason: "resign", score: { white: 1, black: 0 } });
  });

  it("offers, takes and moves the cube in a backgammon match", async () => {
    const { w, clients } = await seatedMatch({ preset: "backgammon", length: 3 });
    // The opening dice are played at once; then the other side may double before rolling.
    while (clients.white.table?.match?.phase !== "awaiting-roll" || clients.white.seq < clients.black.seq) await playOne(clients);
    const doubler = w.table!.match!.turn;
    const taker = doubler === "white" ? "black" : "white";
    expect(w.table!.match!.canDouble).toEqual([doubler]);
    clients[doubler].send({ type: "double", id: commandId() });
    const offered = await clients[doubler].answer();
    expect(offered.type).toBe("ack");
    await clients[taker].waitForSeq(offered.seq);
    expect(clients[taker].table?.match?.phase).toBe("cube-offered");
    clients[taker].send({ type: "take", id: commandId() });
    const taken = await clients[taker].answer();
    expect(taken.type).toBe("ack");
    await clients[doubler].waitForSeq(taken.seq);
    expect(clients[doubler].table?.match?.cube).toEqual({ value: 2, owner: taker });
  });

  it("plays the bot's side inside the match object", async () => {
    const grant = await createTable({ opponent: "bot", botLevel: "random", preset: "georgian-short" });
    expect(grant.table.status).toBe("playing");
    expect(grant.table.players.black).toMatchObject({ kind: "bot", botLevel: "random", connected: true });
    const w = await connect(grant.tableId, { token: grant.token });
    await w.next("welcome");
    // White's turn comes back after every bot turn (the bot plays inside the same request); play a few turns.
    const caughtUp = async () => w.waitForSeq((await history(grant.tableId)).seq);
    let blackActed = 0;
    for (let turn = 0; turn < 4; turn++) {
      await caughtUp();
      const match = w.table!.match!;
      if (match.phase === "over") break;
      expect(match.turn).toBe("white");
      const before = w.seq;
      if (match.phase === "awaiting-roll") {
        w.send({ type: "roll", id: commandId() });
        expect((await w.answer()).type).toBe("ack");
        await caughtUp();
      }
      // Unless White's roll was burned (then the bot has already moved), White plays.
      if (w.table!.match!.turn === "white" && w.table!.match!.phase === "moving") {
        w.send({ type: "play", id: commandId(), play: w.legalPlays![0]!.play });
        expect((await w.answer()).type).toBe("ack");
        await caughtUp();
      }
      const events = await history(grant.tableId, before);
      blackActed += events.events.filter((e) => "side" in e.event && e.event.side === "black").length;
    }
    expect(blackActed).toBeGreaterThan(0);
  });
});
