/**
 * What the lobby's handlers share: its store and its feed sockets (the Hibernation API's own list, so a woken
 * lobby finds every feed again), the snapshot they all serve, and the alarm that purges expired rows.
 */
import type { LobbyMessage, LobbySnapshot } from "../../protocol";
import type { Env } from "../env";
import { sendFrame } from "../frames";
import { objectLog, type Logger } from "../log";
import { LobbyStore } from "./store";

export class LobbyCore {
  readonly log: Logger = objectLog("lobby");
  readonly store: LobbyStore;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.store = new LobbyStore(ctx.storage.sql, this.log);
  }

  /**
   * The open feed sockets, leaving out `except` (the one being closed). The runtime still lists a socket while its
   * close is handled, so the socket that is leaving must be left out by name, or the count it sends counts it.
   */
  feeds(except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  /** Players online, as docs/protocol.md defines it: feed sockets + present human seats + hosts of listed open tables. */
  online(except?: WebSocket): number {
    return this.feeds(except).length + this.store.seatedAndHosts(Date.now());
  }

  /** What the feed sends: open tables, matches being played now, players online. */
  snapshot(): LobbySnapshot {
    const now = Date.now();
    return { open: this.store.open(now), playing: this.store.playing(now), online: this.online() };
  }

  /** Sends the new snapshot to every feed (nothing to do when nobody watches). */
  changed(): void {
    if (this.feeds().length === 0) return;
    this.broadcast({ type: "lobby", ...this.snapshot() });
  }

  /** Tells the other feeds the new count after `ws` opened or closed. */
  countChanged(ws: WebSocket, closing: boolean): void {
    this.broadcast({ type: "online", online: this.online(closing ? ws : undefined) }, ws);
  }

  broadcast(message: LobbyMessage, except?: WebSocket): void {
    const frame = JSON.stringify(message);
    for (const ws of this.feeds(except)) sendFrame(ws, frame);
  }

  send(ws: WebSocket, message: LobbyMessage): void {
    sendFrame(ws, JSON.stringify(message));
  }

  /** Makes sure the alarm runs by `due` (an earlier alarm sets the next one itself). */
  async purgeLater(due: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }
}
