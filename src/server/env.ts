/** The Worker's bindings (wrangler.toml). */
import type { Lobby } from "./lobby";
import type { MatchRoom } from "./match-room";

export interface Env {
  MATCH: DurableObjectNamespace<MatchRoom>;
  LOBBY: DurableObjectNamespace<Lobby>;
  ASSETS: Fetcher;
  /** Days a finished table is kept before its alarm deletes it (`[vars]`; default 30). */
  FINISHED_TABLE_RETENTION_DAYS?: string;
}
