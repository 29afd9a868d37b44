/**
 * The match object's SQLite storage. Three tables:
 * - `room`: ONE row holding the table info, the match state, the current seq and the storage counters;
 * - `events`: the append-only log (seq = rowid, so no extra index rows); the last event of a client command
 *   carries the seat and command id, which is all the dedupe needs;
 * - `deadlines`: (kind, seat) → due time, the only place deadlines live (WITHOUT ROWID: one row per deadline);
 * - `outbox` (made with its first row): facts for D1 that the alarm still has to deliver (./outbox.ts).
 * Every change is one `transactionSync`: its events rows + one `room` row (+ any deadline rows). Rows written and
 * read are counted from each cursor and kept in the `room` row, so the counters survive eviction.
 */
import type { Side } from "../../engine";
import type { LoggedEvent, TableOrMatchEvent, TableStats } from "../../protocol";
import type { Room } from "./table";

/**
 * `reconnect`: a seat's window after its last socket closed; `arrive`: a seat that has had no socket since the
 * match started must open one in time (else it is away, like a drop); `expire`: a waiting table nobody joined;
 * `deliver`: the next attempt to deliver the outbox to D1.
 */
export type DeadlineKind = "reconnect" | "arrive" | "expire" | "deliver";

/** What an outbox row is for: the key of its idempotent write in D1 is (table id, purpose). */
export type OutboxPurpose = "match-record";

export interface OutboxEntry {
  purpose: OutboxPurpose;
  attempts: number;
}
/** Reconnect and arrival windows belong to a seat; the waiting-table expiry to the whole table. */
export type DeadlineOwner = Side | "table";

export interface Deadline {
  kind: DeadlineKind;
  seat: DeadlineOwner;
  due: number;
}

export interface Change {
  /** The room after the change (its seq is set by the store). */
  room: Room;
  events: TableOrMatchEvent[];
  at: number;
  /** Set for an accepted game command: counted, and (with an id) remembered for dedupe. */
  command?: { seat: Side; id: string | null };
  setDeadlines?: Deadline[];
  clearDeadlines?: Array<Pick<Deadline, "kind" | "seat">>;
  clearAllDeadlines?: boolean;
  /** Outbox rows: put one (with the final event), count a failed delivery, or clear a delivered one. */
  outbox?: { put?: OutboxPurpose; failed?: OutboxPurpose; delivered?: OutboxPurpose };
}

/** The storage counters, as `/v1/tables/:id/stats` serves them. */
export type Stats = TableStats;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS room (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seq INTEGER NOT NULL,
  info TEXT NOT NULL,
  match TEXT,
  commands INTEGER NOT NULL DEFAULT 0,
  rows_written INTEGER NOT NULL DEFAULT 0,
  rows_read INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  event TEXT NOT NULL,
  actor TEXT,
  command_id TEXT
);
CREATE TABLE IF NOT EXISTS deadlines (
  kind TEXT NOT NULL,
  seat TEXT NOT NULL,
  due INTEGER NOT NULL,
  PRIMARY KEY (kind, seat)
) WITHOUT ROWID;
`;

const OUTBOX_SCHEMA = "CREATE TABLE IF NOT EXISTS outbox (purpose TEXT PRIMARY KEY, attempts INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID";

interface RoomRow extends Record<string, SqlStorageValue> {
  seq: number;
  info: string;
  match: string | null;
  commands: number;
  rows_written: number;
  rows_read: number;
}

interface EventRow extends Record<string, SqlStorageValue> {
  seq: number;
  at: number;
  event: string;
}

export class RoomStore {
  #cached: Room | null = null;
  #counters: Omit<Stats, "events"> | null = null;
  /** Rows read since the last commit (written into the counters with the next commit). */
  #unsavedReads = 0;
  /** Rows the last room-row update wrote beyond the one it counted for itself. */
  #uncountedWrites = 0;
  /** `${seat} ${id}` → the seq its command produced. Rebuilt from the log after a wake. */
  #commandIds: Map<string, number> | null = null;

  constructor(private readonly sql: SqlStorage, private readonly storage: DurableObjectStorage) {}

  /** A table lives here (without creating anything: probing a random id must not leave a database behind). */
  exists(): boolean {
    return this.load() !== null;
  }

  load(): Room | null {
    if (this.#cached) return this.#cached;
    const hasRoom = this.#read(this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'room'")).length > 0;
    if (!hasRoom) return null;
    const row = this.#read(this.sql.exec<RoomRow>("SELECT * FROM room WHERE id = 1"))[0];
    if (!row) return null;
    this.#cached = {
      seq: row.seq,
      info: JSON.parse(row.info) as Room["info"],
      match: row.match === null ? null : (JSON.parse(row.match) as Room["match"]),
    };
    this.#counters = { commands: row.commands, rowsWritten: row.rows_written, rowsRead: row.rows_read };
    return this.#cached;
  }

  /** Creates the tables and the room's first state (with its first events) in one transaction. */
  create(change: Change): LoggedEvent[] {
    return this.storage.transactionSync(() => {
      this.sql.exec(SCHEMA);
      this.#counters = { commands: 0, rowsWritten: 0, rowsRead: 0 };
      this.sql.exec("INSERT INTO room (id, seq, info, match) VALUES (1, 0, '{}', NULL)");
      this.#cached = null;
      return this.#apply(change);
    });
  }

  /** Stores one change atomically; the caller acknowledges nothing before this returns. */
  commit(change: Change): LoggedEvent[] {
    return this.storage.transactionSync(() => this.#apply(change));
  }

  #apply(change: Change): LoggedEvent[] {
    const counters = this.#counters;
    if (!counters) throw new Error("commit before load");
    let written = 0;
    const start = this.#cached?.seq ?? 0;
    const logged: LoggedEvent[] = change.events.map((event, i) => ({ seq: start + i + 1, at: change.at, event }));
    logged.forEach((entry, i) => {
      const last = i === logged.length - 1 && change.command?.id != null;
      const cursor = this.sql.exec(
        "INSERT INTO events (seq, at, event, actor, command_id) VALUES (?, ?, ?, ?, ?)",
        entry.seq,
        entry.at,
        JSON.stringify(entry.event),
        last ? change.command!.seat : null,
        last ? change.command!.id : null,
      );
      written += cursor.rowsWritten;
    });
    if (change.clearAllDeadlines) written += this.sql.exec("DELETE FROM deadlines").rowsWritten;
    for (const d of change.clearDeadlines ?? []) {
      written += this.sql.exec("DELETE FROM deadlines WHERE kind = ? AND seat = ?", d.kind, d.seat).rowsWritten;
    }
    for (const d of change.setDeadlines ?? []) {
      written += this.sql.exec("INSERT OR REPLACE INTO deadlines (kind, seat, due) VALUES (?, ?, ?)", d.kind, d.seat, d.due).rowsWritten;
    }
    if (change.outbox) written += this.#applyOutbox(change.outbox);
    const seq = start + logged.length;
    const next: Omit<Stats, "events"> = {
      commands: counters.commands + (change.command ? 1 : 0),
      // + 1: the room row this very statement writes.
      rowsWritten: counters.rowsWritten + written + 1 + this.#uncountedWrites,
      rowsRead: counters.rowsRead + this.#unsavedReads,
    };
    const update = this.sql.exec(
      "UPDATE room SET seq = ?, info = ?, match = ?, commands = ?, rows_written = ?, rows_read = ? WHERE id = 1",
      seq,
      JSON.stringify(change.room.info),
      change.room.match === null ? null : JSON.stringify(change.room.match),
      next.commands,
      next.rowsWritten,
      next.rowsRead,
    );
    // Only now, inside the transaction that cannot fail any more, update the in-memory copies.
    this.#uncountedWrites = update.rowsWritten - 1;
    this.#unsavedReads = 0;
    this.#counters = next;
    this.#cached = { seq, info: change.room.info, match: change.room.match };
    if (change.command?.id != null && this.#commandIds) this.#commandIds.set(commandKey(change.command.seat, change.command.id), seq);
    return logged;
  }

  #applyOutbox({ put, failed, delivered }: NonNullable<Change["outbox"]>): number {
    let written = 0;
    if (put) {
      this.sql.exec(OUTBOX_SCHEMA);
      written += this.sql.exec("INSERT OR IGNORE INTO outbox (purpose) VALUES (?)", put).rowsWritten;
    }
    if (failed) written += this.sql.exec("UPDATE outbox SET attempts = attempts + 1 WHERE purpose = ?", failed).rowsWritten;
    if (delivered) written += this.sql.exec("DELETE FROM outbox WHERE purpose = ?", delivered).rowsWritten;
    return written;
  }

  /** Rows still to deliver (none in a table that never had one). */
  outbox(): OutboxEntry[] {
    const hasOutbox = this.#read(this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'")).length > 0;
    if (!hasOutbox) return [];
    return this.#read(this.sql.exec<{ purpose: string; attempts: number }>("SELECT purpose, attempts FROM outbox")).map((row) => ({
      purpose: row.purpose as OutboxPurpose,
      attempts: row.attempts,
    }));
  }

  eventsAfter(seq: number): LoggedEvent[] {
    const rows = this.#read(this.sql.exec<EventRow>("SELECT seq, at, event FROM events WHERE seq > ? ORDER BY seq", seq));
    return rows.map((row) => ({ seq: row.seq, at: row.at, event: JSON.parse(row.event) as TableOrMatchEvent }));
  }

  /** The seq a command with this id from this seat produced, or null if it was never applied. */
  commandSeq(seat: Side, id: string): number | null {
    if (!this.#commandIds) {
      const rows = this.#read(
        this.sql.exec<{ actor: string; command_id: string; seq: number }>(
          "SELECT actor, command_id, seq FROM events WHERE command_id IS NOT NULL",
        ),
      );
      this.#commandIds = new Map(rows.map((row) => [commandKey(row.actor as Side, row.command_id), row.seq]));
    }
    return this.#commandIds.get(commandKey(seat, id)) ?? null;
  }

  deadlines(): Deadline[] {
    if (!this.exists()) return [];
    return this.#read(this.sql.exec<{ kind: string; seat: string; due: number }>("SELECT kind, seat, due FROM deadlines ORDER BY due")).map(
      (row) => ({ kind: row.kind as DeadlineKind, seat: row.seat as DeadlineOwner, due: row.due }),
    );
  }

  stats(): Stats {
    this.load();
    const counters = this.#counters ?? { commands: 0, rowsWritten: 0, rowsRead: 0 };
    return { ...counters, rowsRead: counters.rowsRead + this.#unsavedReads, events: this.#cached?.seq ?? 0 };
  }

  /** Forgets everything (an expired waiting table): the object then costs nothing. */
  async destroy(): Promise<void> {
    await this.storage.deleteAlarm();
    await this.storage.deleteAll();
    this.#cached = null;
    this.#counters = null;
    this.#commandIds = null;
  }

  #read<T extends Record<string, SqlStorageValue>>(cursor: SqlStorageCursor<T>): T[] {
    const rows = cursor.toArray();
    this.#unsavedReads += cursor.rowsRead;
    return rows;
  }
}

function commandKey(seat: Side, id: string): string {
  return `${seat} ${id}`;
}
