/**
 * Bot accounts' API tokens (docs/bots.md, "Bot accounts"): made, listed and revoked by the account's owner
 * (../routes/tokens.ts), sent like a session token, and let through only where their scopes reach. A token is
 * `nardi_bot_` and 256 random bits (base64url); D1 keeps its SHA-256 only.
 */
import type { MiddlewareHandler } from "hono";
import { API_TOKEN_PREFIX, type TokenScope } from "../../protocol";
import { closeChannelSockets } from "../channel/notify";
import { Db } from "../db";
import type { Env } from "../env";
import { newSessionToken } from "../ids";
import { HttpRefusal } from "../problem";
import { cachedRead, requireSession } from "./sessions";

export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${newSessionToken()}`;
}

/** What a route needs of a token: `"any"` (a read), one scope, or null (a session only). */
export type TokenNeed = TokenScope | "any" | null;

/** Routes only a session opens, even among reads: token management, the recovery code, staff routes. */
const SESSION_ONLY_READS = [/^\/v1\/me\/tokens(\/|$)/, /^\/v1\/me\/recovery-code$/, /^\/v1\/admin(\/|$)/];
/** The player channel's socket (GET /v1/me/channel). */
const CHANNEL = /^\/v1\/(me\/)?channel(\/|$)/;

/**
 * Which scope `method path` needs from an API token (docs/bots.md, "Scopes"): `play` for tables (making, joining,
 * anything posted to one), quick match and the player channel; `challenge` for challenges; any scope for other
 * reads; everything else (the account, tokens, sessions, follows, blocks, reports, coins) needs a session.
 */
export function tokenNeed(method: string, path: string): TokenNeed {
  const m = method.toUpperCase();
  if (/\/challenge/.test(path)) return "challenge";
  if (CHANNEL.test(path) || path === "/v1/seek" || path === "/v1/seek/") return "play";
  if (m === "POST" && (path === "/v1/tables" || path.startsWith("/v1/tables/"))) return "play";
  if (m === "GET" || m === "HEAD") return SESSION_ONLY_READS.some((re) => re.test(path)) ? null : "any";
  return null;
}

/** The credential a request carries: its Bearer token, or a socket upgrade's `token.<token>` subprotocol. */
function credential(request: Request): string | undefined {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (bearer !== undefined) return bearer;
  const offered = request.headers.get("sec-websocket-protocol")?.split(",").map((p) => p.trim()) ?? [];
  return offered.find((p) => p.startsWith(`token.${API_TOKEN_PREFIX}`))?.slice("token.".length);
}

/**
 * `/v1/*` middleware: a request carrying an API token is refused TOKEN_SCOPE (403) where its scopes do not reach,
 * after the token itself is checked (a revoked one is UNAUTHORIZED); sessions and seat tokens pass untouched.
 */
export const tokenScopes: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  const token = credential(c.req.raw);
  if (token === undefined || !token.startsWith(API_TOKEN_PREFIX)) return next();
  const need = tokenNeed(c.req.method, c.req.path);
  const { scopes } = await requireSession(new Db(c.env.DB), `Bearer ${token}`, cachedRead(c.env));
  if (need === null) throw new HttpRefusal("TOKEN_SCOPE", `${c.req.method} ${c.req.path} needs a session, not an API token`);
  if (need !== "any" && !scopes?.includes(need)) throw new HttpRefusal("TOKEN_SCOPE", `this API token lacks the \`${need}\` scope`);
  return next();
};

/** Closes the player-channel sockets a revoked token opened (table seats use seat tokens and are not affected). */
export async function closeTokenSockets(env: Env, playerId: string, tokenHash: string): Promise<void> {
  await closeChannelSockets(env, playerId, tokenHash);
}
