/**
 * The shared machinery of a match object: its storage, sockets, dice and the two things every handler ends with,
 * `commit` (one storage transaction) and `broadcast` (an `update` to every socket, legal plays to the mover only).
 */
import type { DiceSource, Side } from "../../engine";
import type { ErrorCode, LoggedEvent, Role } from "../../protocol";
import { cryptoDice, cryptoRandom } from "../dice";
import type { Env } from "../env";
import type { Lobby } from "../lobby";
import { Sockets } from "./sockets";
import { RoomStore, type Change } from "./store";
import type { Room } from "./table";
import { legalPlayViews, tableView, type Presence } from "./views";

export class RoomCore {
  readonly store: RoomStore;
  readonly sockets: Sockets;
  /** The match's dice. Production: crypto only; integration tests may swap in scripted dice via runInDurableObject. */
  dice: DiceSource = cryptoDice();
  /** Randomness for bot choices (never for dice). */
  botRng: () => number = cryptoRandom();
  /** D1 as the outbox reaches it; integration tests may swap in one that fails, via runInDurableObject. */
  d1: D1Database;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.store = new RoomStore(ctx.storage.sql, ctx.storage);
    this.sockets = new Sockets(ctx);
    this.d1 = env.DB;
  }

  presence(except?: WebSocket): Presence {
    const reconnectDeadline: Record<Side, number | null> = { white: null, black: null };
    for (const d of this.store.deadlines()) if (d.kind !== "expire" && d.seat !== "table") reconnectDeadline[d.seat] = d.due;
    return {
      connected: { white: this.sockets.seatConnected("white", except), black: this.sockets.seatConnected("black", except) },
      reconnectDeadline,
    };
  }

  view(room: Room, except?: WebSocket) {
    return tableView(room, this.presence(except));
  }

  /** Stores the change (one transaction) and returns its logged events; nothing is sent before this returns. */
  commit(change: Change): LoggedEvent[] {
    return this.store.commit(change);
  }

  /**
   * Sends the stored events to every open socket (but `except`), legal plays only to the mover's. `except` is
   * a closing socket (its seat counts as away) unless `exceptArriving`: a new socket that gets a welcome instead.
   */
  broadcast(events: LoggedEvent[], except?: WebSocket, exceptArriving = false): void {
    const room = this.store.load();
    if (!room) return;
    const table = this.view(room, exceptArriving ? undefined : except);
    const mover = room.match?.phase === "moving" ? room.match.position.turn : null;
    let plays: ReturnType<typeof legalPlayViews> | undefined;
    for (const ws of this.sockets.open(undefined, except)) {
      const role = this.sockets.roleOf(ws);
      if (role === mover && plays === undefined) plays = legalPlayViews(room.match);
      this.sockets.send(ws, { type: "update", seq: room.seq, events, table, legalPlays: role === mover ? (plays ?? null) : null });
    }
  }

  sendWelcome(ws: WebSocket, role: Role, after: number | undefined): void {
    const room = this.store.load();
    if (!room) return;
    const mover = room.match?.phase === "moving" ? room.match.position.turn : null;
    this.sockets.send(ws, {
      type: "welcome",
      seq: room.seq,
      role,
      table: this.view(room),
      events: after === undefined ? [] : this.store.eventsAfter(after),
      legalPlays: role === mover ? legalPlayViews(room.match) : null,
    });
  }

  sendError(ws: WebSocket, id: string | null, code: ErrorCode, message: string): void {
    this.sockets.send(ws, { type: "error", id, code, message, seq: this.store.load()?.seq ?? 0 });
  }

  /** Keeps exactly one alarm, at the earliest stored deadline (none when there is none). */
  async syncAlarm(): Promise<void> {
    const next = this.store.deadlines()[0];
    if (!next) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const current = await this.ctx.storage.getAlarm();
    if (current !== next.due) await this.ctx.storage.setAlarm(next.due);
  }

  /**
   * Tells the lobby about this table. The lobby is only an index: if it cannot be reached the table still works
   * (joinable by id), so a failure is logged, not passed on.
   */
  async tellLobby(change: (lobby: DurableObjectStub<Lobby>) => Promise<void>): Promise<void> {
    try {
      await change(this.env.LOBBY.getByName("lobby"));
    } catch (error) {
      console.error("lobby update failed", error);
    }
  }
}
