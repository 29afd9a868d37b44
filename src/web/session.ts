/**
 * The visitor's player: a guest made on the first visit without any form, its session token kept in
 * localStorage and sent as `Authorization: Bearer` (no cookie). If the players' database cannot be reached
 * the page still plays, with anonymous seats.
 */
import { ApiError, NardiClient, type PlayerProfile } from "../client";
import { loadSession, saveSession } from "./store";

export interface Visitor {
  /** The client acting with the visitor's session (anonymous when there is none). */
  api: NardiClient;
  me: PlayerProfile | null;
}

/** The stored session's player, or a new guest when there is no live session. */
export async function visitor(anonymous: NardiClient): Promise<Visitor> {
  const token = loadSession();
  try {
    if (token) {
      const api = anonymous.withSession(token);
      try {
        return { api, me: await api.me() };
      } catch (err) {
        if (!(err instanceof ApiError && err.code === "UNAUTHORIZED")) throw err;
      }
    }
    return await signedIn(anonymous, await anonymous.createGuest());
  } catch (err) {
    console.error("no player session; playing anonymously", err);
    return { api: anonymous, me: null };
  }
}

/** Keeps a new session (a guest's, or one from logging in). */
export function signedIn(anonymous: NardiClient, grant: { token: string; player: PlayerProfile }): Visitor {
  saveSession(grant.token);
  return { api: anonymous.withSession(grant.token), me: grant.player };
}
