/** The Worker's bindings and variables (wrangler.toml). */
import type { AnalysisMessage } from "./analysis/queue";
import type { PlayerChannel } from "./channel/channel";
import type { PresenceIndex } from "./channel/presence-index";
import type { Lobby } from "./lobby";
import type { LobbyRelay } from "./lobby-relay";
import type { MatchRoom } from "./match-room";
import type { Monitor } from "./metrics/monitor";
import type { PoolCounts } from "./quick/counts";
import type { QuickPool } from "./quick/pool";
import type { SeekRegistry } from "./quick/registry";

export interface Env {
  /** A player's own channel (docs/players-channel.md), one object per player id. */
  PLAYER_CHANNEL: DurableObjectNamespace<PlayerChannel>;
  /** The presence index (one object, `presence`): who is not offline. */
  PRESENCE: DurableObjectNamespace<PresenceIndex>;
  /** Optional var: seconds between a channel's refreshes of its presence entry (default 30); an entry 3 refreshes old is offline. */
  PRESENCE_REFRESH_SECONDS?: string;
  MATCH: DurableObjectNamespace<MatchRoom>;
  LOBBY: DurableObjectNamespace<Lobby>;
  /** The lobby feed's relays (`relay-<n>`), each holding at most RELAY_SOCKETS feed sockets. */
  LOBBY_RELAY: DurableObjectNamespace<LobbyRelay>;
  ASSETS: Fetcher;
  /** Quick match: one pool per combination of choices, and the registry that pairs a player at most once. */
  QUICK_POOL: DurableObjectNamespace<QuickPool>;
  SEEK_REGISTRY: DurableObjectNamespace<SeekRegistry>;
  /** Quick match: the index of who waits in which pool, read by GET /v1/seek/pools (src/server/quick/counts.ts). */
  POOL_COUNTS: DurableObjectNamespace<PoolCounts>;
  /** Optional var: until when (ISO 8601) the sharded registry also consults the old single one (docs/deployment.md). */
  SEEK_REGISTRY_BRIDGE_UNTIL?: string;
  /** Quick-match seeks (socket upgrades to /v1/seek) per client address. */
  SEEK_LIMIT: RateLimit;
  /** Players, sessions, ratings and match records (migrations/). */
  DB: D1Database;
  /** Sign-in attempts per client address. */
  SIGNIN_LIMITER: RateLimit;
  /** Optional var: milliseconds between a match's end and the first delivery of its record (default 0). */
  OUTBOX_DELAY_MS?: string;
  /** Per-client limits (Cloudflare's Rate Limiting binding): table creation, joins, socket upgrades. */
  CREATE_LIMIT: RateLimit;
  JOIN_LIMIT: RateLimit;
  SOCKET_LIMIT: RateLimit;
  /** Guests created (POST /v1/players) and name claims (POST /v1/me/claim) per client address (docs/fair-play.md). */
  GUEST_LIMIT: RateLimit;
  CLAIM_LIMIT: RateLimit;
  /** Client addresses (comma-separated) the per-client limits skip; "unknown" = requests without an address. */
  RATE_LIMIT_EXEMPT?: string;
  /** Days a finished table is kept before its alarm deletes it (`[vars]`; default 30). */
  FINISHED_TABLE_RETENTION_DAYS?: string;
  /** Domino Coins (`[vars]`, whole numbers; docs/coins.md): starting grant, daily top-up and its threshold, stake bounds, rake percent. */
  COIN_START_GRANT?: string;
  COIN_TOPUP_BELOW?: string;
  COIN_TOPUP?: string;
  COIN_STAKE_MIN?: string;
  COIN_STAKE_MAX?: string;
  COIN_RAKE_PERCENT?: string;
  /** Counters as Workers Analytics Engine datapoints (docs/observability.md); optional so a deployment may leave it out. */
  METRICS?: AnalyticsEngineDataset;
  /** The outbox backlog and error counts (src/server/metrics/monitor.ts). */
  MONITOR: DurableObjectNamespace<Monitor>;
  /** Optional var: ms an isolate gathers error counts before handing them to the Monitor (default 5000). */
  METRICS_FLUSH_MS?: string;
  /** Optional var: GET /v1/health answers 503 once the oldest undelivered match record is older than this (s; default 900). */
  HEALTH_MAX_PENDING_SECONDS?: string;
  /** Optional var: ms an isolate keeps a session it read from D1 (default 15000; 0 = read D1 every request; docs/scale.md). */
  SESSION_CACHE_TTL_MS?: string;
  /** "true": bot accounts may seek in quick match (docs/matchmaking.md); anything else: BOTS_NOT_ALLOWED. */
  QUICK_MATCH_BOTS?: string;
  /** Match analysis (docs/analysis.md): the queue the outbox sends `{tableId}` to; this Worker consumes it (src/server/analysis/). */
  ANALYSIS_QUEUE: Queue<AnalysisMessage>;
  /** Optional var: seconds between the Monitor's sweeps of analyses still owed, and the age a request must reach to be sent again (default 60). */
  ANALYSIS_SWEEP_SECONDS?: string;
  /** Optional var: seconds the outbox's message waits in the queue before delivery (default 0; the restart test's pause). */
  ANALYSIS_DELAY_SECONDS?: string;
}
