/**
 * `/v1/lobby`: the lobby's snapshot (open tables, matches being played now, players online) and its live feed,
 * a WebSocket served by the lobby object (src/server/lobby.ts).
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { LobbyMessageSchema, LobbySnapshotSchema } from "../../protocol";
import { limitClient } from "../access";
import type { Env } from "../env";
import { MAX_LOBBY_SOCKETS } from "../lobby";
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
      "Server → client JSON text frames (`LobbyMessage`): a `lobby` snapshot at once and after every change of the lists, an " +
      "`online` count when only that changed. The client sends nothing but the text frame `ping` (answered `pong`).",
    responses: {
      101: {
        description: "Switching Protocols. Frames from the server follow LobbyMessage.",
        content: { "application/json": { schema: z.object({ serverSends: LobbyMessageSchema }) } },
      },
      426: problem("BAD_REQUEST: not a WebSocket upgrade"),
      429: rateLimited(`RATE_LIMITED: too many socket connections from this address (with Retry-After), or ${MAX_LOBBY_SOCKETS} feeds already open`),
    },
  }),
);

lobby.get("/socket", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return problemResponse("BAD_REQUEST", "expected a WebSocket upgrade (Upgrade: websocket)", 426);
  await limitClient(c.env, "SOCKET_LIMIT", c.req.raw);
  return c.env.LOBBY.getByName("lobby").fetch(c.req.raw);
});
