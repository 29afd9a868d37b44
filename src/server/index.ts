/** The Worker entry: the HTTP app, and the Durable Object classes wrangler.toml binds. */
import { createApp } from "./app";

export { MatchRoom } from "./match-room";
export { Lobby } from "./lobby";
export { LobbyRelay } from "./lobby-relay";
export { Monitor } from "./metrics/monitor";
export { QuickPool, SeekRegistry } from "./quick";
export { PoolCounts } from "./quick";
export type { Env } from "./env";

export default createApp();
