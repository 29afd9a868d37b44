/** The Monitor's SQLite tables, made when the object starts (`IF NOT EXISTS`: every start may run it again). */

export function migrateMonitor(sql: SqlStorage): void {
  sql.exec(
    `CREATE TABLE IF NOT EXISTS deliveries (
       table_id TEXT PRIMARY KEY,
       ended_at INTEGER NOT NULL,
       attempts INTEGER NOT NULL,
       stake INTEGER NOT NULL,
       delivered_at INTEGER
     ) WITHOUT ROWID`,
  );
  sql.exec("CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (delivered_at, ended_at)");
  sql.exec("CREATE TABLE IF NOT EXISTS error_counts (hour INTEGER NOT NULL, code TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (hour, code)) WITHOUT ROWID");
}
