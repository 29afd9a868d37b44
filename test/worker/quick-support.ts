/** Helpers for the quick-match worker tests: seek sockets with a message queue, the pool's rows, ratings set in D1. */
import { env, runInDurableObject } from "cloudflare:test";
import { PresetSchema, SOCKET_PROTOCOL, SeekServerMessageSchema, poolKey, seekSearchParams, type SeekChoice, type SeekServerMessage } from "../../src/protocol";
import type { QuickPool } from "../../src/server";
import { SocketQueue, api } from "./helpers";

let nextChoice = 0;

/** A pool of its own for each test (pools are named by their choices, and storage is shared within a file). */
export function freshChoice(overrides: Partial<SeekChoice> = {}): SeekChoice {
  const n = nextChoice++;
  const timeControls = ["blitz", "standard", "correspondence", "untimed"] as const;
  const lengths = [1, 3, 5, 7] as const;
  return {
    preset: PresetSchema.options[n % 4]!,
    length: lengths[Math.floor(n / 4) % 4]!,
    timeControl: timeControls[Math.floor(n / 16) % 4]!,
    rated: Math.floor(n / 64) % 2 === 1,
    stake: 0,
    ...overrides,
  };
}

export function seekQuery(choice: SeekChoice): string {
  return seekSearchParams(choice).toString();
}

/** A seek socket: the queue of what the pool sends, each message checked against the wire schema. */
export class SeekClient extends SocketQueue<SeekServerMessage> {
  constructor(ws: WebSocket) {
    super(ws, (data) => SeekServerMessageSchema.parse(data));
  }
}

/** The raw answer to a seek upgrade (for refusals). */
export async function seekResponse(query: string, token?: string): Promise<Response> {
  const protocols = token === undefined ? SOCKET_PROTOCOL : `${SOCKET_PROTOCOL}, token.${token}`;
  return api(`/v1/seek?${query}`, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": protocols } });
}

/** A seek socket for the session `token`, after its `seeking` message. */
export async function seek(choice: SeekChoice, token: string): Promise<{ client: SeekClient; seeking: Extract<SeekServerMessage, { type: "seeking" }> }> {
  const res = await seekResponse(seekQuery(choice), token);
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  ws.accept();
  const client = new SeekClient(ws);
  return { client, seeking: await client.next("seeking") };
}

export function poolOf(choice: SeekChoice) {
  return env.QUICK_POOL.getByName(poolKey(choice));
}

export interface PoolRow extends Record<string, string | number | null> {
  player_id: string;
  state: string;
  since: number;
  gone_at: number | null;
}

export async function poolRows(choice: SeekChoice): Promise<PoolRow[]> {
  return runInDurableObject(poolOf(choice), (_pool: QuickPool, state) =>
    state.storage.sql.exec<PoolRow>("SELECT player_id, state, since, gone_at FROM seekers ORDER BY since, player_id").toArray(),
  );
}

/**
 * Moves the pool's seeks (or only `playerId`'s) and gone marks `ms` into the past: the wave then sees them as having
 * waited that much longer. (A seek moved before its player's last pairing would read as paired since it began.)
 */
export async function waitedLonger(choice: SeekChoice, ms: number, playerId?: string): Promise<void> {
  await runInDurableObject(poolOf(choice), (_pool: QuickPool, state) => {
    state.storage.sql.exec("UPDATE seekers SET since = since - ?, gone_at = gone_at - ? WHERE ? IS NULL OR player_id = ?", ms, ms, playerId ?? null, playerId ?? null);
  });
}

/**
 * Runs the pool's wave now, in the test's own call: the pool's alarm handler itself (`QuickPool.alarm`), not an
 * alarm set for now and run through `runDurableObjectAlarm`, which workerd may fire on its own first (then the helper
 * ran nothing and the test read rows from before its wave). The alarm may still also fire by itself; a wave is a
 * function of the rows and the time, so either way the test then reads the outcome of a wave.
 */
export async function wave(choice: SeekChoice): Promise<void> {
  await runInDurableObject(poolOf(choice), (pool: QuickPool) => pool.alarm());
}

/** Sets a player's rating in a pool (preset), as finished rated matches would have. */
export async function setRating(playerId: string, preset: string, rating: number): Promise<void> {
  await env.DB.prepare(
    "INSERT OR REPLACE INTO ratings (player_id, pool, rating, rd, volatility, games, rated_at, rev) VALUES (?, ?, ?, 80, 0.06, 30, ?, 1)",
  )
    .bind(playerId, preset, rating, Date.now())
    .run();
}
