/**
 * The match object's entry points (src/server/match-room.ts) do the bookkeeping every event needs once: the one
 * alarm is synced when the handler is done, whatever the entry point, and a socket event that fails is logged with
 * the table id instead of being thrown at the runtime.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MatchRoom } from "../../src/server";
import { alarmAt, nextDue, ROLL_IS_A_DECISION, startMatch, stubOf } from "./helpers";

/** The alarm is lost (as after a bug that forgot to set it): the object must put it back by itself. */
async function loseTheAlarm(id: string): Promise<void> {
  await runInDurableObject(stubOf(id), async (room: MatchRoom, state) => {
    await state.storage.deleteAlarm();
    room.room.forgetAlarm();
  });
  expect(await alarmAt(id)).toBeNull();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the match object's entry points", () => {
  it("every RPC, a read too, leaves the one alarm at the earliest deadline", async () => {
    const { id } = await startMatch(ROLL_IS_A_DECISION);
    await loseTheAlarm(id);
    await stubOf(id).view();
    const due = await alarmAt(id);
    expect(due).not.toBeNull();
    // The earliest of the stored deadlines and the clock's flag.
    const stored = await nextDue(id);
    expect(due).toBeLessThanOrEqual(stored!);
  });

  it("a close that fails is logged with the table id, and the close event does not throw", async () => {
    const { id } = await startMatch(ROLL_IS_A_DECISION);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // Not a socket this object accepted: its tags cannot be read, so the handler fails.
    const stranger = { close() {} } as unknown as WebSocket;
    await runInDurableObject(stubOf(id), async (room: MatchRoom) => {
      await expect(room.webSocketClose(stranger, 1000, "bye")).resolves.toBeUndefined();
      await expect(room.webSocketError(stranger)).resolves.toBeUndefined();
    });
    const lines = errors.mock.calls.map((call) => String(call[0]));
    expect(lines.filter((line) => line.includes("webSocketClose failed") && line.includes(id))).toHaveLength(1);
    expect(lines.filter((line) => line.includes("webSocketError failed") && line.includes(id))).toHaveLength(1);
  });
});
