/**
 * A restart must not turn a forfeit into an abandonment (docs/protocol.md, "When the server restarts"): one player
 * left and their window runs; the server restarts and the player who stayed loses their socket with it. When the
 * leaver's window is found over at the wake, the leaver forfeits and the stayer wins. The real restart (wrangler
 * killed and resumed, with a stake table) is test/e2e/restart-forfeit.test.ts; here the restart is simulated as in
 * lifecycle.test.ts: rows that say the stayer is here, no socket, an eviction.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Side } from "../../src/engine";
import type { MatchRoom } from "../../src/server";
import { connect, deadlines, history, startMatch, stubOf } from "./helpers";

/** The stayer was here with a socket (the rows say so) when the server died; the new process has no socket for it. */
async function restartedUnder(id: string, stayer: Side, over: Side[] = []): Promise<void> {
  await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => {
    const { seq, n, info } = state.storage.sql.exec<{ seq: number; n: number; info: string }>("SELECT seq, n, info FROM log WHERE info IS NOT NULL ORDER BY seq DESC, n DESC LIMIT 1").one();
    const table = JSON.parse(info) as { seats: Record<Side, { seen?: boolean }> };
    table.seats[stayer].seen = true;
    state.storage.sql.exec("UPDATE log SET info = ? WHERE seq = ? AND n = ?", JSON.stringify(table), seq, n);
    state.storage.sql.exec("DELETE FROM deadlines WHERE kind = 'arrive' AND seat = ?", stayer);
    for (const seat of over) windowOverIn(state, seat);
  });
  await evictDurableObject(stubOf(id));
}

/** Only this seat's window is over (the server was down when it ended); every other deadline keeps its time. */
function windowOverIn(state: DurableObjectState, seat: Side): void {
  state.storage.sql.exec("UPDATE deadlines SET due = ? WHERE kind = 'reconnect' AND seat = ?", Date.now() - 1000, seat);
}

async function windowsOver(id: string, seats: Side[]): Promise<void> {
  await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => {
    for (const seat of seats) windowOverIn(state, seat);
  });
  await evictDurableObject(stubOf(id));
}

async function leaverLeft(): Promise<{ id: string; blackToken: string }> {
  const { id, white, black } = await startMatch({ reconnectSeconds: 30 });
  const w = await connect(id, { token: white.token });
  await w.next("welcome");
  w.close();
  for (let i = 0; i < 50 && !(await deadlines(id)).some((d) => d.kind === "reconnect" && d.seat === "white"); i++) await new Promise((r) => setTimeout(r, 20));
  return { id, blackToken: black.token };
}

describe("a restart while the leaver's window runs", () => {
  it("the leaver's window found over at the wake: the leaver forfeits, the stayer (dropped by the restart) wins", async () => {
    const { id } = await leaverLeft();
    const seqBefore = (await history(id)).seq;
    await restartedUnder(id, "black", ["white"]);

    // Nothing but the alarm contacts the object: the wake logs Black's drop, then White's window is due.
    await runDurableObjectAlarm(stubOf(id));
    const after = (await history(id)).events.filter((e) => e.seq > seqBefore).map((e) => e.event);
    expect(after.map((e) => e.type)).toEqual(["player-disconnected", "forfeited", "match-ended"]);
    expect(after[0]).toMatchObject({ type: "player-disconnected", seat: "black" });
    expect(after[1]).toEqual({ type: "forfeited", side: "white" });
    expect(after[2]).toMatchObject({ type: "match-ended", winner: "black", reason: "forfeit" });
  });

  it("the stayer's own window over too (nobody came back after the restart): abandoned", async () => {
    const { id } = await leaverLeft();
    await restartedUnder(id, "black");
    // A first wake logs Black's drop and its window; then the server is down past both windows.
    await runDurableObjectAlarm(stubOf(id));
    expect((await deadlines(id)).map((d) => `${d.kind} ${d.seat}`).sort()).toEqual(["reconnect black", "reconnect white"]);
    await windowsOver(id, ["black", "white"]);
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).events.at(-1)!.event).toMatchObject({ type: "match-ended", winner: null, reason: "abandoned" });
  });

  it("a stayer dropped by the restart who came back and left again counts as away: abandoned", async () => {
    const { id, blackToken } = await leaverLeft();
    await restartedUnder(id, "black");
    const b = await connect(id, { token: blackToken });
    await b.next("welcome");
    expect((await history(id)).events.at(-1)!.event).toEqual({ type: "player-connected", seat: "black" });
    b.close();
    for (let i = 0; i < 50 && !(await deadlines(id)).some((d) => d.seat === "black"); i++) await new Promise((r) => setTimeout(r, 20));
    await windowsOver(id, ["white"]);
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).events.at(-1)!.event).toMatchObject({ type: "match-ended", winner: null, reason: "abandoned" });
  });
});
