/**
 * A quick-match pool: one Durable Object per combination of choices (`env.QUICK_POOL.getByName(poolKey(choice))`).
 * Seekers wait on hibernating WebSockets (tagged with their player id) and are kept in the pool's SQLite; the
 * alarm runs a pairing wave every SEEK_LIMITS.waveMs while two or more are connected. A pairing claims both players
 * in the seeker registry (so a player seeking in several pools is paired once), makes the table through the match
 * object's create + join, and sends each seeker their seat once. docs/matchmaking.md is the contract.
 *
 * Its entry points only hand over to the named handlers beside it, as the match object's do.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { PoolCore } from "./core";
import { migratePool } from "./migrations";
import { cancelSeeker, renameSeeker } from "./moderation";
import { onPoolWake, onSeekClose, onSeekFrame, openSeek } from "./seekers";
import { runWave } from "./wave";

export { SEEKER_HEADER, SeekerSchema, type Seeker } from "./seekers";

export class QuickPool extends DurableObject<Env> {
  readonly pool: PoolCore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migratePool(ctx.storage.sql);
    this.pool = new PoolCore(ctx, env);
    // Keep-alives are answered by the runtime without waking the pool.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    void ctx.blockConcurrencyWhile(() => onPoolWake(this.pool));
  }

  /** The seek's upgrade, forwarded by the Worker's `/v1/seek` route. */
  override fetch(request: Request): Promise<Response> {
    return openSeek(this.pool, request);
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    try {
      onSeekFrame(this.pool, ws, message);
    } catch (error) {
      this.pool.log.error("quick match: a seek frame failed", error, { playerId: this.pool.playerOf(ws) });
      this.pool.send(ws, { type: "error", code: "INTERNAL", message: "the server failed on this message" });
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      await onSeekClose(this.pool, ws, code, reason);
    } catch (error) {
      this.pool.log.error("quick match: a seek socket's close failed", error, { playerId: this.pool.playerOf(ws) });
    }
  }

  override webSocketError(ws: WebSocket): Promise<void> {
    return this.webSocketClose(ws, 1011, "socket error");
  }

  // RPC from moderation (docs/moderation-live.md).
  cancelSeeker(playerId: string): Promise<boolean> {
    return cancelSeeker(this.pool, playerId);
  }
  renameSeeker(playerId: string, name: string): void {
    renameSeeker(this.pool, playerId, name);
  }

  override alarm(): Promise<void> {
    return runWave(this.pool);
  }
}
