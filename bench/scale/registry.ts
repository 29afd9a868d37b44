/**
 * `npm run bench:scale:registry`: how many pairings a second the quick-match seek registry can claim, with one
 * object for every pairing of every pool (before: `--shards 1`) and with the players spread over 32 shards (after).
 * Starts `wrangler dev` on a small Worker of its own (./registry-worker.ts: the real SeekRegistry objects and the
 * real Registry façade), then for each shard count and each concurrency (pairings under way at once, as many
 * pools' waves) runs a bounded number of pairings, a tenth of them contested (a player another pairing of the run
 * also names, as a player seeking in two pools). Each pairing registers both seeks (`seeking`) and then claims both players, the registry's whole work per
 * pairing. Prints pairings a second, the claim's p50/p99, the calls the
 * busiest registry object got per pairing, and the Worker process's CPU per pairing. Figures, not a pass or fail.
 *
 *   npm run bench:scale:registry                              # shards 1 and 32, concurrency 1, 16, 64; 1,500 pairings each
 *   npm run bench:scale:registry -- --shards 1 --pairings 3000 --concurrency 16,128
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../test/support/wrangler-dev";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const OFFLINE_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", X_LOCAL_OBSERVABILITY: "false", BROWSER: "none" };

const argv = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const list = (name: string, fallback: number[]): number[] => {
  const given = (value(name) ?? "").split(",").filter(Boolean).map(Number);
  if (given.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--${name} takes whole numbers ≥ 1, comma-separated`);
  return given.length > 0 ? given : fallback;
};
const shardCounts = list("shards", [1, 32]);
const concurrencies = list("concurrency", [1, 16, 64]);
const pairings = Math.min(Number(value("pairings") ?? 1500), 20_000);
const contested = Number(value("contested") ?? 0.1);

interface RunResult {
  shards: number;
  concurrency: number;
  ms: number;
  made: number;
  refused: number;
  p50: number;
  p99: number;
  busiest: number;
  objects: number;
}

/** CPU seconds (user + system) of a process and its children so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return NaN;
    }
  }
  return ticks / 100;
}

/** wrangler's process group: wrangler itself and the workerd it started. */
function groupPids(pgid: number): number[] {
  try {
    return execFileSync("pgrep", ["-g", String(pgid)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return [pgid];
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "nardi-registry-bench-"));
  const config = join(dir, "wrangler.toml");
  writeFileSync(
    config,
    [
      `name = "nardi-registry-bench"`,
      `main = ${JSON.stringify(join(ROOT, "bench", "scale", "registry-worker.ts"))}`,
      `compatibility_date = "2026-11-01"`,
      `compatibility_flags = ["nodejs_compat"]`,
      `[[durable_objects.bindings]]`,
      `name = "SEEK_REGISTRY"`,
      `class_name = "SeekRegistry"`,
      `[[migrations]]`,
      `tag = "v1"`,
      `new_sqlite_classes = ["SeekRegistry"]`,
      "",
    ].join("\n"),
  );
  const port = await freePort();
  process.stdout.write("starting wrangler dev ... ");
  const child: ChildProcess = spawn(process.execPath, [WRANGLER, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", join(dir, "state"), "--log-level", "warn"], {
    cwd: dir,
    env: { ...process.env, ...OFFLINE_ENV },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const stop = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.once("exit", stop);
  process.once("SIGINT", () => process.exit(130));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error(`wrangler dev did not answer:\n${output}`);
      try {
        if ((await fetch(`${base}/run?pairings=1&concurrency=1&shards=1`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(base);
    // A warm-up run that touches every shard, so the figures do not carry the isolate's or an object's start.
    await fetch(`${base}/run?pairings=400&concurrency=16&shards=32&run=warmup`);
    console.log(`${pairings} pairings per run, ${Math.round(contested * 100)}% contested; one CPU thread runs every object locally (see docs/scale.md)`);
    console.log("shards  concurrency  pairings/s  claim p50 ms  p99 ms  made  refused  busiest object's calls/pairing  CPU ms/pairing");
    const pids = child.pid === undefined ? [] : groupPids(child.pid);
    let run = 0;
    for (const shards of shardCounts) {
      for (const concurrency of concurrencies) {
        const cpu0 = cpuSeconds(pids);
        const res = await fetch(`${base}/run?shards=${shards}&pairings=${pairings}&concurrency=${concurrency}&contested=${contested}&run=r${run++}`);
        if (!res.ok) throw new Error(`the run failed: ${res.status} ${await res.text()}\n${output}`);
        const r = (await res.json()) as RunResult;
        const cpu = ((cpuSeconds(pids) - cpu0) * 1000) / pairings;
        console.log(
          [
            String(shards).padStart(6),
            String(concurrency).padStart(11),
            ((pairings * 1000) / r.ms).toFixed(0).padStart(10),
            r.p50.toFixed(1).padStart(12),
            r.p99.toFixed(1).padStart(7),
            String(r.made).padStart(5),
            String(r.refused).padStart(8),
            (r.busiest / pairings).toFixed(2).padStart(32),
            (Number.isFinite(cpu) ? cpu.toFixed(2) : "-").padStart(15),
          ].join("  "),
        );
      }
    }
  } finally {
    stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
