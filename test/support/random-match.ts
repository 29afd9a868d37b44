/**
 * Plays a whole match between two seats over real WebSockets, choosing uniformly among the legal plays
 * the server lists (sent as notation or as steps, at random) and taking random cube actions where the
 * table allows them. Shared by the end-to-end tests and the server benchmark.
 */
import type { NardiClient, SeatGrant, TableConnection, TableView } from "../../src/client";
import type { SideName } from "../../src/protocol";
import { pick, type Rng } from "./rng";

export interface RandomMatchOptions {
  /** Chance to offer the cube when allowed, before rolling. */
  doubleChance?: number;
  /** Chance to take an offered cube (else drop). */
  takeChance?: number;
  /** Give up after this many commands (a guard against a server that never ends the match). */
  maxCommands?: number;
  /** How long to wait for the server to answer or for the next state, per step. */
  stepTimeoutMs?: number;
  /** Options for both connections (e.g. keepEvents: false in the benchmark). */
  keepEvents?: boolean;
  /** Checked before every command: true stops the match where it stands (run.finished stays false). */
  stop?: () => boolean;
  /** Called with each connection as soon as it exists (e.g. to listen for acks). */
  onConnect?: (conn: TableConnection) => void;
  /** Mean pause before each command, in ms (uniform in 0.5×–1.5×): a player's thinking time. 0 = none. */
  thinkMs?: number;
  /** Awaited once both seats are connected, before the first command. */
  onStart?: () => Promise<void>;
}

export interface MatchRun {
  white: TableConnection;
  black: TableConnection;
  /** The final table (match over). */
  table: TableView;
  /** Commands accepted by the server during the match. */
  commands: number;
  /** The match reached its end (false when `stop` cut it short). */
  finished: boolean;
}

/** The connection that knows the newest state. */
function newest(a: TableConnection, b: TableConnection): TableConnection {
  return b.seq > a.seq ? b : a;
}

/**
 * Connects both seats (with `seq: 0`, so each keeps the whole event log) and plays until the match is over.
 * The connections are left open for the caller to inspect and close.
 */
export async function playRandomMatch(
  client: NardiClient,
  white: SeatGrant,
  black: SeatGrant,
  rng: Rng,
  opts: RandomMatchOptions = {},
): Promise<MatchRun> {
  const keepEvents = opts.keepEvents ?? true;
  const conns: Record<SideName, TableConnection> = {
    white: client.connect(white.tableId, { token: white.token, seq: 0, keepEvents }),
    black: client.connect(black.tableId, { token: black.token, seq: 0, keepEvents }),
  };
  opts.onConnect?.(conns.white);
  opts.onConnect?.(conns.black);
  const run: MatchRun = { white: conns.white, black: conns.black, table: white.table, commands: 0, finished: false };
  const timeout = opts.stepTimeoutMs ?? 20_000;
  await Promise.all([
    conns.white.waitFor((c) => c.status === "connected", timeout, "white welcome"),
    conns.black.waitFor((c) => c.status === "connected", timeout, "black welcome"),
  ]);
  try {
    await opts.onStart?.();
    await playUntilOver(run, conns, rng, opts, timeout);
  } catch (err) {
    conns.white.close();
    conns.black.close();
    throw err;
  }
  return run;
}

/**
 * Plays on a match that `playRandomMatch` left unfinished (its `stop` said so), on the same connections (which may
 * be reconnecting meanwhile), until it is over. `stop` is ignored.
 */
export async function playOn(run: MatchRun, rng: Rng, opts: RandomMatchOptions = {}): Promise<MatchRun> {
  const conns: Record<SideName, TableConnection> = { white: run.white, black: run.black };
  try {
    await playUntilOver(run, conns, rng, { ...opts, stop: undefined }, opts.stepTimeoutMs ?? 20_000);
  } catch (err) {
    conns.white.close();
    conns.black.close();
    throw err;
  }
  return run;
}

async function playUntilOver(
  run: MatchRun,
  conns: Record<SideName, TableConnection>,
  rng: Rng,
  opts: RandomMatchOptions,
  timeout: number,
): Promise<void> {
  const maxCommands = opts.maxCommands ?? 20_000;
  for (;;) {
    const latest = newest(conns.white, conns.black);
    const table = latest.table;
    const m = table?.match;
    if (!table || !m) throw new Error(`no match on table ${table?.id ?? "?"} (status ${table?.status ?? "none"})`);
    if (m.phase === "over") {
      run.table = table;
      run.finished = true;
      // Let the other seat see the end as well.
      const target = latest.seq;
      await Promise.all([conns.white, conns.black].map((c) => c.waitFor((x) => x.seq >= target, timeout, "final state")));
      return;
    }
    if (opts.stop?.()) {
      run.table = table;
      return;
    }
    if (run.commands >= maxCommands) throw new Error(`match not over after ${run.commands} commands`);
    const actor = m.toAct;
    if (!actor) throw new Error(`nobody to act on table ${table.id} in phase ${m.phase}`);
    const conn = conns[actor];
    const target = latest.seq;
    await conn.waitFor((c) => c.seq >= target, timeout, `${actor} catching up to seq ${target}`);
    const mine = conn.table?.match;
    if (!mine || mine.phase === "over") continue;
    // The actor's view may be newer than `latest`; act only on what it sees.
    if (mine.toAct !== actor) continue;
    if (opts.thinkMs) await new Promise((r) => setTimeout(r, (opts.thinkMs ?? 0) * (0.5 + rng())));
    // What the actor may do, as the server says (`may`): answer a double, roll (or double first), or play.
    const { may } = mine;
    if (may.includes("take")) {
      if (rng() < (opts.takeChance ?? 0.7)) await conn.take();
      else await conn.drop();
    } else if (may.includes("roll")) {
      if (may.includes("double") && rng() < (opts.doubleChance ?? 0.15)) await conn.double();
      else await conn.roll();
    } else if (may.includes("play")) {
      const plays = await conn.waitFor((c) => c.legalPlays, timeout, `${actor}'s legal plays`);
      if (plays.length === 0) {
        await conn.play("");
      } else {
        const choice = pick(rng, plays);
        await conn.play(rng() < 0.5 ? choice.play : choice.steps.map(({ from, to }) => ({ from, to })));
      }
    }
    run.commands++;
  }
}
