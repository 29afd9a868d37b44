/**
 * A bot that sits at a table as an ordinary client, over the public HTTP + WebSocket protocol: an example
 * for third-party bot authors (see docs/bots.md). It creates or joins a table, connects with its seat
 * token, and on every change of the table decides with the same `botCommand` the server's own bots use.
 *
 *   npm run bot -- --create --preset federation-long --length 3 [--time blitz] [--level expert] [--url http://127.0.0.1:8787]
 *   npm run bot -- --table <id> [--invite <secret>] [--level beginner] [--name "Robo"] [--delay 300] [--seed 42]
 *   npm run bot -- --token <bot API token> [--accept all|friends] [--max-matches N]   (a bot account: accepts challenges)
 *
 * It logs every event, says what it plays, and exits when the match is over (exit code 0), or with 1
 * when the connection is lost for good or the server keeps refusing its commands. With `--token` it plays the
 * challenges its channel brings (./account.ts) and exits with 0 after `--max-matches` of them or on Ctrl-C.
 */
import { ApiError, CommandError, NardiClient, type LoggedEvent, type SeatGrant, type TableConnection } from "../client";
import { PRESET_NAMES, type MatchCommand, type PresetName } from "../engine";
import { DEFAULT_TIME_CONTROL, TIME_CONTROL_NAMES, type TimeControlName } from "../protocol";
import { serveChallenges, type AcceptPolicy } from "./account";
import { BOT_LEVELS, isBotLevel, type BotLevel } from "./index";
import { seededRng } from "./rng";
import { commandFromView } from "./table-view";

const USAGE = `usage:
  npm run bot -- --create [--preset federation-long] [--length 1] [--time standard] [options]
  npm run bot -- --table <id> [--invite <secret of a private table>] [options]
  npm run bot -- --token <bot API token> [--accept all|friends] [--max-matches N, 0: no end] [options]
options: --url http://127.0.0.1:8787  --level expert|intermediate|beginner  --name <name>  --delay <ms between actions, 300>  --seed <n>`;

interface Options {
  url: string;
  table: string | null;
  token: string | null;
  accept: AcceptPolicy;
  maxMatches: number;
  invite: string | null;
  preset: PresetName;
  length: number;
  time: TimeControlName;
  level: BotLevel;
  name: string;
  delayMs: number;
  seed: number | null;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    url: "http://127.0.0.1:8787",
    table: null,
    token: null,
    accept: "all",
    maxMatches: 0,
    invite: null,
    preset: "federation-long",
    length: 1,
    time: DEFAULT_TIME_CONTROL,
    level: "expert",
    name: "",
    delayMs: 300,
    seed: null,
  };
  let create = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) fail(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--url":
        opts.url = value();
        break;
      case "--table":
        opts.table = value();
        break;
      case "--token":
        opts.token = value();
        break;
      case "--accept": {
        const a = value();
        if (a !== "all" && a !== "friends") fail("--accept must be all or friends");
        opts.accept = a as AcceptPolicy;
        break;
      }
      case "--max-matches":
        opts.maxMatches = Number(value());
        if (!Number.isInteger(opts.maxMatches) || opts.maxMatches < 0) fail("--max-matches must be a whole number (0: no end)");
        break;
      case "--invite":
        opts.invite = value();
        break;
      case "--create":
        create = true;
        break;
      case "--preset": {
        const p = value();
        if (!PRESET_NAMES.includes(p as PresetName)) fail(`--preset must be one of ${PRESET_NAMES.join(", ")}`);
        opts.preset = p as PresetName;
        break;
      }
      case "--length":
        opts.length = Number(value());
        if (!Number.isInteger(opts.length) || opts.length < 1 || opts.length > 25) fail("--length must be 1..25");
        break;
      case "--time": {
        const t = value();
        if (!TIME_CONTROL_NAMES.includes(t as TimeControlName)) fail(`--time must be one of ${TIME_CONTROL_NAMES.join(", ")}`);
        opts.time = t as TimeControlName;
        break;
      }
      case "--level": {
        const l = value();
        if (!isBotLevel(l)) fail(`--level must be one of ${BOT_LEVELS.join(", ")}`);
        else opts.level = l;
        break;
      }
      case "--name":
        opts.name = value();
        break;
      case "--delay":
        opts.delayMs = Number(value());
        if (!(opts.delayMs >= 0)) fail("--delay must be a number of ms");
        break;
      case "--seed":
        opts.seed = Number(value());
        if (!Number.isInteger(opts.seed)) fail("--seed must be an integer");
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        fail(`unknown argument ${flag}`);
    }
  }
  if ([create, opts.table !== null, opts.token !== null].filter(Boolean).length !== 1) fail("give one of --create, --table <id> or --token <bot API token>");
  // "Bot (level)" is reserved for the bots the server seats itself (NAME_RESERVED); this one joins as a player.
  opts.name ||= `Remote bot (${opts.level})`;
  return opts;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
  throw new Error(message); // not reached; `process` is untyped under the Workers types
}

/** Real bots get unpredictable choices; `--seed` makes a run repeatable. */
function cryptoRng(): number {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return (words[0] ?? 0) / 0x1_0000_0000;
}

function log(text: string): void {
  console.log(`${new Date().toISOString().slice(11, 19)} ${text}`);
}

/** One line per logged event, in the game's words. */
function describe({ seq, event: e }: LoggedEvent): string {
  const what = (() => {
    switch (e.type) {
      case "table-created":
        return `table created: ${e.ruleset.preset}, ${e.length} point(s)`;
      case "player-joined":
        return `${e.seat}: ${e.name} sat down${e.kind === "bot" ? ` (bot, ${e.botLevel})` : ""}`;
      case "player-connected":
        return `${e.seat} connected`;
      case "player-disconnected":
        return `${e.seat} disconnected (may come back until ${new Date(e.deadline).toISOString().slice(11, 19)})`;
      case "hand-started":
        return `hand ${e.hand} starts${e.crawford ? " (Crawford)" : ""}, score ${e.score.white}:${e.score.black}`;
      case "opening-roll":
        return `opening roll white ${e.white}, black ${e.black}${e.starter ? `: ${e.starter} starts` : ", tie"}`;
      case "rolled":
        return `${e.side} rolled ${e.dice[0]}-${e.dice[1]}`;
      case "played":
        return `${e.side} played ${e.notation}${e.forced ? " (forced)" : ""}`;
      case "burned":
        return `${e.side} cannot play ${e.dice[0]}-${e.dice[1]}`;
      case "doubled":
        return `${e.side} doubles to ${e.value}`;
      case "taken":
        return `${e.side} takes (cube ${e.value})`;
      case "dropped":
        return `${e.side} drops`;
      case "hand-ended":
        return `hand ${e.hand}: ${e.winner} wins ${e.result.kind} × ${e.cube} = ${e.value}, score ${e.score.white}:${e.score.black}`;
      case "resigned":
        return `${e.side} resigns`;
      case "forfeited":
        return `${e.side} forfeits`;
      case "timed-out":
        return `${e.side} ran out of time`;
      case "match-ended":
        return `match over: ${e.winner ?? "nobody"} wins (${e.reason}), ${e.score.white}:${e.score.black}`;
    }
  })();
  return `#${seq} ${what}`;
}

/** Sends the command through the client, on the seq it was decided on (a stale decision is refused, not applied). */
function send(conn: TableConnection, command: MatchCommand): Promise<unknown> {
  const opts = { seq: true as const };
  switch (command.type) {
    case "roll":
      return conn.roll(opts);
    case "play":
      return conn.play(command.play, opts);
    case "double":
      return conn.double(opts);
    case "take":
      return conn.take(opts);
    case "drop":
      return conn.drop(opts);
    default:
      throw new Error(`the bot never sends ${command.type}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Never think into the last seconds of the clock: the pause before a command leaves this much of it unused. */
const CLOCK_MARGIN_MS = 3000;

/** The pause before acting: `--delay`, cut short so the bot's delay and reserve never run out. */
function thinkingTime(conn: TableConnection, seat: "white" | "black", delayMs: number): number {
  const left = conn.remainingTime()?.[seat];
  if (!left) return delayMs;
  return Math.max(0, Math.min(delayMs, left.totalMs - CLOCK_MARGIN_MS));
}

async function seat(client: NardiClient, opts: Options): Promise<SeatGrant> {
  if (opts.table) return client.joinTable(opts.table, { name: opts.name, ...(opts.invite ? { invite: opts.invite } : {}) });
  const grant = await client.createTable({ preset: opts.preset, length: opts.length, timeControl: opts.time, name: opts.name });
  log(`created table ${grant.tableId}; waiting for an opponent. Another bot can join with:`);
  log(`  npm run bot -- --url ${opts.url} --table ${grant.tableId}`);
  return grant;
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const rng = opts.seed === null ? cryptoRng : seededRng(opts.seed);
  const client = new NardiClient(opts.url);
  if (opts.token !== null) {
    process.once("SIGINT", () => {
      log("stopped (Ctrl-C)");
      process.exit(0);
    });
    const { token, accept, maxMatches, url } = opts;
    return serveChallenges({ url, token, accept, maxMatches, log }, (grant) => playSeat(client, grant, opts, rng));
  }
  return playSeat(client, await seat(client, opts), opts, rng);
}

/** Plays one seat to the end of its match: 0 when it is over, 1 when the connection is lost for good or commands keep being refused. */
async function playSeat(client: NardiClient, grant: SeatGrant, opts: Options, rng: () => number): Promise<number> {
  log(`sitting as ${grant.seat} at ${grant.tableId} (${grant.table.ruleset.preset}, ${grant.table.length} point(s)), level ${opts.level}`);

  // seq 0: the welcome carries the whole log, which tells whose first turn of the hand it is (long nardi's head rule).
  const conn = client.connect(grant.tableId, { token: grant.token, seq: 0, pingIntervalMs: 20_000 });
  conn.onEvent((e) => log(describe(e)));
  conn.onStatus((s) => {
    if (s !== "connected" && !finished) log(`connection ${s}${conn.closeReason ? `: ${conn.closeReason}` : ""}`);
  });

  let finished = false;
  let decidedAt = -1;
  let refusals = 0;
  for (;;) {
    await conn.waitFor((c) => c.status === "closed" || (c.table !== null && c.seq !== decidedAt), 24 * 3600_000, "a table change");
    if (conn.status === "closed") return 1;
    const table = conn.table;
    if (!table) continue;
    decidedAt = conn.seq;
    if (table.status === "over" || table.match?.phase === "over") {
      finished = true;
      conn.close();
      return 0;
    }
    const command = commandFromView(table, conn.events, conn.plays, grant.seat, opts.level, rng);
    if (!command) continue;
    const pause = thinkingTime(conn, grant.seat, opts.delayMs);
    if (pause > 0) await sleep(pause);
    // Plays and rolls show up in the event log; cube actions get a line of their own.
    if (command.type !== "roll" && command.type !== "play") log(`→ ${command.type}`);
    try {
      await send(conn, command);
      refusals = 0;
    } catch (err) {
      if (!(err instanceof CommandError)) throw err;
      log(`refused: ${err.code} ${err.message}`);
      if (++refusals >= 5) {
        conn.close();
        return 1;
      }
      // Decide again on the freshest state the server has.
      decidedAt = -1;
      conn.sync();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ApiError ? err.message : err);
    process.exit(1);
  },
);
