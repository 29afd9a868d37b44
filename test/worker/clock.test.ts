/**
 * Clocks and pace inside workerd: the clock is charged and handed over with every stored change, flags under the
 * one alarm (runDurableObjectAlarm), and survives eviction. Time is moved by rewinding the stored clock's start, so
 * nothing here waits on wall-clock time.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LAG_RULE, scriptedDice } from "../../src/engine";
import type { TableView } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import {
  alarmAt,
  allDeadlines,
  api,
  commandId,
  createTable,
  deadlines,
  history,
  nextDue,
  ROLL_IS_A_DECISION,
  seatedMatch,
  stubOf,
  type Client,
} from "./helpers";

/** The running decision started `ms` earlier than it did (as if that much time had passed); the alarm follows. */
async function clockRunsFor(id: string, ms: number): Promise<void> {
  await runInDurableObject(stubOf(id), async (room: MatchRoom) => {
    const core = room.room;
    const loaded = core.store.load()!;
    const clock = loaded.info.clock!;
    core.commit({ room: { ...loaded, info: { ...loaded.info, clock: { ...clock, since: clock.since - ms } } }, events: [], at: Date.now() });
    await core.syncAlarm();
  });
}

async function viewOf(id: string): Promise<TableView> {
  return (await (await api(`/v1/tables/${id}`)).json()) as TableView;
}

/** Sends a command and waits until both seats have seen what it produced. */
async function act(by: Client, others: Client[], message: Record<string, unknown>): Promise<number> {
  by.send({ ...message, id: commandId() });
  const answer = await by.answer();
  if (answer.type !== "ack") throw new Error(`${JSON.stringify(message)} refused: ${answer.code} ${answer.message}`);
  for (const c of [by, ...others]) await c.waitForSeq(answer.seq);
  return answer.seq;
}

/** `standard` in a 3-point match: 12 s delay, 2 minutes of reserve per match point. */
const STANDARD = { delayMs: 12_000, reserveMs: 360_000 };

describe("the clock", () => {
  it("runs only for the side to act, from the match's start; the alarm is set to its flag", async () => {
    const { id, w } = await seatedMatch(ROLL_IS_A_DECISION);
    const t = w.table!;
    const mover = t.match!.turn;
    const other = mover === "white" ? "black" : "white";
    expect(t.clock).toMatchObject({ running: mover, lagAllowanceMs: LAG_RULE.perMoveMs });
    expect(t.clock!.remaining[other]).toEqual(STANDARD);
    expect(t.clock!.flagAt).toBe(t.clock!.since + 12_000 + 3 * 120_000 + LAG_RULE.perMoveMs);
    // One alarm: the earlier of the flag and the table's standing deadline (the liveness check).
    expect(await alarmAt(id)).toBe(Math.min(t.clock!.flagAt!, (await nextDue(id))!));
  });

  it("flags a player who never acts: timeout ends the match as leaving does (opponent gets the points still needed)", async () => {
    const { id, w, b, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn;
    const other = mover === "white" ? "black" : "white";
    // Before its time the alarm changes nothing.
    await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => state.storage.setAlarm(Date.now()));
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).events.at(-1)?.event.type).not.toBe("timed-out");

    await clockRunsFor(id, 12_000 + 360_000 + LAG_RULE.perMoveMs);
    // The alarm is now due: workerd may run it by itself before the test does; either way it runs once.
    await runDurableObjectAlarm(stubOf(id));
    const ended = await clients[other].next("update");
    expect(ended.events.map((e) => e.event)).toEqual([
      { type: "timed-out", side: mover },
      { type: "match-ended", winner: other, reason: "timeout", score: { [mover]: 0, [other]: 3 }, serverSeed: expect.any(String) },
    ]);
    expect(ended.table).toMatchObject({ status: "over", match: { endReason: "timeout", winner: other } });
    expect(ended.table.clock).toMatchObject({ running: null, flagAt: null });
    // The clock's deadline is gone with the match; what is left is the finished table's retention.
    expect(await alarmAt(id)).toBe(await nextDue(id));
    expect((await allDeadlines(id)).map((d) => d.kind)).toEqual(["purge"]);
    // Run again (a late or repeated alarm): nothing more happens.
    const seq = (await history(id)).seq;
    await runDurableObjectAlarm(stubOf(id));
    expect((await history(id)).seq).toBe(seq);
    await b.drain();
  });

  it("a command that arrives after the flag's moment, before the alarm has run, finds the flag fallen", async () => {
    const { id, w, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn;
    await clockRunsFor(id, 400_000);
    clients[mover].send({ type: "roll", id: commandId() });
    expect(await clients[mover].answer()).toMatchObject({ type: "error", code: "MATCH_OVER" });
    expect((await history(id)).events.map((e) => e.event.type).slice(-2)).toEqual(["timed-out", "match-ended"]);
  });

  it("a decision inside the delay costs no reserve; beyond it the reserve pays the rest, less the lag allowance", async () => {
    const { id, w, b, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn;
    const me = clients[mover];
    await clockRunsFor(id, 11_000);
    await act(me, [w, b], { type: "roll" });
    // A roll alone does not end the decision: still the same clock, now 11 s in.
    expect(me.table!.clock!.running).toBe(mover);
    expect(me.table!.clock!.remaining[mover].delayMs).toBeLessThanOrEqual(1_000);
    await clockRunsFor(id, 30_000);
    await act(me, [w, b], { type: "play", play: me.legalPlays![0]!.play });
    const reserve = me.table!.clock!.remaining[mover].reserveMs;
    // 41 s in: 12 s of delay and 0.5 s of lag allowance free, the rest from 360 s of reserve.
    const expected = 360_000 - (41_000 - 12_000 - LAG_RULE.perMoveMs);
    expect(reserve).toBeLessThanOrEqual(expected);
    expect(reserve).toBeGreaterThan(expected - 2_000);
    expect(me.table!.clock!.running).not.toBe(mover);
    // The other side's reserve was never touched.
    expect(me.table!.clock!.remaining[mover === "white" ? "black" : "white"].reserveMs).toBe(360_000);
  });

  it("runs for the side answering a double, which can lose on time too", async () => {
    const { id, w, b, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const doubler = w.table!.match!.turn;
    const taker = doubler === "white" ? "black" : "white";
    await act(clients[doubler], [w, b], { type: "double" });
    const clock = clients[taker].table!.clock!;
    expect(clock.running).toBe(taker);
    // A fresh decision, with the full delay, from the moment of the double.
    expect(clock.since).toBe((await history(id)).events.at(-1)!.at);
    expect(await alarmAt(id)).toBe(Math.min(clock.flagAt!, (await nextDue(id))!));
    clients[doubler].skipAll();
    await clockRunsFor(id, 400_000);
    await runDurableObjectAlarm(stubOf(id));
    const ended = await clients[doubler].next("update");
    expect(ended.events.map((e) => e.event.type)).toEqual(["timed-out", "match-ended"]);
    expect(ended.table.match).toMatchObject({ winner: doubler, endReason: "timeout" });
  });

  it("under the lose-hand rule a flag loses the hand as a dropped double, and the match goes on", async () => {
    const { id, w, clients } = await seatedMatch({ ...ROLL_IS_A_DECISION, overrides: { opening: "reroll", timeout: "lose-hand" } });
    const mover = w.table!.match!.turn;
    const other = mover === "white" ? "black" : "white";
    await clockRunsFor(id, 400_000);
    await runDurableObjectAlarm(stubOf(id));
    const update = await clients[other].next("update");
    expect(update.events.slice(0, 2).map((e) => e.event)).toEqual([
      { type: "timed-out", side: mover },
      expect.objectContaining({ type: "hand-ended", winner: other, result: { kind: "oin", points: 1 }, cube: 1, value: 1 }),
    ]);
    expect(update.table).toMatchObject({ status: "playing", match: { hand: 2 } });
    // The reserve is per match: the flagged side has only the delay left from now on.
    expect(update.table.clock!.remaining[mover].reserveMs).toBe(0);
    expect(update.table.clock!.remaining[other].reserveMs).toBe(360_000);
  });

  it("neither eviction nor a restart stops or resets a running clock", async () => {
    const { id, w, b, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn;
    await clockRunsFor(id, 100_000);
    const before = (await viewOf(id)).clock!;
    await evictDurableObject(stubOf(id));
    const after = (await viewOf(id)).clock!;
    expect(after).toMatchObject({ running: mover, since: before.since, flagAt: before.flagAt });
    expect(after.remaining[mover].reserveMs).toBeLessThanOrEqual(before.remaining[mover].reserveMs);
    expect(await alarmAt(id)).toBe(Math.min(before.flagAt!, (await nextDue(id))!));
    await clockRunsFor(id, 300_000);
    await evictDurableObject(stubOf(id));
    await runDurableObjectAlarm(stubOf(id));
    const ended = await clients[mover === "white" ? "black" : "white"].next("update");
    expect(ended.table.match).toMatchObject({ endReason: "timeout" });
    await b.drain();
  });

  it("keeps running while its player is away (a drop is no pause)", async () => {
    const { id, clients, w } = await seatedMatch({ ...ROLL_IS_A_DECISION, reconnectSeconds: 3600 });
    const mover = w.table!.match!.turn;
    const other = mover === "white" ? "black" : "white";
    const since = w.table!.clock!.since;
    clients[mover].close();
    const away = await clients[other].next("update");
    expect(away.events[0]?.event.type).toBe("player-disconnected");
    expect(away.table.clock).toMatchObject({ running: mover, since });
    // The flag comes before the hour-long reconnect window.
    expect((await deadlines(id)).find((d) => d.kind === "reconnect")!.due).toBeGreaterThan(away.table.clock!.flagAt!);
    expect(await alarmAt(id)).toBe(Math.min(away.table.clock!.flagAt!, (await nextDue(id))!));
  });
});

describe("pace", () => {
  it("the opening roll, automatic rolls and forced plays need no click (long nardi's first non-doubles are forced)", async () => {
    const created = await createTable({ preset: "armenian-long" });
    // Opening 5-2: White starts; 6-3 and 5-2 from the head have one play each; then White's 4-1 is a choice.
    await runInDurableObject(stubOf(created.tableId), (room: MatchRoom) => {
      room.room.scriptedDice = scriptedDice([5, 2, 6, 3, 5, 2, 4, 1]);
    });
    const joined = await (await api(`/v1/tables/${created.tableId}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json() as { table: TableView };
    const log = (await history(created.tableId)).events.map((e) => e.event);
    expect(log.slice(-7)).toEqual([
      expect.objectContaining({ type: "hand-started" }),
      { type: "opening-roll", white: 5, black: 2, starter: "white" },
      { type: "rolled", side: "white", dice: [6, 3], auto: true },
      expect.objectContaining({ type: "played", side: "white", forced: true }),
      { type: "rolled", side: "black", dice: [5, 2], auto: true },
      expect.objectContaining({ type: "played", side: "black", forced: true }),
      { type: "rolled", side: "white", dice: [4, 1], auto: true },
    ]);
    // Forced plays cost no clock time: White's decision starts with the join itself.
    const joinedAt = (await history(created.tableId)).events.at(-1)!.at;
    expect(joined.table.clock).toMatchObject({ running: "white", since: joinedAt });
    expect(joined.table.match).toMatchObject({ phase: "moving", dice: [4, 1] });
  });

  it("rolls for the next side in the same stored change as the play before, when it may not double", async () => {
    const { id, w, b, clients } = await seatedMatch({ preset: "georgian-short" });
    const mover = w.table!.match!.turn;
    const statsBefore = (await (await api(`/v1/tables/${id}/stats`)).json()) as { commands: number };
    const seqBefore = w.seq;
    await act(clients[mover], [w, b], { type: "play", play: clients[mover].legalPlays![0]!.play });
    const statsAfter = (await (await api(`/v1/tables/${id}/stats`)).json()) as { commands: number };
    expect(statsAfter.commands - statsBefore.commands).toBe(1);
    const [played, rolled] = (await history(id, seqBefore)).events;
    expect(played?.event).toMatchObject({ type: "played", side: mover });
    expect(rolled?.event).toMatchObject({ type: "rolled", side: mover === "white" ? "black" : "white", auto: true });
    // One stored change: the same time.
    expect(rolled?.at).toBe(played?.at);
  });

  it("auto-roll when I'd only roll: a per-player setting that rolls at once, even with the cube available", async () => {
    const { w, b, clients } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn;
    expect(clients[mover].table!.match!.phase).toBe("awaiting-roll");
    const seq = await act(clients[mover], [w, b], { type: "auto-roll", on: true });
    const table = clients[mover].table!;
    expect(table.players[mover]!.autoRoll).toBe(true);
    expect(table.match!.phase).toBe("moving");
    expect((await history(table.id, seq - 1)).events.map((e) => e.event)).toEqual([
      expect.objectContaining({ type: "rolled", side: mover, auto: true }),
    ]);
    // Switching it off is logged too (an `auto-roll` event: the seq moves) and every socket gets the new view.
    clients[mover].skipAll();
    clients[mover].send({ type: "auto-roll", id: commandId(), on: false });
    expect(await clients[mover].answer()).toMatchObject({ type: "ack", seq: seq + 1 });
    expect((await clients[mover].next("update")).table.players[mover]!.autoRoll).toBe(false);
  });

  it("a table stored before clocks plays the default time control", async () => {
    const { id, w } = await seatedMatch(ROLL_IS_A_DECISION);
    await runInDurableObject(stubOf(id), async (room: MatchRoom) => {
      const loaded = room.room.store.load()!;
      const { clock: _clock, timeControl: _tc, ...info } = loaded.info;
      room.room.commit({ room: { ...loaded, info }, events: [], at: Date.now() });
    });
    const view = await viewOf(id);
    expect(view.timeControl.name).toBe("standard");
    expect(view.clock).toMatchObject({ running: w.table!.match!.turn });
  });
});

