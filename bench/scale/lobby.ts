/**
 * `npm run bench:scale:lobby`: the lobby feed under load (docs/scale.md, The lobby feed). Starts `wrangler dev` on a
 * snapshot of the code (unless --url names a running server), lists 100 open tables and 100 matches being played,
 * then for each step of feed sockets (100, 500, 1,000, 2,000: opened in bounded batches and kept for the next step)
 * streams table changes (a create, then a join of an older open table, one every 500 ms: 2 a second) and prints:
 *
 * - update latency p50/p99: from the create request leaving here to each feed socket's first frame that carries the
 *   new table's id (every socket, every create of the step);
 * - bytes the sockets received during the step, and per change;
 * - the Worker's CPU (its workerd process, user + system, from /proc) per change during the step;
 * - create and join latency p50/p99 (HTTP, while the feed is busy);
 * - how long opening the step's new sockets took, and the Worker CPU it cost.
 *
 * With `--profile`, a CPU profile of the Worker's isolate during each step's changes also gives the time spent
 * inside the lobby's `sendBatch` (the lobby object's work per batch) and inside the relays' `publish` (writing
 * the batch to their sockets), per change: the first must not grow with the sockets, the second does.
 *
 * Feeds open with `?diffs=1` unless `--old` (the first shape: a whole snapshot per change); a server that does not know
 * the query ignores it. Figures only; nothing passes or fails.
 *
 *   npm run bench:scale:lobby                        # 100, 500, 1,000, 2,000 sockets, 10 s of changes each
 *   npm run bench:scale:lobby -- --quick             # 100 and 500 sockets, 5 s each
 *   npm run bench:scale:lobby -- --steps 100,2000 --seconds 20 --old --url http://127.0.0.1:8787
 */
import WebSocket from "ws";
import { benchServer, freePort } from "../../test/support/wrangler-dev";
import { startProfile, type CpuProfile } from "../cpu-profile";
import { groupCpu } from "./workerd-cpu";

interface Args {
  steps: number[];
  seconds: number;
  old: boolean;
  profile: boolean;
  url: string | null;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes("--quick");
  return {
    steps: (value("steps") ?? (quick ? "100,500" : "100,500,1000,2000")).split(",").map(Number),
    seconds: Number(value("seconds") ?? (quick ? 5 : 10)),
    old: argv.includes("--old"),
    profile: argv.includes("--profile"),
    url: value("url") ?? null,
  };
}

const percentile = (sorted: number[], p: number): number => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (sorted: number[]): string => `p50 ${fmt(percentile(sorted, 0.5))} ms, p99 ${fmt(percentile(sorted, 0.99))} ms`;

/** CPU seconds of the workerd that runs the Worker (not wrangler's dev proxy, which listens on the public port). */
function workerCpuSeconds(pgid: number | undefined, publicPort: string): number {
  return pgid === undefined ? NaN : groupCpu(pgid, publicPort).worker;
}

/** A feed socket that only looks for ids it is told to watch (no JSON parsing: the client must not be the bottleneck). */
class Feed {
  bytes = 0;
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  #watch = new Map<string, (at: number) => void>();

  constructor(url: string) {
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("message", () => resolve());
      this.ws.once("error", reject);
      this.ws.once("unexpected-response", (_req, res) => reject(new Error(`feed refused: ${res.statusCode}`)));
    });
    this.ws.on("message", (data: Buffer) => {
      const at = performance.now();
      this.bytes += data.length;
      for (const [id, seen] of this.#watch) {
        if (data.includes(id)) {
          this.#watch.delete(id);
          seen(at);
        }
      }
    });
  }

  /** Calls `seen` with the time of the first later frame that names `id`. */
  watch(id: string, seen: (at: number) => void): void {
    this.#watch.set(id, seen);
  }
}

/** Milliseconds of the samples with a function named `name` on their stack (inclusive time). */
function inclusiveMs(profile: CpuProfile, name: string): number {
  const nodes = profile.nodes as Array<CpuProfile["nodes"][number] & { children?: number[] }>;
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const inside = new Map<number, boolean>();
  const within = (id: number): boolean => {
    const known = inside.get(id);
    if (known !== undefined) return known;
    const up = parent.get(id);
    const result = byId.get(id)?.callFrame.functionName === name || (up !== undefined && within(up));
    inside.set(id, result);
    return result;
  };
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (within(id)) us += profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const inspectorPort = args.profile && args.url === null ? await freePort() : undefined;
  const { baseUrl, server } = await benchServer(args.url, { inspectorPort });
  const port = new URL(baseUrl).port;
  const cpu = () => workerCpuSeconds(server?.pid, port);
  const feedUrl = `${baseUrl.replace(/^http/, "ws")}/v1/lobby/socket${args.old ? "" : "?diffs=1"}`;
  let serial = 0;

  const create = async (): Promise<{ id: string; ms: number }> => {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/v1/tables`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ preset: "armenian-long", name: `Bench ${serial++}`, spectators: true }),
    });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    const { tableId } = (await res.json()) as { tableId: string };
    return { id: tableId, ms: performance.now() - t0 };
  };
  const join = async (id: string): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/v1/tables/${id}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Guest" }) });
    if (res.status !== 200) throw new Error(`join: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t0;
  };

  try {
    // The lists: 100 matches being played (created and joined), then 100 open tables.
    process.stdout.write("listing 100 open tables and 100 matches being played ... ");
    const open: string[] = [];
    for (let i = 0; i < 100; i++) await join((await create()).id);
    for (let i = 0; i < 100; i++) open.push((await create()).id);
    console.log("done");
    console.log(`feed shape: ${args.old ? "old (a whole snapshot per change)" : "?diffs=1 (snapshot, then diffs)"}; ${args.seconds} s of changes per step, 2 a second`);

    const feeds: Feed[] = [];
    for (const step of args.steps) {
      // Open the step's new sockets, 50 at a time.
      const cpuOpen0 = cpu();
      const open0 = performance.now();
      while (feeds.length < step) {
        const batch = Array.from({ length: Math.min(50, step - feeds.length) }, () => new Feed(feedUrl));
        await Promise.all(batch.map((f) => f.opened));
        feeds.push(...batch);
      }
      const openSeconds = (performance.now() - open0) / 1000;
      const openCpu = cpu() - cpuOpen0;
      await sleep(1000);

      const latencies: number[] = [];
      const creates: number[] = [];
      const joins: number[] = [];
      const bytes0 = feeds.reduce((n, f) => n + f.bytes, 0);
      const cpu0 = cpu();
      const stopProfile = inspectorPort === undefined ? null : await startProfile(inspectorPort);
      const pending: Promise<void>[] = [];
      const ticks = args.seconds * 2;
      for (let tick = 0; tick < ticks; tick++) {
        const next = sleep(500);
        if (tick % 2 === 0) {
          const t0 = performance.now();
          // Watch for the id as soon as it is known (the create's answer comes before its lobby frame).
          pending.push(
            create().then((made) => {
              creates.push(made.ms);
              open.push(made.id);
              for (const f of feeds) f.watch(made.id, (at) => latencies.push(at - t0));
            }),
          );
        } else {
          const id = open.shift();
          if (id) pending.push(join(id).then((t) => void joins.push(t)));
        }
        await next;
      }
      await Promise.all(pending);
      await sleep(3000); // the last frames
      const cpuUsed = cpu() - cpu0;
      const profile = stopProfile && (await stopProfile());
      const bytes = feeds.reduce((n, f) => n + f.bytes, 0) - bytes0;
      const changes = ticks;
      const expected = creates.length * feeds.length;
      latencies.sort((a, b) => a - b);
      creates.sort((a, b) => a - b);
      joins.sort((a, b) => a - b);
      console.log(`\n${step} feed sockets (opened in ${fmt(openSeconds, 1)} s, Worker CPU ${fmt(openCpu, 2)} s)`);
      console.log(`  update latency, create → socket: ${ms(latencies)} (${latencies.length} of ${expected} seen)`);
      console.log(`  bytes to the sockets: ${fmt(bytes / 1e6, 1)} MB (${fmt(bytes / changes / 1e3)} KB per change)`);
      console.log(`  Worker CPU per change: ${fmt((cpuUsed / changes) * 1000, 1)} ms (${fmt(cpuUsed, 2)} s for ${changes} changes)`);
      console.log(`  create ${ms(creates)}; join ${ms(joins)}`);
      if (profile) {
        const per = (name: string) => `${fmt(inclusiveMs(profile, name) / changes, 2)} ms`;
        console.log(`  profile, per change: the lobby's sendBatch ${per("sendBatch")}; the relays' publish ${per("publish")}`);
      }
    }
    for (const f of feeds) f.ws.terminate();
  } finally {
    await server?.stop();
  }
}

await main();
process.exit(0);
