/**
 * A pool's SQLite: its seekers (who, rating, since when, whether a pairing is under way, since when their socket
 * is gone) and each player's last opponent here. Everything a wave needs survives eviction and restarts.
 */
import * as z from "zod";

export const SeekerRowSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  rating: z.number(),
  since: z.number(),
  /** "waiting", or "pairing" while a table is being made for them (a cancel then comes too late). */
  state: z.enum(["waiting", "pairing"]),
  /** When the last socket closed (ms); null while connected. */
  gone_at: z.number().nullable(),
  /** The table a pairing under way is making. */
  table_id: z.string().nullable(),
  last_opponent: z.string().nullable(),
});
export type SeekerRow = z.infer<typeof SeekerRowSchema>;

export class PoolStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(
      `CREATE TABLE IF NOT EXISTS seekers (
         player_id TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         rating REAL NOT NULL,
         since INTEGER NOT NULL,
         state TEXT NOT NULL DEFAULT 'waiting',
         gone_at INTEGER,
         table_id TEXT
       )`,
    );
    sql.exec("CREATE TABLE IF NOT EXISTS last_opponents (player_id TEXT PRIMARY KEY, opponent_id TEXT NOT NULL, at INTEGER NOT NULL DEFAULT 0)");
    // A pool from before `at` existed: its rows count as old, and go at the next alarm.
    const columns = sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('last_opponents')").toArray();
    if (!columns.some((c) => c.name === "at")) sql.exec("ALTER TABLE last_opponents ADD COLUMN at INTEGER NOT NULL DEFAULT 0");
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
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM seekers").one().n;
  }

  /** A new seek, or the same player's seek again: a reconnect keeps `since` (the place in the queue). */
  upsert(playerId: string, name: string, rating: number, now: number): SeekerRow {
    this.sql.exec(
      `INSERT INTO seekers (player_id, name, rating, since) VALUES (?, ?, ?, ?)
       ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, rating = excluded.rating, gone_at = NULL`,
      playerId,
      name,
      rating,
      now,
    );
    return this.get(playerId)!;
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
    return this.sql.exec<{ at: number | null }>("SELECT MIN(at) AS at FROM last_opponents").one().at;
  }
}
