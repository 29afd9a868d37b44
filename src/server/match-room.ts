/**
 * The match Durable Object, one per table (`env.MATCH.getByName(tableId)`). Its entry points only hand over to
 * named handlers in ./room (every command through one path, ./room/step.ts) and do the bookkeeping every event
 * needs once, here: the alarm is synced to the earliest deadline when the handler is done (whether it failed or
 * not), and a socket event's failure is logged with the table id and never thrown back at the runtime.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";
import { RoomCore } from "./room/core";
import { onMessage } from "./room/commands";
import { onAlarm, onWake } from "./room/deadlines";
import { moderate, type Moderation } from "./room/moderation";
import { connect, onClose } from "./room/presence";
import { reportEvidence } from "./room/report-evidence";
import { createTable, joinTable, tableEvents, tableRecord, tableStats, viewTable, type CreateInput, type JoinInput } from "./room/tables";

export class MatchRoom extends DurableObject<Env> {
  readonly room: RoomCore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.room = new RoomCore(ctx, env);
    // Keep-alives are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    // Before any event is delivered: a restart or eviction may have dropped sockets without a close, or left a bot's turn.
    void ctx.blockConcurrencyWhile(() => this.#entry(() => onWake(this.room)));
  }

  // RPC from the Worker's routes.
  create(input: CreateInput) {
    return this.#entry(() => createTable(this.room, input));
  }
  join(input: JoinInput) {
    return this.#entry(() => joinTable(this.room, input));
  }
  /** `token`: the reader's seat token, if it sent one (HTTP `Authorization: Bearer`). */
  view(token?: string) {
    return this.#entry(() => viewTable(this.room, token));
  }
  events(after: number, limit: number, token?: string) {
    return this.#entry(() => tableEvents(this.room, after, limit, token));
  }
  /** The finished match's record (MatchFacts), for GET …/record. */
  record(token?: string) {
    return this.#entry(() => tableRecord(this.room, token));
  }
  stats() {
    return this.#entry(() => tableStats(this.room));
  }
  /** Who sits where, the chat lines and the seq, for a player's report (docs/reports.md). */
  reportEvidence() {
    return this.#entry(() => reportEvidence(this.room));
  }
  /** A stored moderation action reaching this table (../moderation/live.ts; docs/moderation-live.md). */
  moderate(action: Moderation) {
    return this.#entry(() => moderate(this.room, action));
  }

  /** Only the WebSocket upgrade comes in as a request. */
  override fetch(request: Request): Promise<Response> {
    return this.#entry(() => connect(this.room, request));
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    return this.#socketEntry("webSocketMessage", async () => {
      try {
        await onMessage(this.room, ws, message);
      } catch (error) {
        // No claim that nothing changed: the failure may come after the command was stored (broadcast, bots).
        this.room.sendError(ws, null, "INTERNAL", "the server failed on this message");
        throw error;
      }
    });
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    return this.#socketEntry("webSocketClose", () => onClose(this.room, ws, code, reason));
  }

  override webSocketError(ws: WebSocket): Promise<void> {
    return this.#socketEntry("webSocketError", () => onClose(this.room, ws, 1011, "socket error"));
  }

  override alarm(): Promise<void> {
    return this.#entry(() => {
      // The alarm acts on due times: it reads them from storage, not from the copy the commands keep.
      this.room.store.forgetReads();
      return onAlarm(this.room);
    });
  }

  /** Runs an entry point's handler, then keeps the one alarm at the earliest deadline (a deleted table has none). */
  async #entry<T>(handle: () => T | Promise<T>): Promise<T> {
    try {
      return await handle();
    } finally {
      if (this.room.store.exists()) await this.room.syncAlarm();
    }
  }

  /** A socket event: as `#entry`, but a failure is logged (with the table id) instead of thrown at the runtime. */
  async #socketEntry(name: string, handle: () => void | Promise<void>): Promise<void> {
    try {
      await this.#entry(handle);
    } catch (error) {
      this.room.log.error(`${name} failed`, error);
    }
  }
}
