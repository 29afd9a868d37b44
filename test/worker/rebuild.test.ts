/**
 * A woken match object rebuilds exactly the state it acknowledged: the room from the log's last snapshot and the
 * engine steps after it (storage version 4). Two tables get the same dice and the same commands; one of them is
 * evicted after every single command (and before the first), the other never. After each wake the evicted one
 * must hold exactly what it held before (room, seq, counters, log) and agree with its un-evicted twin.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { legalPlaysFor, seededDice, seededRandom, stateFacts, type DiceSource, type MatchState, type Side } from "../../src/engine";
import type { CreateTableBody, LoggedEvent } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { SNAPSHOT_EVERY, type Stats } from "../../src/server/room/store";
import type { Room, TableInfo } from "../../src/server/room/table";
import { type Client, commandId, connectSeats, createTable, history, joinTable, stubOf } from "./helpers";

interface Table {
  id: string;
  dice: DiceSource;
  clients: Record<Side, Client>;
}

interface Held {
  room: Room;
  stats: Stats;
}

/** What the object holds in memory now (a woken object has just rebuilt it), with its dice set to the table's. */
async function held(table: Table): Promise<Held> {
  return runInDurableObject(stubOf(table.id), (object: MatchRoom) => {
    // A new instance starts with crypto dice: it goes on with the table's scripted ones.
    object.room.scriptedDice = table.dice;
    const room = object.room.store.load()!;
    return { room: structuredClone(room), stats: object.room.store.stats() };
  });
}

async function seat(body: Partial<CreateTableBody>, seed: number): Promise<Table> {
  const white = await createTable(body);
  const dice = seededDice(seed);
  await runInDurableObject(stubOf(white.tableId), (object: MatchRoom) => {
    object.room.scriptedDice = dice;
  });
  const black = await joinTable(white.tableId);
  const clients = await connectSeats(white.tableId, { white: white.token, black: black.token });
  return { id: white.tableId, dice, clients };
}

/** The next command for the side to act, chosen with `rng` (cube actions included). */
function decide(match: MatchState, rng: () => number): { side: Side; message: Record<string, unknown> } | null {
  const { toAct: side, may } = stateFacts(match);
  if (!side) return null;
  if (may.includes("take")) return { side, message: { type: rng() < 0.75 ? "take" : "drop" } };
  if (may.includes("roll")) return { side, message: { type: may.includes("double") && rng() < 0.3 ? "double" : "roll" } };
  const plays = legalPlaysFor(match);
  return { side, message: { type: "play", play: plays[Math.floor(rng() * plays.length)]!.notation } };
}

async function command(table: Table, side: Side, message: Record<string, unknown>): Promise<number> {
  const client = table.clients[side];
  client.send({ ...message, id: commandId() });
  const answer = await client.answer();
  if (answer.type !== "ack") throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.seq;
}

/** The room without what differs between two tables by identity or by the milliseconds their commands took. */
function comparable(info: TableInfo) {
  const seat = (s: TableInfo["seats"]["white"]) => s && { ...s, tokenHash: null, returnedAt: undefined };
  return {
    ...info,
    id: "",
    createdAt: 0,
    seats: { white: seat(info.seats.white), black: seat(info.seats.black) },
    clock: info.clock && { running: info.clock.running },
    // Each table has its own fair-dice seed (these two roll scripted dice).
    fairDice: info.fairDice && { ...info.fairDice, serverSeed: "" },
  };
}

/** The log without times, and without each table's own fair-dice seed (its commitment and reveal). */
const withoutTimes = (events: LoggedEvent[]) =>
  events.map(({ seq, event }) => ({ seq, event: { ...event, diceCommitment: undefined, serverSeed: undefined } }));

describe("a woken match object rebuilds the same state", () => {
  for (const [name, body, seed] of [
    ["short nardi with the cube", { preset: "backgammon", length: 3 }, 7],
    ["long nardi with the cube", { preset: "federation-long", length: 3 }, 11],
  ] as const) {
    it(`${name}: evicted after every command of a whole match, it matches its un-evicted twin`, async () => {
      const twin = await seat(body, seed);
      const evicted = await seat(body, seed);
      const rng = seededRandom(seed);
      // White rolls automatically (the pace rolls for it); forced plays happen on their own.
      for (const table of [twin, evicted]) await command(table, "white", { type: "auto-roll", on: true });
      let commands = 0;
      let snapshots = 0;
      for (;;) {
        const before = await held(evicted);
        await evictDurableObject(stubOf(evicted.id));
        const woken = await held(evicted);
        expect(woken.room).toEqual(before.room);
        expect({ ...woken.stats, rowsRead: 0 }).toEqual({ ...before.stats, rowsRead: 0 });
        const other = await held(twin);
        expect(woken.room.seq).toBe(other.room.seq);
        expect(woken.room.match).toEqual(other.room.match);
        expect(comparable(woken.room.info)).toEqual(comparable(other.room.info));
        expect(woken.stats.commands).toBe(other.stats.commands);

        const next = decide(woken.room.match!, rng);
        if (!next) break;
        const seqs = [await command(twin, next.side, next.message), await command(evicted, next.side, next.message)];
        expect(seqs[1]).toBe(seqs[0]);
        commands++;
        snapshots += await runInDurableObject(stubOf(evicted.id), (_o: MatchRoom, state) =>
          state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM log WHERE seq = ? AND match IS NOT NULL", seqs[1]!).one().n,
        );
      }
      expect(commands).toBeGreaterThan(20);
      // Most changes stored only their engine step: snapshots came every SNAPSHOT_EVERY changes of the match or so.
      expect(snapshots).toBeLessThanOrEqual(Math.ceil(commands / (SNAPSHOT_EVERY - 1)) + 3);
      const logs = [await history(twin.id), await history(evicted.id)];
      expect(withoutTimes(logs[1]!.events)).toEqual(withoutTimes(logs[0]!.events));
      const types = logs[1]!.events.map((e) => e.event.type);
      for (const type of ["doubled", "match-ended"]) expect(types).toContain(type);
      // An automatic roll of the pace, not the opening dice handed to the starter (marked auto too).
      const events = logs[1]!.events;
      expect(events.some((e, i) => e.event.type === "rolled" && e.event.auto && events[i - 1]?.event.type !== "opening-roll")).toBe(true);
      expect(logs[1]!.events.some((e) => e.event.type === "played" && e.event.forced)).toBe(true);
      for (const client of [...Object.values(twin.clients), ...Object.values(evicted.clients)]) client.close();
    });
  }
});
