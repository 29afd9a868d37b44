/**
 * `npm run bench:scale:auth`: what authenticating a request costs (docs/scale.md, Authentication). Starts
 * `wrangler dev` twice — with the isolate's session cache (SESSION_CACHE_TTL_MS, default 15 s) and with
 * `--ttl 0` (every request reads its session from D1: the server before the cache) — and at each number of
 * concurrent clients keeps every client sending GET /v1/me with its own session for a bounded time. Prints req/s,
 * p50/p99 latency, and the Worker's workerd CPU per request. It prints figures; it does not pass or fail.
 *
 *   npm run bench:scale:auth -- [--clients 8,32] [--seconds 8] [--ttl 15000 | --ttl 0] [--only cached|uncached]
 *
 * GET /v1/me also reads the player's ratings and match counts (two D1 queries either way): the difference between
 * the two runs is the session's own D1 round trip. Locally D1 is SQLite in the same process, so the round trip is
 * cheap here; on Cloudflare it is a network hop to the database's primary (docs/scale.md).
 */
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDevServer, stopOnSignals } from "../../test/support/wrangler-dev";
import { cpuSince, groupCpu, quantile } from "./workerd-cpu";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
function bounded(name: string, fallback: number, min: number, max: number): number {
  const v = Number(arg(name) ?? fallback);
  if (!Number.isFinite(v) || v < min || v > max) throw new Error(`--${name} must be a number in ${min}..${max}`);
  return v;
}

const clientsList = (arg("clients") ?? "8,32").split(",").map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1 || n > 512) throw new Error("--clients: numbers in 1..512, comma-separated");
  return n;
});
const seconds = bounded("seconds", 8, 1, 120);
const ttl = bounded("ttl", 15_000, 0, 3_600_000);
// `--ttl 0` alone is the before: only the run without the cache.
const only = arg("only") ?? (ttl === 0 ? "uncached" : undefined);
const modes = [
  { name: "cached", ttl: String(ttl), label: `session cache on (SESSION_CACHE_TTL_MS ${ttl})` },
  { name: "uncached", ttl: "0", label: "session cache off (--ttl 0: a D1 read per request, as before)" },
].filter((m) => only === undefined || m.name === only);

interface Figures {
  clients: number;
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

async function guests(baseUrl: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${baseUrl}/v1/players`, { method: "POST" });
    if (res.status !== 201) throw new Error(`POST /v1/players: ${res.status} ${await res.text()}`);
    tokens.push(((await res.json()) as { token: string }).token);
  }
  return tokens;
}

async function load(baseUrl: string, tokens: string[], ms: number, pgid: number | undefined, port: number): Promise<Figures> {
  const latencies: number[] = [];
  let failures = 0;
  const cpuBefore = groupCpu(pgid, port);
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    tokens.map(async (token) => {
      const headers = { authorization: `Bearer ${token}` };
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/v1/me`, { headers });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - t0);
        else failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSince(cpuBefore, groupCpu(pgid, port));
  const requests = latencies.length + failures;
  return {
    clients: tokens.length,
    requests,
    failures,
    perSecond: requests / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    cpuMsPerRequest: requests > 0 ? (cpu.worker * 1000) / requests : NaN,
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

if (!existsSync(join(ROOT, "dist", "web"))) {
  console.log("building the web client (wrangler dev serves it) ...");
  const built = spawnSync("npm", ["run", "-s", "build:web"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

const results: Array<{ mode: string; figures: Figures[] }> = [];
for (const mode of modes) {
  console.log(`\n-- ${mode.label}`);
  process.stdout.write("starting wrangler dev ... ");
  const server = await startDevServer({ vars: { SESSION_CACHE_TTL_MS: mode.ttl } });
  stopOnSignals(server);
  console.log(server.baseUrl);
  const port = Number(new URL(server.baseUrl).port);
  try {
    const tokens = await guests(server.baseUrl, Math.max(...clientsList));
    // Warm-up: the isolate compiled, each session read once.
    await load(server.baseUrl, tokens, 1000, server.pid, port);
    const figures: Figures[] = [];
    for (const clients of clientsList) {
      const f = await load(server.baseUrl, tokens.slice(0, clients), seconds * 1000, server.pid, port);
      figures.push(f);
      console.log(
        `${String(clients).padStart(4)} clients: ${fmt(f.perSecond, 0).padStart(6)} req/s  p50 ${fmt(f.p50).padStart(6)} ms  p99 ${fmt(f.p99).padStart(6)} ms  ` +
          `workerd CPU ${fmt(f.cpuMsPerRequest, 2)} ms/request  (${f.requests} requests, ${f.failures} failed)`,
      );
    }
    results.push({ mode: mode.name, figures });
  } finally {
    await server.stop();
  }
}

if (results.length === 2) {
  console.log("\n-- cached against uncached (same clients)");
  const [on, off] = results as [(typeof results)[0], (typeof results)[0]];
  on.figures.forEach((f, i) => {
    const g = off.figures[i]!;
    console.log(
      `${String(f.clients).padStart(4)} clients: req/s ×${fmt(f.perSecond / g.perSecond, 2)}, p50 ${fmt(g.p50)} → ${fmt(f.p50)} ms, p99 ${fmt(g.p99)} → ${fmt(f.p99)} ms, ` +
        `CPU ${fmt(g.cpuMsPerRequest, 2)} → ${fmt(f.cpuMsPerRequest, 2)} ms/request`,
    );
  });
}
