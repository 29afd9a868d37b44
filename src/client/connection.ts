/**
 * A live connection to one table over WebSocket. It keeps what the server last said (seq, role, table view,
 * legal plays, the events it has seen), sends game commands and matches their answers by id, and survives
 * network drops: after an unexpected close it reconnects with `?seq=<last seq>` (so the welcome carries
 * exactly what was missed) and re-sends every unanswered command with the SAME id, which the server
 * acknowledges once and never applies twice.
 */
import {
  ServerMessageSchema,
  type AckMessage,
  type ErrorMessage,
  type GameCommandType,
  type LegalPlayView,
  type LoggedEvent,
  type Role,
  type ServerMessage,
  type TableView,
  type UpdateMessage,
  type WelcomeMessage,
} from "../protocol";
import { CommandError } from "./errors";
import { newCommandId } from "./ids";
import { Listeners } from "./listeners";
import { Pacer } from "./pacer";

export type ConnectionStatus = "connecting" | "connected" | "reconnecting" | "closed";

/** A play as notation ("24/18 13/11", "" for a burned roll) or as steps in the mover's own numbering. */
export type PlayInput = string | Array<{ from: number; to: number }>;

/**
 * A game command as sent. Keep the object to retry it: sending the same object again reuses its id, so the
 * server answers it instead of applying it twice.
 */
export interface Command {
  readonly type: GameCommandType;
  readonly id: string;
  /** The table seq the command was decided on; the server refuses it with STALE_SEQ if the table moved on. */
  readonly seq?: number;
  readonly play?: PlayInput;
}

export interface CommandOptions {
  /** Send this seq with the command (true: the connection's current seq). Off by default. */
  seq?: number | true;
  /** Use this id instead of a fresh one (e.g. to retry a command created elsewhere). */
  id?: string;
}

export interface ConnectOptions {
  /** The seat token; without it the connection is a spectator's. */
  token?: string;
  /** The last seq already seen: the welcome then carries every event after it (0 = the whole log). */
  seq?: number;
  /** Reconnect after an unexpected close (default true). */
  reconnect?: boolean;
  /** First reconnect delay and its cap, in ms (doubling, with jitter). */
  backoffMs?: { initial: number; max: number };
  /** Consecutive failed reconnects before giving up (status `closed`). */
  maxReconnectAttempts?: number;
  /** Send the text frame `ping` this often (ms) as a keep-alive; 0 = never (default). */
  pingIntervalMs?: number;
  /**
   * Proactive pacing, frames per 10 s (default none: the server only counts frames that change nothing, and
   * after a RATE_LIMITED answer the connection backs off and re-sends the refused command by itself).
   */
  maxMessagesPer10s?: number;
  /** Keep the seen events in `events` (default true; a load generator may switch it off). */
  keepEvents?: boolean;
  /** Defaults to the global WebSocket. */
  WebSocket?: typeof WebSocket;
}

export interface ConnectionEvents extends Record<string, unknown[]> {
  welcome: [WelcomeMessage];
  update: [UpdateMessage];
  /** Every `error` message (answers to commands included), plus server messages that fail the schema. */
  error: [ErrorMessage];
  /** An acknowledged command and the time from sending it to its ack, in ms. */
  ack: [AckMessage, Command, number];
  /** Each new event in the log, once, in seq order. */
  event: [LoggedEvent];
  status: [ConnectionStatus];
  /** Every valid server message, before the connection acts on it. */
  message: [ServerMessage];
  /** A frame that is not a valid server message (a bug on one side or the other). */
  invalid: [string, string];
}

interface Pending {
  command: Command;
  promise: Promise<AckMessage>;
  resolve: (ack: AckMessage) => void;
  reject: (err: CommandError) => void;
  /** When it was last written to a socket (null: waiting to be written). */
  sentAt: number | null;
  ack: AckMessage | null;
}

const DEFAULT_BACKOFF = { initial: 150, max: 5000 };

export class TableConnection {
  status: ConnectionStatus = "connecting";
  /** The table's state version as far as this connection knows (the seq of the last event it has applied). */
  seq = 0;
  role: Role | null = null;
  table: TableView | null = null;
  /** The legal plays of the current roll when this seat is to move, else null. */
  legalPlays: LegalPlayView[] | null = null;
  /** Every event seen on this connection (and across its reconnects), in seq order, without duplicates. */
  readonly events: LoggedEvent[] = [];
  /** Every `error` message received, oldest first (handy in tests). */
  readonly errors: ErrorMessage[] = [];
  /** How many times the connection has been re-established after a drop. */
  reconnects = 0;
  /** `pong` answers received to keep-alive pings. */
  pongs = 0;
  /** Why the connection is `closed` (null while it is not). */
  closeReason: string | null = null;

  private ws: WebSocket | null = null;
  private welcomed = false;
  private everWelcomed = false;
  private deliberate = false;
  private failedAttempts = 0;
  private lastEventSeq = 0;
  /** When the unanswered keep-alive ping went out (null: none is waiting for an answer). */
  private pingSentAt: number | null = null;
  private readonly pending = new Map<string, Pending>();
  private readonly outbox: string[] = [];
  private readonly listeners = new Listeners<ConnectionEvents>();
  private readonly changeWaiters = new Set<() => void>();
  private readonly pacer: Pacer;
  private readonly WS: typeof WebSocket;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** Builds the socket URL for a connection attempt, given the seq to resume from. */
    private readonly urlFor: (seq: number | undefined) => string,
    private readonly options: ConnectOptions = {},
  ) {
    const WS = options.WebSocket ?? (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
    if (!WS) throw new Error("no WebSocket implementation: pass options.WebSocket");
    this.WS = WS;
    this.pacer = new Pacer(options.maxMessagesPer10s ?? null);
    if (options.seq !== undefined) this.seq = this.lastEventSeq = options.seq;
    this.open(options.seq);
  }

  // ----- listeners ------------------------------------------------------------------------------

  on<K extends keyof ConnectionEvents>(name: K, fn: (...args: ConnectionEvents[K]) => void): () => void {
    return this.listeners.on(name, fn);
  }
  onWelcome(fn: (m: WelcomeMessage) => void): () => void {
    return this.on("welcome", fn);
  }
  onUpdate(fn: (m: UpdateMessage) => void): () => void {
    return this.on("update", fn);
  }
  onError(fn: (m: ErrorMessage) => void): () => void {
    return this.on("error", fn);
  }
  onStatus(fn: (s: ConnectionStatus) => void): () => void {
    return this.on("status", fn);
  }
  onEvent(fn: (e: LoggedEvent) => void): () => void {
    return this.on("event", fn);
  }

  // ----- commands -------------------------------------------------------------------------------

  roll(opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("roll", opts));
  }
  play(play: PlayInput, opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("play", opts, play));
  }
  double(opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("double", opts));
  }
  take(opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("take", opts));
  }
  drop(opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("drop", opts));
  }
  resign(opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("resign", opts));
  }

  /** Builds a command with a fresh id (not sent yet). */
  command(type: GameCommandType, opts: CommandOptions = {}, play?: PlayInput): Command {
    const seq = opts.seq === true ? this.seq : opts.seq;
    return {
      type,
      id: opts.id ?? newCommandId(),
      ...(seq !== undefined ? { seq } : {}),
      ...(type === "play" ? { play: play ?? "" } : {}),
    };
  }

  /**
   * Sends a command; resolves with its `ack` once this connection has also applied the state the command
   * produced (so `table` and `legalPlays` are current), rejects with a CommandError on its `error`.
   * Sending an object that is still waiting for its answer returns the same promise.
   */
  send(command: Command): Promise<AckMessage> {
    const existing = this.pending.get(command.id);
    if (existing) return existing.promise;
    if (this.status === "closed") return Promise.reject(new CommandError("CONNECTION_CLOSED", "the connection is closed"));
    let resolve!: (ack: AckMessage) => void;
    let reject!: (err: CommandError) => void;
    const promise = new Promise<AckMessage>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.pending.set(command.id, { command, promise, resolve, reject, sentAt: null, ack: null });
    this.outbox.push(command.id);
    this.flush();
    return promise;
  }

  /** Commands sent and not yet answered. */
  get unanswered(): number {
    return this.pending.size;
  }

  /** Asks the server for every event after `seq` (answered with a fresh `welcome`). */
  sync(seq = this.seq): void {
    this.sendRaw(JSON.stringify({ type: "sync", seq }));
  }

  /** Writes a frame as is, bypassing the command bookkeeping (for tests of hostile input). */
  sendRaw(data: string | ArrayBuffer | Uint8Array): void {
    if (!this.ws || this.ws.readyState !== this.WS.OPEN) throw new Error("socket not open");
    this.pacer.record(Date.now());
    this.ws.send(data as string);
  }

  // ----- waiting --------------------------------------------------------------------------------

  /**
   * Resolves with the predicate's first truthy result, checked now and after every message or status
   * change; rejects after `timeoutMs`.
   */
  waitFor<T>(predicate: (conn: this) => T | null | undefined | false, timeoutMs = 10_000, what = "condition"): Promise<T> {
    const now = predicate(this);
    if (now !== null && now !== undefined && now !== false) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        let v: T | null | undefined | false;
        try {
          v = predicate(this);
        } catch (err) {
          cleanup();
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        if (v !== null && v !== undefined && v !== false) {
          cleanup();
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        const phase = this.table?.match?.phase ?? this.table?.status ?? "no table";
        reject(new Error(`waitFor(${what}) timed out after ${timeoutMs} ms (status ${this.status}, seq ${this.seq}, ${phase})`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.changeWaiters.delete(check);
      };
      this.changeWaiters.add(check);
    });
  }

  /** Waits for the first error message after now that satisfies `match` (e.g. a code). */
  nextError(match: (e: ErrorMessage) => boolean = () => true, timeoutMs = 10_000): Promise<ErrorMessage> {
    const from = this.errors.length;
    return this.waitFor((c) => c.errors.slice(from).find(match), timeoutMs, "an error message");
  }

  // ----- closing --------------------------------------------------------------------------------

  /** Closes for good: no reconnect; unanswered commands are rejected with CONNECTION_CLOSED. */
  close(): void {
    this.deliberate = true;
    this.stopTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws && (ws.readyState === this.WS.OPEN || ws.readyState === this.WS.CONNECTING)) ws.close(1000, "bye");
    this.giveUp("the connection was closed");
  }

  /**
   * Closes the socket as a network failure would (for tests and demos): the connection then reconnects
   * by itself with `?seq=` and re-sends what is unanswered.
   */
  simulateDrop(): void {
    const ws = this.ws;
    if (ws && ws.readyState === this.WS.OPEN) ws.close(4000, "simulated drop");
  }

  // ----- socket lifecycle -----------------------------------------------------------------------

  private open(seq: number | undefined): void {
    let ws: WebSocket;
    try {
      ws = new this.WS(this.urlFor(seq));
    } catch {
      this.onSocketGone(null);
      return;
    }
    this.ws = ws;
    this.welcomed = false;
    let opened = false;
    ws.addEventListener("open", () => {
      opened = true;
    });
    ws.addEventListener("message", (ev: MessageEvent) => {
      if (this.ws !== ws) return;
      if (typeof ev.data === "string") this.onFrame(ev.data);
      else this.listeners.emit("invalid", "(binary frame)", "the server sends text frames only");
    });
    ws.addEventListener("close", () => {
      if (this.ws === ws) this.onSocketGone(ws);
    });
    ws.addEventListener("error", () => {
      // A failed handshake (e.g. HTTP 401) or a broken socket. Browsers follow with a close event; Node 22's
      // WebSocket does not after a refused handshake (it even stays CONNECTING), so that case ends here.
      setTimeout(() => {
        if (this.ws === ws && (!opened || ws.readyState === this.WS.CLOSED)) this.onSocketGone(ws);
      }, 0);
    });
  }

  private onSocketGone(ws: WebSocket | null): void {
    this.ws = null;
    this.welcomed = false;
    this.stopTimers();
    if (this.deliberate || this.status === "closed") return;
    // Everything written to the dead socket may or may not have arrived: send it again, same ids.
    const resend = [...this.pending.values()].filter((p) => p.sentAt !== null && p.ack === null).map((p) => p.command.id);
    for (const p of this.pending.values()) if (p.ack === null) p.sentAt = null;
    this.outbox.unshift(...resend.filter((id) => !this.outbox.includes(id)));
    const canRetry = (this.options.reconnect ?? true) && this.everWelcomed;
    const maxAttempts = this.options.maxReconnectAttempts ?? 30;
    if (!canRetry || this.failedAttempts >= maxAttempts) {
      this.giveUp(ws === null || !this.everWelcomed ? "could not connect" : "reconnecting failed");
      return;
    }
    this.setStatus("reconnecting");
    const b = this.options.backoffMs ?? DEFAULT_BACKOFF;
    const delay = Math.min(b.max, b.initial * 2 ** this.failedAttempts) * (0.75 + Math.random() * 0.5);
    this.failedAttempts++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.deliberate) this.open(this.seq);
    }, delay);
  }

  private giveUp(why: string): void {
    this.closeReason ??= why;
    this.setStatus("closed");
    for (const p of this.pending.values()) p.reject(new CommandError("CONNECTION_CLOSED", why));
    this.pending.clear();
    this.outbox.length = 0;
  }

  private stopTimers(): void {
    for (const t of [this.flushTimer, this.reconnectTimer, this.syncTimer]) if (t) clearTimeout(t);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.flushTimer = this.reconnectTimer = this.syncTimer = this.pingTimer = null;
  }

  private setStatus(s: ConnectionStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.listeners.emit("status", s);
    this.changed();
  }

  private changed(): void {
    for (const check of [...this.changeWaiters]) check();
  }

  // ----- outgoing -------------------------------------------------------------------------------

  /** Writes queued commands while the socket is welcomed and the pacer allows. */
  private flush(): void {
    if (this.flushTimer || !this.ws || !this.welcomed || this.ws.readyState !== this.WS.OPEN) return;
    while (this.outbox.length > 0) {
      const now = Date.now();
      const wait = this.pacer.delay(now);
      if (wait > 0) {
        this.flushTimer = setTimeout(() => {
          this.flushTimer = null;
          this.flush();
        }, wait);
        return;
      }
      const id = this.outbox.shift() as string;
      const p = this.pending.get(id);
      if (!p) continue;
      this.pacer.record(now);
      p.sentAt = performanceNow();
      this.ws.send(JSON.stringify(p.command));
    }
  }

  // ----- incoming -------------------------------------------------------------------------------

  private onFrame(text: string): void {
    this.pingSentAt = null;
    if (text === "pong") {
      this.pongs++;
      this.changed();
      return;
    }
    let msg: ServerMessage;
    try {
      const parsed = ServerMessageSchema.safeParse(JSON.parse(text));
      if (!parsed.success) {
        this.listeners.emit("invalid", text, parsed.error.message);
        return;
      }
      msg = parsed.data;
    } catch {
      this.listeners.emit("invalid", text, "not JSON");
      return;
    }
    this.listeners.emit("message", msg);
    switch (msg.type) {
      case "welcome":
        this.onWelcomeMessage(msg);
        break;
      case "update":
        this.onUpdateMessage(msg);
        break;
      case "ack":
        this.onAck(msg);
        break;
      case "error":
        this.onErrorMessage(msg);
        break;
    }
    this.changed();
  }

  private onWelcomeMessage(m: WelcomeMessage): void {
    const first = !this.everWelcomed;
    this.role = m.role;
    this.appendEvents(m.events);
    this.applyState(m.seq, m.table, m.legalPlays);
    this.welcomed = true;
    this.everWelcomed = true;
    if (!first && this.failedAttempts > 0) this.reconnects++;
    this.failedAttempts = 0;
    this.setStatus("connected");
    this.listeners.emit("welcome", m);
    this.startPing();
    this.settleAcks();
    this.flush();
  }

  private onUpdateMessage(m: UpdateMessage): void {
    const firstSeq = m.events[0]?.seq;
    if (firstSeq !== undefined && firstSeq > this.seq + 1) {
      // We missed something (should not happen on one socket): ask for it rather than skip it.
      this.sync(this.seq);
      return;
    }
    if (m.seq < this.seq) return;
    this.appendEvents(m.events);
    this.applyState(m.seq, m.table, m.legalPlays);
    this.listeners.emit("update", m);
    this.settleAcks();
  }

  private applyState(seq: number, table: TableView, legalPlays: LegalPlayView[] | null): void {
    this.seq = Math.max(this.seq, seq);
    this.table = table;
    this.legalPlays = legalPlays;
  }

  private appendEvents(events: LoggedEvent[]): void {
    for (const e of events) {
      if (e.seq <= this.lastEventSeq) continue;
      this.lastEventSeq = e.seq;
      if (this.options.keepEvents ?? true) this.events.push(e);
      this.listeners.emit("event", e);
    }
  }

  private onAck(m: AckMessage): void {
    const p = this.pending.get(m.id);
    if (!p || p.ack) return;
    p.ack = m;
    this.pacer.relax();
    this.listeners.emit("ack", m, p.command, p.sentAt === null ? 0 : performanceNow() - p.sentAt);
    this.settleAcks();
    if (this.pending.has(m.id) && !this.syncTimer) {
      // The ack came first; the update with the new state should follow at once. If it does not, ask.
      this.syncTimer = setTimeout(() => {
        this.syncTimer = null;
        if ([...this.pending.values()].some((q) => q.ack && q.ack.seq > this.seq) && this.welcomed) this.sync(this.seq);
      }, 2000);
    }
  }

  /** Resolves acknowledged commands once this connection has caught up with the state they produced. */
  private settleAcks(): void {
    for (const [id, p] of this.pending) {
      if (p.ack && p.ack.seq <= this.seq) {
        this.pending.delete(id);
        p.resolve(p.ack);
      }
    }
  }

  private onErrorMessage(m: ErrorMessage): void {
    this.errors.push(m);
    this.listeners.emit("error", m);
    if (m.code === "RATE_LIMITED") {
      // Refused unread, so not applied: slow down and send it again. The server does not read the frame, so
      // the error has no id: every command still waiting for an answer goes again, which is safe because a
      // repeated id is answered, never applied twice.
      this.pacer.penalize(Date.now());
      const again = [...this.pending.values()].filter((p) => p.ack === null && p.sentAt !== null && (m.id === null || p.command.id === m.id));
      for (const p of again) p.sentAt = null;
      this.outbox.unshift(...again.map((p) => p.command.id).filter((id) => !this.outbox.includes(id)));
      this.flush();
      return;
    }
    if (m.id === null) return;
    const p = this.pending.get(m.id);
    if (!p || p.ack) return;
    this.pending.delete(m.id);
    p.reject(new CommandError(m.code, m.message, m.seq));
  }

  /**
   * Keep-alive: `ping` every interval (answered with `pong` by the runtime, even while the match object
   * sleeps). A socket that has said nothing for two intervals since a ping is taken for dead (a half-open
   * TCP connection never fires `close`) and replaced through the normal reconnect. Counting from the ping,
   * not from the last frame, keeps a background tab (whose timers the browser slows down) from false alarms.
   */
  private startPing(): void {
    const every = this.options.pingIntervalMs ?? 0;
    if (every <= 0 || this.pingTimer) return;
    this.pingSentAt = null;
    this.pingTimer = setInterval(() => {
      const ws = this.ws;
      if (!ws || ws.readyState !== this.WS.OPEN) return;
      const now = Date.now();
      if (this.pingSentAt === null) {
        this.pingSentAt = now;
        ws.send("ping");
      } else if (now - this.pingSentAt > 2 * every) {
        try {
          ws.close(4001, "no answer to ping");
        } catch {
          // already closing
        }
        this.onSocketGone(ws);
      }
    }, every);
  }
}

function performanceNow(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
