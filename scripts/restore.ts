/**
 * `npm run restore -- <file>`: loads a backup made by `npm run backup` into an EMPTY D1 database, local or remote,
 * and checks it: every table holds the backup's rows, and the coin ledger's audit is clean (docs/operations.md).
 *
 *   npm run restore -- FILE                          the local database (.wrangler/state)
 *   npm run restore -- FILE --persist-to DIR         a local state folder
 *   npm run restore -- FILE --remote                 the database on Cloudflare named in wrangler.toml
 *
 * Two kinds of empty database are accepted:
 * - one with no tables at all (just made by `wrangler d1 create`, or a wiped state folder): the backup's own
 *   schema is loaded with its rows, its `d1_migrations` included, so `wrangler d1 migrations apply` afterwards
 *   applies only the migrations newer than the backup;
 * - one with the migrations applied and nothing else in it (`npm run db:migrate`, or `wrangler d1 migrations apply
 *   DB --remote`): its applied migrations must be exactly the backup's, and no table may hold more rows than the
 *   migrations alone put there (counted on a scratch database migrated here). The rows the migrations seeded (the
 *   coin ledger's house account) are replaced by the backup's.
 * A database holding anything else is refused, and nothing is changed.
 *
 * Triggers: the rows in a backup are what the triggers already made of them (coin_accounts.balance is what the
 * coin_transfers AFTER INSERT trigger posted). Replaying the coin_transfers rows with that trigger in place would
 * post every balance twice, and the append-only triggers guard against changes, not loads. So the rows are loaded
 * with no trigger present and the triggers created after them — the order of the export itself for a database
 * without tables; for a migrated one, its triggers are dropped, the rows loaded and the very same triggers
 * (their SQL read from the database) created again, in one file: all of it or nothing (locally one D1 batch,
 * remotely one D1 import, which puts the database back as it was when it does not complete).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AUDIT_SQL, auditOf, type LedgerAudit } from "../src/server/db/audit";
import { describe, executeFile, migrateLocal, parseTarget, query, queryEach, UsageError, type Row, type Target } from "./d1";
import { isInternalTable, MIGRATIONS_TABLE, parseDump, quoteId, type Dump } from "./sql-dump";

interface SchemaObject {
  type: string;
  name: string;
  sql: string;
}

export interface RestoreSummary {
  mode: "whole" | "rows";
  rows: number;
  tables: number;
  audit: LedgerAudit;
}

const SCHEMA_SQL = "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid;";

function schemaOf(rows: readonly Row[]): SchemaObject[] {
  return rows.map((r) => ({ type: String(r.type), name: String(r.name), sql: String(r.sql) }));
}

function userTables(schema: readonly SchemaObject[]): string[] {
  return schema.filter((o) => o.type === "table" && !isInternalTable(o.name)).map((o) => o.name);
}

function quoteSql(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

interface Survey {
  schema: SchemaObject[];
  /** The applied migrations, in order (none without a d1_migrations table). */
  migrations: string[];
  counts: Map<string, number>;
  audit: LedgerAudit | null;
}

/**
 * What a database holds, in ONE wrangler call (each costs seconds): its schema, its applied migrations, the row
 * count of each of `tables` (one statement per table: D1 allows few terms in a compound SELECT) and, if asked,
 * the coin ledger's audit.
 */
function survey(target: Target, tables: readonly string[], opts: { audit?: boolean } = {}): Survey {
  const migrations = tables.includes(MIGRATIONS_TABLE) ? `SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id;` : "SELECT 1 WHERE 0;";
  const counts = tables.map((t) => `SELECT ${quoteSql(t)} AS name, count(*) AS n FROM ${quoteId(t)};`);
  const audit = opts.audit ? [AUDIT_SQL.disagreements, AUDIT_SQL.closedNotEmpty, AUDIT_SQL.total].map((q) => `${q};`) : [];
  const answers = queryEach(target, [SCHEMA_SQL, migrations, ...counts, ...audit]);
  const at = (i: number): Row[] => answers[i] ?? [];
  const counted = answers.slice(2, 2 + counts.length).flat();
  return {
    schema: schemaOf(at(0)),
    migrations: at(1).map((r) => String(r.name)),
    counts: new Map(counted.map((r) => [String(r.name), Number(r.n)])),
    audit: opts.audit ? auditOf(at(2 + counts.length), at(3 + counts.length), at(4 + counts.length)) : null,
  };
}

/** Rows per table that the migrations alone put in a database: a scratch local database, migrated here. */
function seededRows(config: string, tables: readonly string[], expectMigrations: readonly string[]): Map<string, number> {
  const scratch = mkdtempSync(join(tmpdir(), "nardi-seed-"));
  try {
    migrateLocal(config, scratch);
    const seeded = survey({ remote: false, persistTo: scratch, config }, tables);
    if (seeded.migrations.join("\n") !== expectMigrations.join("\n")) {
      throw new UsageError(
        `this checkout's migrations/ (${seeded.migrations.at(-1) ?? "none"}, ${seeded.migrations.length}) are not the ones the database has applied (${expectMigrations.at(-1) ?? "none"}, ${expectMigrations.length}): run the restore from the release that migrated it`,
      );
    }
    return seeded.counts;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The load for a migrated, empty database: its triggers dropped, the rows the migrations seeded (`present`) cleared, the backup's rows, the triggers again. */
function rowsLoad(dump: Dump, schema: readonly SchemaObject[], present: ReadonlyMap<string, number>): string {
  const triggers = schema.filter((o) => o.type === "trigger");
  const lines = ["PRAGMA defer_foreign_keys=TRUE;"];
  for (const t of triggers) lines.push(`DROP TRIGGER ${quoteId(t.name)};`);
  for (const [table, n] of present) if (n > 0 && table !== MIGRATIONS_TABLE) lines.push(`DELETE FROM ${quoteId(table)};`);
  // sqlite_sequence is left to SQLite: inserting rows with their ids moves each AUTOINCREMENT counter past them.
  for (const s of dump.statements) if (s.kind === "insert" && s.table !== MIGRATIONS_TABLE && !isInternalTable(s.table)) lines.push(s.sql);
  for (const t of triggers) lines.push(`${t.sql};`);
  return `${lines.join("\n")}\n`;
}

function describeCounts(counts: ReadonlyArray<[string, number]>): string {
  return counts.map(([t, n]) => `${t} ${n}`).join(", ");
}

export function restore(target: Target, file: string, log: (line: string) => void = () => {}): RestoreSummary {
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  let dump: Dump;
  try {
    dump = parseDump(readFileSync(file, "utf8"));
  } catch (err) {
    throw new UsageError(`refusing ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const dataTables = [...dump.rows.keys()].filter((t) => t !== MIGRATIONS_TABLE);
  const backupRows = dataTables.reduce((s, t) => s + (dump.rows.get(t) ?? 0), 0);
  log(`backup ${file}: ${dataTables.length} tables, ${backupRows} rows; migrations applied: ${dump.migrations.at(-1) ?? "none"} (${dump.migrations.length})`);
  log(`checking that ${describe(target)} is empty ...`);
  const schema = schemaOf(query(target, SCHEMA_SQL));
  const tables = userTables(schema);
  let mode: RestoreSummary["mode"];
  if (tables.length === 0) {
    mode = "whole";
    log("the database has no tables: loading the backup's schema, rows, indexes and triggers (in that order) ...");
    executeFile(target, file);
  } else {
    if (!tables.includes(MIGRATIONS_TABLE)) {
      throw new UsageError(`refusing: the database has tables (${tables.join(", ")}) but no ${MIGRATIONS_TABLE}: it is not a migrated nardi database. Restore into a new, empty one.`);
    }
    const before = survey(target, tables);
    if (before.migrations.join("\n") !== dump.migrations.join("\n")) {
      throw new UsageError(
        `refusing: the database has other migrations applied than the backup (database: ${before.migrations.join(", ") || "none"}; backup: ${dump.migrations.join(", ") || "none"}). ` +
          "Restore into a database with no tables at all (it then gets the backup's schema; apply newer migrations afterwards), or one migrated exactly as far as the backup.",
      );
    }
    const missing = dataTables.filter((t) => !tables.includes(t));
    if (missing.length > 0) throw new UsageError(`refusing: the backup has tables the database lacks: ${missing.join(", ")}`);
    // Anything beyond what a freshly migrated database holds is data: a table with a row the migrations did not seed.
    const unseeded = tables.filter((t) => t !== MIGRATIONS_TABLE && (before.counts.get(t) ?? 0) > 0);
    const seeded = unseeded.length > 0 ? seededRows(target.config, tables, before.migrations) : new Map<string, number>();
    const extra = unseeded.filter((t) => (before.counts.get(t) ?? 0) > (seeded.get(t) ?? 0));
    if (extra.length > 0) {
      throw new UsageError(
        `refusing: the database is not empty (${describeCounts(extra.map((t) => [t, before.counts.get(t) ?? 0]))}). ` +
          "A restore loads into an empty database only: make a new one (`wrangler d1 create`, or a fresh state folder) and migrate it.",
      );
    }
    mode = "rows";
    log(`the database is migrated (${before.migrations.at(-1) ?? "none"}) and empty: loading ${backupRows} rows with its triggers held back ...`);
    const scratch = mkdtempSync(join(tmpdir(), "nardi-restore-"));
    try {
      const load = join(scratch, "load.sql");
      writeFileSync(load, rowsLoad(dump, schema, before.counts));
      executeFile(target, load);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  log("checking the restored database ...");
  const after = survey(target, [...dump.rows.keys()], { audit: true });
  const wrong = dataTables.filter((t) => after.counts.get(t) !== dump.rows.get(t));
  if (wrong.length > 0) {
    throw new Error(`the restored database does not hold the backup's rows: ${wrong.map((t) => `${t} ${after.counts.get(t) ?? "missing"} (backup ${dump.rows.get(t)})`).join(", ")}`);
  }
  const expectedTriggers = mode === "rows" ? schema.filter((o) => o.type === "trigger").map((o) => o.name) : dump.statements.flatMap((st) => (st.kind === "trigger" ? [st.name] : []));
  const triggersAfter = new Set(after.schema.filter((o) => o.type === "trigger").map((o) => o.name));
  const lost = expectedTriggers.filter((t) => !triggersAfter.has(t));
  if (lost.length > 0) throw new Error(`triggers missing after the restore: ${lost.join(", ")}`);
  const audit = after.audit!;
  const problems = audit.disagreements.length + audit.closedNotEmpty.length + (audit.total !== 0 ? 1 : 0);
  for (const d of audit.disagreements) log(`  DISAGREES ${d.account}: stored ${d.stored}, from its transfers ${d.computed}`);
  if (problems > 0) throw new Error(`the restored coin ledger is not sound (${problems} problem(s)): do not serve from this database`);
  log(`restored ${backupRows} rows into ${dataTables.length} tables; every table holds the backup's rows; ledger sound`);
  if (mode === "whole") log("next: apply the migrations newer than the backup (npm run db:migrate, or wrangler d1 migrations apply DB --remote)");
  return { mode, rows: backupRows, tables: dataTables.length, audit };
}

function main(): void {
  try {
    const { target, rest } = parseTarget(process.argv.slice(2));
    const files = rest.filter((a) => !a.startsWith("--"));
    const unknown = rest.filter((a) => a.startsWith("--"));
    if (unknown.length > 0) throw new UsageError(`unknown argument ${unknown[0]} (expected FILE, --remote, --persist-to DIR, --config FILE)`);
    if (files.length !== 1) throw new UsageError("usage: npm run restore -- <backup.sql> [--remote | --persist-to DIR]");
    restore(target, resolve(files[0]!), (line) => console.log(line));
  } catch (err) {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
