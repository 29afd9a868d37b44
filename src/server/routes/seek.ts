/**
 * `/v1/seek`: quick match. The route checks the seek (its choices, the upgrade, the per-client limit, the player's
 * session, the stake against the bounds and the balance), reads the player's rating for the preset, and hands the socket to the pool of those
 * choices with the seeker in a header only the Worker sets. docs/matchmaking.md describes the channel.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  SEEK_POOLS_FRESH_MS,
  SeekClientMessageSchema,
  SeekPoolsSchema,
  SeekQuerySchema,
  SeekServerMessageSchema,
  poolKey,
  seekSearchParams,
  type SeekChoice,
} from "../../protocol";
import { limitClient, socketCredentials } from "../access";
import { stakeForNewTable } from "../coins/stakes";
import { Db } from "../db";
import { admit } from "../moderation/admission";
import type { Env } from "../env";
import { cachedRead, isGuest, optionalSession, requireSession } from "../identity/sessions";
import { json, problem, rateLimited } from "../openapi";
import { HttpRefusal, problemResponse, unwrap } from "../problem";
import { SEEKER_HEADER, type Seeker } from "../quick";
import { seekPools } from "../quick/waiting";
import { SocialDb } from "../social/db";

export const seek = new OpenAPIHono<{ Bindings: Env }>();

seek.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/",
    summary: "Quick match: wait in a pool for an opponent (send `Upgrade: websocket`)",
    operationId: "seek",
    tags: ["quick match"],
    description:
      "Needs a session: offer the subprotocols `nardi.v2` (or the deprecated `nardi.v1`) and `token.<session token>` (or send `Authorization: Bearer`). Seekers with " +
      "the same choices wait in one pool and are paired in waves, close ratings first. The server sends `SeekServerMessage`s " +
      "(`seeking`, then `paired` with the seat at the new table, or `cancelled`); the client may send `{\"type\":\"cancel\"}`. " +
      "Checks in order: the query (400), the upgrade (426), the per-client limit (429), the session (401), the admission (the site switch: " +
      "503 SITE_RESTRICTED; a sanction: 403 BANNED or SUSPENDED; a cooldown: 403 COOLDOWN; a guest asking for rated play or a stake: " +
      "403 CLAIM_REQUIRED; docs/safety.md, docs/moderation.md, docs/fair-play.md), then a non-zero stake: " +
      "within the operator's bounds (400 STAKE_OUT_OF_RANGE) and covered by the balance (409 INSUFFICIENT_COINS; nothing is held " +
      "until the pairing seats both players). See docs/matchmaking.md and docs/coins.md.",
    request: { query: SeekQuerySchema },
    security: [{ session: [] }],
    responses: {
      101: {
        description: "Switching Protocols. Frames from the server follow SeekServerMessage; frames to the server follow SeekClientMessage.",
        content: { "application/json": { schema: z.object({ serverSends: SeekServerMessageSchema, clientSends: SeekClientMessageSchema }) } },
      },
      400: problem("BAD_REQUEST: a choice missing or not offered; STAKE_OUT_OF_RANGE: a stake outside the operator's bounds"),
      401: problem("UNAUTHORIZED: no session, or one that has ended"),
      403: problem("BANNED or SUSPENDED: a moderator's sanction stands; COOLDOWN: the player is in a cooldown (Retry-After); CLAIM_REQUIRED: a guest seeking rated play or a stake"),
      409: problem("INSUFFICIENT_COINS: the seeker's balance is below the stake"),
      426: problem("BAD_REQUEST: not a WebSocket upgrade"),
      429: rateLimited("RATE_LIMITED: too many seeks from this address"),
      503: problem("SITE_RESTRICTED: the operators' site switch stops stake seeks (level 3) or all seeks (level 4; GET /v1/site)"),
    },
  }),
);

seek.openapi(
  createRoute({
    method: "get",
    path: "/pools",
    summary: "Quick match: how many wait in each pool now",
    operationId: "getSeekPools",
    tags: ["quick match"],
    description:
      "The pools with someone waiting (an open seek socket, not being paired at this moment), most waiting first, each with its " +
      "choices and `waiting`. A pool not listed has nobody waiting. With `Authorization: Bearer <session token>` the caller's own " +
      `seeks are not counted (a header that holds no session is 401). The counts are at most ${SEEK_POOLS_FRESH_MS / 1000} s old ` +
      "(`asOf`) plus the moment a pool takes to report a change; see docs/matchmaking.md, Pool counts.",
    security: [{}, { session: [] }],
    responses: {
      200: json(SeekPoolsSchema, "The pools with someone waiting"),
      401: problem("UNAUTHORIZED: an Authorization header that holds no live session"),
    },
  }),
  async (c) => {
    const session = await optionalSession(new Db(c.env.DB), c.req.header("authorization"), cachedRead(c.env));
    return c.json(await seekPools(c.env, session?.player.id ?? null, Date.now()), 200);
  },
);

/** The pool's own copy of the choices: the same query for every seeker, whatever order or defaults they sent. */
function poolRequest(request: Request, choice: SeekChoice, seeker: Seeker): Request {
  const headers = new Headers(request.headers);
  headers.set(SEEKER_HEADER, JSON.stringify(seeker));
  headers.delete("authorization");
  return new Request(`https://pool.internal/?${seekSearchParams(choice)}`, { headers });
}

seek.get("/", async (c) => {
  const parsed = SeekQuerySchema.safeParse(Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return problemResponse("BAD_REQUEST", `query ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
  }
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new HttpRefusal("BAD_REQUEST", "expected a WebSocket upgrade (Upgrade: websocket)", 426);
  }
  await limitClient(c.env, "SEEK_LIMIT", c.req.raw);
  const choice = parsed.data;
  const { token, protocol } = unwrap(socketCredentials(c.req.raw));
  const db = new Db(c.env.DB);
  const { player } = await requireSession(db, token === undefined ? c.req.header("authorization") : `Bearer ${token}`, cachedRead(c.env, choice.rated || choice.stake !== 0 ? isGuest : undefined));
  if (player.bot && c.env.QUICK_MATCH_BOTS !== "true") throw new HttpRefusal("BOTS_NOT_ALLOWED", "this site does not pair bot accounts in quick match (QUICK_MATCH_BOTS)");
  await admit(c.env, { what: "seek", player, rated: choice.rated, stake: choice.stake });
  // The same check as a new stake table's (bounds, then the balance after any grant or top-up); the pairing holds.
  if (choice.stake !== 0) unwrap(await stakeForNewTable(c.env, c.env.DB, { stake: choice.stake, opponent: "human", player }));
  // The blocks either way go with the seeker: the pool never pairs them (docs/friends-and-challenges.md).
  const [rating, avoid] = await Promise.all([db.rating(player.id, choice.preset, Date.now()), new SocialDb(c.env.DB).blockedEitherWay(player.id)]);
  const seeker: Seeker = { playerId: player.id, name: player.name ?? "Player", rating: Math.round(rating.rating), protocol, avoid };
  return c.env.QUICK_POOL.getByName(poolKey(choice)).fetch(poolRequest(c.req.raw, choice, seeker));
});
