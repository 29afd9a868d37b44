/**
 * The `auto-roll` setting on the one path every command takes (src/server/room/step.ts): a retried id is answered,
 * not applied again; the setting is a logged event, so the seq moves with it; and every view of one seq agrees
 * except for the clock's two fields that are as of the moment the view was made (docs/protocol.md).
 */
import { describe, expect, it } from "vitest";
import type { Side } from "../../src/engine";
import type { TableView } from "../../src/protocol";
import { api, commandId, connect, history, ROLL_IS_A_DECISION, seatedMatch, settle } from "./helpers";

const other = (side: Side): Side => (side === "white" ? "black" : "white");

async function viewOf(id: string): Promise<TableView> {
  return (await (await api(`/v1/tables/${id}`)).json()) as TableView;
}

/** A view without the fields documented to differ between views of one seq (the clock as of the view's making). */
function fixedBySeq(view: TableView): unknown {
  const { serverTime: _serverTime, remaining: _remaining, ...clock } = view.clock!;
  return { ...view, clock };
}

describe("auto-roll", () => {
  it("a retried auto-roll id is answered duplicate with the seq it produced, and changes nothing", async () => {
    const { id, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    // The side not on roll: turning it on rolls nothing now.
    const seat = other(clients.white.table!.match!.turn);
    const id1 = commandId();
    clients[seat].send({ type: "auto-roll", id: id1, on: true });
    const first = await clients[seat].answer();
    expect(first).toMatchObject({ type: "ack", duplicate: false });
    const before = await history(id);

    clients[seat].send({ type: "auto-roll", id: id1, on: true });
    expect(await clients[seat].answer()).toEqual({ type: "ack", id: id1, seq: first.seq, duplicate: true });
    // Even sent again with the other value: the id was used, the answer is its first one.
    clients[seat].send({ type: "auto-roll", id: id1, on: false });
    expect(await clients[seat].answer()).toEqual({ type: "ack", id: id1, seq: first.seq, duplicate: true });
    await settle();
    expect(await history(id)).toEqual(before);
    expect((await viewOf(id)).players[seat]!.autoRoll).toBe(true);
  });

  it("the setting is a logged event: the seq moves, and the view at that seq shows it", async () => {
    const { id, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const seat = other(clients.white.table!.match!.turn);
    const start = clients[seat].seq;
    for (const on of [true, false]) {
      clients[seat].send({ type: "auto-roll", id: commandId(), on });
      const ack = await clients[seat].answer();
      expect(ack.type).toBe("ack");
      const seq = (ack as { seq: number }).seq;
      expect(seq).toBe(start + (on ? 1 : 2));
      expect((await history(id, seq - 1)).events.map((e) => e.event)).toEqual([{ type: "auto-roll", seat, on }]);
      for (const client of Object.values(clients)) {
        await client.waitForSeq(seq);
        expect(client.table!.seq).toBe(seq);
        expect(client.table!.players[seat]!.autoRoll).toBe(on);
      }
    }
  });

  it("turned on while on roll: the setting and the automatic roll are one change (the event, then the roll)", async () => {
    const { id, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = clients.white.table!.match!.turn;
    const start = clients[mover].seq;
    clients[mover].send({ type: "auto-roll", id: commandId(), on: true });
    const ack = (await clients[mover].answer()) as { seq: number };
    expect((await history(id, start)).events.map((e) => e.event)).toEqual([
      { type: "auto-roll", seat: mover, on: true },
      expect.objectContaining({ type: "rolled", side: mover, auto: true }),
    ]);
    expect(ack.seq).toBe(start + 2);
  });

  it("after the match: refused with MATCH_OVER, nothing logged after match-ended", async () => {
    const { id, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    clients.white.send({ type: "resign", id: commandId() });
    const resigned = (await clients.white.answer()) as { type: string; seq: number };
    expect(resigned.type).toBe("ack");
    clients.black.send({ type: "auto-roll", id: commandId(), on: true });
    expect(await clients.black.answer()).toMatchObject({ type: "error", code: "MATCH_OVER", seq: resigned.seq });
    const log = (await history(id)).events;
    expect(log.at(-1)!.event.type).toBe("match-ended");
    expect(log.at(-1)!.seq).toBe(resigned.seq);
  });
});

describe("views of one seq", () => {
  it("agree in everything but clock.serverTime and clock.remaining, which are as of the view's making", async () => {
    const { id, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const seat = other(clients.white.table!.match!.turn);
    clients[seat].send({ type: "auto-roll", id: commandId(), on: true });
    const { seq } = (await clients[seat].answer()) as { seq: number };
    await clients.white.waitForSeq(seq);
    await clients.black.waitForSeq(seq);
    const updated = clients.white.table!;
    // Later views of the same seq: a new socket's welcome, and the HTTP view.
    await new Promise((resolve) => setTimeout(resolve, 25));
    const watcher = await connect(id);
    const welcome = await watcher.next("welcome");
    const read = await viewOf(id);
    for (const view of [clients.black.table!, welcome.table, read]) {
      expect(view.seq).toBe(seq);
      expect(fixedBySeq(view)).toEqual(fixedBySeq(updated));
    }
    // The two clock fields move on with time, and only for the running side.
    const running = updated.clock!.running!;
    const left = (view: TableView) => view.clock!.remaining[running].delayMs + view.clock!.remaining[running].reserveMs;
    expect(welcome.table.clock!.serverTime).toBeGreaterThan(updated.clock!.serverTime);
    expect(left(welcome.table)).toBeLessThan(left(updated));
    expect(welcome.table.clock!.remaining[other(running)]).toEqual(updated.clock!.remaining[other(running)]);
    watcher.close();
  });
});
