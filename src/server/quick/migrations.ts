/**
 * The SQLite tables of a pool and of the seeker registry, made (and brought up to date) when the object starts.
 * Each step may run again on every start: `IF NOT EXISTS`, or a column added only when it is missing, so a pool
 * or registry stored by an older version goes on with its rows.
 */
import { ColumnRowSchema } from "./stored";

export function migratePool(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS pool (id INTEGER PRIMARY KEY CHECK (id = 1), query TEXT NOT NULL)");
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
  const columns = sql.exec("SELECT name FROM pragma_table_info('last_opponents')").toArray().map((row) => ColumnRowSchema.parse(row).name);
  if (!columns.some((name) => name === "at")) sql.exec("ALTER TABLE last_opponents ADD COLUMN at INTEGER NOT NULL DEFAULT 0");
  // A pool from before blocks: its seekers avoid nobody (JSON array of player ids).
  const seekerColumns = sql.exec("SELECT name FROM pragma_table_info('seekers')").toArray().map((row) => ColumnRowSchema.parse(row).name);
  if (!seekerColumns.some((name) => name === "avoid")) sql.exec("ALTER TABLE seekers ADD COLUMN avoid TEXT NOT NULL DEFAULT '[]'");
}

export function migrateRegistry(sql: SqlStorage): void {
  sql.exec(
    `CREATE TABLE IF NOT EXISTS claims (
       player_id TEXT NOT NULL,
       table_id TEXT NOT NULL,
       paired_at INTEGER NOT NULL,
       PRIMARY KEY (player_id, table_id)
     )`,
  );
  sql.exec("CREATE INDEX IF NOT EXISTS claims_by_player ON claims (player_id, paired_at)");
  sql.exec("CREATE INDEX IF NOT EXISTS claims_by_age ON claims (paired_at)");
  // Which pools a player has sought in lately: how a moderation action finds their seeks (docs/moderation-live.md).
  sql.exec("CREATE TABLE IF NOT EXISTS seeks (player_id TEXT NOT NULL, pool TEXT NOT NULL, since INTEGER NOT NULL, PRIMARY KEY (player_id, pool))");
  sql.exec("CREATE INDEX IF NOT EXISTS seeks_by_age ON seeks (since)");
}
