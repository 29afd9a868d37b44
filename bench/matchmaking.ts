/**
 * Quick-match benchmark: simulated seekers over real WebSockets against `wrangler dev` (started here, on a
 * snapshot of the code, unless --url names a running server). Players are guests whose ratings are spread
 * (normal around 1500) straight into the local D1; they arrive evenly over the run, each seeking in one of a few
 * pools, and a share of them in two pools at once (closing the other seek once paired, as a client should).
 *
 * Prints the wait (arrival → `paired`) median and p95, the rating gap of pairs (median, p95), and the checks that
 * must be 0: seekers lost (a socket that ended without `paired` or `cancelled`, or a table whose two seats did not
 * both reach their seekers) and players paired twice. Seekers left waiting at the end (an odd one out in a pool)
 * are counted separately. It prints figures; it does not pass or fail.
 *
 *   npm run bench:matchmaking                  # 1,000 seekers over 60 s across 4 pools
 *   npm run bench:matchmaking -- --quick       # 200 seekers over 10 s
 *   npm run bench:matchmaking -- --seekers 2000 --seconds 60 --pools 6 --url http://127.0.0.1:8787
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NardiClient } from "../src/client";
import { PresetSchema, SOCKET_PROTOCOL, SeekServerMessageSchema, TIME_CONTROL_NAMES, TOKEN_PROTOCOL_PREFIX, seekSearchParams, type SeekChoice } from "../src/protocol";
import { seededRng } from "../test/support/rng";
import { benchServer } from "../test/support/wrangler-dev";

interface Args {
  seekers: number;
  seconds: number;
  pools: number;
  /** Share of seekers that seek in two pools at once. */
  twoPools: number;
  url: string | null;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes("--quick");
  return {
    seekers: Number(value("seekers") ?? (quick ? 200 : 1000)),
    seconds: Number(value("seconds") ?? (quick ? 10 : 60)),
    pools: Number(value("pools") ?? 4),
    twoPools: Number(value("two-pools") ?? 0.1),
    url: value("url") ?? null,
  };
}

const percentile = (sorted: number[], p: number): number => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A normal variate (Box–Muller) from the seeded generator. */
function normal(rand: () => number, mean: number, sd: number): number {
  const u = Math.max(rand(), 1e-12);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

function poolChoices(count: number): SeekChoice[] {
  const choices: SeekChoice[] = [];
  for (let i = 0; i < count; i++) {
    choices.push({
      preset: PresetSchema.options[i % 4]!,
      length: [1, 3, 5, 7][Math.floor(i / 4) % 4] as 1 | 3 | 5 | 7,
      timeControl: TIME_CONTROL_NAMES[Math.floor(i / 16) % 4]!,
      rated: false,
      stake: 0,
    });
  }
  return choices;
}

interface Player {
  id: string;
  token: string;
  rating: number;
  pools: SeekChoice[];
  arrivedAt: number;
  /** When the first `seeking` arrived (the seek is registered). */
  seekingAt: number | null;
  pairedAt: number | null;
  paired: Array<{ tableId: string; seat: string; opponentId: string; opponentRating: number }>;
  sockets: WebSocket[];
  lost: boolean;
  cancelled: number;
}

/** Puts the players' ratings into the local D1 the server runs on (as rated matches would have). */
function writeRatings(stateDir: string, players: Player[]): void {
  const dir = mkdtempSync(join(tmpdir(), "nardi-bench-"));
  const file = join(dir, "ratings.sql");
  const rows = players.flatMap((p) =>
    PresetSchema.options.map((pool) => `('${p.id}', '${pool}', ${p.rating.toFixed(1)}, 60, 0.06, 40, ${Date.now()}, 1)`),
  );
  // One statement per 100 rows: D1 refuses a statement over its size limit.
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    statements.push(`INSERT OR REPLACE INTO ratings (player_id, pool, rating, rd, volatility, games, rated_at, rev) VALUES\n${rows.slice(i, i + 100).join(",\n")};`);
  }
  writeFileSync(file, `${statements.join("\n")}\n`);
  const run = spawnSync(
    process.execPath,
    ["node_modules/wrangler/bin/wrangler.js", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"],
    { env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "1" }, encoding: "utf8" },
  );
  rmSync(dir, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`writing ratings failed:\n${run.stdout}\n${run.stderr}`);
}

function seekUrl(baseUrl: string, choice: SeekChoice): string {
  return `${baseUrl.replace(/^http/, "ws")}/v1/seek?${seekSearchParams(choice)}`;
}

function seek(baseUrl: string, player: Player, choice: SeekChoice): void {
  const ws = new WebSocket(seekUrl(baseUrl, choice), [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${player.token}`]);
  player.sockets.push(ws);
  let ended = false;
  ws.addEventListener("message", (event) => {
    const message = SeekServerMessageSchema.parse(JSON.parse(String(event.data)));
    if (message.type === "seeking") {
      player.seekingAt ??= performance.now();
    } else if (message.type === "paired") {
      ended = true;
      player.pairedAt ??= performance.now();
      player.paired.push({ tableId: message.grant.tableId, seat: message.grant.seat, opponentId: message.opponent.playerId, opponentRating: message.opponent.rating });
      // Paired: the player's other seeks end (a client does the same).
      for (const other of player.sockets) if (other !== ws && other.readyState === WebSocket.OPEN) other.send(JSON.stringify({ type: "cancel" }));
    } else if (message.type === "cancelled") {
      ended = true;
      player.cancelled += 1;
    } else if (message.type === "error") {
      console.error(`seek error for ${player.id}: ${message.code} ${message.message}`);
    }
  });
  ws.addEventListener("close", () => {
    if (!ended && !stopping) player.lost = true;
  });
}

let stopping = false;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { baseUrl, server } = await benchServer(args.url);
  try {
    const rand = seededRng(11);
    const pools = poolChoices(args.pools);
    const api = new NardiClient(baseUrl);
    process.stdout.write(`creating ${args.seekers} guest players ... `);
    const players: Player[] = [];
    for (let i = 0; i < args.seekers; i += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, args.seekers - i) }, () => api.createGuest()));
      for (const grant of batch) {
        const first = pools[Math.floor(rand() * pools.length)]!;
        const second = pools[Math.floor(rand() * pools.length)]!;
        const both = rand() < args.twoPools && second !== first;
        players.push({
          id: grant.player.id,
          token: grant.token,
          rating: Math.min(2600, Math.max(600, normal(rand, 1500, 250))),
          pools: both ? [first, second] : [first],
          arrivedAt: 0,
          seekingAt: null,
          pairedAt: null,
          paired: [],
          sockets: [],
          lost: false,
          cancelled: 0,
        });
      }
    }
    console.log("done");
    if (server) {
      writeRatings(server.stateDir, players);
      console.log("ratings spread: normal(1500, 250), written to the local D1");
    } else {
      console.log("--url: ratings not written (every guest seeks at 1500)");
    }

    const start = performance.now();
    const interval = (args.seconds * 1000) / args.seekers;
    for (const [i, player] of players.entries()) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      player.arrivedAt = performance.now();
      for (const choice of player.pools) seek(baseUrl, player, choice);
    }
    // After the last arrival: wait until at most one seeker per pool is left (an odd one out), or 120 s. The gap
    // becomes unlimited after SEEK_LIMITS.anyGapAfterMs, so outliers are paired within about a minute.
    const arrivalsDone = performance.now();
    const unpaired = () => players.filter((p) => p.paired.length === 0 && !p.lost).length;
    while (performance.now() - arrivalsDone < 120_000 && unpaired() > args.pools) await sleep(250);
    stopping = true;
    for (const p of players) for (const ws of p.sockets) if (ws.readyState === WebSocket.OPEN) ws.close(1000, "bench over");

    // Figures.
    const waits = players.filter((p) => p.pairedAt !== null).map((p) => (p.pairedAt! - p.arrivedAt) / 1000).sort((a, b) => a - b);
    const seats = new Map<string, Array<{ player: Player; seat: string; opponentId: string }>>();
    for (const p of players) for (const x of p.paired) seats.set(x.tableId, [...(seats.get(x.tableId) ?? []), { player: p, seat: x.seat, opponentId: x.opponentId }]);
    const gaps: number[] = [];
    let brokenTables = 0;
    for (const [, list] of seats) {
      const [a, b] = list;
      const whole = list.length === 2 && a && b && a.seat !== b.seat && a.opponentId === b.player.id && b.opponentId === a.player.id;
      if (!whole) brokenTables += 1;
      else gaps.push(Math.abs(a.player.rating - b.player.rating));
    }
    gaps.sort((a, b) => a - b);
    const registered = players.filter((p) => p.seekingAt !== null).map((p) => (p.seekingAt! - p.arrivedAt) / 1000).sort((a, b) => a - b);
    const pairedTwice = players.filter((p) => p.paired.length > 1).length;
    const lostSockets = players.filter((p) => p.lost && p.paired.length === 0).length;
    const waiting = players.filter((p) => p.paired.length === 0 && !p.lost).length;
    const perPool = pools.map((c) => `${c.preset}.${c.length}.${c.timeControl}`).join(", ");
    const total = (performance.now() - start) / 1000;

    console.log("");
    console.log(`seekers ${args.seekers} over ${args.seconds} s in ${args.pools} pools (${perPool}); ${players.filter((p) => p.pools.length === 2).length} seek in two pools`);
    console.log(`paired ${players.length - waiting - lostSockets} (${seats.size} tables) in ${fmt(total, 1)} s`);
    console.log(`wait (s)          median ${fmt(percentile(waits, 0.5), 2)}   p95 ${fmt(percentile(waits, 0.95), 2)}   max ${fmt(waits.at(-1) ?? NaN, 2)}`);
    console.log(`seek registered   median ${fmt(percentile(registered, 0.5), 2)}   p95 ${fmt(percentile(registered, 0.95), 2)}   (arrival → \`seeking\`: session, rating, upgrade)`);
    console.log(`rating gap        median ${fmt(percentile(gaps, 0.5))}   p95 ${fmt(percentile(gaps, 0.95))}   max ${fmt(gaps.at(-1) ?? NaN)}`);
    console.log(`seekers lost      ${lostSockets + brokenTables}   (sockets ended without a seat: ${lostSockets}; tables not reaching both seats: ${brokenTables})`);
    console.log(`paired twice      ${pairedTwice}`);
    console.log(`still waiting     ${waiting}   (at most one per pool: an odd one out when the run ended)`);
  } finally {
    if (server) await server.stop();
  }
}

await main();
