/**
 * Sessions: an opaque 256-bit token, sent as `Authorization: Bearer <token>`, stored only as its SHA-256 (a
 * leaked database opens no session). A session lasts until logged out (one, or all of a player's).
 * Most routes read the session through this isolate's cache (./session-cache.ts: a revocation reaches them within
 * `SESSION_CACHE_TTL_MS`); staff checks and sensitive actions read it `"fresh"` from D1.
 * A bot account's API token (`nardi_bot_…`, ./tokens.ts) is read the same way, from api_tokens: the same
 * Authenticated answer with the token's scopes (which routes it opens is checked by ./tokens.ts `tokenScopes`).
 */
import { API_TOKEN_PREFIX, type TokenScope } from "../../protocol";
import { HttpRefusal } from "../problem";
import type { Db, PlayerRow } from "../db";
import { TokenDb } from "../db/tokens";
import type { Env } from "../env";
import { newSessionToken, sha256Hex } from "../ids";
import { sessionCache, sessionCacheTtl } from "./session-cache";

export interface Authenticated {
  player: PlayerRow;
  tokenHash: string;
  /** Set when the credential is a bot account's API token: what it may do. Absent for a session (everything). */
  scopes?: readonly TokenScope[];
}

/**
 * How a route reads a session: `"fresh"` from D1 every time, or through the isolate's cache for `ttlMs`, except
 * that a cached player for whom `freshIf` holds is read again (a guest about to be refused CLAIM_REQUIRED may have
 * claimed a name in another isolate a moment ago).
 */
export type SessionRead = "fresh" | { ttlMs: number; freshIf?: (player: PlayerRow) => boolean };

/** The cached read, for routes where a revocation may take `SESSION_CACHE_TTL_MS` to arrive. */
export function cachedRead(env: Pick<Env, "SESSION_CACHE_TTL_MS">, freshIf?: (player: PlayerRow) => boolean): SessionRead {
  return { ttlMs: sessionCacheTtl(env), freshIf };
}

/** For reads ahead of a check that refuses guests: a cached guest is read again. */
export const isGuest = (player: PlayerRow): boolean => player.kind === "guest";

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** The session's player, null without an Authorization header; a header that holds no live session is refused. */
export async function optionalSession(db: Db, authorization: string | undefined, read: SessionRead = "fresh"): Promise<Authenticated | null> {
  if (authorization === undefined) return null;
  return requireSession(db, authorization, read);
}

export async function requireSession(db: Db, authorization: string | undefined, read: SessionRead = "fresh"): Promise<Authenticated> {
  const token = BEARER.exec(authorization ?? "")?.[1];
  if (!token) throw new HttpRefusal("UNAUTHORIZED", "send a session token as `Authorization: Bearer <token>` (POST /v1/players makes one)");
  const tokenHash = await sha256Hex(token);
  const ttlMs = read === "fresh" ? 0 : read.ttlMs;
  const started = Date.now();
  if (ttlMs > 0) {
    const cached = sessionCache.player(tokenHash, started);
    if (cached && !(read !== "fresh" && read.freshIf?.(cached))) return withScopes({ player: cached, tokenHash }, sessionCache.scopes(tokenHash));
  }
  const mark = sessionCache.mark;
  const apiToken = token.startsWith(API_TOKEN_PREFIX);
  const holder = apiToken ? await new TokenDb(db.reader).holder(tokenHash, started) : null;
  const player = apiToken ? (holder?.player ?? null) : await db.sessionPlayer(tokenHash);
  if (!player) {
    // Ended elsewhere: this isolate stops answering it from the cache too.
    sessionCache.discard(tokenHash);
    throw new HttpRefusal("UNAUTHORIZED", apiToken ? "this API token was revoked or never existed" : "this session has ended or never existed");
  }
  // Kept from when the read began, so a revocation committed after it is seen within ttlMs of committing.
  if (ttlMs > 0) sessionCache.remember(tokenHash, player, started + ttlMs, mark, holder?.scopes);
  return withScopes({ player, tokenHash }, holder?.scopes);
}

function withScopes(auth: Authenticated, scopes: readonly TokenScope[] | undefined): Authenticated {
  return scopes === undefined ? auth : { ...auth, scopes };
}

export async function openSession(db: Db, playerId: string, now: number): Promise<string> {
  const token = newSessionToken();
  await db.createSession(await sha256Hex(token), playerId, now);
  return token;
}
