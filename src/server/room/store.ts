/**
 * The match object's SQLite storage. Three tables:
 * - `room`: ONE row holding the table info, the match state, the current seq and the storage counters;
 * - `events`: the append-only log (seq = rowid, so no extra index rows); the last event of a client command
 *   carries the seat and command id, which is all the dedupe needs;
 * - `deadlines`: (kind, seat) → due time, the only place deadlines live (WITHOUT ROWID: one row per deadline);
 * - `outbox` (made with its first row): facts for D1 that the alarm still has to deliver (./outbox.ts).
 * Every change is one `transactionSync`: its events rows + one `room` row (+ any deadline rows). Rows written and
 * read are counted from each cursor and kept in the `room` row, so the counters survive eviction.
 * Every row is parsed with the schemas of ./stored when read; the room row carries the storage version, and
 * ./migrations upgrades a room written by an older version on its first load.
 */
import type { z } from "zod";
import type { Side } from "../../engine";
import { SideSchema, type LoggedEvent, type TableOrMatchEvent, type TableStats } from "../../protocol";
import { migrate } from "./migrations";
import {
  DeadlineSchema,
  MatchStateSchema,
  OutboxRowSchema,
  STORAGE_VERSION,
  StoredEventSchema,
  TableInfoSchema,
  type DeadlineKindSchema,
  type DeadlineOwnerSchema,
} from "./stored";
import type { Room } from "./table";

export type DeadlineKind = z.infer<typeof DeadlineKindSchema>;
export type DeadlineOwner = z.infer<typeof DeadlineOwnerSchema>;
export type Deadline = z.infer<typeof DeadlineSchema>;
export type OutboxPurpose = z.infer<typeof OutboxRowSchema>["purpose"];
export type OutboxEntry = z.infer<typeof OutboxRowSchema>;

/** One page of the log: the events after a seq, and the seq to continue after (null when the page reaches the end). */
export interface EventPage {
  events: LoggedEvent[];
  next: number | null;
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
  rows_read INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1
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
  /** The storage version (the column is missing in rooms written before versions: version 1). */
  version: number;
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
    let row = this.#read(this.sql.exec<RoomRow>("SELECT * FROM room WHERE id = 1"))[0];
    if (!row) return null;
    const version = "version" in row ? row.version : 1;
    if (version < STORAGE_VERSION) {
      this.storage.transactionSync(() => migrate(this.sql, version));
      row = this.#read(this.sql.exec<RoomRow>("SELECT * FROM room WHERE id = 1"))[0]!;
    }
    if (row.version !== STORAGE_VERSION) throw new Error(`room stored by storage version ${row.version}; this code knows up to ${STORAGE_VERSION}`);
    this.#cached = {
      seq: row.seq,
      info: TableInfoSchema.parse(JSON.parse(row.info)),
      match: row.match === null ? null : MatchStateSchema.parse(JSON.parse(row.match)),
    };
    this.#counters = { commands: row.commands, rowsWritten: row.rows_written, rowsRead: row.rows_read };
    return this.#cached;
  }

  /** Creates the tables and the room's first state (with its first events) in one transaction. */
  create(change: Change): LoggedEvent[] {
    return this.storage.transactionSync(() => {
      this.sql.exec(SCHEMA);
      this.#counters = { commands: 0, rowsWritten: 0, rowsRead: 0 };
      this.sql.exec("INSERT INTO room (id, seq, info, match, version) VALUES (1, 0, '{}', NULL, ?)", STORAGE_VERSION);
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
    return this.#read(this.sql.exec("SELECT purpose, attempts FROM outbox")).map((row) => OutboxRowSchema.parse(row));
  }

  /** At most `limit` events after `seq`, in seq order. */
  eventsAfter(seq: number, limit: number): EventPage {
    const rows = this.#read(this.sql.exec<EventRow>("SELECT seq, at, event FROM events WHERE seq > ? ORDER BY seq LIMIT ?", seq, limit));
    const events = rows.map((row): LoggedEvent => ({ seq: row.seq, at: row.at, event: StoredEventSchema.parse(JSON.parse(row.event)) }));
    const last = events.at(-1)?.seq;
    return { events, next: last !== undefined && last < (this.#cached?.seq ?? this.load()?.seq ?? 0) ? last : null };
  }

  /** The seq a command with this id from this seat produced, or null if it was never applied. */
  commandSeq(seat: Side, id: string): number | null {
    if (!this.#commandIds) {
      const rows = this.#read(
        this.sql.exec<{ actor: string; command_id: string; seq: number }>(
          "SELECT actor, command_id, seq FROM events WHERE command_id IS NOT NULL",
        ),
      );
      this.#commandIds = new Map(rows.map((row) => [commandKey(SideSchema.parse(row.actor), row.command_id), row.seq]));
    }
    return this.#commandIds.get(commandKey(seat, id)) ?? null;
  }

  deadlines(): Deadline[] {
    if (!this.exists()) return [];
    return this.#read(this.sql.exec("SELECT kind, seat, due FROM deadlines ORDER BY due")).map((row) => DeadlineSchema.parse(row));
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
