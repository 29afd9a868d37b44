/**
 * Moderation that reaches live sockets, not only the next request: after an action is stored in D1, the
 * players' tables (D1 `player_tables`), the quick-match pools and the lobby are told. Filled in by the
 * live-effects work (docs/operations.md, "What an action does at once").
 */
import type { Env } from "../env";

/** What a stored moderation action asks of the live objects. */
export type LiveAction =
  | { kind: "mute"; playerId: string; until: number }
  | { kind: "unmute"; playerId: string }
  | { kind: "suspend"; playerId: string; until: number }
  | { kind: "unsuspend"; playerId: string }
  | { kind: "ban"; playerId: string }
  | { kind: "unban"; playerId: string }
  | { kind: "rename"; playerId: string; name: string }
  | { kind: "close-table"; tableId: string };

/** Carries the action to the live objects. Never throws for an object that is gone or unreachable (logged). */
export async function applyLive(env: Env, action: LiveAction): Promise<void> {
  void env;
  void action;
}
