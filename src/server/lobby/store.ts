/**
 * The lobby's SQLite: open tables (with the client that listed each), recent removals (tombstones) and matches in
 * progress. Every query is here; rows are parsed with ./stored.ts and the summaries with their wire schemas.
 * Reads never write: rows past their expiry are filtered out by the queries and deleted by `purge` (the alarm).
 */
import type * as z from "zod";
import { PlayingSummarySchema, TableSummarySchema, type PlayingSummary, type TableSummary } from "../../protocol";
import type { Logger } from "../log";
import { CountRowSchema, DueRowSchema, RelayRowSchema, SeqRowSchema, SummaryRowSchema } from "./stored";

/** The newest tables first; more than a page of waiting tables is more than anyone scrolls. */
const LIST_LIMIT = 100;
/** Tables one client (address) has listed at once: its newer tables push its older ones off the list. */
export const LISTED_TABLES_PER_CLIENT = 3;

export interface PlayingReport {
  summary: PlayingSummary;
  /** Public with spectators allowed: shown in `playing`. */
  listed: boolean;
  /** Human seats the match's log calls here. */
  present: number;
}

export class LobbyStore {
  constructor(
    private readonly sql: SqlStorage,
    private readonly log: Logger,
  ) {}

  /** True when the table was removed lately (a late `add` after its `remove` must not list it). */
  isClosed(id: string): boolean {
    return this.sql.exec("SELECT 1 FROM closed_tables WHERE id = ?", id).toArray().length > 0;
  }

  /** Lists a table for `client`, which keeps only its newest LISTED_TABLES_PER_CLIENT. */
  addOpen(summary: TableSummary, expiresAt: number, client: string): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO open_tables (id, summary, created_at, expires_at, client) VALUES (?, ?, ?, ?, ?)",
      summary.id,
      JSON.stringify(summary),
      summary.createdAt,
      expiresAt,
      client,
    );
    this.sql.exec(
      `DELETE FROM open_tables WHERE client = ? AND id NOT IN
         (SELECT id FROM open_tables WHERE client = ? ORDER BY created_at DESC, id LIMIT ?)`,
      client,
      client,
      LISTED_TABLES_PER_CLIENT,
    );
  }

  /** Takes a table off the list and remembers it until `expiresAt`. */
  closeOpen(id: string, expiresAt: number): void {
    this.sql.exec("DELETE FROM open_tables WHERE id = ?", id);
    this.sql.exec("INSERT OR REPLACE INTO closed_tables (id, expires_at) VALUES (?, ?)", id, expiresAt);
  }

  renameHost(id: string, host: string): void {
    this.sql.exec("UPDATE open_tables SET summary = json_set(summary, '$.host', ?) WHERE id = ?", host, id);
  }

  /** A match's report; its first `startedAt` stays whatever later reports say. */
  putPlaying(id: string, report: PlayingReport, expiresAt: number): void {
    this.sql.exec(
      `INSERT INTO playing_tables (id, summary, listed, present, started_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET present = excluded.present, expires_at = excluded.expires_at,
           summary = json_set(excluded.summary, '$.startedAt', json_extract(playing_tables.summary, '$.startedAt'))`,
      id,
      JSON.stringify(report.summary),
      report.listed ? 1 : 0,
      report.present,
      report.summary.startedAt,
      expiresAt,
    );
  }

  deletePlaying(id: string): void {
    this.sql.exec("DELETE FROM playing_tables WHERE id = ?", id);
  }

  /** Public tables waiting for a second player, newest first. A table past its expiry is never listed. */
  open(now: number): TableSummary[] {
    return this.#summaries(TableSummarySchema, "SELECT summary FROM open_tables WHERE expires_at > ? ORDER BY created_at DESC, id LIMIT ?", now);
  }

  /** Listed matches in progress, newest first. */
  playing(now: number): PlayingSummary[] {
    return this.#summaries(PlayingSummarySchema, "SELECT summary FROM playing_tables WHERE listed = 1 AND expires_at > ? ORDER BY started_at DESC, id LIMIT ?", now);
  }

  /** Human seats present at matches in progress, plus one host per listed open table (the feeds are counted apart). */
  seatedAndHosts(now: number): number {
    const seated = CountRowSchema.parse(this.sql.exec("SELECT SUM(present) AS n FROM playing_tables WHERE expires_at > ?", now).one()).n;
    const hosts = CountRowSchema.parse(this.sql.exec("SELECT COUNT(*) AS n FROM open_tables WHERE expires_at > ?", now).one()).n;
    return (seated ?? 0) + (hosts ?? 0);
  }

  /** A relay's count of feed sockets; a relay with none is forgotten (it gets no batches until a socket comes). */
  setRelay(name: string, sockets: number): void {
    if (sockets > 0) this.sql.exec("INSERT OR REPLACE INTO feed_relays (name, sockets) VALUES (?, ?)", name, sockets);
    else this.sql.exec("DELETE FROM feed_relays WHERE name = ?", name);
  }

  /** The relays holding feed sockets, each with the count it last reported. */
  relays(): Map<string, number> {
    const rows = this.sql.exec("SELECT name, sockets FROM feed_relays").toArray().map((row) => RelayRowSchema.parse(row));
    return new Map(rows.map((r) => [r.name, r.sockets]));
  }

  /** The feed's last batch number (0 before the first). */
  seq(): number {
    const row = this.sql.exec("SELECT seq FROM feed_seq WHERE one = 1").toArray()[0];
    return row === undefined ? 0 : SeqRowSchema.parse(row).seq;
  }

  setSeq(seq: number): void {
    this.sql.exec("INSERT OR REPLACE INTO feed_seq (one, seq) VALUES (1, ?)", seq);
  }

  /** Deletes expired rows; the next expiry (ms), or null when nothing is left. */
  purge(now: number): number | null {
    this.sql.exec("DELETE FROM open_tables WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM closed_tables WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM playing_tables WHERE expires_at <= ?", now);
    const next = this.sql
      .exec(
        "SELECT MIN(due) AS due FROM (SELECT MIN(expires_at) AS due FROM open_tables UNION ALL SELECT MIN(expires_at) FROM closed_tables UNION ALL SELECT MIN(expires_at) FROM playing_tables)",
      )
      .one();
    return DueRowSchema.parse(next).due;
  }

  /**
   * The summaries of the rows `query` (bound to now and LIST_LIMIT) selects, parsed like wire data: a row stored
   * by an older version that no longer fits is left off the list (and logged), not served on a guess.
   */
  #summaries<T>(schema: z.ZodType<T>, query: string, now: number): T[] {
    return this.sql
      .exec(query, now, LIST_LIMIT)
      .toArray()
      .flatMap((row) => {
        const summary = schema.safeParse(JSON.parse(SummaryRowSchema.parse(row).summary));
        if (summary.success) return [summary.data];
        this.log.error("lobby row does not fit its schema; not listed", summary.error.message);
        return [];
      });
  }
}
