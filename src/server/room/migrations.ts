/**
 * Upgrades a room stored by an older version of this code, inside the transaction of its first load, so a deploy
 * never breaks a live match. One step per version; each step leaves rows that the next step (and in the end the
 * schemas of ./stored) accept.
 */
import { DeadlineSchema, TableInfoSchema } from "./stored";

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
};

/** Brings the room from `version` to the current one (called inside a transaction). */
export function migrate(sql: SqlStorage, version: number): void {
  for (let v = version; STEPS[v]; v++) STEPS[v]!(sql);
}
