/**
 * `npm run backup`: writes the whole D1 database — every table, whoever added it (players, sessions, ratings,
 * match records, coins, dice statistics, moderation, reports, …), schema and rows — to one .sql file, with
 * `wrangler d1 export`. `npm run restore` loads such a file into an empty database (docs/operations.md).
 *
 *   npm run backup                                   the local database (.wrangler/state, what `npm start` uses)
 *   npm run backup -- --persist-to DIR               a local state folder (`wrangler dev --persist-to DIR`)
 *   npm run backup -- --remote                       the database on Cloudflare named in wrangler.toml
 *   npm run backup -- [...] --output FILE            where to write (default backups/nardi-<where>-<UTC time>.sql);
 *                                                    an existing file is never overwritten
 *
 * Durable Object storage (the tables' live state and event logs) is not in D1 and not in the file: see
 * docs/operations.md for what a restore means for running matches.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, exportTo, parseTarget, ROOT, UsageError, type Target } from "./d1";
import { isInternalTable, MIGRATIONS_TABLE, parseDump } from "./sql-dump";

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  migrations: string[];
}

function defaultOutput(target: Target, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return join(ROOT, "backups", `nardi-${target.remote ? "remote" : "local"}-${stamp}.sql`);
}

/** Exports `target` to `output` (written under a temporary name first, so a failed export leaves no file). */
export function backup(target: Target, output: string, log: (line: string) => void = () => {}): BackupSummary {
  if (existsSync(output)) throw new UsageError(`${output} exists already: a backup never overwrites a file (choose another --output)`);
  if (!target.remote && target.persistTo !== null && !existsSync(join(target.persistTo, "v3", "d1"))) {
    throw new UsageError(`no local D1 database in ${target.persistTo} (expected ${join(target.persistTo, "v3", "d1")}): is that the folder wrangler dev --persist-to was given?`);
  }
  mkdirSync(dirname(output), { recursive: true });
  const partial = `${output}.partial`;
  rmSync(partial, { force: true });
  log(`exporting ${describe(target)} ...`);
  try {
    exportTo(target, partial);
    const dump = parseDump(readFileSync(partial, "utf8"));
    renameSync(partial, output);
    const tables = [...dump.rows].filter(([t]) => t !== MIGRATIONS_TABLE && !isInternalTable(t));
    for (const [table, n] of tables) log(`  ${table}: ${n} row${n === 1 ? "" : "s"}`);
    const summary = { file: output, bytes: statSync(output).size, tables: tables.length, rows: tables.reduce((s, [, n]) => s + n, 0), migrations: dump.migrations };
    log(`wrote ${output}: ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes; migrations applied: ${dump.migrations.at(-1) ?? "none"} (${dump.migrations.length})`);
    return summary;
  } finally {
    rmSync(partial, { force: true });
  }
}

function main(): void {
  try {
    const { target, rest } = parseTarget(process.argv.slice(2));
    let output: string | null = null;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === "--output") {
        const v = rest[++i];
        if (v === undefined || v.startsWith("--")) throw new UsageError("--output needs a file name");
        output = resolve(v);
      } else throw new UsageError(`unknown argument ${rest[i]} (expected --remote, --persist-to DIR, --config FILE, --output FILE)`);
    }
    backup(target, output ?? defaultOutput(target, new Date()), (line) => console.log(line));
  } catch (err) {
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
