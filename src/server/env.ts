/** The Worker's bindings (wrangler.toml). */
import type { Lobby } from "./lobby";
import type { MatchRoom } from "./match-room";

export interface Env {
  MATCH: DurableObjectNamespace<MatchRoom>;
  LOBBY: DurableObjectNamespace<Lobby>;
  ASSETS: Fetcher;
  /** Players, sessions, ratings and match records (migrations/). */
  DB: D1Database;
  /** Sign-in attempts per client address. */
  SIGNIN_LIMITER: RateLimit;
  /** Optional var: milliseconds between a match's end and the first delivery of its record (default 0). */
  OUTBOX_DELAY_MS?: string;
  /** Days a finished table is kept before its alarm deletes it (`[vars]`; default 30). */
  FINISHED_TABLE_RETENTION_DAYS?: string;
}
