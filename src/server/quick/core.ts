/**
 * What every handler of a pool shares: its store, its seekers' sockets (tagged with their player id, so a woken
 * pool finds them again with `ctx.getWebSockets(playerId)`), the registry (sharded by player: ./shards.ts), and
 * the alarm that runs the waves.
 */
import { SEEK_LIMITS, type SeekServerMessage } from "../../protocol";
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

  /** The next alarm: a wave soon while two or more are connected, else the earliest gone window or expiry. */
  async schedule(now: number): Promise<void> {
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
