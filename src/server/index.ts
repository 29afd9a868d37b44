/** The Worker entry: the HTTP app, the analysis queue's consumer, and the Durable Object classes wrangler.toml binds. */
import { consumeAnalyses, type Analyser } from "./analysis/consumer";
import { createApp } from "./app";
import type { Env } from "./env";

export { MatchRoom } from "./match-room";
export { Lobby } from "./lobby";
export { LobbyRelay } from "./lobby-relay";
export { Monitor } from "./metrics/monitor";
export { QuickPool, SeekRegistry } from "./quick";
export { PoolCounts } from "./quick";
export type { Env } from "./env";

// Until src/analysis (issue 25's analyser) is merged, every message fails and is retried.
const analyseMatch: Analyser = () => {
  throw new Error("the analyser is not built into this Worker yet");
};

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeAnalyses(batch, env, analyseMatch),
} satisfies ExportedHandler<Env>;
