/**
 * Sessions: an opaque 256-bit token, sent as `Authorization: Bearer <token>`, stored only as its SHA-256 (a
 * leaked database opens no session). A session lasts until logged out (one, or all of a player's).
 */
import { HttpRefusal } from "../problem";
import type { Db, PlayerRow } from "../db";
import { newSessionToken, sha256Hex } from "../ids";

export interface Authenticated {
  player: PlayerRow;
  tokenHash: string;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** The session's player, null without an Authorization header; a header that holds no live session is refused. */
export async function optionalSession(db: Db, authorization: string | undefined): Promise<Authenticated | null> {
  if (authorization === undefined) return null;
  return requireSession(db, authorization);
}

export async function requireSession(db: Db, authorization: string | undefined): Promise<Authenticated> {
  const token = BEARER.exec(authorization ?? "")?.[1];
  if (!token) throw new HttpRefusal("UNAUTHORIZED", "send a session token as `Authorization: Bearer <token>` (POST /v1/players makes one)");
  const tokenHash = await sha256Hex(token);
  const player = await db.sessionPlayer(tokenHash);
  if (!player) throw new HttpRefusal("UNAUTHORIZED", "this session has ended or never existed");
  return { player, tokenHash };
}

export async function openSession(db: Db, playerId: string, now: number): Promise<string> {
  const token = newSessionToken();
  await db.createSession(await sha256Hex(token), playerId, now);
  return token;
}
