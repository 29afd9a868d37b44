/**
 * `/v1/tables`: create, list, view, join, history, counters, and the WebSocket upgrade. Each handler validates
 * with the protocol schemas (the OpenAPI document comes from the same route definitions) and hands over to the
 * table's match object over RPC.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  ClientMessageSchema,
  CreateTableBodySchema,
  EventHistorySchema,
  EventsQuerySchema,
  LIMITS,
  JoinTableBodySchema,
  OpenTablesSchema,
  SeatGrantSchema,
  ServerMessageSchema,
  SocketQuerySchema,
  TableIdParamSchema,
  TableStatsSchema,
  TableViewSchema,
} from "../../protocol";
import type { Env } from "../env";
import { bearerToken, limitClient, listingClient } from "../access";
import { fromSeatKey, newTableId } from "../ids";
import { HttpRefusal, problemResponse, unwrap, type Outcome } from "../problem";
import { grant } from "../room/seats";
import { MAX_SOCKETS_PER_SEAT, MAX_SPECTATOR_SOCKETS } from "../room/presence";
import type { SeatPlayer } from "../room/seats";
import { Db, type PlayerRow } from "../db";
import { admit } from "../moderation/admission";
import { requireUnprotectedName } from "../fairplay/names";
import { cachedRead, isGuest, optionalSession } from "../identity/sessions";
import { json, problem, rateLimited } from "../openapi";

export const tables = new OpenAPIHono<{ Bindings: Env }>();

/** A seat holder's credentials on HTTP reads (documented; read by `bearerToken`). */
const AuthHeaders = z.object({
  authorization: z.string().optional().meta({ description: "`Bearer <seat token>`: read as that seat (see the table's `spectators`)." }),
});

const Params = TableIdParamSchema.extend({
  id: TableIdParamSchema.shape.id.meta({ param: { name: "id", in: "path" }, description: "The table id from SeatGrant.tableId." }),
});

/**
 * An answer of the match object, parsed with its wire schema: Workers' RPC types widen tuples in results
 * (`[number, number]` → `number[]`), and the parse both checks the value and gives its precise type back.
 */
function answer<S extends z.ZodType>(schema: S, outcome: Outcome<unknown>): z.output<S> {
  return schema.parse(unwrap(outcome));
}

/**
 * With `Authorization: Bearer`, the session's player (a header that holds no session is refused), from the isolate's
 * session cache; `guestsFresh`: a cached guest is read again, as a guest is refused what a member may have.
 */
async function sessionPlayer(env: Env, authorization: string | undefined, guestsFresh: boolean): Promise<PlayerRow | null> {
  return (await optionalSession(new Db(env.DB), authorization, cachedRead(env, guestsFresh ? isGuest : undefined)))?.player ?? null;
}

/** The seat goes to that session's player (with their kind: guests sit at casual tables only). */
function seatPlayer(player: PlayerRow | null): SeatPlayer | null {
  return player ? { id: player.id, name: player.name!, kind: player.kind, ...(player.bot ? { bot: true } : {}) } : null;
}

/** The table's match object, through its typed stub. */
function room(env: Env, id: string) {
  return env.MATCH.getByName(id);
}

tables.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Create a table; the creator sits White",
    description:
      "With a session (`Authorization: Bearer`, optional unless `rated` or `stake`) the seat is bound to that player and carries their name. " +
      "A `stake` (Domino Coins, docs/coins.md) is checked against the creator's balance but held only when the match starts. " +
      "A guest's session may not create a rated or stake table (CLAIM_REQUIRED), nor anyone in a cooldown (COOLDOWN; docs/fair-play.md). " +
      "A `name` that passes for another member's claimed name is NAME_PROTECTED.",
    operationId: "createTable",
    tags: ["tables"],
    request: { body: { content: { "application/json": { schema: CreateTableBodySchema } }, required: true } },
    responses: {
      201: json(SeatGrantSchema, "The creator's seat (keep the token and the invite secret: they are shown once)"),
      400: problem(
        "BAD_REQUEST, BAD_JSON, BAD_NAME or NAME_RESERVED; NAME_PROTECTED: a `name` passing for another member's; STAKE_OUT_OF_RANGE: a " +
          "stake outside the operator's bounds, or against the computer",
      ),
      401: problem("UNAUTHORIZED: an Authorization header that holds no session; SESSION_REQUIRED: a stake without a session"),
      403: problem(
        "RATED_NEEDS_PLAYER: a rated table without a session, or against the computer; CLAIM_REQUIRED: a guest asking for a rated or " +
          "stake table; COOLDOWN: the player is in a cooldown (Retry-After: seconds until it ends); BANNED or SUSPENDED: a moderator's sanction " +
          "stands (docs/moderation.md)",
      ),
      409: problem("INSUFFICIENT_COINS: the creator's balance is below the stake (nothing is held until the match starts)"),
      413: problem("MESSAGE_TOO_LARGE"),
      415: problem("BAD_REQUEST: the body is not sent as application/json"),
      429: rateLimited("RATE_LIMITED: too many tables created from this address"),
      503: problem("SITE_RESTRICTED: the operators' site switch stops new stake tables (level 3) or all new tables (level 4; GET /v1/site)"),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    await limitClient(c.env, "CREATE_LIMIT", c.req.raw);
    // With a seat key the id is the key's, so the create sent again reaches the same table.
    const id = body.seatKey === undefined ? newTableId() : await fromSeatKey(body.seatKey, "table");
    const client = await listingClient(c.env, c.req.raw, id);
    const player = await sessionPlayer(c.env, c.req.header("authorization"), body.rated || (body.stake ?? 0) !== 0);
    await admit(c.env, { what: "create-table", player, rated: body.rated, stake: body.stake ?? 0 });
    await requireUnprotectedName(c.env, body.name, player);
    return c.json(grant(await room(c.env, id).create({ ...body, id, client, player: seatPlayer(player) })), 201);
  },
);

tables.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "Tables waiting for a second player, newest first",
    operationId: "listOpenTables",
    tags: ["tables"],
    responses: { 200: json(OpenTablesSchema, "Open tables") },
  }),
  async (c) => {
    const list = await c.env.LOBBY.getByName("lobby").list();
    return c.json({ tables: list }, 200);
  },
);

tables.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    summary: "The view of a table (no secrets)",
    description:
      "At a table with `spectators: false`, `match` (board, dice, score) is null unless the request carries a seat token as " +
      "`Authorization: Bearer <token>`.",
    operationId: "getTable",
    tags: ["tables"],
    request: { params: Params, headers: AuthHeaders },
    responses: {
      200: json(TableViewSchema, "The table"),
      400: problem("BAD_REQUEST"),
      401: problem("BAD_TOKEN: the bearer token holds no seat at this table"),
      404: problem("TABLE_NOT_FOUND"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(answer(TableViewSchema, await room(c.env, id).view(bearerToken(c.req.raw))), 200);
  },
);

tables.openapi(
  createRoute({
    method: "post",
    path: "/{id}/join",
    summary: "Take the free seat (Black); the match starts at once",
    description:
      "With a session (`Authorization: Bearer`, required at a rated table) the seat is bound to that player and carries their name. " +
      "A guest's session may not join a rated or stake table (CLAIM_REQUIRED), nor anyone in a cooldown (COOLDOWN; docs/fair-play.md). " +
      "A `name` that passes for another member's claimed name is NAME_PROTECTED.",
    operationId: "joinTable",
    tags: ["tables"],
    request: { params: Params, body: { content: { "application/json": { schema: JoinTableBodySchema } }, required: false } },
    responses: {
      200: json(SeatGrantSchema, "The joiner's seat"),
      400: problem("BAD_REQUEST, BAD_JSON, BAD_NAME or NAME_RESERVED; NAME_PROTECTED: a `name` passing for another member's"),
      401: problem("UNAUTHORIZED: an Authorization header that holds no session; SESSION_REQUIRED: a stake table joined without a session"),
      403: problem(
        "BAD_INVITE: the table is private and the invite secret is missing or wrong; RATED_NEEDS_PLAYER: a rated table joined without a " +
          "session; CLAIM_REQUIRED: a guest at a rated or stake table; COOLDOWN: the player is in a cooldown (Retry-After); BANNED or " +
          "SUSPENDED: a moderator's sanction stands (docs/moderation.md)",
      ),
      404: problem("TABLE_NOT_FOUND"),
      409: problem(
        "TABLE_FULL or SAME_PLAYER; INSUFFICIENT_COINS: the joiner's balance is below the stake; STAKE_UNCOVERED: the creator's is " +
          "(both stakes move into the table's escrow here, or neither)",
      ),
      413: problem("MESSAGE_TOO_LARGE"),
      415: problem("BAD_REQUEST: the body is not sent as application/json"),
      429: rateLimited("RATE_LIMITED: too many joins from this address"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    // Without a JSON body the validator hands over {}: parse it here so the default name applies.
    const body = JoinTableBodySchema.parse(c.req.valid("json"));
    await limitClient(c.env, "JOIN_LIMIT", c.req.raw);
    // The table's rules are the match object's to check, so a guest's row is read again before any join.
    const player = await sessionPlayer(c.env, c.req.header("authorization"), true);
    await admit(c.env, { what: "join-table", player });
    await requireUnprotectedName(c.env, body.name, player);
    return c.json(grant(await room(c.env, id).join({ ...body, player: seatPlayer(player) })), 200);
  },
);

tables.openapi(
  createRoute({
    method: "get",
    path: "/{id}/events",
    summary: "The table's stored events in seq order",
    description: "At a table with `spectators: false`, only for a seat holder (`Authorization: Bearer <token>`); others get 403 SPECTATORS_DISABLED.",
    operationId: "getTableEvents",
    tags: ["tables"],
    request: {
      params: Params,
      headers: AuthHeaders,
      query: EventsQuerySchema,
    },
    responses: {
      200: json(EventHistorySchema, "A page of the event log (`next`: where the next page starts)"),
      400: problem("BAD_REQUEST"),
      401: problem("BAD_TOKEN: the bearer token holds no seat at this table"),
      403: problem("SPECTATORS_DISABLED: the table hides its log from readers without a seat"),
      404: problem("TABLE_NOT_FOUND"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { after, limit } = c.req.valid("query");
    const page = await room(c.env, id).events(after ?? 0, limit ?? LIMITS.maxEventsPerPage, bearerToken(c.req.raw));
    return c.json(answer(EventHistorySchema, page), 200);
  },
);

tables.openapi(
  createRoute({
    method: "get",
    path: "/{id}/stats",
    summary: "Storage counters of the table's match object (rows written per accepted command, for benchmarks)",
    operationId: "getTableStats",
    tags: ["tables"],
    request: { params: Params },
    responses: { 200: json(TableStatsSchema, "Counters"), 400: problem("BAD_REQUEST"), 404: problem("TABLE_NOT_FOUND") },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(answer(TableStatsSchema, await room(c.env, id).stats()), 200);
  },
);

// Documented like the other routes, but served by a plain handler: its answer is the match object's 101 response.
tables.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/{id}/socket",
    summary: "Open the table's WebSocket (send `Upgrade: websocket`)",
    operationId: "openTableSocket",
    tags: ["tables"],
    description:
      "A seat's connection offers the subprotocols `nardi.v2` and `token.<seat token>` (header `Sec-WebSocket-Protocol`; the " +
      "server answers `nardi.v2`); `?token=` still works but is deprecated. Without a token: a spectator's (unless the table " +
      "forbids spectators). JSON text frames: " +
      "the client sends `ClientMessage`s, the server sends `ServerMessage`s (first a `welcome` with the events after `seq`). " +
      "On `nardi.v2` the mover's `welcome` and `update` carry its legal plays compact in `plays` (`Plays`: packed steps); the " +
      "deprecated `nardi.v1` (also assumed when no subprotocol is offered) carries them written out in `legalPlays` instead. " +
      "The text frame `ping` is answered with `pong` by the runtime.",
    request: { params: Params, query: SocketQuerySchema },
    responses: {
      101: {
        description: "Switching Protocols. Frames from the server follow ServerMessage; frames to the server follow ClientMessage.",
        content: { "application/json": { schema: z.object({ serverSends: ServerMessageSchema, clientSends: ClientMessageSchema }) } },
      },
      400: problem("BAD_REQUEST"),
      401: problem("BAD_TOKEN"),
      403: problem("SPECTATORS_DISABLED; BANNED: the seat's player is banned (docs/moderation-live.md)"),
      404: problem("TABLE_NOT_FOUND"),
      426: problem("BAD_REQUEST: not a WebSocket upgrade"),
      429: rateLimited(
        `RATE_LIMITED: too many socket connections from this address (with Retry-After), or the seat already has ${MAX_SOCKETS_PER_SEAT} ` +
          `open sockets, or the table ${MAX_SPECTATOR_SOCKETS} spectators`,
      ),
    },
  }),
);

tables.get("/:id/socket", async (c) => {
  const params = Params.safeParse(c.req.param());
  if (!params.success) return problemResponse("BAD_REQUEST", "param id: not a table id");
  // As the validated routes read it: a parameter given twice is a list, which no query schema accepts.
  const query = SocketQuerySchema.safeParse(Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v])));
  if (!query.success) return problemResponse("BAD_REQUEST", "query: token must be a string of at most 128 characters, seq a plain decimal integer >= 0");
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new HttpRefusal("BAD_REQUEST", "expected a WebSocket upgrade (Upgrade: websocket)", 426);
  }
  await limitClient(c.env, "SOCKET_LIMIT", c.req.raw);
  return room(c.env, params.data.id).fetch(c.req.raw);
});
