/**
 * Storage version 5: every accepted command is one transaction writing ONE log row (plus a deadline row only when
 * a deadline really changes), which carries the whole table info only when more than its clock and roll count
 * changed; a refused command writes nothing; a room stored by version 3 is migrated on load.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TableOrMatchEventSchema } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import type { Stats } from "../../src/server/room/store";
import { STORAGE_VERSION } from "../../src/server/room/stored";
import fixture from "../fixtures/storage/v3-match.json";
import { api, commandId, connectSeats, history, playOne, seatedMatch, stubOf } from "./helpers";

async function stats(id: string): Promise<Stats> {
  return (await (await api(`/v1/tables/${id}/stats`)).json()) as Stats;
}

describe("storage per command", () => {
  for (const preset of ["georgian-short", "backgammon", "federation-long"] as const) {
    it(`${preset}: one row per command of a whole match, whatever its events`, async () => {
      const { id, clients } = await seatedMatch({ preset });
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
        expect(after.rowsWritten - before.rowsWritten).toBe(1 + deadlineRows);
      }
      // Rolls for a side that cannot double and forced plays cost no command: several events, still one row.
      expect(Math.max(...eventsPerCommand)).toBeGreaterThanOrEqual(3);
      expect(clients.white.table?.status).toBe("over");
    });
  }

  it("a command that moves only the clock and the roll count stores those (`turn`), not the whole table info", async () => {
    const { id, clients } = await seatedMatch({ preset: "georgian-short" });
    for (let i = 0; i < 8; i++) await playOne(clients);
    const before = await runInDurableObject(stubOf(id), (room: MatchRoom) => structuredClone(room.room.store.load()!));
    const rows = await runInDurableObject(stubOf(id), (_room: MatchRoom, state) =>
      state.storage.sql
        .exec<{ info: string | null; turn: string | null; bytes: number }>(
          "SELECT info, turn, length(events) + coalesce(length(info), 0) + coalesce(length(turn), 0) + coalesce(length(replay), 0) + coalesce(length(match), 0) AS bytes FROM log WHERE actor IS NOT NULL",
        )
        .toArray(),
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.info).toBeNull();
      expect(JSON.parse(row.turn!)).toEqual({ clock: expect.objectContaining({ running: expect.any(String) }), rolls: expect.any(Number) });
    }
    // Only a snapshot (every 16 changes) makes a row longer than SQLite's in-page limit for it (~1 KB of 4 KB).
    expect(rows.filter((row) => row.bytes > 1000).length).toBeLessThanOrEqual(1);
    // A wake puts the newest turn back into the newest whole info: the same table, clock included.
    await evictDurableObject(stubOf(id));
    const woken = await runInDurableObject(stubOf(id), (room: MatchRoom) => structuredClone(room.room.store.load()!));
    expect(woken).toEqual(before);
    expect(woken.info.clock).toBeDefined();
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
      events: state.storage.sql.exec<{ n: number | null }>("SELECT SUM(count) AS n FROM log").one().n,
      lastSeq: state.storage.sql.exec<{ n: number }>("SELECT MAX(seq) AS n FROM log").one().n,
      commands: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM log WHERE actor IS NOT NULL").one().n,
      rooms: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM room").one().n,
    }));
    expect(stored).toEqual({ events: counted.events, lastSeq: counted.events, commands: 6, rooms: 1 });
    expect(counted.commands).toBe(6);
    expect((await history(id)).events.map((e) => e.seq)).toEqual(Array.from({ length: counted.events }, (_, i) => i + 1));
    await evictDurableObject(stubOf(id));
    const woken = await stats(id);
    expect({ ...woken, rowsRead: 0 }).toEqual({ ...counted, rowsRead: 0 });
  });
});

describe("a room stored by storage version 3", () => {
  it("is migrated on load (one log row per old event, the room as the newest snapshot) and played to the end", async () => {
    const id = fixture.tableId;
    const shift = Date.now() - fixture.capturedAt;
    await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => {
      const sql = state.storage.sql;
      for (const table of fixture.schema) sql.exec(table.sql);
      for (const row of fixture.room) {
        // The clock as if the rows were written just now (its decision would have run out since the capture).
        const info = JSON.parse(row.info) as { clock?: { since: number } };
        if (info.clock) info.clock.since += shift;
        sql.exec(
          "INSERT INTO room (id, seq, info, match, commands, rows_written, rows_read, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          row.id,
          row.seq,
          JSON.stringify(info),
          row.match,
          row.commands,
          row.rows_written,
          row.rows_read,
          row.version,
        );
      }
      for (const e of fixture.events) sql.exec("INSERT INTO events (seq, at, event, actor, command_id) VALUES (?, ?, ?, ?, ?)", e.seq, e.at, e.event, e.actor, e.command_id);
      for (const d of fixture.deadlines) sql.exec("INSERT INTO deadlines (kind, seat, due) VALUES (?, ?, ?)", d.kind, d.seat, d.due + shift);
    });
    await evictDurableObject(stubOf(id));

    const migrated = await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => ({
      version: state.storage.sql.exec<{ version: number }>("SELECT version FROM room").one().version,
      tables: state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'log')").toArray().map((r) => r.name),
    }));
    expect(migrated).toEqual({ version: STORAGE_VERSION, tables: ["log"] });
    const counted = await stats(id);
    expect(counted.commands).toBe(fixture.room[0]!.commands);
    expect(counted.rowsWritten).toBeGreaterThanOrEqual(fixture.room[0]!.rows_written);
    // The log is as it was, and its events keep their seqs.
    const old = fixture.events.map((e) => ({ seq: e.seq, at: e.at, event: TableOrMatchEventSchema.parse(JSON.parse(e.event)) }));
    expect((await history(id)).events.slice(0, old.length)).toEqual(old);

    const { white: w, black: b } = await connectSeats(id, fixture.tokens);
    // The woken table is where version 3 left it: the same match (board, dice, score) at the same seq.
    const stored = JSON.parse(fixture.room[0]!.match!) as { position: { board: unknown }; score: unknown };
    expect(w.table?.match?.board).toEqual(stored.position.board);
    expect(w.table?.match?.score).toEqual(stored.score);
    // A command id used before the migration is still recognised.
    const usedBefore = fixture.events.findLast((e) => e.command_id !== null)!;
    const client = usedBefore.actor === "white" ? w : b;
    client.send({ type: "roll", id: usedBefore.command_id });
    expect(await client.answer()).toEqual({ type: "ack", id: usedBefore.command_id, seq: usedBefore.seq, duplicate: true });
    const clients = { white: w, black: b };
    for (let i = 0; i < 2000 && (await playOne(clients)); i++) {
      // Evicted now and then on the way: the rebuilt room (migrated snapshot + later steps) plays on.
      if (i % 7 === 3) await evictDurableObject(stubOf(id));
    }
    expect(w.table?.status).toBe("over");
    const final = await history(id);
    expect(final.events.slice(0, old.length)).toEqual(old);
    expect(final.events.at(-1)!.event.type).toBe("match-ended");
  });
});

describe("a room stored by storage version 4", () => {
  it("is migrated on load (its rows keep their whole infos, new rows may carry turns) and played to the end", async () => {
    const { id, clients } = await seatedMatch({ preset: "georgian-short" });
    for (let i = 0; i < 10; i++) await playOne(clients);
    // The same room as version 4 wrote it: a whole table info in every row that changed it, no `turn` column.
    // (Written here by hand from the version-5 rows, as plain JSON, without the store's own code.)
    const before = await runInDurableObject(stubOf(id), (room: MatchRoom, state) => {
      const loaded = structuredClone(room.room.store.load()!);
      const sql = state.storage.sql;
      const rows = sql.exec<{ seq: number; n: number; info: string | null; turn: string | null }>("SELECT seq, n, info, turn FROM log ORDER BY seq, n").toArray();
      type Info = { clock?: unknown; fairDice?: { rolls: number } };
      let info: Info | null = null;
      for (const row of rows) {
        if (row.info !== null) info = JSON.parse(row.info) as Info;
        else if (row.turn !== null && info) {
          const turn = JSON.parse(row.turn) as { clock: unknown; rolls: number | null };
          const whole: Info = info;
          info = { ...whole, clock: turn.clock ?? undefined, ...(whole.fairDice && turn.rolls !== null ? { fairDice: { ...whole.fairDice, rolls: turn.rolls } } : {}) };
          sql.exec("UPDATE log SET info = ?, turn = NULL WHERE seq = ? AND n = ?", JSON.stringify(info), row.seq, row.n);
        }
      }
      sql.exec("ALTER TABLE log DROP COLUMN turn");
      sql.exec("UPDATE room SET version = 4");
      return { loaded, turns: rows.filter((row) => row.turn !== null).length };
    });
    expect(before.turns).toBeGreaterThan(5);
    await evictDurableObject(stubOf(id));

    const migrated = await runInDurableObject(stubOf(id), (room: MatchRoom, state) => ({
      room: structuredClone(room.room.store.load()!),
      version: state.storage.sql.exec<{ version: number }>("SELECT version FROM room").one().version,
    }));
    expect(migrated.version).toBe(STORAGE_VERSION);
    expect(migrated.room).toEqual(before.loaded);
    for (let i = 0; i < 2000 && (await playOne(clients)); i++) {
      if (i % 5 === 2) await evictDurableObject(stubOf(id));
    }
    expect(clients.white.table?.status).toBe("over");
    expect((await history(id)).events.at(-1)!.event.type).toBe("match-ended");
  });
});
