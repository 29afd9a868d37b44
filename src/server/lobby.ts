/**
 * The lobby: one Durable Object (`env.LOBBY.getByName("lobby")`) listing public tables that wait for a second
 * player. A match object adds its table when created and removes it when someone joins or it expires, so the
 * list is a small index, never the source of truth. One object is plenty for a lobby's load (a row per open
 * table, one indexed read per listing); a busier deployment can shard it by preset without changing the API.
 *
 * It also lists the matches being played now (a match object reports its start, each time a human seat comes or
 * goes, and its end), and serves all of it as a live feed: WebSockets (Hibernation API) that get the snapshot on
 * connecting and again after every change, so the page never needs a Refresh button.
 *
 * Reads never write: expired rows are filtered out by the query and deleted by the lobby's own alarm. The match
 * objects never wait for the lobby either (`tellLobby`): creating or joining a table works while it is slow or down.
 *
 * Its entry points only hand over to the named handlers in ./lobby, as the match object's do.
 */
import { DurableObject } from "cloudflare:workers";
import type { LobbySnapshot, PlayingSummary, TableSummary } from "../protocol";
import type { Env } from "./env";
import { LobbyCore } from "./lobby/core";
import { onFeedClose, onFeedFrame, openFeed } from "./lobby/feed";
import { migrateLobby } from "./lobby/migrations";
import type { PlayingReport } from "./lobby/store";
import { addTable, onLobbyAlarm, removeTable, renameHost, reportPlaying } from "./lobby/tables";

export { inBackground, tellLobby } from "./lobby/background";
export { MAX_LOBBY_SOCKETS } from "./lobby/feed";
export { LISTED_TABLES_PER_CLIENT } from "./lobby/store";

export class Lobby extends DurableObject<Env> {
  readonly lobby: LobbyCore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrateLobby(ctx.storage.sql);
    this.lobby = new LobbyCore(ctx, env);
    // Keep-alives are answered by the runtime without waking the lobby.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  // RPC from the match objects (in the background) and the Worker's routes.
  add(summary: TableSummary, expiresAt: number, client: string): Promise<void> {
    return addTable(this.lobby, summary, expiresAt, client);
  }
  remove(id: string): Promise<void> {
    return removeTable(this.lobby, id);
  }
  rename(id: string, host: string): void {
    renameHost(this.lobby, id, host);
  }
  playing(id: string, report: PlayingReport | null): Promise<void> {
    return reportPlaying(this.lobby, id, report);
  }
  list(): TableSummary[] {
    return this.lobby.store.open(Date.now());
  }
  listPlaying(): PlayingSummary[] {
    return this.lobby.store.playing(Date.now());
  }
  online(): number {
    return this.lobby.online();
  }
  snapshot(): LobbySnapshot {
    return this.lobby.snapshot();
  }

  /** The feed: a WebSocket that gets the snapshot now and after every change (see docs/protocol.md, The lobby feed). */
  override async fetch(request: Request): Promise<Response> {
    return openFeed(this.lobby, request);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    onFeedFrame(this.lobby, ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    onFeedClose(this.lobby, ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    onFeedClose(this.lobby, ws, 1011, "socket error");
  }

  override alarm(): Promise<void> {
    return onLobbyAlarm(this.lobby);
  }
}
