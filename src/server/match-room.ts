/**
 * The match Durable Object, one per table (`env.MATCH.getByName(tableId)`). Its entry points only hand over to
 * named handlers in ./room, which all follow one path: load → parse → engine → store → broadcast.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";
import { RoomCore } from "./room/core";
import { onMessage } from "./room/commands";
import { onAlarm, onWake } from "./room/deadlines";
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
    void ctx.blockConcurrencyWhile(() => onWake(this.room));
  }

  // RPC from the Worker's routes.
  create(input: CreateInput) {
    return createTable(this.room, input);
  }
  join(input: JoinInput) {
    return joinTable(this.room, input);
  }
  /** `token`: the reader's seat token, if it sent one (HTTP `Authorization: Bearer`). */
  view(token?: string) {
    return viewTable(this.room, token);
  }
  events(after: number, limit: number, token?: string) {
    return tableEvents(this.room, after, limit, token);
  }
  /** The finished match's record (MatchFacts), for GET …/record. */
  record(token?: string) {
    return tableRecord(this.room, token);
  }
  stats() {
    return tableStats(this.room);
  }
  /** Who sits where, the chat lines and the seq, for a player's report (docs/reports.md). */
  reportEvidence() {
    return reportEvidence(this.room);
  }

  /** Only the WebSocket upgrade comes in as a request. */
  override fetch(request: Request): Promise<Response> {
    return connect(this.room, request);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    try {
      await onMessage(this.room, ws, message);
    } catch (error) {
      this.room.log.error("webSocketMessage failed", error);
      // No claim that nothing changed: the failure may come after the command was stored (broadcast, bots, alarm).
      this.room.sendError(ws, null, "INTERNAL", "the server failed on this message");
    }
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    return onClose(this.room, ws, code, reason);
  }

  override webSocketError(ws: WebSocket): Promise<void> {
    return onClose(this.room, ws, 1011, "socket error");
  }

  override alarm(): Promise<void> {
    // The alarm acts on due times: it reads them from storage, not from the copy the commands keep.
    this.room.store.forgetReads();
    return onAlarm(this.room);
  }
}
