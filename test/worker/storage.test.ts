/** Every accepted command is one transaction: its event rows plus one state row; a refused command writes nothing. */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchRoom } from "../../src/server";
import type { Stats } from "../../src/server/room/store";
import { api, commandId, playOne, seatedMatch, stubOf } from "./helpers";

async function stats(id: string): Promise<Stats> {
  return (await (await api(`/v1/tables/${id}/stats`)).json()) as Stats;
}

describe("storage per command", () => {
  it("writes the command's event rows plus one state row, for every command of a whole match", async () => {
    const { id, clients } = await seatedMatch({ preset: "georgian-short" });
    const eventsPerCommand: number[] = [];
    for (;;) {
      const before = await stats(id);
      if (!(await playOne(clients))) break;
      const after = await stats(id);
      const events = after.events - before.events;
      eventsPerCommand.push(events);
      expect(events).toBeGreaterThanOrEqual(1);
      expect(after.commands - before.commands).toBe(1);
      // The command that ends the match also drops its liveness deadline and sets the finished table's purge.
      const deadlineRows = clients.white.table?.status === "over" ? 2 : 0;
      expect(after.rowsWritten - before.rowsWritten).toBe(events + 1 + deadlineRows);
    }
    // The last play also ended the hand and the match: several events, still one state row.
    expect(eventsPerCommand.at(-1)).toBeGreaterThanOrEqual(3);
    expect(clients.white.table?.status).toBe("over");
  });

  it("a refused command writes no row", async () => {
    const { id, clients } = await seatedMatch({ preset: "georgian-short" });
    const waiter = clients.white.table!.match!.turn === "white" ? clients.black : clients.white;
    const before = await stats(id);
    for (let i = 0; i < 5; i++) {
      waiter.send({ type: "roll", id: commandId() });
      expect((await waiter.answer()).type).toBe("error");
    }
    const after = await stats(id);
    expect(after.rowsWritten).toBe(before.rowsWritten);
    expect(after.commands).toBe(before.commands);
  });

  it("the counters and the log agree with what SQLite holds, and survive eviction", async () => {
    const { id, clients } = await seatedMatch({ preset: "georgian-short" });
    for (let i = 0; i < 6; i++) await playOne(clients);
    const counted = await stats(id);
    const stored = await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => ({
      events: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n,
      rooms: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM room").one().n,
    }));
    expect(stored).toEqual({ events: counted.events, rooms: 1 });
    expect(counted.commands).toBe(6);
    await evictDurableObject(stubOf(id));
    const woken = await stats(id);
    expect({ ...woken, rowsRead: 0 }).toEqual({ ...counted, rowsRead: 0 });
  });
});
