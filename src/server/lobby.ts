/**
 * The lobby: one Durable Object (`env.LOBBY.getByName("lobby")`) listing public tables that wait for a second
 * player. A match object adds its table when created and removes it when someone joins or it expires, so the
 * list is a small index, never the source of truth. One object is plenty for a lobby's load (a row per open
 * table, one indexed read per listing); a busier deployment can shard it by preset without changing the API.
 *
 * It also lists the matches being played now (a match object reports its start, each time a human seat comes or
 * goes, and its end), and serves all of it as a live feed, so the page never needs a Refresh button: changes are
 * gathered into one batch per BATCH_MS and sent once to each relay (./lobby-relay.ts), which holds the sockets.
 *
 * Reads never write: expired rows are filtered out by the query and deleted by the lobby's own alarm. The match
 * objects never wait for the lobby either (`tellLobby`): creating or joining a table works while it is slow or down.
 *
 * Its entry points only hand over to the named handlers in ./lobby, as the match object's do.
 */
import { DurableObject } from "cloudflare:workers";
import type { LobbySnapshot, PlayingSummary, TableSummary } from "../protocol";
import type { Env } from "./env";
import type { FeedBatch } from "./lobby/batch";
import { LobbyCore } from "./lobby/core";
import { migrateLobby } from "./lobby/migrations";
import type { PlayingReport } from "./lobby/store";
import { addTable, onLobbyAlarm, removeTable, renameHost, reportPlaying } from "./lobby/tables";

export { inBackground, tellLobby } from "./lobby/background";
export { BATCH_MS } from "./lobby/core";
export { LISTED_TABLES_PER_CLIENT } from "./lobby/store";

export class Lobby extends DurableObject<Env> {
  readonly lobby: LobbyCore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrateLobby(ctx.storage.sql);
    this.lobby = new LobbyCore(ctx, env);
  }

  // RPC from the match objects (in the background) and the Worker's routes.
  add(summary: TableSummary, expiresAt: number, client: string): Promise<void> {
    return addTable(this.lobby, summary, expiresAt, client);
  }
  remove(id: string): Promise<void> {
    return removeTable(this.lobby, id);
  }
  rename(id: string, host: string): void {
    renameHost(this.lobby, id, host);
  }
  playing(id: string, report: PlayingReport | null): Promise<void> {
    return reportPlaying(this.lobby, id, report);
  }
  list(): TableSummary[] {
    return this.lobby.store.open(Date.now());
  }
  listPlaying(): PlayingSummary[] {
    return this.lobby.store.playing(Date.now());
  }
  online(): number {
    return this.lobby.online();
  }
  snapshot(): LobbySnapshot {
    return this.lobby.snapshot();
  }

  // RPC from the relays: their counts of sockets, and the lists in full for one that starts or missed a batch.
  relayCount(name: string, sockets: number): void {
    this.lobby.setRelay(name, sockets);
  }
  attachRelay(name: string, sockets: number): FeedBatch {
    this.lobby.setRelay(name, sockets);
    return this.lobby.fullBatch();
  }

  override alarm(): Promise<void> {
    return onLobbyAlarm(this.lobby);
  }
}
