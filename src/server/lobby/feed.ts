/**
 * The lobby feed's sockets (docs/protocol.md, The lobby feed): the snapshot on connecting, the count of players
 * online to the others whenever a feed opens or closes. The feed is one way: a client sends nothing but `ping`
 * (answered by the runtime); other frames are ignored, except one that breaks the WebSocket protocol itself,
 * which closes the socket as on every socket (../frames.ts).
 */
import { answerClose, closeSocket, protocolBreach } from "../frames";
import { problemResponse } from "../problem";
import type { LobbyCore } from "./core";

/** Open lobby feeds at once; more are refused with 429 (the page then falls back to the plain list). */
export const MAX_LOBBY_SOCKETS = 2_000;

export function openFeed(core: LobbyCore, request: Request): Response {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return problemResponse("BAD_REQUEST", "expected a WebSocket upgrade", 426);
  if (core.feeds().length >= MAX_LOBBY_SOCKETS) return problemResponse("RATE_LIMITED", "the lobby feed is full; list the tables over HTTP");
  const pair = new WebSocketPair();
  core.ctx.acceptWebSocket(pair[1]);
  core.send(pair[1], { type: "lobby", ...core.snapshot() });
  core.countChanged(pair[1], false);
  return new Response(null, { status: 101, webSocket: pair[0] });
}

export function onFeedFrame(core: LobbyCore, ws: WebSocket, frame: string | ArrayBuffer): void {
  const breach = protocolBreach(frame);
  if (!breach) return;
  closeSocket(ws, breach.close, breach.reason);
  core.countChanged(ws, true);
}

/** A feed closed (the client's close is answered) or failed: the others hear the new count at once. */
export function onFeedClose(core: LobbyCore, ws: WebSocket, code: number, reason: string): void {
  answerClose(ws, code, reason);
  core.countChanged(ws, true);
}
