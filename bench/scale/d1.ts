/**
 * `npm run bench:scale:d1`: D1 write batches per second (docs/scale.md, D1). Starts `wrangler dev` with the small
 * Worker ./d1-worker.ts and a local D1 with migrations/ applied, then for a bounded time keeps N clients sending
 * it finished matches to record (Db.recordMatch, as a match's outbox delivers them: two rating reads, one batch)
 * and then stake tables to settle (Ledger.hold + Ledger.settle: two batches and two reads). Prints records/s and
 * settlements/s with p50/p99 (the request as the client sees it, and the D1 work inside the Worker). It prints
 * figures; it does not pass or fail.
 *
 *   npm run bench:scale:d1 -- [--clients 4] [--seconds 10] [--players 200]
 *
 * Locally D1 is SQLite in the same process (no network hop, no replication); on Cloudflare each batch is a round
 * trip to the database's single primary, which runs writes one at a time (docs/scale.md).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../test/support/wrangler-dev";
import { quantile } from "./workerd-cpu";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const OFFLINE_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", X_LOCAL_OBSERVABILITY: "false", BROWSER: "none", CI: "1" };

function bounded(name: string, fallback: number, min: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name} must be a whole number in ${min}..${max}`);
  return v;
}
const clients = bounded("clients", 4, 1, 64);
const seconds = bounded("seconds", 10, 1, 60);
const players = bounded("players", 200, 2, 10_000);

const dir = mkdtempSync(join(tmpdir(), "nardi-d1-bench-"));
const config = join(dir, "wrangler.toml");
writeFileSync(
  config,
  `name = "nardi-d1-bench"
main = ${JSON.stringify(join(ROOT, "bench", "scale", "d1-worker.ts"))}
compatibility_date = "2026-11-01"
compatibility_flags = ["nodejs_compat"]

[[d1_databases]]
binding = "DB"
database_name = "nardi-bench"
database_id = "00000000-0000-0000-0000-000000000001"
migrations_dir = ${JSON.stringify(join(ROOT, "migrations"))}
`,
);
const state = join(dir, "state");
const env = { ...process.env, ...OFFLINE_ENV };

process.stdout.write("applying migrations/ to a local D1 ... ");
const applied = spawnSync(process.execPath, [WRANGLER, "d1", "migrations", "apply", "DB", "--local", "--config", config, "--persist-to", state], { cwd: dir, env, encoding: "utf8" });
if (applied.status !== 0) throw new Error(`migrations failed:\n${applied.stdout}\n${applied.stderr}`);
console.log("done");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
process.stdout.write("starting wrangler dev ... ");
const server = spawn(process.execPath, [WRANGLER, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--log-level", "warn"], {
  cwd: dir,
  env,
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let output = "";
server.stdout?.on("data", (d: Buffer) => (output += d.toString()));
server.stderr?.on("data", (d: Buffer) => (output += d.toString()));
const stop = (): void => {
  try {
    if (server.pid !== undefined) process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  rmSync(dir, { recursive: true, force: true });
};
process.on("SIGINT", () => (stop(), process.exit(130)));

async function post(path: string): Promise<{ status: number; ms: number; text: string }> {
  const res = await fetch(`${base}${path}`, { method: "POST" });
  const text = await res.text();
  return { status: res.status, ms: res.ok ? (JSON.parse(text) as { ms: number }).ms : NaN, text };
}

interface Figures {
  done: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
  innerP50: number;
  innerP99: number;
}

let tableSeq = 0;
async function load(kind: "record" | "settle", ms: number): Promise<Figures> {
  const latencies: number[] = [];
  const inner: number[] = [];
  let failed = 0;
  let firstError = "";
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const n = tableSeq++;
        const white = (2 * n) % players;
        const black = (2 * n + 1) % players;
        const t0 = performance.now();
        const r = await post(`/${kind}?table=bench-${kind}-${n}&white=${white}&black=${black}`);
        if (r.status === 200) {
          latencies.push(performance.now() - t0);
          inner.push(r.ms);
        } else {
          failed++;
          firstError ||= r.text.slice(0, 300);
        }
      }
    }),
  );
  if (firstError) console.log(`  first failure: ${firstError}`);
  const elapsed = (performance.now() - started) / 1000;
  return {
    done: latencies.length,
    failed,
    perSecond: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    innerP50: quantile(inner, 0.5),
    innerP99: quantile(inner, 0.99),
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    try {
      if ((await fetch(`${base}/nothing`)).status === 404) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(base);
  process.stdout.write(`creating ${players} players with their coin grant ... `);
  const setup = await post(`/setup?players=${players}`);
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${setup.text}`);
  console.log(`${fmt(setup.ms, 0)} ms`);
  for (const [kind, label] of [
    ["record", "match records (2 rating reads + Db.recordMatch's batch)"],
    ["settle", "coin settlements (Ledger.hold's batch and checks + Ledger.settle's batch)"],
  ] as const) {
    await load(kind, 1000); // warm-up
    const f = await load(kind, seconds * 1000);
    const unit = kind === "record" ? "records/s" : "settlements/s";
    console.log(
      `${label}, ${clients} clients: ${fmt(f.perSecond, 0)} ${unit}  p50 ${fmt(f.p50)} ms  p99 ${fmt(f.p99)} ms  ` +
        `(in the Worker: p50 ${fmt(f.innerP50)} ms  p99 ${fmt(f.innerP99)} ms; ${f.done} done, ${f.failed} failed)`,
    );
  }
} finally {
  stop();
}
