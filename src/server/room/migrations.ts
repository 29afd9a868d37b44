/**
 * Upgrades a room stored by an older version of this code, inside the transaction of its first load, so a deploy
 * never breaks a live match. One step per version; each step leaves rows that the next step (and in the end the
 * schemas of ./stored) accept.
 */
import { clockSettings, DEFAULT_TIME_CONTROL, resolveTimeControl } from "../../protocol";
import { sideToAct, startClock } from "../../engine";
import { DeadlineSchema, MatchStateSchema, TableInfoSchema } from "./stored";

const STEPS: Record<number, (sql: SqlStorage) => void> = {
  /**
   * 1 → 2: the room row gets its version column, and each seat says what the log last said of it: a seat with an
   * open reconnect window was logged as disconnected (`away`). Everything else version 1 stored is unchanged.
   */
  1: (sql) => {
    sql.exec("ALTER TABLE room ADD COLUMN version INTEGER NOT NULL DEFAULT 1");
    const { info } = sql.exec<{ info: string }>("SELECT info FROM room WHERE id = 1").one();
    const table = TableInfoSchema.parse(JSON.parse(info));
    const windows = sql.exec("SELECT kind, seat, due FROM deadlines").toArray().map((row) => DeadlineSchema.parse(row));
    for (const side of ["white", "black"] as const) {
      const seat = table.seats[side];
      if (seat && windows.some((d) => d.kind === "reconnect" && d.seat === side)) seat.away = true;
    }
    sql.exec("UPDATE room SET info = ?, version = 2 WHERE id = 1", JSON.stringify(table));
  },
  /**
   * 2 → 3: clocks. A table stored before them plays the default time control; a match under way gets its clock
   * now, running for the side that must act (what was thought before the deploy is not charged). Rule sets without
   * a `timeout` rule read as `lose-match` (the schema's default), written out here.
   */
  2: (sql) => {
    const row = sql.exec<{ info: string; match: string | null }>("SELECT info, match FROM room WHERE id = 1").one();
    const table = TableInfoSchema.parse(JSON.parse(row.info));
    const match = row.match === null ? null : MatchStateSchema.parse(JSON.parse(row.match));
    table.timeControl ??= resolveTimeControl(DEFAULT_TIME_CONTROL, table.length);
    if (match && table.status === "playing") table.clock ??= startClock(clockSettings(table.timeControl), sideToAct(match), Date.now());
    sql.exec("UPDATE room SET info = ?, match = ?, version = 3 WHERE id = 1", JSON.stringify(table), match === null ? null : JSON.stringify(match));
  },
  /**
   * 3 → 4: the log. Each stored event becomes a log row of its own (seq and n = its seq, its command's seat and
   * id kept); the newest row takes the room row's table info, its match as a snapshot and its counters. The
   * `events` table is dropped, and the room row keeps only the version, the counters and the table's id.
   */
  3: (sql) => {
    const room = sql.exec<{ seq: number; info: string; match: string | null; commands: number; rows_written: number; rows_read: number }>(
      "SELECT seq, info, match, commands, rows_written, rows_read FROM room WHERE id = 1",
    ).one();
    const table = TableInfoSchema.parse(JSON.parse(room.info));
    const match = room.match === null ? null : MatchStateSchema.parse(JSON.parse(room.match));
    sql.exec(LOG_SCHEMA_V4);
    sql.exec(
      `INSERT INTO log (seq, n, at, count, events, actor, command_id, commands, rows_written, rows_read)
       SELECT seq, seq, at, 1, '[' || event || ']', actor, command_id, 0, 0, 0 FROM events`,
    );
    const counters = [room.commands, room.rows_written, room.rows_read] as const;
    const newest = sql.exec<{ seq: number }>("SELECT seq FROM log ORDER BY seq DESC LIMIT 1").toArray()[0];
    if (newest && newest.seq === room.seq) {
      sql.exec(
        "UPDATE log SET info = ?, match = ?, commands = ?, rows_written = ?, rows_read = ? WHERE seq = ?",
        JSON.stringify(table),
        JSON.stringify(match),
        ...counters,
        room.seq,
      );
    } else {
      sql.exec(
        "INSERT INTO log (seq, n, at, count, events, info, match, commands, rows_written, rows_read) VALUES (?, ?, ?, 0, '[]', ?, ?, ?, ?, ?)",
        room.seq,
        (newest?.seq ?? 0) + 1,
        table.createdAt,
        JSON.stringify(table),
        JSON.stringify(match),
        ...counters,
      );
    }
    sql.exec("DROP TABLE events");
    sql.exec("UPDATE room SET info = ?, match = NULL, version = 4 WHERE id = 1", JSON.stringify({ id: table.id }));
  },
  /**
   * 4 → 5: log rows may carry the clock and roll count alone (`turn`) instead of the whole table info. Every row
   * version 4 wrote stays as it is: each of its info values is whole.
   */
  4: (sql) => {
    sql.exec("ALTER TABLE log ADD COLUMN turn TEXT");
    sql.exec("UPDATE room SET version = 5 WHERE id = 1");
  },
};

/** The log as storage version 4 made it (the 3 → 4 step creates it; 4 → 5 adds its `turn` column). */
const LOG_SCHEMA_V4 = `
CREATE TABLE IF NOT EXISTS log (
  seq INTEGER NOT NULL,
  n INTEGER NOT NULL,
  at INTEGER NOT NULL,
  count INTEGER NOT NULL,
  events TEXT NOT NULL,
  actor TEXT,
  command_id TEXT,
  info TEXT,
  match TEXT,
  replay TEXT,
  commands INTEGER NOT NULL,
  rows_written INTEGER NOT NULL,
  rows_read INTEGER NOT NULL,
  PRIMARY KEY (seq, n)
) WITHOUT ROWID;
`;

/** Brings the room from `version` to the current one (called inside a transaction). */
export function migrate(sql: SqlStorage, version: number): void {
  for (let v = version; STEPS[v]; v++) STEPS[v]!(sql);
}
