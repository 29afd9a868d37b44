/**
 * A pool's SQLite: its choices, its seekers (who, rating, since when, whether a pairing is under way, since when
 * their socket is gone) and each player's last opponent here. Everything a wave needs survives eviction and
 * restarts. Rows are parsed with ./stored.ts; the tables are made by ./migrations.ts.
 */
import type { SeekChoice } from "../../protocol";
import { CountRowSchema, EarliestRowSchema, PoolRowSchema, SeekerRowSchema, type SeekerRow } from "./stored";

export type { SeekerRow } from "./stored";

export class PoolStore {
  constructor(private readonly sql: SqlStorage) {}

  /** The pool's choices, once its first seeker came (null before). */
  choice(): SeekChoice | null {
    const row = this.sql.exec("SELECT query FROM pool").toArray()[0];
    return row ? PoolRowSchema.parse(row).query : null;
  }

  /** Keeps the first seeker's query as the pool's choices (every later one carries the same). */
  keepChoice(query: string): void {
    this.sql.exec("INSERT OR IGNORE INTO pool (id, query) VALUES (1, ?)", query);
  }

  #rows(where: string, ...params: SqlStorageValue[]): SeekerRow[] {
    return this.sql
      .exec(
        `SELECT s.*, o.opponent_id AS last_opponent FROM seekers s LEFT JOIN last_opponents o ON o.player_id = s.player_id ${where} ORDER BY s.since, s.player_id`,
        ...params,
      )
      .toArray()
      .map((row) => SeekerRowSchema.parse(row));
  }

  all(): SeekerRow[] {
    return this.#rows("");
  }

  get(playerId: string): SeekerRow | null {
    return this.#rows("WHERE s.player_id = ?", playerId)[0] ?? null;
  }

  count(): number {
    return CountRowSchema.parse(this.sql.exec("SELECT COUNT(*) AS n FROM seekers").one()).n;
  }

  /** A new seek, or the same player's seek again: a reconnect keeps `since` (the place in the queue). */
  upsert(playerId: string, name: string, rating: number, now: number, avoid: readonly string[] = []): SeekerRow {
    this.sql.exec(
      `INSERT INTO seekers (player_id, name, rating, since, avoid) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, rating = excluded.rating, avoid = excluded.avoid, gone_at = NULL`,
      playerId,
      name,
      rating,
      now,
      JSON.stringify(avoid),
    );
    const row = this.get(playerId);
    if (!row) throw new Error("quick match: a seeker's row vanished as it was written");
    return row;
  }

  rename(playerId: string, name: string): void {
    this.sql.exec("UPDATE seekers SET name = ? WHERE player_id = ?", name, playerId);
  }

  remove(playerId: string): void {
    this.sql.exec("DELETE FROM seekers WHERE player_id = ?", playerId);
  }

  gone(playerId: string, at: number): void {
    this.sql.exec("UPDATE seekers SET gone_at = ? WHERE player_id = ? AND gone_at IS NULL", at, playerId);
  }

  pairing(playerIds: string[], tableId: string): void {
    for (const id of playerIds) this.sql.exec("UPDATE seekers SET state = 'pairing', table_id = ? WHERE player_id = ?", tableId, id);
  }

  /** Back to waiting with the same `since`: the front of the queue. */
  waiting(playerId: string): void {
    this.sql.exec("UPDATE seekers SET state = 'waiting', table_id = NULL WHERE player_id = ?", playerId);
  }

  paired(a: string, b: string, at: number): void {
    this.remove(a);
    this.remove(b);
    this.sql.exec("INSERT OR REPLACE INTO last_opponents (player_id, opponent_id, at) VALUES (?, ?, ?), (?, ?, ?)", a, b, at, b, a, at);
  }

  /** The player's last opponent here stops counting (they were paired elsewhere since). */
  forgetOpponent(playerId: string): void {
    this.sql.exec("DELETE FROM last_opponents WHERE player_id = ?", playerId);
  }

  /** Pairings older than `before` (ms) are forgotten: by then any seek that began before them has expired. */
  forgetOpponentsBefore(before: number): void {
    this.sql.exec("DELETE FROM last_opponents WHERE at < ?", before);
  }

  /** When the oldest remembered pairing was made (ms), or null when none is. */
  oldestOpponent(): number | null {
    return EarliestRowSchema.parse(this.sql.exec("SELECT MIN(at) AS at FROM last_opponents").one()).at;
  }
}
