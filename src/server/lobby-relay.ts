/**
 * A relay of the lobby feed: one Durable Object per `relay-<n>` (`env.LOBBY_RELAY.getByName(...)`), holding at most
 * RELAY_SOCKETS feed sockets (Hibernation API). The lobby sends each batch of changes once per relay; the relay
 * writes it to its sockets, so the lobby's work per change does not grow with the number of people watching.
 * Its entry points only hand over to ./lobby/relay.ts.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";
import type { FeedBatch } from "./lobby/batch";
import { RelayCore } from "./lobby/relay";

import { RELAY_SOCKETS } from "./lobby/relay";

export { RELAY_SOCKETS };

/** Relays of the feed (`relay-0` … `relay-7`): a busier site raises this, nothing else changes. */
export const LOBBY_RELAYS = 8;

/** Open lobby feeds at once; more are refused with 429 (the page then falls back to the plain list). */
export const MAX_LOBBY_SOCKETS = LOBBY_RELAYS * RELAY_SOCKETS;

/** The header the Worker names the relay with when it hands a feed socket over (set by the Worker, never the client's). */
export const RELAY_NAME_HEADER = "x-nardi-lobby-relay";

export class LobbyRelay extends DurableObject<Env> {
  readonly relay: RelayCore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.relay = new RelayCore(ctx, env);
    // Keep-alives are answered by the runtime without waking the relay.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** RPC from the lobby: one batch of changes, and this relay's sockets as the lobby counted them. */
  publish(name: string, batch: FeedBatch, counted: number): Promise<void> {
    return this.relay.publish(name, batch, counted);
  }

  /** A feed socket (see docs/protocol.md, The lobby feed); 429 when this relay is full. */
  override async fetch(request: Request): Promise<Response> {
    return this.relay.open(request, request.headers.get(RELAY_NAME_HEADER) ?? "relay-0");
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    await this.relay.onFrame(ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    await this.relay.onClose(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.relay.onClose(ws, 1011, "socket error");
  }
}
