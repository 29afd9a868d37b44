/**
 * What every handler of a pool shares: its store, its seekers' sockets (tagged with their player id, so a woken
 * pool finds them again with `ctx.getWebSockets(playerId)`), the registry (sharded by player: ./shards.ts), and
 * the alarm that runs the waves.
 */
import { SEEK_LIMITS, poolKey, seekSearchParams, type SeekServerMessage } from "../../protocol";
import type { Env } from "../env";
import { CLOSE, closeSocket, sendFrame } from "../frames";
import { objectLog, type Logger } from "../log";
import { registryOf, type Registry } from "./shards";
import { PoolStore } from "./store";

export class PoolCore {
  readonly store: PoolStore;
  readonly log: Logger = objectLog("quick-pool");

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.store = new PoolStore(ctx.storage.sql);
  }

  /** The seeker registry, sharded by player (./shards.ts). */
  registry(): Registry {
    return registryOf(this.env);
  }

  /** The player's open sockets to this pool, leaving out `except` (the one being closed). */
  sockets(playerId: string, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(playerId).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  connected(playerId: string, except?: WebSocket): boolean {
    return this.sockets(playerId, except).length > 0;
  }

  /** The player a socket seeks for (its tag), or null for a socket without one. */
  playerOf(ws: WebSocket): string | null {
    return this.ctx.getTags(ws)[0] ?? null;
  }

  send(ws: WebSocket, message: SeekServerMessage): void {
    sendFrame(ws, JSON.stringify(message));
  }

  /** The last message of a seek, then the close (1000, or 4000 for a replaced socket). */
  end(ws: WebSocket, message: SeekServerMessage, code: number = CLOSE.normal): void {
    this.send(ws, message);
    closeSocket(ws, code, message.type);
  }

  /** The waiting players last reported to the pools' index (./counts.ts); null until this process reported. */
  #reported: string | null = null;

  /**
   * Tells the pools' index who waits here now (connected, not being paired), when that changed since the last
   * report of this process, in the background (a failed report is logged; the next change reports again).
   */
  reportWaiting(): void {
    const choice = this.store.choice();
    if (!choice) return;
    const players = this.store.all().filter((r) => r.state === "waiting" && r.gone_at === null).map((r) => r.player_id);
    const key = JSON.stringify(players);
    if (key === this.#reported) return;
    this.#reported = key;
    const at = Date.now();
    const report = this.env.POOL_COUNTS.getByName("counts")
      .report(poolKey(choice), seekSearchParams(choice).toString(), players, at)
      .catch((error: unknown) => {
        this.#reported = null;
        this.log.error("quick match: reporting the pool's count failed", error);
      });
    this.ctx.waitUntil(report);
  }

  /** The next alarm: a wave soon while two or more are connected, else the earliest gone window or expiry. */
  async schedule(now: number): Promise<void> {
    // Every change of the seekers ends here (or in a cancel, which reports itself): the index hears of it.
    this.reportWaiting();
    const rows = this.store.all().filter((r) => r.state === "waiting");
    const connected = rows.filter((r) => r.gone_at === null).length;
    const due = rows.map((r) => Math.min(r.since + SEEK_LIMITS.maxSeekMs, r.gone_at === null ? Infinity : r.gone_at + SEEK_LIMITS.goneWindowMs));
    if (connected >= 2) due.push(now + SEEK_LIMITS.waveMs);
    const oldest = this.store.oldestOpponent();
    if (oldest !== null) due.push(oldest + SEEK_LIMITS.maxSeekMs);
    const next = Math.min(...due);
    const current = await this.ctx.storage.getAlarm();
    if (next === Infinity) {
      if (current !== null && rows.length === 0) await this.ctx.storage.deleteAlarm();
      return;
    }
    if (current === null || next < current || current < now) await this.ctx.storage.setAlarm(Math.max(next, now));
  }
}
