/**
 * The match view's facts (`toAct`, `may`), decided by the server for every client: during a double they are on the
 * side answering, whose clock runs, not on `turn` (the doubler).
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../src/engine";
import type { MatchRoom } from "../../src/server";
import { connect, ROLL_IS_A_DECISION, seatedMatch, stubOf } from "./helpers";

describe("who must act and what they may do", () => {
  it("follows the double: the side answering acts, may take or drop, and its clock runs", async () => {
    const { id, w, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const spectator = await connect(id);
    const watched = (await spectator.next("welcome")).table;
    const mover = w.table!.match!.turn;
    await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      room.room.scriptedDice = scriptedDice([6, 1]);
    });
    const answering = mover === "white" ? "black" : "white";
    expect(watched.match).toMatchObject({ phase: "awaiting-roll", turn: mover, toAct: mover, may: ["roll", "double"] });
    expect(watched.clock?.running).toBe(mover);

    clients[mover].send({ type: "double", id: "double" });
    expect(await clients[mover].answer()).toMatchObject({ type: "ack" });
    const doubled = (await spectator.next("update")).table;
    expect(doubled.match).toMatchObject({ phase: "cube-offered", turn: mover, toAct: answering, may: ["take", "drop"] });
    expect(doubled.clock?.running).toBe(answering);

    clients[answering].send({ type: "take", id: "take" });
    expect(await clients[answering].answer()).toMatchObject({ type: "ack" });
    const taken = (await spectator.next("update")).table;
    // The cube is the taker's now: the mover may only roll, so the server rolled for it (6-1), and it must play.
    expect(taken.match).toMatchObject({ phase: "moving", dice: [6, 1], toAct: mover, may: ["play"] });
    expect(taken.clock?.running).toBe(mover);
  });
});
