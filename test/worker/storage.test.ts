import { describe, expect, it } from "vitest";
import { api, connect, startMatch } from "./helpers";

interface Stats {
  commands: number;
  rowsWritten: number;
  rowsRead: number;
  events: number;
}

async function stats(id: string): Promise<Stats> {
  return (await (await api(`/v1/tables/${id}/stats`)).json()) as Stats;
}

describe("storage per command", () => {
  it("writes the command's event rows plus one state row, in one go", async () => {
    const { id, white, black } = await startMatch();
    const w = await connect(id, { token: white.token });
    const b = await connect(id, { token: black.token });
    await w.next("welcome");
    await b.next("welcome");
    const before = await stats(id);
    w.send({ type: "roll", id: "r1" });
    const ack = await w.next("ack");
    const update = await w.next("update");
    const after = await stats(id);
    console.log(before, after, update.events.length, ack);
    expect(after.commands - before.commands).toBe(1);
    expect(after.events - before.events).toBe(update.events.length);
    expect(after.rowsWritten - before.rowsWritten).toBe(update.events.length + 1);
  });
});
