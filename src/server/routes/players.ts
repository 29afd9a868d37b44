/**
 * Players, sessions, match records and leaderboards (docs/players.md). Every query goes through the D1 module;
 * a session is `Authorization: Bearer <token>`.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  ClaimedProfileSchema,
  CredentialsBodySchema,
  LeaderboardSchema,
  MatchPageSchema,
  MatchRecordSchema,
  PageQuerySchema,
  PlayerIdSchema,
  PlayerProfileSchema,
  PresetSchema,
  RenameBodySchema,
  SessionGrantSchema,
  TableIdParamSchema,
} from "../../protocol";
import { readableRecord } from "../record-access";
import { Db, replicaDb } from "../db";
import { countOne } from "../db/metrics";
import { requestLog } from "../log";
import { emit } from "../metrics/analytics";
import { hourOf } from "../metrics/hours";
import { ModerationDb } from "../db/moderation";
import { admit } from "../moderation/admission";
import type { Env } from "../env";
import { guestName, nameKey } from "../identity/names";
import { hashPassword, verifyPassword } from "../identity/password";
import { profileOf, ratingView } from "../identity/profile";
import { presenceOf } from "../channel/notify";
import { forgetPlayerSessions, forgetSession } from "../identity/session-cache";
import { freshCode } from "../identity/recovery";
import { cachedRead, openSession, requireSession, type SessionRead } from "../identity/sessions";
import { limitSignIn } from "../identity/signin-limit";
import { newPlayerId, sha256Hex } from "../ids";
import { limitClient } from "../access";
import { isProtectedName, requireOwnSkeleton } from "../fairplay/names";
import { json, problem, rateLimited } from "../openapi";
import { HttpRefusal } from "../problem";

export const players = new OpenAPIHono<{ Bindings: Env }>();

const security = [{ session: [] }];
const noContent = { 204: { description: "Done" } };
const unauthorized = { 401: problem("UNAUTHORIZED: no, a malformed, or an ended session") };
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const param = <T extends z.ZodString>(name: string, schema: T, description: string) =>
  z.object({ [name]: schema.meta({ param: { name, in: "path" }, description }) } as Record<string, T>);

/** The session's player: read fresh from D1 unless the route says a cached read will do (`cachedRead`). */
async function me(c: { env: Env; req: { header(name: string): string | undefined } }, read: SessionRead = "fresh") {
  const db = new Db(c.env.DB);
  return { db, ...(await requireSession(db, c.req.header("authorization"), read)) };
}

players.openapi(
  createRoute({
    method: "post",
    path: "/players",
    summary: "A new guest player with a generated name, and a session for it (no form, no password)",
    description:
      "Limited per client address (GUEST_LIMIT; 429 RATE_LIMITED with Retry-After). A guest plays casual tables at once; rated play " +
      "and stakes need a claimed name (CLAIM_REQUIRED; docs/fair-play.md).",
    operationId: "createGuest",
    tags: ["players"],
    responses: {
      201: json(SessionGrantSchema, "The guest and its session token"),
      429: rateLimited("RATE_LIMITED: too many guests created from this address"),
      503: problem("SITE_RESTRICTED: the operators' site switch has paused new guests (level 1 and up; GET /v1/site)"),
    },
  }),
  async (c) => {
    await limitClient(c.env, "GUEST_LIMIT", c.req.raw);
    await admit(c.env, { what: "create-guest" });
    const db = new Db(c.env.DB);
    const now = Date.now();
    const id = newPlayerId();
    let created = false;
    // A generated name has ~41 random bits; a clash with a taken name (or one passing for a member's) just draws another.
    for (let attempt = 0; attempt < 5 && !created; attempt++) {
      const name = guestName();
      created = !(await isProtectedName(c.env, name)) && (await db.createPlayer(id, name, nameKey(name), now));
    }
    if (!created) throw new HttpRefusal("INTERNAL", "could not draw a free guest name");
    emit(c.env, [{ name: "guests.created", key: "", value: 1 }]);
    const token = await openSession(db, id, now);
    const player = (await db.player(id))!;
    return c.json({ token, player: await profileOf(db, player, now) }, 201);
  },
);

players.openapi(
  createRoute({
    method: "post",
    path: "/sessions",
    summary: "Log in with a claimed name and password",
    description:
      "Rate limited per client address and per name (RATE_LIMITED, 429). A wrong password and an unknown name get the same BAD_CREDENTIALS answer, after the same work. " +
      "A banned player's right name and password get 403 BANNED (checked only after the password, so it tells nobody else).",
    operationId: "logIn",
    tags: ["players"],
    request: body(CredentialsBodySchema),
    responses: {
      200: json(SessionGrantSchema, "A new session"),
      400: problem("BAD_REQUEST or BAD_JSON"),
      401: problem("BAD_CREDENTIALS"),
      403: problem("BANNED: the right name and password of a banned player; BOT_ACCOUNT: of a bot account (it uses API tokens)"),
      429: problem("RATE_LIMITED"),
    },
  }),
  async (c) => {
    const { name, password } = c.req.valid("json");
    await limitSignIn(c.env, c.req.raw, name);
    const db = new Db(c.env.DB);
    const player = await db.playerByName(nameKey(name));
    const ok = await verifyPassword(password, player?.kind === "member" ? player.password : null);
    if (!ok || !player) throw new HttpRefusal("BAD_CREDENTIALS", "no player with this name and password");
    // Only after the password, like BANNED: a bot account plays with API tokens (docs/bots.md), never a password session.
    if (player.bot) throw new HttpRefusal("BOT_ACCOUNT", "a bot account signs in with an API token, not a password");
    const now = Date.now();
    const token = await openSession(db, player.id, now);
    // Only after the password, so the answer tells nobody but the player that they are banned; and after the session
    // exists, so a ban landing at this moment (its batch deletes every session) cannot leave this one open.
    if ((await new ModerationDb(c.env.DB).sanctions(player.id)).banned) {
      await db.deleteSession(await sha256Hex(token));
      throw new HttpRefusal("BANNED", "this player is banned");
    }
    return c.json({ token, player: await profileOf(db, player, now) }, 200);
  },
);

players.openapi(
  createRoute({
    method: "delete",
    path: "/sessions/current",
    summary: "Log out: end the session that makes this request",
    operationId: "logOut",
    tags: ["players"],
    security,
    responses: { ...noContent, ...unauthorized },
  }),
  async (c) => {
    const { db, tokenHash } = await me(c);
    await db.deleteSession(tokenHash);
    forgetSession(tokenHash);
    return c.body(null, 204);
  },
);

players.openapi(
  createRoute({
    method: "delete",
    path: "/sessions",
    summary: "Log out everywhere: end every session of this player",
    operationId: "logOutEverywhere",
    tags: ["players"],
    security,
    responses: { ...noContent, ...unauthorized },
  }),
  async (c) => {
    const { db, player } = await me(c);
    await db.deleteSessions(player.id);
    forgetPlayerSessions(player.id);
    return c.body(null, 204);
  },
);

players.openapi(
  createRoute({
    method: "get",
    path: "/me",
    summary: "The session's player",
    operationId: "getMe",
    tags: ["players"],
    security,
    responses: { 200: json(PlayerProfileSchema, "The player"), ...unauthorized },
  }),
  async (c) => {
    const { db, player } = await me(c, cachedRead(c.env));
    return c.json(await profileOf(db, player, Date.now()), 200);
  },
);

players.openapi(
  createRoute({
    method: "post",
    path: "/me/claim",
    summary: "A guest claims a unique name with a password and becomes a member (same id, ratings and history)",
    description:
      "Limited per client address (CLAIM_LIMIT; 429 RATE_LIMITED with Retry-After), counted before the session is read. A name is " +
      "taken (NAME_TAKEN) when another player has it regardless of case, or when it passes for another member's name after the " +
      "look-alike folding of docs/fair-play.md.",
    operationId: "claimName",
    tags: ["players"],
    security,
    request: body(CredentialsBodySchema),
    responses: {
      200: json(ClaimedProfileSchema, "The member, with their first one-time recovery code (shown once; docs/players.md#recovery-codes)"),
      400: problem("BAD_REQUEST or BAD_JSON"),
      ...unauthorized,
      409: problem("NAME_TAKEN or ALREADY_CLAIMED"),
      429: rateLimited("RATE_LIMITED: too many name claims from this address"),
    },
  }),
  async (c) => {
    const { name, password } = c.req.valid("json");
    await limitClient(c.env, "CLAIM_LIMIT", c.req.raw);
    const { db, player } = await me(c);
    if (player.kind !== "guest") throw new HttpRefusal("ALREADY_CLAIMED", "this player already has a name and password; rename instead");
    await admit(c.env, { what: "claim", player });
    await requireOwnSkeleton(c.env, name, player);
    const passwordHash = await hashPassword(password);
    // The first recovery code is stored in the claim's batch, and only if the claim applied (docs/players.md#recovery-codes).
    const recovery = await freshCode(c.env.DB, player.id, Date.now(), passwordHash);
    const claimed = await db.claim(player.id, name, nameKey(name), passwordHash, [recovery.statement]);
    if (claimed === "taken") throw new HttpRefusal("NAME_TAKEN", `another player is called ${name}`);
    if (claimed === "claimed") throw new HttpRefusal("ALREADY_CLAIMED", "this player already has a name and password");
    forgetPlayerSessions(player.id);
    await countClaim(c.env, c.req.raw);
    return c.json({ ...(await profileOf(db, (await db.player(player.id))!, Date.now())), recoveryCode: recovery.code }, 200);
  },
);

players.openapi(
  createRoute({
    method: "patch",
    path: "/me",
    summary: "Rename the session's player (names are unique regardless of case, and may not pass for another member's)",
    operationId: "rename",
    tags: ["players"],
    security,
    request: body(RenameBodySchema),
    responses: {
      200: json(PlayerProfileSchema, "The renamed player"),
      400: problem("BAD_REQUEST or BAD_JSON"),
      ...unauthorized,
      409: problem("NAME_TAKEN"),
    },
  }),
  async (c) => {
    const { name } = c.req.valid("json");
    const { db, player } = await me(c);
    await requireOwnSkeleton(c.env, name, player);
    if (!(await db.rename(player.id, name, nameKey(name)))) throw new HttpRefusal("NAME_TAKEN", `another player is called ${name}`);
    forgetPlayerSessions(player.id);
    return c.json(await profileOf(db, (await db.player(player.id))!, Date.now()), 200);
  },
);

players.openapi(
  createRoute({
    method: "delete",
    path: "/me",
    summary: "Delete the account: name, password and sessions go; match records and ratings stay, shown as a deleted player",
    operationId: "deleteMe",
    tags: ["players"],
    security,
    responses: { ...noContent, ...unauthorized },
  }),
  async (c) => {
    const { db, player } = await me(c);
    await db.deletePlayer(player.id);
    forgetPlayerSessions(player.id);
    return c.body(null, 204);
  },
);

const PlayerParams = param("id", PlayerIdSchema, "A player id");

async function existingPlayer(db: Db, id: string) {
  const player = await db.player(id);
  if (!player) throw new HttpRefusal("PLAYER_NOT_FOUND", "no player with this id");
  return player;
}

players.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}",
    summary: "A player's profile: name, ratings per pool, match counts",
    operationId: "getPlayer",
    tags: ["players"],
    request: { params: PlayerParams },
    responses: { 200: json(PlayerProfileSchema, "The player"), 400: problem("BAD_REQUEST"), 404: problem("PLAYER_NOT_FOUND") },
  }),
  async (c) => {
    // Another player's profile may trail the primary by a replica's lag (docs/scale.md, D1).
    const db = replicaDb(c.env);
    const player = await existingPlayer(db, c.req.valid("param").id!);
    const [profile, presence] = await Promise.all([profileOf(db, player, Date.now()), presenceOf(c.env, [player.id])]);
    return c.json({ ...profile, presence: presence.get(player.id)! }, 200);
  },
);

/** A history cursor: `<endedAt>.<tableId>` of the last match of the previous page. */
const CURSOR = /^(\d{1,16})\.([A-Za-z0-9_-]{16,64})$/;

players.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}/matches",
    summary: "A player's recorded matches, newest first, cursor-paged",
    operationId: "getPlayerMatches",
    tags: ["players"],
    request: {
      params: PlayerParams,
      query: PageQuerySchema.extend({ cursor: z.string().regex(CURSOR).optional().meta({ description: "`next` of the previous page." }) }),
    },
    responses: { 200: json(MatchPageSchema, "One page"), 400: problem("BAD_REQUEST"), 404: problem("PLAYER_NOT_FOUND") },
  }),
  async (c) => {
    const db = replicaDb(c.env);
    const id = c.req.valid("param").id!;
    const { limit, cursor } = c.req.valid("query");
    await existingPlayer(db, id);
    const at = cursor ? CURSOR.exec(cursor) : null;
    const matches = await db.matchesOf(id, at ? { endedAt: Number(at[1]), tableId: at[2]! } : null, limit);
    const last = matches.at(-1);
    return c.json({ matches, next: matches.length === limit && last ? `${last.endedAt}.${last.tableId}` : null }, 200);
  },
);

players.openapi(
  createRoute({
    method: "get",
    path: "/matches/{id}",
    summary: "A finished match's record: players, result and the full event log",
    description:
      "Records arrive from the table's match object shortly after the match ends (MATCH_NOT_FOUND until then). A match played " +
      "with `spectators: false` is read only with a session of one of its two players (`Authorization: Bearer <session token>`); " +
      "anyone else gets 403 SPECTATORS_DISABLED.",
    operationId: "getMatchRecord",
    tags: ["players"],
    request: { params: param("id", TableIdParamSchema.shape.id, "The table id") },
    responses: {
      200: json(MatchRecordSchema, "The record"),
      400: problem("BAD_REQUEST"),
      403: problem("SPECTATORS_DISABLED"),
      404: problem("MATCH_NOT_FOUND"),
    },
  }),
  async (c) => {
    // The record from a replica (a stored record never changes; a replica may not have a just-stored one yet); the
    // session that may read a hidden one from the primary.
    const record = await replicaDb(c.env).matchRecord(c.req.valid("param").id!);
    if (!record) throw new HttpRefusal("MATCH_NOT_FOUND", "no recorded match for this table");
    return c.json(await readableRecord(new Db(c.env.DB), record, c.req.header("authorization")), 200);
  },
);

players.openapi(
  createRoute({
    method: "get",
    path: "/leaderboards/{pool}",
    summary: "The best established ratings of a pool (a preset); provisional ratings are left off",
    operationId: "getLeaderboard",
    tags: ["players"],
    request: {
      params: z.object({ pool: PresetSchema.meta({ param: { name: "pool", in: "path" } }) }),
      query: PageQuerySchema.extend({ offset: z.coerce.number().int().min(0).max(100_000).default(0) }),
    },
    responses: { 200: json(LeaderboardSchema, "One page"), 400: problem("BAD_REQUEST") },
  }),
  async (c) => {
    const { pool } = c.req.valid("param");
    const { offset, limit } = c.req.valid("query");
    const now = Date.now();
    const rows = await replicaDb(c.env).leaders(pool, offset, limit, now);
    const entries = rows.map((row, i) => ({
      rank: offset + i + 1,
      playerId: row.playerId,
      name: row.name,
      rating: row.rating,
      rd: ratingView(row, now).rd,
      games: row.games,
    }));
    return c.json({ pool, entries, next: rows.length === limit ? offset + limit : null }, 200);
  },
);

/** A claim is counted (docs/observability.md) beside its own D1 write; a counter that fails never undoes the claim. */
async function countClaim(env: Env, request: Request): Promise<void> {
  emit(env, [{ name: "claims", key: "", value: 1 }]);
  try {
    await countOne(env.DB, "claims", "", hourOf(Date.now()));
  } catch (error) {
    requestLog(request).warn("claim not counted", { error });
  }
}
