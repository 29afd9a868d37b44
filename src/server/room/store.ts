/**
 * The match object's SQLite storage (docs/storage.md). Tables:
 * - `log`: ONE row per change that changed the room (WITHOUT ROWID, keyed by (seq, n): no index rows): its
 *   events as a JSON array (seq `seq - count + 1` … `seq`; none for a change of the table info alone), the
 *   seat and command id of an accepted command (all the dedupe needs), the table info when it changed (whole,
 *   or, when only the clock and the roll count moved, just those as `turn`: ~150 bytes instead of ~1.1 KB, which
 *   keeps the row within its B-tree page), and the
 *   match either as a snapshot (every SNAPSHOT_EVERY replayable changes, and whenever a change brings a match
 *   the engine cannot replay, e.g. a new one) or as the engine step that rebuilds it from the one before
 *   (the engine's `advance`, with the dice drawn); plus the storage counters as of that row;
 * - `room`: one row, written at creation and by a change that writes no log row (deadlines or outbox only): the
 *   storage version and the counters as of such a change;
 * - `deadlines`: (kind, seat) → due time, the only place deadlines live (WITHOUT ROWID: one row per deadline);
 *   the clock's flag is derived from the stored clock and costs none;
 * - `outbox` (made with its first row): facts for D1 that the alarm still has to deliver (./outbox.ts).
 * Every change is one `transactionSync`, and the caller acknowledges nothing before it returns. A wake reads the
 * log backwards to the last info and the last match snapshot and replays the steps after it through the engine.
 * Rows written and read are counted from each cursor and kept with the rows, so the counters survive eviction.
 * Every row is parsed with the schemas of ./stored when read; ./migrations upgrades a room written by an older
 * version on its first load.
 */
import type { z } from "zod";
import { advance, scriptedDice, type MatchState, type Side } from "../../engine";
import { SideSchema, type LoggedEvent, type TableOrMatchEvent, type TableStats } from "../../protocol";
import { migrate } from "./migrations";
import {
  DeadlineSchema,
  MatchStateSchema,
  OutboxRowSchema,
  ReplaySchema,
  STORAGE_VERSION,
  StoredEventsSchema,
  TableInfoSchema,
  TurnSchema,
  type DeadlineKindSchema,
  type DeadlineOwnerSchema,
} from "./stored";
import type { Room, TableInfo } from "./table";

export type DeadlineKind = z.infer<typeof DeadlineKindSchema>;
export type DeadlineOwner = z.infer<typeof DeadlineOwnerSchema>;
export type Deadline = z.infer<typeof DeadlineSchema>;
export type OutboxPurpose = z.infer<typeof OutboxRowSchema>["purpose"];
export type OutboxEntry = z.infer<typeof OutboxRowSchema>;
export type Replay = z.infer<typeof ReplaySchema>;
type Turn = z.infer<typeof TurnSchema>;

/**
 * A match snapshot is stored at least every this many changes of the match; between snapshots each change stores
 * only its engine step (command + dice, ~60 bytes instead of ~700). A wake replays at most SNAPSHOT_EVERY - 1
 * steps (each one engine command and its pace: tens of microseconds), so the bound keeps a wake cheap while the
 * snapshots add a few hundred bytes per 16 turns. Rows written are the same either way: the snapshot shares its
 * change's row.
 */
export const SNAPSHOT_EVERY = 16;

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
  /** How the engine rebuilds `room.match` from the match before (absent: the match is stored as a snapshot). */
  replay?: Replay;
  setDeadlines?: Deadline[];
  clearDeadlines?: Array<Pick<Deadline, "kind" | "seat">>;
  clearAllDeadlines?: boolean;
  /** Outbox rows: put one (with the final event), count a failed delivery, or clear a delivered one. */
  outbox?: { put?: OutboxPurpose; failed?: OutboxPurpose; delivered?: OutboxPurpose };
}

/** The storage counters, as `/v1/tables/:id/stats` serves them. */
export type Stats = TableStats;
type Counters = Omit<Stats, "events">;

const ROOM_SCHEMA = `
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
CREATE TABLE IF NOT EXISTS deadlines (
  kind TEXT NOT NULL,
  seat TEXT NOT NULL,
  due INTEGER NOT NULL,
  PRIMARY KEY (kind, seat)
) WITHOUT ROWID;
`;

/** The log (storage version 5). */
export const LOG_SCHEMA = `
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
  turn TEXT,
  PRIMARY KEY (seq, n)
) WITHOUT ROWID;
`;

const OUTBOX_SCHEMA = "CREATE TABLE IF NOT EXISTS outbox (purpose TEXT PRIMARY KEY, attempts INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID";

interface RoomRow extends Record<string, SqlStorageValue> {
  commands: number;
  rows_written: number;
  rows_read: number;
  /** The storage version (the column is missing in rooms written before versions: version 1). */
  version: number;
}

interface LogRow extends Record<string, SqlStorageValue> {
  seq: number;
  n: number;
  info: string | null;
  turn: string | null;
  match: string | null;
  replay: string | null;
  commands: number;
  rows_written: number;
  rows_read: number;
}

interface EventsRow extends Record<string, SqlStorageValue> {
  seq: number;
  at: number;
  count: number;
  events: string;
}

export class RoomStore {
  #cached: Room | null = null;
  #counters: Counters | null = null;
  /** The number of the last log row (the next one is this + 1). */
  #n = 0;
  /** Replayed changes of the match since its last snapshot. */
  #sinceSnapshot = 0;
  /** Rows read since the last commit (written into the counters with the next commit). */
  #unsavedReads = 0;
  /** Rows the last counted statement wrote beyond the one it counted for itself. */
  #uncountedWrites = 0;
  /**
   * The deadlines as last read. Only this store writes their table, and each change updates this copy as its
   * statements update the table; the alarm forgets it (`forgetReads`), so an edit made behind the store's back
   * (a test moving due times) is seen when it runs. Reading them once per command was ~7% of the object's CPU time.
   */
  #deadlines: Deadline[] | null = null;
  /** The stored table info apart from its turn (`infoApartFromTurn`): a change whose info differs only in its turn stores the turn. */
  #infoKey: string | null = null;
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
    return this.#rebuild(row);
  }

  /**
   * The room from the log: read backwards from the newest row to the newest table info and match snapshot, then
   * the steps after the snapshot replayed through the engine with their recorded dice.
   */
  #rebuild(roomRow: RoomRow): Room | null {
    const cursor = this.sql.exec<LogRow>("SELECT seq, n, info, turn, match, replay, commands, rows_written, rows_read FROM log ORDER BY seq DESC, n DESC");
    let last: LogRow | null = null;
    let info: TableInfo | null = null;
    // The newest turn stored after the newest whole info (that info's own clock and roll count are older).
    let turn: Turn | null = null;
    let snapshot: MatchState | null | undefined;
    const steps: Replay[] = [];
    for (const row of cursor) {
      last ??= row;
      if (info === null && row.info !== null) info = TableInfoSchema.parse(JSON.parse(row.info));
      else if (info === null && turn === null && row.turn !== null) turn = TurnSchema.parse(JSON.parse(row.turn));
      if (snapshot === undefined) {
        if (row.match !== null) snapshot = row.match === "null" ? null : MatchStateSchema.parse(JSON.parse(row.match));
        else if (row.replay !== null) steps.push(ReplaySchema.parse(JSON.parse(row.replay)));
      }
      if (info !== null && snapshot !== undefined) break;
    }
    this.#unsavedReads += cursor.rowsRead;
    if (!last || !info) return null;
    if (turn) info = withTurn(info, turn);
    this.#infoKey = infoApartFromTurn(info);
    let match = snapshot ?? null;
    for (const step of steps.reverse()) {
      if (!match) throw new Error("a stored engine step without a match before it");
      const next = advance(match, step.command, step.autoRoll, scriptedDice(step.dice));
      if (!next.ok) throw new Error(`a stored engine step no longer replays: ${next.error.code}`);
      match = next.value.state;
    }
    this.#n = last.n;
    this.#sinceSnapshot = steps.length;
    // The newer counters: the log's last row, or the room row if a change that wrote no log row came after it.
    const counters = roomRow.rows_written > last.rows_written ? roomRow : last;
    this.#counters = { commands: counters.commands, rowsWritten: counters.rows_written, rowsRead: counters.rows_read };
    this.#cached = { seq: last.seq, info, match };
    return this.#cached;
  }

  /** Creates the tables and the room's first state (with its first events) in one transaction. */
  create(change: Change): LoggedEvent[] {
    return this.storage.transactionSync(() => {
      this.sql.exec(ROOM_SCHEMA);
      this.sql.exec(LOG_SCHEMA);
      this.#counters = { commands: 0, rowsWritten: 0, rowsRead: 0 };
      // The room row keeps the table's id readable by tools; the table info itself lives in the log.
      const written = this.sql.exec(
        "INSERT INTO room (id, seq, info, match, version) VALUES (1, 0, ?, NULL, ?)",
        JSON.stringify({ id: change.room.info.id }),
        STORAGE_VERSION,
      ).rowsWritten;
      this.#uncountedWrites += written;
      this.#cached = null;
      this.#infoKey = null;
      this.#n = 0;
      this.#sinceSnapshot = 0;
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
    const before = this.#cached;
    const start = before?.seq ?? 0;
    const seq = start + change.events.length;
    const logged: LoggedEvent[] = change.events.map((event, i) => ({ seq: start + i + 1, at: change.at, event }));
    if (change.clearAllDeadlines) written += this.sql.exec("DELETE FROM deadlines").rowsWritten;
    for (const d of change.clearDeadlines ?? []) {
      written += this.sql.exec("DELETE FROM deadlines WHERE kind = ? AND seat = ?", d.kind, d.seat).rowsWritten;
    }
    for (const d of change.setDeadlines ?? []) {
      written += this.sql.exec("INSERT OR REPLACE INTO deadlines (kind, seat, due) VALUES (?, ?, ?)", d.kind, d.seat, d.due).rowsWritten;
    }
    if (change.outbox) written += this.#applyOutbox(change.outbox);
    const infoChanged = change.room.info !== before?.info;
    const matchChanged = change.room.match !== (before?.match ?? null);
    const logRow = logged.length > 0 || change.command !== undefined || infoChanged || matchChanged;
    const next: Counters = {
      commands: counters.commands + (change.command ? 1 : 0),
      // + 1: the log or room row this very commit writes (checked against its cursor below).
      rowsWritten: counters.rowsWritten + written + 1 + this.#uncountedWrites,
      rowsRead: counters.rowsRead + this.#unsavedReads,
    };
    let counted: number;
    let sinceSnapshot = this.#sinceSnapshot;
    let infoKey = this.#infoKey;
    if (logRow) {
      let match: string | null = null;
      let replay: string | null = null;
      if (matchChanged) {
        const replayable = change.replay !== undefined && before?.match != null && sinceSnapshot < SNAPSHOT_EVERY - 1;
        if (replayable) replay = JSON.stringify(change.replay);
        else match = JSON.stringify(change.room.match);
        sinceSnapshot = replayable ? sinceSnapshot + 1 : 0;
      }
      let info: string | null = null;
      let turn: string | null = null;
      if (infoChanged) {
        infoKey = infoApartFromTurn(change.room.info);
        if (infoKey === this.#infoKey) turn = JSON.stringify(turnOf(change.room.info));
        else info = JSON.stringify(change.room.info);
      }
      const last = change.command?.id != null;
      counted = this.sql.exec(
        `INSERT INTO log (seq, n, at, count, events, actor, command_id, info, turn, match, replay, commands, rows_written, rows_read)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        seq,
        this.#n + 1,
        change.at,
        logged.length,
        JSON.stringify(change.events),
        last ? change.command!.seat : null,
        last ? change.command!.id : null,
        info,
        turn,
        match,
        replay,
        next.commands,
        next.rowsWritten,
        next.rowsRead,
      ).rowsWritten;
    } else {
      counted = this.sql.exec(
        "UPDATE room SET commands = ?, rows_written = ?, rows_read = ? WHERE id = 1",
        next.commands,
        next.rowsWritten,
        next.rowsRead,
      ).rowsWritten;
    }
    // Only now, inside the transaction that cannot fail any more, update the in-memory copies.
    this.#uncountedWrites = counted - 1;
    this.#unsavedReads = 0;
    this.#counters = next;
    if (logRow) {
      this.#n += 1;
      this.#sinceSnapshot = sinceSnapshot;
    }
    this.#cached = { seq, info: change.room.info, match: change.room.match };
    this.#infoKey = infoKey;
    if (this.#deadlines) this.#deadlines = nextDeadlines(this.#deadlines, change);
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
    // Every row read holds at least one event after `seq`, so `limit` rows are enough.
    const rows = this.#read(
      this.sql.exec<EventsRow>("SELECT seq, at, count, events FROM log WHERE seq > ? AND count > 0 ORDER BY seq, n LIMIT ?", seq, limit),
    );
    const events: LoggedEvent[] = [];
    for (const row of rows) {
      const first = row.seq - row.count + 1;
      StoredEventsSchema.parse(JSON.parse(row.events)).forEach((event, i) => {
        if (first + i > seq && events.length < limit) events.push({ seq: first + i, at: row.at, event });
      });
    }
    const last = events.at(-1)?.seq;
    return { events, next: last !== undefined && last < (this.#cached?.seq ?? this.load()?.seq ?? 0) ? last : null };
  }

  /** The seq a command with this id from this seat produced, or null if it was never applied. */
  commandSeq(seat: Side, id: string): number | null {
    if (!this.#commandIds) {
      const rows = this.#read(
        this.sql.exec<{ actor: string; command_id: string; seq: number }>("SELECT actor, command_id, seq FROM log WHERE command_id IS NOT NULL"),
      );
      this.#commandIds = new Map(rows.map((row) => [commandKey(SideSchema.parse(row.actor), row.command_id), row.seq]));
    }
    return this.#commandIds.get(commandKey(seat, id)) ?? null;
  }

  deadlines(): Deadline[] {
    if (this.#deadlines) return this.#deadlines;
    if (!this.exists()) return [];
    this.#deadlines = this.#read(this.sql.exec("SELECT kind, seat, due FROM deadlines ORDER BY due")).map((row) => DeadlineSchema.parse(row));
    return this.#deadlines;
  }

  /** Forgets the deadlines read before (see `#deadlines`): called as the alarm runs. */
  forgetReads(): void {
    this.#deadlines = null;
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
    this.#infoKey = null;
    this.#counters = null;
    this.#commandIds = null;
    this.#deadlines = null;
  }

  #read<T extends Record<string, SqlStorageValue>>(cursor: SqlStorageCursor<T>): T[] {
    const rows = cursor.toArray();
    this.#unsavedReads += cursor.rowsRead;
    return rows;
  }
}

/** The deadlines after a change, as its statements left the table (one per kind and seat, earliest first). */
function nextDeadlines(before: Deadline[], change: Change): Deadline[] {
  if (!change.clearAllDeadlines && !change.clearDeadlines?.length && !change.setDeadlines?.length) return before;
  const gone = [...(change.clearDeadlines ?? []), ...(change.setDeadlines ?? [])];
  const kept = change.clearAllDeadlines ? [] : before.filter((d) => !gone.some((g) => g.kind === d.kind && g.seat === d.seat));
  // A change setting one kind and seat twice keeps the last, as INSERT OR REPLACE does.
  const set = (change.setDeadlines ?? []).filter((d, i, all) => !all.slice(i + 1).some((later) => later.kind === d.kind && later.seat === d.seat));
  return [...kept, ...set].sort((a, b) => a.due - b.due);
}

/** The clock and roll count of a table info: its `turn`. */
function turnOf(info: TableInfo): Turn {
  return { clock: info.clock ?? null, rolls: info.fairDice?.rolls ?? null };
}

/** `info` with its clock and roll count from `turn` (the inverse of `turnOf` on the rest of the info). */
function withTurn(info: TableInfo, turn: Turn): TableInfo {
  const { clock: _older, ...rest } = info;
  const fairDice = rest.fairDice && turn.rolls !== null ? { ...rest.fairDice, rolls: turn.rolls } : rest.fairDice;
  return { ...rest, ...(turn.clock ? { clock: turn.clock } : {}), ...(fairDice ? { fairDice } : {}) };
}

/** The table info as JSON without its turn: two infos with the same key differ at most in their turn. */
function infoApartFromTurn(info: TableInfo): string {
  return JSON.stringify({ ...info, clock: undefined, fairDice: info.fairDice && { ...info.fairDice, rolls: 0 } });
}

function commandKey(seat: Side, id: string): string {
  return `${seat} ${id}`;
}
