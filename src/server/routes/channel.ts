/**
 * `/v1/me/channel`: a player's own channel (docs/players-channel.md), and `/v1/presence`: how many are online.
 * The route checks the query, the upgrade, the per-client socket limit and the session, then hands the socket to the
 * player's channel object with the player and the session's token hash in headers only the Worker sets.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { ChannelClientMessageSchema, ChannelServerMessageSchema, PresenceCountSchema } from "../../protocol";
import { limitClient, socketCredentials } from "../access";
import { CHANNEL_PLAYER_HEADER, CHANNEL_PROTOCOL_HEADER, CHANNEL_TOKEN_HEADER } from "../channel/channel";
import { presenceCount } from "../channel/notify";
import { Db } from "../db";
import type { Env } from "../env";
import { cachedRead, requireSession } from "../identity/sessions";
import { json, problem, rateLimited } from "../openapi";
import { HttpRefusal, problemResponse, unwrap } from "../problem";

export const channel = new OpenAPIHono<{ Bindings: Env }>();

const SinceQuerySchema = z.object({
  since: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, "a whole number")
    .optional()
    .meta({ description: "The last event's `seq` this client saw: the events after it follow the welcome (or `reset` if they are gone)." }),
});

channel.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/me/channel",
    summary: "The player's own channel: presence, challenges, tables made for them (send `Upgrade: websocket`)",
    operationId: "playerChannel",
    tags: ["players"],
    description:
      "Needs a session (or a bot's API token): offer the subprotocols `nardi.v2` and `token.<token>`, or send `Authorization: Bearer`. " +
      "The server sends a `welcome` (the newest event's `seq`, the player's presence, open challenges, followed players who are not offline), " +
      "then the events missed since `since`, then each new `event`; the client may send `presence` (online/away) and `ping`. " +
      "Checks in order: the query (400), the upgrade (426), the per-client socket limit (429), the session (401). A player holds at most " +
      "8 sockets: one more closes the oldest with 4000; a revoked API token's sockets are closed with 4401. See docs/players-channel.md.",
    request: { query: SinceQuerySchema },
    security: [{ session: [] }],
    responses: {
      101: {
        description: "Switching Protocols. Frames from the server follow ChannelServerMessage; frames to the server follow ChannelClientMessage.",
        content: { "application/json": { schema: z.object({ serverSends: ChannelServerMessageSchema, clientSends: ChannelClientMessageSchema }) } },
      },
      400: problem("BAD_REQUEST: a malformed `since` or subprotocol list"),
      401: problem("UNAUTHORIZED: no session, or one that has ended"),
      426: problem("BAD_REQUEST: not a WebSocket upgrade"),
      429: rateLimited("RATE_LIMITED: too many socket connections from this address"),
    },
  }),
);

channel.get("/me/channel", async (c) => {
  const parsed = SinceQuerySchema.safeParse({ since: c.req.query("since") });
  if (!parsed.success) return problemResponse("BAD_REQUEST", `query since: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new HttpRefusal("BAD_REQUEST", "expected a WebSocket upgrade (Upgrade: websocket)", 426);
  }
  await limitClient(c.env, "SOCKET_LIMIT", c.req.raw);
  const { token, protocol } = unwrap(socketCredentials(c.req.raw));
  const { player, tokenHash } = await requireSession(
    new Db(c.env.DB),
    token === undefined ? c.req.header("authorization") : `Bearer ${token}`,
    cachedRead(c.env),
  );
  const headers = new Headers(c.req.raw.headers);
  headers.delete("authorization");
  headers.set(CHANNEL_PLAYER_HEADER, player.id);
  headers.set(CHANNEL_TOKEN_HEADER, tokenHash);
  if (protocol !== null) headers.set(CHANNEL_PROTOCOL_HEADER, protocol);
  const since = parsed.data.since === undefined ? "" : `?since=${parsed.data.since}`;
  return c.env.PLAYER_CHANNEL.getByName(player.id).fetch(new Request(`https://channel.internal/${since}`, { headers }));
});

channel.openapi(
  createRoute({
    method: "get",
    path: "/presence",
    summary: "Players online now",
    operationId: "getPresenceCount",
    tags: ["players"],
    description:
      "Players with a channel socket open or seated at a match that is not over (`online`), and of them those playing. An entry is " +
      "refreshed every 30 s while it holds; after a server restart a player whose socket is gone stops counting within 90 s (docs/players-channel.md).",
    responses: { 200: json(PresenceCountSchema, "The counts") },
  }),
  async (c) => c.json({ ...(await presenceCount(c.env)), at: Date.now() }, 200),
);
