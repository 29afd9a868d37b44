/**
 * A resignation offer waiting for its answer is part of the stored room (docs/rules.md §5.5): after the match object
 * is evicted (as a restart or deploy does) the offer is still there, the offerer's other commands are still refused
 * with RESIGN_PENDING, and the answer given after the wake ends the hand at the offered level × the cube.
 */
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TableView } from "../../src/protocol";
import { api, commandId, connectSeats, history, seatedMatch, stubOf } from "./helpers";

async function view(id: string): Promise<TableView> {
  return (await (await api(`/v1/tables/${id}`)).json()) as TableView;
}

describe("a resignation offer and the room's restart", () => {
  it("an offer pending survives eviction; the answer after the wake scores the offered level", async () => {
    const { id, white, black, clients } = await seatedMatch({ preset: "backgammon", length: 5 });
    const side = clients.white.table!.match!.toAct!;
    const other = side === "white" ? "black" : "white";
    const dice = clients.white.table!.match!.dice;
    clients[side].send({ type: "offer-resign", level: "gammon", id: commandId() });
    expect((await clients[side].answer()).type).toBe("ack");
    const before = await view(id);
    expect(before.match!.resignOffer).toEqual({ from: side, to: other, level: "gammon" });

    clients.white.close();
    clients.black.close();
    await evictDurableObject(stubOf(id));

    const woken = await view(id);
    expect(woken.match!.resignOffer).toEqual({ from: side, to: other, level: "gammon" });
    expect(woken.match!.toAct).toBe(other);
    expect(woken.match!.may).toEqual(["accept-resign", "reject-resign"]);
    expect(woken.match!.dice).toEqual(dice);
    expect(woken.match!.score).toEqual({ white: 0, black: 0 });

    const again = await connectSeats(id, { white: white.token, black: black.token });
    again.white.skipAll();
    again.black.skipAll();
    // Still waiting for the answer: the offerer may not go on playing, nor offer again.
    again[side].send({ type: "offer-resign", level: "single", id: commandId() });
    const refused = await again[side].answer();
    expect(refused.type === "error" && refused.code).toBe("RESIGN_PENDING");

    again[other].send({ type: "accept-resign", id: commandId() });
    const ack = await again[other].answer();
    expect(ack.type).toBe("ack");
    const after = await view(id);
    expect(after.match!.score[other]).toBe(2);
    expect(after.match!.score[side]).toBe(0);
    expect(after.match!.hand).toBe(2);
    expect(after.match!.resignOffer).toBeNull();
    const types = (await history(id)).events.map((e) => e.event.type);
    expect(types).toContain("resign-offered");
    expect(types.slice(types.indexOf("resign-accepted"))).toContain("hand-ended");
  });
});
