/**
 * Bot accounts and their API tokens (docs/bots.md, "Bot accounts"): `POST /v1/me/bot` turns a member's account into
 * a bot account (never back); `POST/GET /v1/me/tokens` and `DELETE /v1/me/tokens/{id}` make, list and revoke its
 * tokens. All need a session (an API token is refused TOKEN_SCOPE by ../identity/tokens.ts `tokenScopes`).
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { IssuedTokenSchema, NewTokenBodySchema, PlayerProfileSchema, TOKEN_LIMITS, TokenListSchema } from "../../protocol";
import { Db } from "../db";
import { TokenDb } from "../db/tokens";
import type { Env } from "../env";
import { newTableId, sha256Hex } from "../ids";
import { profileOf } from "../identity/profile";
import { forgetPlayerSessions, forgetSession } from "../identity/session-cache";
import { requireSession } from "../identity/sessions";
import { closeTokenSockets, newApiToken } from "../identity/tokens";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";

export const tokens = new OpenAPIHono<{ Bindings: Env }>();

const security = [{ session: [] }];
const unauthorized = { 401: problem("UNAUTHORIZED: no, a malformed, or an ended session") };
const sessionOnly = "TOKEN_SCOPE (403): sent with an API token; these routes need a session.";

/** The session's player, read fresh (these routes change what the account is, or hand out secrets). */
async function me(c: { env: Env; req: { header(name: string): string | undefined } }) {
  const db = new Db(c.env.DB);
  return { db, ...(await requireSession(db, c.req.header("authorization"), "fresh")) };
}

tokens.openapi(
  createRoute({
    method: "post",
    path: "/me/bot",
    summary: "Turn the session's member account into a bot account: irreversible",
    description:
      "Checks in order: the session (UNAUTHORIZED); a guest is refused CLAIM_REQUIRED; an account that already is a bot BOT_ACCOUNT. " +
      "The account keeps its id, name, ratings and records (an account with rated matches may turn; its ratings carry on in the same pools), " +
      "leaves the leaderboards, is marked `bot` everywhere, may no longer sign in with its password or chat, and plays with API tokens " +
      "(POST /v1/me/tokens). Its sessions stay, so the owner can manage tokens from the page that turned it. Nothing turns it back. " +
      sessionOnly,
    operationId: "becomeBot",
    tags: ["bots"],
    security,
    responses: {
      200: json(PlayerProfileSchema, "The account, now a bot account (`bot: true`)"),
      ...unauthorized,
      403: problem("CLAIM_REQUIRED: a guest; BOT_ACCOUNT: already a bot account; TOKEN_SCOPE: an API token"),
    },
  }),
  async (c) => {
    const { db, player } = await me(c);
    if (player.kind === "guest") throw new HttpRefusal("CLAIM_REQUIRED", "claim a name (POST /v1/me/claim) before turning the account into a bot account");
    if (player.bot) throw new HttpRefusal("BOT_ACCOUNT", "this account already is a bot account");
    if (!(await new TokenDb(c.env.DB).makeBot(player.id))) throw new HttpRefusal("BOT_ACCOUNT", "this account already is a bot account");
    forgetPlayerSessions(player.id);
    return c.json(await profileOf(db, (await db.player(player.id))!, Date.now()), 200);
  },
);

tokens.openapi(
  createRoute({
    method: "post",
    path: "/me/tokens",
    summary: "Make an API token for the session's bot account: the secret is in this answer only",
    description:
      `Checks in order: the session (UNAUTHORIZED), the body (BAD_REQUEST), a bot account (BOT_REQUIRED), at most ${TOKEN_LIMITS.maxTokens} live tokens (LIST_LIMIT). ` +
      "Only the token's SHA-256 is kept. " +
      sessionOnly,
    operationId: "createToken",
    tags: ["bots"],
    security,
    request: { body: { content: { "application/json": { schema: NewTokenBodySchema } }, required: true } },
    responses: {
      201: json(IssuedTokenSchema, "The token, with its secret (shown once)"),
      400: problem("BAD_REQUEST or BAD_JSON"),
      ...unauthorized,
      403: problem("BOT_REQUIRED: not a bot account; TOKEN_SCOPE: an API token"),
      409: problem("LIST_LIMIT: as many live tokens as allowed; revoke one"),
    },
  }),
  async (c) => {
    const { label, scopes } = c.req.valid("json");
    const { player } = await me(c);
    if (!player.bot) throw new HttpRefusal("BOT_REQUIRED", "only a bot account has API tokens: POST /v1/me/bot first");
    const token = newApiToken();
    const id = newTableId();
    const now = Date.now();
    const made = await new TokenDb(c.env.DB).create({ id, playerId: player.id, tokenHash: await sha256Hex(token), label, scopes, now }, TOKEN_LIMITS.maxTokens);
    if (!made) throw new HttpRefusal("LIST_LIMIT", `a bot account holds at most ${TOKEN_LIMITS.maxTokens} live tokens: revoke one first`);
    return c.json({ id, label, scopes, createdAt: now, lastUsedAt: null, revokedAt: null, token }, 201);
  },
);

tokens.openapi(
  createRoute({
    method: "get",
    path: "/me/tokens",
    summary: "The session's API tokens, revoked ones included (never a secret)",
    description: sessionOnly,
    operationId: "listTokens",
    tags: ["bots"],
    security,
    responses: { 200: json(TokenListSchema, "The tokens, oldest first"), ...unauthorized, 403: problem("TOKEN_SCOPE: an API token") },
  }),
  async (c) => {
    const { player } = await me(c);
    return c.json({ tokens: await new TokenDb(c.env.DB).list(player.id) }, 200);
  },
);

const TokenIdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).meta({ param: { name: "id", in: "path" }, description: "The token's id" }) });

tokens.openapi(
  createRoute({
    method: "delete",
    path: "/me/tokens/{id}",
    summary: "Revoke one of the session's API tokens: refused at once, its player-channel sockets closed",
    description:
      "Checks in order: the session (UNAUTHORIZED), the id (BAD_REQUEST), one of the player's live tokens (TOKEN_NOT_FOUND; a revoked one too). " +
      "The token opens nothing from then on: at once in this isolate, within SESSION_CACHE_TTL_MS in every other; the player-channel sockets it " +
      "opened close at once. Table seats it sat in keep their seat tokens (docs/bots.md). " +
      sessionOnly,
    operationId: "revokeToken",
    tags: ["bots"],
    security,
    request: { params: TokenIdParamSchema },
    responses: {
      204: { description: "Revoked" },
      400: problem("BAD_REQUEST"),
      ...unauthorized,
      403: problem("TOKEN_SCOPE: an API token"),
      404: problem("TOKEN_NOT_FOUND: no live token with this id among the player's"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { player } = await me(c);
    const tokenHash = await new TokenDb(c.env.DB).revoke(player.id, id, Date.now());
    if (tokenHash === null) throw new HttpRefusal("TOKEN_NOT_FOUND", "no live API token with this id among yours");
    forgetSession(tokenHash);
    await closeTokenSockets(c.env, player.id, tokenHash);
    return c.body(null, 204);
  },
);
