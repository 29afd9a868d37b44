/**
 * A quick-match pool: one Durable Object per combination of choices (`env.QUICK_POOL.getByName(poolKey(choice))`).
 * Seekers wait on hibernating WebSockets (tagged with their player id) and are kept in the pool's SQLite; the
 * alarm runs a pairing wave every SEEK_LIMITS.waveMs while two or more are connected. A pairing claims both players
 * in the seeker registry (so a player seeking in several pools is paired once), makes the table through the match
 * object's create + join, and sends each seeker their seat once. docs/matchmaking.md is the contract.
 */
import { DurableObject } from "cloudflare:workers";
import * as z from "zod";
import { LIMITS, SEEK_LIMITS, SeekClientMessageSchema, SeekQuerySchema, poolKey, type SeekChoice, type SeekServerMessage } from "../../protocol";
import type { Env } from "../env";
import { objectLog } from "../log";
import { newTableId } from "../ids";
import { echoableCloseCode } from "../room/sockets";
import { pairWave } from "./pairing";
import { PoolStore, type SeekerRow } from "./store";
import { makeTable } from "./table";

/** Who is seeking, as the Worker's route established it (session, rating) and hands it over in this header. */
export const SEEKER_HEADER = "x-nardi-seeker";
export const SeekerSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  rating: z.number(),
  /** The subprotocol the upgrade answers with (the version the client offered), or null when it offered none. */
  protocol: z.string().nullable(),
});
export type Seeker = z.infer<typeof SeekerSchema>;

export class QuickPool extends DurableObject<Env> {
  readonly store: PoolStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new PoolStore(ctx.storage.sql);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS pool (id INTEGER PRIMARY KEY CHECK (id = 1), query TEXT NOT NULL)");
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    void ctx.blockConcurrencyWhile(() => this.#wake());
  }

  /**
   * After a restart or eviction: a pairing the process died in goes back to waiting (its claims are given back;
   * a table it may have made expires unjoined), and a seeker whose socket vanished without a close starts their
   * gone window now.
   */
  async #wake(): Promise<void> {
    const now = Date.now();
    for (const row of this.store.all()) {
      if (row.state === "pairing" && row.table_id) {
        this.store.waiting(row.player_id);
        // A claim left behind only makes this player's other seeks that began earlier drop them: log and go on.
        await this.#registry()
          .release([row.player_id], row.table_id)
          .catch((error: unknown) => objectLog("quick-pool").error("quick match: releasing a claim failed", error, { tableId: row.table_id }));
      }
      if (!this.#connected(row.player_id)) this.store.gone(row.player_id, now);
    }
    await this.#schedule(now);
  }

  // ── sockets ──

  /** The seek's upgrade, forwarded by the Worker's `/v1/seek` route with the seeker in SEEKER_HEADER. */
  override async fetch(request: Request): Promise<Response> {
    const seeker = SeekerSchema.parse(JSON.parse(request.headers.get(SEEKER_HEADER) ?? "null"));
    const query = new URL(request.url).search;
    const choice = this.#choice() ?? SeekQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    this.ctx.storage.sql.exec("INSERT OR IGNORE INTO pool (id, query) VALUES (1, ?)", query);

    const now = Date.now();
    for (const old of this.#sockets(seeker.playerId)) this.#end(old, { type: "cancelled", reason: "replaced" }, 4000);
    const row = this.store.upsert(seeker.playerId, seeker.name, seeker.rating, now);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [seeker.playerId]);
    this.#send(server, { type: "seeking", pool: poolKey(choice), since: row.since, rating: row.rating, waiting: this.store.count() });
    await this.#schedule(now);
    const headers = seeker.protocol === null ? undefined : { "sec-websocket-protocol": seeker.protocol };
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    const text = typeof message === "string" ? message : null;
    if (text === null || text.length > LIMITS.maxMessageBytes) {
      this.#send(ws, { type: "error", code: text === null ? "BAD_MESSAGE" : "MESSAGE_TOO_LARGE", message: "send a JSON text frame" });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.#send(ws, { type: "error", code: "BAD_JSON", message: "the frame is not JSON" });
      return;
    }
    const parsed = SeekClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const known = typeof json === "object" && json !== null && (json as { type?: unknown }).type === "cancel";
      this.#send(ws, { type: "error", code: known ? "BAD_MESSAGE" : "UNKNOWN_MESSAGE", message: "the only message is {\"type\":\"cancel\"}" });
      return;
    }
    const playerId = this.ctx.getTags(ws)[0];
    const row = playerId === undefined ? null : this.store.get(playerId);
    // While a pairing is under way the cancel is too late: the seat follows.
    if (row?.state === "pairing") return;
    if (row) this.store.remove(row.player_id);
    for (const socket of playerId === undefined ? [ws] : this.#sockets(playerId)) this.#end(socket, { type: "cancelled", reason: "cancel" });
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(echoableCloseCode(code), reason.slice(0, 120));
    } catch {
      // Already closed.
    }
    const playerId = this.ctx.getTags(ws)[0];
    if (playerId === undefined || this.#connected(playerId, ws)) return;
    const now = Date.now();
    this.store.gone(playerId, now);
    await this.#schedule(now);
  }

  override webSocketError(ws: WebSocket): Promise<void> {
    return this.webSocketClose(ws, 1011, "socket error");
  }

  // ── waves ──

  override async alarm(): Promise<void> {
    const now = Date.now();
    this.store.forgetOpponentsBefore(now - SEEK_LIMITS.maxSeekMs);
    const candidates = [];
    for (const row of this.store.all()) {
      if (row.state !== "waiting") continue;
      if (now - row.since >= SEEK_LIMITS.maxSeekMs) {
        this.store.remove(row.player_id);
        for (const ws of this.#sockets(row.player_id)) this.#end(ws, { type: "cancelled", reason: "expired" });
      } else if (!this.#connected(row.player_id)) {
        if (row.gone_at === null) this.store.gone(row.player_id, now);
        else if (now - row.gone_at >= SEEK_LIMITS.goneWindowMs) this.store.remove(row.player_id);
      } else {
        candidates.push({ playerId: row.player_id, rating: row.rating, since: row.since, lastOpponent: row.last_opponent, row });
      }
    }
    const choice = this.#choice();
    if (choice) await Promise.all(pairWave(candidates, now).map(([a, b]) => this.#pairUp(choice, a.row, b.row)));
    await this.#schedule(Date.now());
  }

  /**
   * Claims both, checks both are still here, makes the table and tells each their seat. Whoever was paired
   * elsewhere or vanished is dropped; the other keeps their `since`, so they are at the front of the next wave.
   */
  async #pairUp(choice: SeekChoice, a: SeekerRow, b: SeekerRow): Promise<void> {
    const tableId = newTableId();
    const ids = [a.player_id, b.player_id];
    this.store.pairing(ids, tableId);
    let claimed = false;
    try {
      const claim = await this.#registry().claim([a, b].map((s) => ({ playerId: s.player_id, since: s.since })), tableId);
      const dropped = claim.ok ? ids.filter((id) => !this.#connected(id)) : claim.taken;
      claimed = claim.ok;
      if (dropped.length > 0) {
        for (const id of dropped) {
          this.store.remove(id);
          if (claim.ok) continue;
          // Paired in another pool: who they met here last no longer matters.
          this.store.forgetOpponent(id);
          for (const ws of this.#sockets(id)) this.#end(ws, { type: "cancelled", reason: "paired-elsewhere" });
        }
        if (claimed) await this.#registry().release(ids, tableId);
        for (const id of ids) if (!dropped.includes(id)) this.store.waiting(id);
        return;
      }
      const made = await makeTable(this.env, tableId, choice, [
        { playerId: a.player_id, name: a.name },
        { playerId: b.player_id, name: b.name },
      ]);
      if (!made.ok) {
        // A stake the player's coins no longer cover: their seek ends; the other is back at the front of the queue.
        // The rows first, so whoever hears `cancelled` finds the pool as it will stay; the next wave waits for this one.
        for (const id of ids) {
          if (made.uncovered.includes(id)) this.store.remove(id);
          else this.store.waiting(id);
        }
        for (const id of made.uncovered) for (const ws of this.#sockets(id)) this.#end(ws, { type: "cancelled", reason: "insufficient-coins" });
        await this.#registry().release(ids, tableId);
        return;
      }
      const { grants } = made;
      this.store.paired(a.player_id, b.player_id, Date.now());
      const seats: Array<[SeekerRow, SeekerRow, (typeof grants)[0]]> = [
        [a, b, grants[0]],
        [b, a, grants[1]],
      ];
      for (const [me, them, grant] of seats) {
        const opponent = { playerId: them.player_id, name: them.name, rating: them.rating };
        const sockets = this.#sockets(me.player_id);
        // Exactly once: to the newest socket (a replaced one was already told so), then closed.
        sockets.forEach((ws, i) => (i === sockets.length - 1 ? this.#end(ws, { type: "paired", grant, opponent }) : ws.close(4000, "replaced")));
      }
    } catch (error) {
      objectLog("quick-pool").error("quick match: pairing failed; both seekers wait on", error, { tableId });
      if (claimed) await this.#registry().release(ids, tableId).catch(() => undefined);
      for (const id of ids) this.store.waiting(id);
    }
  }

  /** The next alarm: a wave soon while two or more are connected, else the earliest gone window or expiry. */
  async #schedule(now: number): Promise<void> {
    const rows = this.store.all().filter((r) => r.state === "waiting");
    const connected = rows.filter((r) => r.gone_at === null).length;
    const due = rows.map((r) => Math.min(r.since + SEEK_LIMITS.maxSeekMs, r.gone_at === null ? Infinity : r.gone_at + SEEK_LIMITS.goneWindowMs));
    if (connected >= 2) due.push(now + SEEK_LIMITS.waveMs);
    const oldest = this.store.oldestOpponent();
    if (oldest !== null) due.push(oldest + SEEK_LIMITS.maxSeekMs);
    const next = Math.min(...due);
    const current = await this.ctx.storage.getAlarm();
    if (next === Infinity) {
      if (current !== null && rows.length === 0) await this.ctx.storage.deleteAlarm();
      return;
    }
    if (current === null || next < current || current < now) await this.ctx.storage.setAlarm(Math.max(next, now));
  }

  // ── helpers ──

  #choice(): SeekChoice | null {
    const row = this.ctx.storage.sql.exec<{ query: string }>("SELECT query FROM pool").toArray()[0];
    return row ? SeekQuerySchema.parse(Object.fromEntries(new URLSearchParams(row.query))) : null;
  }

  #registry() {
    return this.env.SEEK_REGISTRY.getByName("registry");
  }

  #sockets(playerId: string, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(playerId).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  #connected(playerId: string, except?: WebSocket): boolean {
    return this.#sockets(playerId, except).length > 0;
  }

  #send(ws: WebSocket, message: SeekServerMessage): void {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // Closed under us: its close handler does the bookkeeping.
    }
  }

  /** The last message of a seek, then the close (1000, or 4000 for a replaced socket). */
  #end(ws: WebSocket, message: SeekServerMessage, code = 1000): void {
    this.#send(ws, message);
    try {
      ws.close(code, message.type);
    } catch {
      // Already closed.
    }
  }
}

