/**
 * `/v1/lobby`: the lobby's snapshot (open tables, matches being played now, players online) and its live feed,
 * a WebSocket served by the lobby object (src/server/lobby.ts).
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { LobbyFeedMessageSchema, LobbyMessageSchema, LobbySnapshotSchema } from "../../protocol";
import { limitClient } from "../access";
import type { Env } from "../env";
import { LOBBY_RELAYS, MAX_LOBBY_SOCKETS, RELAY_NAME_HEADER } from "../lobby-relay";
import { json, problem, rateLimited } from "../openapi";
import { problemResponse } from "../problem";

export const lobby = new OpenAPIHono<{ Bindings: Env }>();

lobby.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "Open tables, matches being played now, and the count of players online",
    operationId: "getLobby",
    tags: ["tables"],
    responses: { 200: json(LobbySnapshotSchema, "The lobby now") },
  }),
  async (c) => c.json(await c.env.LOBBY.getByName("lobby").snapshot(), 200),
);

// Documented like the other routes, but served by a plain handler: its answer is the lobby object's 101 response.
lobby.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/socket",
    summary: "The lobby's live feed (send `Upgrade: websocket`)",
    operationId: "openLobbySocket",
    tags: ["tables"],
    description:
      "Server → client JSON text frames (`LobbyMessage`): a `lobby` snapshot at once and after every batch of changes of the lists, an " +
      "`online` count when only that changed. With `?diffs=1` (`LobbyFeedMessage`): a numbered `snapshot` at once, then a numbered " +
      "`diff` per batch; a diff whose `seq` is not the last + 1 means frames were missed: reconnect for a new snapshot. " +
      "The client sends nothing but the text frame `ping` (answered `pong`).",
    request: { query: z.object({ diffs: z.enum(["1"]).optional().meta({ description: "`1`: a snapshot, then diffs (LobbyFeedMessage)" }) }) },
    responses: {
      101: {
        description: "Switching Protocols. Frames from the server follow LobbyMessage.",
        content: { "application/json": { schema: z.object({ serverSends: z.union([LobbyMessageSchema, LobbyFeedMessageSchema]) }) } },
      },
      426: problem("BAD_REQUEST: not a WebSocket upgrade"),
      429: rateLimited(`RATE_LIMITED: too many socket connections from this address (with Retry-After), or ${MAX_LOBBY_SOCKETS} feeds already open`),
    },
  }),
);

lobby.get("/socket", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return problemResponse("BAD_REQUEST", "expected a WebSocket upgrade (Upgrade: websocket)", 426);
  await limitClient(c.env, "SOCKET_LIMIT", c.req.raw);
  // A relay picked at random; when it is full, the next ones in turn.
  const first = Math.floor(Math.random() * LOBBY_RELAYS);
  for (let i = 0; i < LOBBY_RELAYS; i++) {
    const name = `relay-${(first + i) % LOBBY_RELAYS}`;
    const request = new Request(c.req.raw);
    request.headers.set(RELAY_NAME_HEADER, name);
    const res = await c.env.LOBBY_RELAY.getByName(name).fetch(request);
    if (res.status !== 429) return res;
  }
  return problemResponse("RATE_LIMITED", "the lobby feed is full; list the tables over HTTP");
});
