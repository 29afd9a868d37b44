/**
 * Server load benchmark: starts its own `wrangler dev` on 127.0.0.1, then keeps N matches going at once over
 * real WebSockets (two seats each, random legal plays and cube actions) for a bounded time and number of
 * matches. Prints progress, then accepted commands per second, command latency (socket send → ack), the
 * storage rows written per accepted command (from each table's `/v1/tables/:id/stats`), commands and rows per
 * turn (turns counted from the event log), and per finished match its rows, messages, requests and cost.
 *
 *   npm run bench:server -- --matches 200 --seconds 60 [--think 1000] [--total 2000] [--length 1]
 *   npm run bench:server -- --matches 200 --total 200 --think 0     (one round: CPU per command during play)
 *                             [--presets backgammon,armenian-long] [--seed 1] [--profile]
 *   npm run bench:server -- --url http://127.0.0.1:8787      (an already running local server)
 *
 * `--think` is each player's mean pause before a command (ms, default 1000: a quick human or a polite bot).
 * With `--think 0` every match fires its next command as soon as the last is acknowledged: a closed loop that
 * measures the maximum throughput, where latency is simply the queue (matches × CPU time per command).
 *
 * It prints figures; it does not pass or fail. It also prints the CPU time the Worker's workerd (not wrangler's
 * dev proxy in front of it, printed apart) and this load generator spent per accepted command: over the whole run,
 * and, for a run of one round (`--total` ≤ `--matches`), during play alone (docs/storage.md, "CPU per accepted
 * command"). CPU time depends far less on what else the machine is doing than wall-clock figures. It prints what a
 * finished match costs on Cloudflare at the published prices (PRICES below): rows written (set-up included, from
 * each finished table's counters), incoming WebSocket messages (every command frame the clients sent; the
 * keep-alive `ping` is answered by the runtime's auto-response and not counted) and requests.
 *
 * `--profile` also takes a CPU profile of the Worker's isolate through wrangler dev's inspector and prints its
 * busy time per command: our JavaScript, SQLite calls, WebSocket sends, the runtime (docs/storage.md, "CPU per
 * accepted command").
 */
import WsWebSocket from "ws";
import { NardiClient, type CreateTableBody, type TableConnection, type TableStats } from "../src/client";
import { playRandomMatch } from "../test/support/random-match";
import { seededRng } from "../test/support/rng";
import { benchServer, freePort } from "../test/support/wrangler-dev";
import { startProfile, summarizeProfile, type CpuProfile } from "./cpu-profile";
import { groupProcesses } from "./scale/workerd-cpu";

interface Args {
  matches: number;
  seconds: number;
  total: number;
  presets: CreateTableBody["preset"][];
  length: number;
  url: string | null;
  seed: number;
  think: number;
  profile: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, dflt: number, min: number, max: number): number => {
    const raw = get(name);
    const v = raw === undefined ? dflt : Number(raw);
    if (!Number.isFinite(v) || v < min || v > max) throw new Error(`--${name} must be a number in ${min}..${max}`);
    return Math.floor(v);
  };
  const matches = num("matches", 200, 1, 2000);
  const presets = (get("presets") ?? "georgian-short,backgammon,federation-long,armenian-long").split(",") as Args["presets"];
  const url = get("url") ?? null;
  if (url !== null) {
    const host = new URL(url).hostname;
    if (host !== "127.0.0.1" && host !== "localhost") throw new Error("--url must point at this machine (127.0.0.1)");
  }
  return {
    matches,
    seconds: num("seconds", 60, 1, 3600),
    total: num("total", matches * 10, 1, 1_000_000),
    presets,
    length: num("length", 1, 1, 25),
    url,
    seed: num("seed", 1, 0, 2 ** 31),
    think: num("think", 1000, 0, 60_000),
    profile: argv.includes("--profile"),
  };
}

/**
 * CPU seconds used so far by the processes of one process group (wrangler's node and its two workerd processes),
 * read from /proc (Linux; empty elsewhere). On a shared machine wall-clock figures depend on the neighbours; CPU
 * time per command does much less.
 *
 * `wrangler dev` runs two workerd processes: the one that runs the Worker and its Durable Objects, and in front of
 * it a proxy of wrangler's own (it listens on the public port and forwards every request and WebSocket frame to the
 * other, so that it can hold requests while the Worker reloads). Only the first exists on Cloudflare: the figures
 * keep them apart, the proxy by its listening address (`--socket-addr=entry=<host>:<public port>`).
 */
function groupCpuSeconds(pgid: number | undefined, publicPort: string): Map<string, number> {
  const byName = new Map<string, number>();
  for (const p of groupProcesses(pgid, publicPort)) {
    // The Worker's time is split into user (JavaScript, SQLite's own work) and system (the kernel: sockets, the
    // file writes of each committed transaction), which tells where a command's CPU goes.
    const parts: Array<[string, number]> =
      p.name !== "workerd" ? [[p.name, p.user + p.system]] : p.proxy ? [[PROXY, p.user + p.system]] : [[WORKER_USER, p.user], [WORKER_SYSTEM, p.system]];
    for (const [part, seconds] of parts) byName.set(part, (byName.get(part) ?? 0) + seconds);
  }
  return byName;
}

const WORKER_USER = "workerd user";
const WORKER_SYSTEM = "workerd system";
const PROXY = "wrangler's dev proxy (workerd)";

/** CPU seconds between two readings of `groupCpuSeconds`, by name. */
function cpuSince(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([name, sec]) => [name, sec - (before.get(name) ?? 0)]));
}

/** The Worker's workerd (user + system): what runs on Cloudflare. */
function workerSeconds(cpu: Map<string, number>): number {
  return (cpu.get(WORKER_USER) ?? 0) + (cpu.get(WORKER_SYSTEM) ?? 0);
}

/**
 * The players' sockets, without the permessage-deflate offer that Node's and browsers' WebSockets make. On
 * Cloudflare the Worker refuses compression (`no_web_socket_compression` in wrangler.toml: a game's frames are
 * small, and deflating each one cost about a quarter of the object's CPU per command); under `wrangler dev`,
 * miniflare's own entry worker in front of ours accepts the offer whatever the Worker answers, and its deflating
 * would be counted here as the Worker's. Not offering it measures what Cloudflare runs.
 */
class NoCompressionWebSocket extends WsWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols, { perMessageDeflate: false });
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * Cloudflare's published prices (Workers Paid): SQLite rows written $1.00 per million; Durable Object requests
 * $0.15 per million, incoming WebSocket messages billed 20:1 as requests; Worker requests $0.30 per million.
 * Rows read ($0.001/M), duration and storage are left out: they are orders of magnitude below these here.
 */
const PRICES = { rowWritten: 1.0e-6, objectRequest: 0.15e-6, wsMessagesPerRequest: 20, workerRequest: 0.3e-6 };
/**
 * Requests a match makes besides its WebSocket messages: the Worker sees create, join and the two socket
 * upgrades; each goes on to the match object, and a public table also tells the lobby object twice (listed,
 * then unlisted when joined). Alarms are object requests too; how many ran is not visible from outside, so
 * ALARMS_PER_MATCH is an estimate (the clock's flag never falls in a bench match; the match start, its end and the
 * delivery or purge each may wake the object once).
 */
const WORKER_REQUESTS_PER_MATCH = 4;
const OBJECT_REQUESTS_PER_MATCH = 4 + 2;
const ALARMS_PER_MATCH = 2;

const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : "-");

/** Turns taken after seq `after`: each ends with a play (chosen or forced) or a burned roll. */
async function turnsPlayed(client: NardiClient, tableId: string, after: number): Promise<number> {
  const log = await client.getEvents(tableId, after).catch(() => null);
  return log?.events.filter((e) => e.event.type === "played" || e.event.type === "burned").length ?? 0;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const inspectorPort = args.profile && args.url === null ? await freePort() : undefined;
  // The finished matches' analyses are held in the queue for the run (12 h): the CPU measured is the tables' own; the
  // analysis's is bench:analysis's (docs/storage.md, "Match analysis").
  const { baseUrl, server } = await benchServer(args.url, { inspectorPort, vars: { ANALYSIS_DELAY_SECONDS: "43200" } });
  const client = new NardiClient(baseUrl, {
    // ws implements what the connection uses of a WebSocket (addEventListener, send, close, readyState).
    WebSocket: NoCompressionWebSocket as unknown as typeof WebSocket,
  });
  const latencies: number[] = [];
  /** Latencies once every slot has its first match set up: the steady state, without the start-up storm. */
  const steadyLatencies: number[] = [];
  let steadyFrom: number | null = null;
  let steadyAccepted = 0;
  let ready = 0;
  let windowLatencies: number[] = [];
  let accepted = 0;
  let duplicates = 0;
  let refused = 0;
  let started = 0;
  let finished = 0;
  let cutShort = 0;
  let failed = 0;
  const failures: string[] = [];
  /** Each table's counters once both seats were connected: the difference at the end is the play alone. */
  const played: Array<{ before: TableStats; after: TableStats; turns: number; finished: boolean }> = [];
  const stopProfile = inspectorPort === undefined ? null : await startProfile(inspectorPort);
  const port = new URL(baseUrl).port;
  const serverCpu0 = groupCpuSeconds(server?.pid, port);
  /**
   * With one match per slot (`--total` ≤ `--matches`) every match is set up before the last one starts: from then
   * until the last one ends the server does nothing but play (and end) them, and the reads this benchmark makes of
   * each finished table wait until after it. The CPU of that window, per command accepted in it, is the cost of a
   * command alone.
   */
  const oneRound = args.total <= args.matches;
  let playCpu0 = null as Map<string, number> | null;
  let playAccepted0 = 0;
  const afterPlay: Array<() => Promise<void>> = [];
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + args.seconds * 1000;
  const stop = (): boolean => performance.now() >= deadline;

  const listen = (conn: TableConnection): void => {
    conn.on("ack", (ack, _cmd, ms) => {
      if (ack.duplicate) {
        duplicates++;
        return;
      }
      accepted++;
      latencies.push(ms);
      windowLatencies.push(ms);
      if (steadyFrom !== null && !stop()) {
        steadyAccepted++;
        steadyLatencies.push(ms);
      }
    });
    conn.on("error", () => refused++);
  };

  let lastAccepted = 0;
  let lastT = t0;
  const progress = setInterval(() => {
    const now = performance.now();
    const w = windowLatencies.sort((a, b) => a - b);
    windowLatencies = [];
    console.log(
      `${fmt((now - t0) / 1000, 0).padStart(4)} s  matches ${String(started - finished - cutShort - failed).padStart(4)} live, ` +
        `${finished} done  |  ${fmt(((accepted - lastAccepted) * 1000) / (now - lastT), 0)} cmd/s  ` +
        `p50 ${fmt(percentile(w, 50))} ms  p99 ${fmt(percentile(w, 99))} ms`,
    );
    lastAccepted = accepted;
    lastT = now;
  }, 5000);

  /** One slot plays matches back to back until the time or the match budget runs out. */
  const slot = async (slotIndex: number): Promise<void> => {
    // Stagger the start so 200 tables are not created in the same millisecond.
    await new Promise((r) => setTimeout(r, slotIndex * 10));
    while (!stop() && started < args.total) {
      const n = started++;
      const preset = args.presets[n % args.presets.length] as CreateTableBody["preset"];
      try {
        const white = await client.createTable({ preset, length: args.length, name: `bench ${n}` });
        const black = await client.joinTable(white.tableId, { name: `bench ${n}b` });
        let before: TableStats | null = null;
        const run = await playRandomMatch(client, white, black, seededRng(args.seed * 100_003 + n), {
          keepEvents: false,
          stop,
          onConnect: listen,
          onStart: async () => {
            before = await client.getStats(white.tableId);
            if (++ready === args.matches) {
              steadyFrom = performance.now();
              console.log(`all ${args.matches} matches set up after ${fmt((steadyFrom - t0) / 1000)} s`);
              if (oneRound) {
                playCpu0 = groupCpuSeconds(server?.pid, port);
                playAccepted0 = accepted;
              }
            }
          },
          stepTimeoutMs: 30_000,
          thinkMs: args.think,
        });
        if (run.finished) finished++;
        else cutShort++;
        const tally = async (): Promise<void> => {
          // Counters before closing: closing a socket mid-match logs a disconnection, which is not play.
          const after = await client.getStats(white.tableId).catch(() => null);
          run.white.close();
          run.black.close();
          if (before && after) {
            played.push({ before, after, turns: await turnsPlayed(client, white.tableId, (before as TableStats).events), finished: run.finished });
          }
        };
        if (oneRound) afterPlay.push(tally);
        else await tally();
      } catch (err) {
        failed++;
        if (failures.length < 5) failures.push(err instanceof Error ? err.message : String(err));
      }
    }
  };

  console.log(
    `${args.matches} concurrent matches (${args.presets.join(", ")}; to ${args.length}), ` +
      `at most ${args.seconds} s and ${args.total} matches, ${args.think} ms mean thinking time per command`,
  );
  await Promise.all(Array.from({ length: args.matches }, (_, i) => slot(i)));
  const playCpu = playCpu0 && cpuSince(playCpu0, groupCpuSeconds(server?.pid, port));
  const playAccepted = accepted - playAccepted0;
  for (const tally of afterPlay) await tally();
  clearInterval(progress);
  const elapsed = (performance.now() - t0) / 1000;
  const serverCpu1 = groupCpuSeconds(server?.pid, port);
  const clientCpu = process.cpuUsage(clientCpu0);
  const profile: CpuProfile | null = stopProfile ? await stopProfile() : null;

  // Storage: rows written per accepted command while the matches were played (set-up excluded), summed over
  // every table the run used. Each accepted command is one transaction writing one log row (docs/storage.md).
  let commands = 0;
  let rowsWritten = 0;
  let events = 0;
  let turns = 0;
  for (const { before, after, turns: t } of played) {
    commands += after.commands - before.commands;
    rowsWritten += after.rowsWritten - before.rowsWritten;
    events += after.events - before.events;
    turns += t;
  }

  const sorted = latencies.sort((a, b) => a - b);
  const steady = steadyLatencies.sort((a, b) => a - b);
  const steadySeconds = steadyFrom === null ? NaN : (Math.min(performance.now(), deadline) - steadyFrom) / 1000;
  console.log("");
  console.log(`matches: ${started} started, ${finished} finished, ${cutShort} cut short by the time limit, ${failed} failed`);
  for (const f of failures) console.log(`  failure: ${f}`);
  console.log(`commands: ${accepted} accepted in ${fmt(elapsed)} s = ${fmt(accepted / elapsed, 0)} cmd/s (${duplicates} duplicate acks, ${refused} refused)`);
  const latencyLine = (xs: number[]): string =>
    `p50 ${fmt(percentile(xs, 50), 2)}  p95 ${fmt(percentile(xs, 95), 2)}  p99 ${fmt(percentile(xs, 99), 2)}  max ${fmt(xs.at(-1) ?? NaN, 2)}`;
  console.log(`latency send → ack (ms), whole run:   ${latencyLine(sorted)}`);
  console.log(
    `latency send → ack (ms), steady state: ${latencyLine(steady)}  ` +
      `(${steadyAccepted} commands in ${fmt(steadySeconds)} s = ${fmt(steadyAccepted / steadySeconds, 0)} cmd/s, all ${args.matches} matches live)`,
  );
  console.log(
    `storage during play (from /stats of ${played.length} tables): ${commands} commands, ${events} events, ${rowsWritten} rows written ` +
      `= ${fmt(rowsWritten / commands, 2)} rows per command (${fmt(events / commands, 2)} events per command, stored in one log row)`,
  );
  // Before the server rolled for a side without a cube decision and played forced moves, every turn was a roll
  // and a play: 2 commands and about 4 rows.
  console.log(
    `per turn (${turns} turns played or burned): ${fmt(commands / turns, 2)} commands, ${fmt(rowsWritten / turns, 2)} rows written, ` +
      `${fmt(events / turns, 2)} events`,
  );
  const runCpu = cpuSince(serverCpu0, serverCpu1);
  const clientSec = (clientCpu.user + clientCpu.system) / 1e6;
  const perCommand = (sec: number, n: number): string => `${fmt((sec * 1000) / n, 2)} ms per command`;
  const cpuLine = (cpu: Map<string, number>, n: number): string =>
    `the Worker's workerd ${fmt(workerSeconds(cpu))} s (user ${fmt(cpu.get(WORKER_USER) ?? 0)} s, system ${fmt(cpu.get(WORKER_SYSTEM) ?? 0)} s) = ` +
    `${perCommand(workerSeconds(cpu), n)}; ${PROXY} ${fmt(cpu.get(PROXY) ?? 0)} s = ${perCommand(cpu.get(PROXY) ?? 0, n)}`;
  if (runCpu.size > 0) {
    const others = [...runCpu].filter(([name]) => name !== WORKER_USER && name !== WORKER_SYSTEM && name !== PROXY);
    console.log(
      `CPU, whole run (set-up, match ends and this benchmark's reads included): ${cpuLine(runCpu, accepted)}; ` +
        `${others.map(([name, sec]) => `${name} ${fmt(sec)} s`).join(", ")}; this load generator ${fmt(clientSec)} s = ${perCommand(clientSec, accepted)}`,
    );
  }
  if (playCpu && playCpu.size > 0 && playAccepted > 0) {
    console.log(`CPU during play (all ${args.matches} matches set up → all ended; ${playAccepted} commands, match ends included): ${cpuLine(playCpu, playAccepted)}`);
  } else if (!oneRound && runCpu.size > 0) {
    console.log("CPU during play alone: run one round (--total ≤ --matches) to see it without the set-up of the next matches");
  }
  // Cost per finished match, from the tables that finished: their rows from creation on, and the messages sent.
  const done = played.filter((p) => p.finished);
  if (done.length > 0) {
    const rowsPerMatch = done.reduce((sum, p) => sum + p.after.rowsWritten, 0) / done.length;
    const turnsPerMatch = done.reduce((sum, p) => sum + p.turns, 0) / done.length;
    const messagesPerMatch = (accepted + duplicates + refused) / Math.max(1, accepted) * (done.reduce((sum, p) => sum + p.after.commands, 0) / done.length);
    const objectRequests = OBJECT_REQUESTS_PER_MATCH + ALARMS_PER_MATCH + messagesPerMatch / PRICES.wsMessagesPerRequest;
    const perMatch = {
      rows: rowsPerMatch * PRICES.rowWritten,
      objects: objectRequests * PRICES.objectRequest,
      workers: WORKER_REQUESTS_PER_MATCH * PRICES.workerRequest,
    };
    const total = perMatch.rows + perMatch.objects + perMatch.workers;
    console.log(
      `per finished match (${done.length} matches to ${args.length}): ${fmt(turnsPerMatch, 1)} turns, ${fmt(rowsPerMatch, 1)} rows written (set-up included), ` +
        `${fmt(messagesPerMatch, 1)} incoming WebSocket messages, ${WORKER_REQUESTS_PER_MATCH} Worker requests, ` +
        `${fmt(objectRequests, 1)} Durable Object requests (${OBJECT_REQUESTS_PER_MATCH} + ~${ALARMS_PER_MATCH} alarms + messages / ${PRICES.wsMessagesPerRequest})`,
    );
    console.log(
      `cost per 1,000 matches: $${fmt(total * 1000, 4)} (rows $${fmt(perMatch.rows * 1000, 4)}, Durable Object requests $${fmt(perMatch.objects * 1000, 4)}, ` +
        `Worker requests $${fmt(perMatch.workers * 1000, 4)})`,
    );
  }
  if (profile) printProfile(summarizeProfile(profile), accepted, workerSeconds(runCpu));
  if (server) await server.stop();
}

/**
 * The isolate's time per accepted command from the profile: the headline splits it into the Worker's own
 * JavaScript and the runtime's work that our calls wait for (SQLite statements, socket writes), then by source
 * folder, module and function (see ./cpu-profile.ts). Sample times are wall-clock: on a loaded machine a
 * descheduled thread inflates them, so the split is also given as shares of workerd's measured CPU.
 */
function printProfile(summary: ReturnType<typeof summarizeProfile>, accepted: number, workerdSec: number): void {
  const per = (ms: number): string => `${fmt((ms * 1000) / accepted, 0)} µs`;
  const sum = (pick: (module: string) => boolean): number => summary.modules.filter(([m]) => pick(m)).reduce((t, [, ms]) => t + ms, 0);
  // The store's functions call SQLite synchronously; their self time is mostly the statements and the commit.
  const storage = sum((m) => m === "src/server/room/store.ts");
  const sockets = summary.socketMs;
  const runtime = sum((m) => m === "(runtime built-ins)" || m === "(program)" || m === "(garbage collector)");
  const ours = summary.busyMs - storage - sockets - runtime;
  const cpu = (ms: number): string =>
    workerdSec > 0 ? ` ≈ ${fmt(((ms / summary.busyMs) * workerdSec * 1e6) / accepted, 0)} µs of workerd's CPU` : "";
  console.log(
    `Worker isolate (CPU profile, whole run): busy ${fmt(summary.busyMs / 1000, 2)} s = ${per(summary.busyMs)} per command ` +
      `(idle ${fmt(summary.idleMs / 1000, 1)} s); per command:`,
  );
  console.log(`  our JavaScript (engine, protocol, zod, room logic, JSON):          ${per(ours)}${cpu(ours)}`);
  console.log(`  in the store's SQLite calls (statements, commit):                  ${per(storage)}${cpu(storage)}`);
  console.log(`  in WebSocket sends (the runtime writing frames):                   ${per(sockets)}${cpu(sockets)}`);
  console.log(`  other runtime built-ins, (program) and GC:                         ${per(runtime)}${cpu(runtime)}`);
  console.log("  by source folder:");
  for (const [group, ms] of summary.groups.slice(0, 10)) console.log(`  ${per(ms).padStart(8)}  ${group}`);
  console.log("  by module:");
  for (const [module, ms] of summary.modules.slice(0, 12)) console.log(`  ${per(ms).padStart(8)}  ${module}`);
  console.log("  busiest functions (self time per command):");
  for (const [fn, ms] of summary.functions) console.log(`  ${per(ms).padStart(8)}  ${fn}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
