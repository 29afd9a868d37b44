/**
 * `npm run ledger:check`: recomputes every Domino Coin balance from the transfers in the local D1 (the one
 * `npm start` / `wrangler dev` keep under .wrangler/state) and lists every disagreement; exits 1 on any (or on a
 * settled escrow that still holds coins, or coins that appeared from nowhere), 0 when the ledger is sound.
 *
 *   npm run ledger:check                                  the default local state (.wrangler/state)
 *   npm run ledger:check -- --persist-to DIR [--config F] another state folder (the e2e tests pass theirs)
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { AUDIT_SQL, auditOf, type LedgerAudit } from "../src/server/db/audit";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");

type Row = Record<string, unknown>;

function query(sql: string, passThrough: string[]): Row[] {
  const run = spawnSync(process.execPath, [WRANGLER, "d1", "execute", "DB", "--local", "--json", "--command", sql, ...passThrough], {
    cwd: ROOT,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "1" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed:\n${run.stdout}\n${run.stderr}`);
  const answers = JSON.parse(run.stdout) as Array<{ results: Row[] }>;
  return answers.flatMap((a) => a.results);
}

export function ledgerCheck(passThrough: string[]): LedgerAudit & { transfers: number; accounts: number } {
  const audit = auditOf(query(AUDIT_SQL.disagreements, passThrough), query(AUDIT_SQL.closedNotEmpty, passThrough), query(AUDIT_SQL.total, passThrough));
  const [counts] = query("SELECT (SELECT count(*) FROM coin_transfers) AS transfers, (SELECT count(*) FROM coin_accounts) AS accounts", passThrough);
  return { ...audit, transfers: Number(counts?.transfers ?? 0), accounts: Number(counts?.accounts ?? 0) };
}

function main(): void {
  const result = ledgerCheck(process.argv.slice(2));
  console.log(`ledger: ${result.accounts} accounts, ${result.transfers} transfers, sum of all balances ${result.total}`);
  for (const d of result.disagreements) console.log(`DISAGREES ${d.account}: stored ${d.stored}, from its transfers ${d.computed}`);
  for (const t of result.closedNotEmpty) console.log(`SETTLED ESCROW NOT EMPTY: table ${t}`);
  if (result.total !== 0) console.log(`SUM IS ${result.total}, NOT 0: coins were made or lost outside transfers`);
  const bad = result.disagreements.length + result.closedNotEmpty.length + (result.total !== 0 ? 1 : 0);
  console.log(bad === 0 ? "ledger sound" : `${bad} problem(s)`);
  process.exitCode = bad === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
