/**
 * The lobby's SQLite tables, made (and brought up to date) when the object starts. Every step may run again on
 * each start (`IF NOT EXISTS`, a column added only when missing), so a lobby stored by an older version keeps its rows.
 */
import { ColumnRowSchema } from "./stored";

export function migrateLobby(sql: SqlStorage): void {
  sql.exec(
    `CREATE TABLE IF NOT EXISTS open_tables (
       id TEXT PRIMARY KEY,
       summary TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       expires_at INTEGER NOT NULL
     )`,
  );
  // Added after the first release: lobbies created before it get the column (rows from then have no client).
  const columns = sql.exec("SELECT name FROM pragma_table_info('open_tables')").toArray().map((row) => ColumnRowSchema.parse(row).name);
  if (!columns.some((name) => name === "client")) sql.exec("ALTER TABLE open_tables ADD COLUMN client TEXT NOT NULL DEFAULT ''");
  sql.exec("CREATE INDEX IF NOT EXISTS open_tables_by_age ON open_tables (created_at DESC, id)");
  sql.exec("CREATE INDEX IF NOT EXISTS open_tables_by_expiry ON open_tables (expires_at)");
  sql.exec("CREATE INDEX IF NOT EXISTS open_tables_by_client ON open_tables (client, created_at)");
  // Removals remembered for a while, so an `add` that arrives after its `remove` cannot list a joined table.
  sql.exec("CREATE TABLE IF NOT EXISTS closed_tables (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)");
  sql.exec("CREATE INDEX IF NOT EXISTS closed_tables_by_expiry ON closed_tables (expires_at)");
  // Matches in progress: `listed` ones (public, spectators allowed) are shown; all count their `present` seats.
  sql.exec(
    `CREATE TABLE IF NOT EXISTS playing_tables (
       id TEXT PRIMARY KEY,
       summary TEXT NOT NULL,
       listed INTEGER NOT NULL,
       present INTEGER NOT NULL,
       started_at INTEGER NOT NULL,
       expires_at INTEGER NOT NULL
     )`,
  );
  sql.exec("CREATE INDEX IF NOT EXISTS playing_tables_by_age ON playing_tables (listed, started_at DESC, id)");
  sql.exec("CREATE INDEX IF NOT EXISTS playing_tables_by_expiry ON playing_tables (expires_at)");
  // The feed (issue 27): the relays that hold feed sockets, with the count each last reported, and the batch number.
  sql.exec("CREATE TABLE IF NOT EXISTS feed_relays (name TEXT PRIMARY KEY, sockets INTEGER NOT NULL)");
  sql.exec("CREATE TABLE IF NOT EXISTS feed_seq (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL)");
}
