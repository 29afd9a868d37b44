/** The Worker entry: the HTTP app, the analysis queue's consumer, and the Durable Object classes wrangler.toml binds. */
import { analyseMatch } from "../analysis";
import { consumeAnalyses } from "./analysis/consumer";
import { createApp } from "./app";
import type { Env } from "./env";

export { MatchRoom } from "./match-room";
export { Lobby } from "./lobby";
export { LobbyRelay } from "./lobby-relay";
export { Monitor } from "./metrics/monitor";
export { QuickPool, SeekRegistry } from "./quick";
export { PoolCounts } from "./quick";
export { PlayerChannel } from "./channel/channel";
export { PresenceIndex } from "./channel/presence-index";
export type { Env } from "./env";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeAnalyses(batch, env, analyseMatch),
} satisfies ExportedHandler<Env>;
