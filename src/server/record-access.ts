/**
 * Who may read a stored match record. A table created with `spectators: false` hides its log from everyone without
 * a seat while it exists; once it is gone its stored record keeps that promise: only a session of one of the two
 * players (`Authorization: Bearer <session token>`) reads it, everyone else gets 403 SPECTATORS_DISABLED. Records of
 * tables that allowed spectators are public.
 */
import type { MatchRecord } from "../protocol";
import type { Db } from "./db";
import { optionalSession } from "./identity/sessions";
import { HttpRefusal } from "./problem";

export function recordHidesLog(record: MatchRecord): boolean {
  const created = record.events.find((e) => e.event.type === "table-created")?.event;
  return created?.type === "table-created" && !created.spectators;
}

/** `record` if the caller may read it; SPECTATORS_DISABLED otherwise (a session that is not a seat's player included). */
export async function readableRecord(db: Db, record: MatchRecord, authorization: string | undefined): Promise<MatchRecord> {
  if (!recordHidesLog(record)) return record;
  const session = authorization?.startsWith("Bearer ") ? await optionalSession(db, authorization).catch(() => null) : null;
  const playerId = session?.player.id;
  if (playerId && (record.players.white.playerId === playerId || record.players.black.playerId === playerId)) return record;
  throw new HttpRefusal("SPECTATORS_DISABLED", "this match was played without spectators: only its players (with their session) read its record");
}
