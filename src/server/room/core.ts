/**
 * The shared machinery of a match object: its storage, sockets, the roller each step draws from (`draw`) and the
 * two things every change ends with, `commit` (one storage transaction) and `broadcast` (an `update` to every
 * socket, legal plays to the mover only). Commands reach them through one path (./step.ts).
 */
import type { CompactPlays, DiceSource, Side } from "../../engine";
import { legalPlayViews, LIMITS, playsView, type ErrorCode, type LegalPlayView, type LoggedEvent, type PlaysView, type Role, type ServerMessage } from "../../protocol";
import { cryptoRandom, FairDice, sealRolls, type FairDiceState } from "../dice";
import type { Env } from "../env";
import { tableLog, type Logger } from "../log";
import { inBackground, tellLobby, type Lobby } from "../lobby";
import type { Monitor } from "../metrics/monitor";
import { emit } from "../metrics/analytics";
import { countError } from "../metrics/errors";
import { observeChange } from "../metrics/room";
import { ChatStore } from "./chat";
import { clockDeadline } from "./clock";
import { reportPlaying } from "./listing";
import { Sockets } from "./sockets";
import { retentionMs } from "./retention";
import { RoomStore, type Change, type Deadline } from "./store";
import type { Room } from "./table";
import { moverPlays, tableView, type Presence } from "./views";

/** During a match the object wakes at least this often (or every reconnect window, if longer) to reconcile. */
export const LIVENESS_MIN_MS = 10_000;

/** The roller one step draws its dice from, with the entropy its rolls are derived with (`fair`: null for scripted dice). */
export interface Draw {
  roller: DiceSource;
  entropy: string;
  fair: FairDice | null;
}

export class RoomCore {
  readonly store: RoomStore;
  readonly sockets: Sockets;
  /** Table chat, in its own SQLite table (./chat.ts), never in the event log. */
  readonly chat: ChatStore;
  #scripted: DiceSource | null = null;
  /** Integration tests may swap in a roller of scripted dice via runInDurableObject (tests only): every draw then uses it. */
  set scriptedDice(roller: DiceSource) {
    this.#scripted = roller;
  }
  /** Randomness for bot choices (never for dice). */
  botRng: () => number = cryptoRandom();
  /** D1 as the outbox reaches it; integration tests may swap in one that fails, via runInDurableObject. */
  d1: D1Database;
  /** How long a finished table is kept (the operator's FINISHED_TABLE_RETENTION_DAYS). */
  readonly retentionMs: number;
  /**
   * The alarm as this instance last set or read it (undefined: not known). The alarm handler forgets it (the
   * runtime clears an alarm it runs), and so does deleting the table's storage.
   */
  #alarm: number | null | undefined;
  /**
   * The mover's legal plays at one seq: generated once (compact) for every welcome, sync, update and bot move at
   * that seq; written out only if a deprecated `nardi.v1` socket asks.
   */
  #plays: { seq: number; plays: CompactPlays | null; wire: PlaysView | null; written?: LegalPlayView[] | null } | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.store = new RoomStore(ctx.storage.sql, ctx.storage);
    this.sockets = new Sockets(ctx);
    this.chat = new ChatStore(ctx.storage.sql);
    this.d1 = env.DB;
    this.retentionMs = retentionMs(env);
  }

  /**
   * During a match, who is here is what the log says (so a view is a function of its seq); outside a match the
   * open sockets right now (`except`: one that is closing).
   */
  presence(room: Room, except?: WebSocket): Presence {
    const reconnectDeadline: Record<Side, number | null> = { white: null, black: null };
    for (const d of this.store.deadlines()) if ((d.kind === "reconnect" || d.kind === "arrive") && d.seat !== "table") reconnectDeadline[d.seat] = d.due;
    const connected = (side: Side): boolean => {
      if (room.info.status !== "playing") return this.sockets.seatConnected(side, except);
      const seat = room.info.seats[side];
      return seat?.seen === true && !seat.away;
    };
    return { connected: { white: connected("white"), black: connected("black") }, reconnectDeadline, now: Date.now() };
  }

  view(room: Room, except?: WebSocket) {
    return tableView(room, this.presence(room, except));
  }

  /** The mover's legal plays at the room's seq, compact (null when nobody is choosing a play). */
  compactPlays(room: Room): CompactPlays | null {
    return this.#playsAt(room).plays;
  }

  #playsAt(room: Room) {
    if (this.#plays?.seq !== room.seq) {
      const plays = moverPlays(room.match);
      this.#plays = { seq: room.seq, plays, wire: plays && playsView(plays) };
    }
    return this.#plays;
  }

  /** The plays field of a welcome or update for `ws`: compact for a v2 socket, written out for a v1 one, null unless it moves. */
  #playsFor(ws: WebSocket, room: Room, moves: boolean): { plays: PlaysView | null } | { legalPlays: LegalPlayView[] | null } {
    const cached = this.#playsAt(room);
    if (this.sockets.wantsCompactPlays(ws)) return { plays: moves ? cached.wire : null };
    if (!moves || !cached.plays) return { legalPlays: null };
    cached.written ??= legalPlayViews(cached.plays);
    return { legalPlays: cached.written };
  }

  /** This table's logger: every line carries its id (../log.ts). */
  get log(): Logger {
    const fallback = this.ctx.id.name ?? this.ctx.id.toString();
    let id = fallback;
    try {
      id = this.store.load()?.info.id ?? fallback;
    } catch {
      // The failure being logged may be the load itself: the object's own id still names the table.
    }
    if (this.#log?.context.tableId !== id) this.#log = tableLog(id);
    return this.#log;
  }
  #log: Logger | undefined;

  /**
   * The roller of one step: the table's provably fair dice (../dice.ts), each roll derived with `entropy` (the
   * entropy of the player's command the step is for, "" without one), counting from the stored roll count, or
   * from `table`'s for a table not stored yet (create, join). A fresh draw per step: nothing to reset after it.
   */
  draw(entropy: string, table?: { id: string; fairDice?: FairDiceState | undefined }): Draw {
    if (this.#scripted) return { roller: this.#scripted, entropy, fair: null };
    const stored = table
      ? () => ({ tableId: table.id, fair: table.fairDice })
      : () => {
          const room = this.store.load();
          return room ? { tableId: room.info.id, fair: room.info.fairDice } : null;
        };
    const fair = new FairDice(stored, () => entropy);
    return { roller: fair, entropy, fair };
  }

  /**
   * Stores the change (one transaction) and returns its logged events; nothing is sent before this returns.
   * `draw`: the roller the change's rolls came from (none: a change that rolled nothing).
   */
  commit(change: Change, draw?: Draw): LoggedEvent[] {
    const sealed = sealRolls(change, draw?.entropy ?? "");
    // Every roll drawn must be an event of the change, or two rolls would share a roll number (a bug: say so).
    const drawn = draw?.fair?.rolls ?? null;
    if (drawn !== null && drawn !== sealed.room.info.fairDice?.rolls) {
      this.log.error(`fair dice: drew up to roll ${drawn}, but the change stores ${sealed.room.info.fairDice?.rolls ?? "none"}`);
    }
    const before = this.store.load();
    const logged = this.store.commit(sealed);
    reportPlaying(this, before, sealed.room);
    observeChange(this.env, before, sealed.room, logged, change.command !== undefined);
    return logged;
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
    // Sockets of one kind (mover or not, compact plays or written out) get the same frame: serialized once per kind.
    const frames = new Map<string, string>();
    for (const ws of this.sockets.open(undefined, except)) {
      const toMover = this.sockets.roleOf(ws) === mover;
      const kind = `${toMover}:${this.sockets.wantsCompactPlays(ws)}`;
      let frame = frames.get(kind);
      if (frame === undefined) {
        frame = JSON.stringify({ type: "update", seq: room.seq, events, table, ...this.#playsFor(ws, room, toMover) } satisfies ServerMessage);
        frames.set(kind, frame);
      }
      this.sockets.sendText(ws, frame);
    }
  }

  /** The welcome: the view, and a page of the events after `after` (none without it). */
  sendWelcome(ws: WebSocket, role: Role, after: number | undefined, limit: number = LIMITS.maxEventsPerPage): void {
    const room = this.store.load();
    if (!room) return;
    const mover = room.match?.phase === "moving" ? room.match.position.turn : null;
    const page = after === undefined ? { events: [], next: null } : this.store.eventsAfter(after, limit);
    this.sockets.send(ws, {
      type: "welcome",
      seq: room.seq,
      role,
      table: this.view(room),
      events: page.events,
      next: page.next,
      ...this.#playsFor(ws, room, role === mover),
    });
  }

  sendError(ws: WebSocket, id: string | null, code: ErrorCode, message: string, candidates?: string[]): void {
    const room = this.store.load();
    this.sockets.send(ws, { type: "error", id, code, message, seq: room?.seq ?? 0, ...(candidates ? { candidates } : {}) });
    countError(this.env, this.ctx, code);
    emit(this.env, [{ name: "errors", key: code, value: 1, tableId: room?.info.id ?? "" }]);
  }

  /**
   * Keeps exactly one alarm, at the earliest deadline: the stored ones and the clock's flag (none when there is
   * none). First it adds the standing
   * deadline a table's status calls for when it is missing: the liveness check during a match (so that an alarm
   * exists even after a restart nobody contacts the object after), the purge of a finished table.
   */
  async syncAlarm(): Promise<void> {
    const room = this.store.load();
    if (room) {
      const now = Date.now();
      const standing = this.standingDeadline(room, now);
      if (standing && !this.store.deadlines().some((d) => d.kind === standing.kind)) {
        this.commit({ room, events: [], at: now, setDeadlines: [standing] });
      }
    }
    const loaded = this.store.load();
    const dues = [this.store.deadlines()[0]?.due, loaded ? clockDeadline(loaded) : null].filter((due) => typeof due === "number");
    if (dues.length === 0) {
      if (this.#alarm !== null) await this.ctx.storage.deleteAlarm();
      this.#alarm = null;
      return;
    }
    const due = Math.min(...dues);
    // Known from the last call, the alarm costs no storage read per command; only a new due is written.
    const current = this.#alarm !== undefined ? this.#alarm : await this.ctx.storage.getAlarm();
    if (current !== due) await this.ctx.storage.setAlarm(due);
    this.#alarm = due;
  }

  /** The alarm ran (the runtime cleared it) or the storage was deleted: the next sync reads it again. */
  forgetAlarm(): void {
    this.#alarm = undefined;
  }

  /** The deadline a table in this state always has: liveness during a match, purge once it is over. */
  standingDeadline(room: Room, now: number): Deadline | null {
    if (room.info.status === "playing") return { kind: "liveness", seat: "table", due: now + livenessMs(room) };
    if (room.info.status === "over") return { kind: "purge", seat: "table", due: now + this.retentionMs };
    return null;
  }

  /** Tells the Monitor about this table's outbox without waiting for it (../metrics/monitor.ts). */
  tellMonitor(change: (monitor: DurableObjectStub<Monitor>) => Promise<void>): void {
    inBackground(this.ctx, () => change(this.env.MONITOR.getByName("monitor")), this.log, "monitor update failed");
  }

  /** Tells the lobby about this table without waiting for it (see `tellLobby`: the lobby is only an index). */
  tellLobby(change: (lobby: DurableObjectStub<Lobby>) => Promise<void>): void {
    tellLobby(this.ctx, this.env, change, this.log);
  }
}

/** How often a match object wakes to check that the seats the log calls here still have sockets. */
export function livenessMs(room: Room): number {
  return Math.max(room.info.reconnectSeconds * 1000, LIVENESS_MIN_MS);
}
