/**
 * A SQLite table of the match object kept beside the room's own tables and its event log (chat lines, rematch
 * offers): made on first use, so older rooms need no migration, and wiped with the rest by the purge.
 */
export function sideTable(sql: SqlStorage, schema: string): () => SqlStorage {
  let ready = false;
  return () => {
    if (!ready) {
      sql.exec(schema);
      ready = true;
    }
    return sql;
  };
}
