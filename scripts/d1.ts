/**
 * The D1 database `npm run backup` and `npm run restore` work on, through wrangler's own commands (`d1 export`,
 * `d1 execute`): the local one (`.wrangler/state`, or a state folder given with `--persist-to`) or, with
 * `--remote`, the one on Cloudflare named in wrangler.toml (`wrangler login` first).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const QUIET_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "1" };

export interface Target {
  remote: boolean;
  /** Local only: the state folder (`wrangler dev --persist-to`); default: wrangler's, beside the config. */
  persistTo: string | null;
  /** The wrangler.toml naming the database (binding DB); default: the project's. */
  config: string;
}

export type Row = Record<string, unknown>;

export class UsageError extends Error {}

/** Reads --remote, --local, --persist-to DIR and --config FILE out of `args`; returns the target and the rest. */
export function parseTarget(args: readonly string[]): { target: Target; rest: string[] } {
  const target: Target = { remote: false, persistTo: null, config: join(ROOT, "wrangler.toml") };
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--remote") target.remote = true;
    else if (a === "--local") target.remote = false;
    else if (a === "--persist-to" || a === "--config") {
      const v = args[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${a} needs a value`);
      if (a === "--persist-to") target.persistTo = resolve(v);
      else target.config = resolve(v);
    } else rest.push(a);
  }
  if (target.remote && target.persistTo !== null) throw new UsageError("--persist-to is for a local database; leave it out with --remote");
  return { target, rest };
}

export function describe(target: Target): string {
  return target.remote ? "the remote D1 database (Cloudflare)" : `the local D1 database in ${target.persistTo ?? join(dirname(target.config), ".wrangler", "state")}`;
}

function wrangler(args: string[], what: string): string {
  const run = spawnSync(process.execPath, [WRANGLER, ...args], { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, encoding: "utf8", maxBuffer: 1024 ** 3 });
  if (run.status !== 0) {
    const said = `${run.stdout}\n${run.stderr}`.trim().split("\n").slice(-15).join("\n");
    throw new Error(`${what} failed (wrangler ${args.slice(0, 3).join(" ")} …):\n${said}`);
  }
  return run.stdout;
}

function where(target: Target): string[] {
  if (target.remote) return ["--remote", "--config", target.config];
  return ["--local", "--config", target.config, ...(target.persistTo !== null ? ["--persist-to", target.persistTo] : [])];
}

/** Runs SQL statements (`;`-terminated) in one call and returns each statement's rows. */
export function queryEach(target: Target, statements: readonly string[]): Row[][] {
  const out = wrangler(["d1", "execute", "DB", ...where(target), "--json", "--yes", "--command", statements.join("\n")], "reading the database");
  const parsed: unknown = JSON.parse(out);
  if (!Array.isArray(parsed)) throw new Error(`unexpected answer from wrangler d1 execute: ${out.slice(0, 200)}`);
  return parsed.map((answer: unknown) => {
    const results = typeof answer === "object" && answer !== null && "results" in answer ? answer.results : null;
    return Array.isArray(results) ? results.filter((r): r is Row => typeof r === "object" && r !== null) : [];
  });
}

/** Runs SQL (one or more statements) and returns every result row, in order. */
export function query(target: Target, sql: string): Row[] {
  return queryEach(target, [sql]).flat();
}

/** Runs a .sql file, all of it or nothing (locally one D1 batch; remotely one D1 import, during which the database serves no queries). */
export function executeFile(target: Target, file: string): void {
  wrangler(["d1", "execute", "DB", ...where(target), "--yes", "--file", file], "loading the file");
}

/**
 * Writes the whole database (schema and every row of every table) to `file` with `wrangler d1 export`.
 * `wrangler d1 export --local` has no --persist-to: it reads `.wrangler/state` beside its config, so for another
 * state folder it is given a copy of the config in a scratch folder whose `.wrangler/state` links to that folder.
 */
export function exportTo(target: Target, file: string, opts: { data?: boolean } = {}): void {
  const flags = opts.data === false ? ["--no-data"] : [];
  if (target.remote || target.persistTo === null) {
    wrangler(["d1", "export", "DB", ...where(target), "--output", file, "--skip-confirmation", ...flags], "exporting the database");
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), "nardi-export-"));
  try {
    const config = join(scratch, "wrangler.toml");
    writeFileSync(config, readFileSync(target.config, "utf8"));
    mkdirSync(join(scratch, ".wrangler"));
    symlinkSync(target.persistTo, join(scratch, ".wrangler", "state"), "dir");
    wrangler(["d1", "export", "DB", "--local", "--config", config, "--output", file, ...flags], "exporting the database");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Applies migrations/ to a local state folder (a scratch one, to see what the migrations alone put in a database). */
export function migrateLocal(config: string, persistTo: string): void {
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--config", config, "--persist-to", persistTo], "applying the migrations");
}
