/**
 * A live connection to one table over WebSocket. It keeps what the server last said (seq, role, table view,
 * legal plays, the events it has seen), sends game commands and matches their answers by id, and survives
 * network drops: after an unexpected close it reconnects with `?seq=<last seq>` (so the welcome carries
 * exactly what was missed) and re-sends every unanswered command with the SAME id, which the server
 * acknowledges once and never applies twice.
 */
import type { CompactPlays } from "../engine";
import {
  compactPlaysOf,
  isErrorCode,
  legalPlayViews,
  SOCKET_PROTOCOL,
  TOKEN_PROTOCOL_PREFIX,
  ServerMessageSchema,
  type AckMessage,
  type ChatLine,
  type ErrorMessage,
  type GameCommandType,
  type LegalPlayView,
  type LoggedEvent,
  type RematchMessage,
  type SettledMessage,
  type Role,
  type ServerMessage,
  type TableView,
  type UpdateMessage,
  type WelcomeMessage,
  randomHex,
} from "../protocol";
import { remainingTime, type SideTime } from "./clock";
import { clientCode, CommandError } from "./errors";
import { newCommandId } from "./ids";
import { KeepAlive } from "./keepalive";
import { Listeners } from "./listeners";
import { Pacer } from "./pacer";
import { PendingCommands } from "./pending";
import type { Command, CommandOptions, ConnectOptions, ConnectionEvents, ConnectionStatus, PlayInput } from "./types";
import { ChangeWaiters, type Found } from "./waiters";
import { firstEventSeq } from "./newer-server";
import { readable } from "./other-releases";

const DEFAULT_BACKOFF = { initial: 150, max: 5000 };

/** The close code of a banned player's seat sockets (docs/protocol.md, close codes). */
const BANNED_CLOSE_CODE = 4003;

/** The subprotocols a connection offers: `nardi.v2`, and the seat token as `token.<token>` (never in the URL, which ends up in logs). */

export function socketProtocols(token: string | undefined): string[] {
  return token === undefined ? [SOCKET_PROTOCOL] : [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`];
}

export class TableConnection {
  status: ConnectionStatus = "connecting";
  /** The table's state version as far as this connection knows (the seq of the last event it has applied). */
  seq = 0;
  role: Role | null = null;
  table: TableView | null = null;
  /**
   * The legal plays of the current roll when this seat is to move, else null: the server's compact plays over the
   * table's position (the engine's `CompactPlays`; read them with `playAt`, `stepsAt`, `boardAt`, `notationAt`).
   */
  plays: CompactPlays | null = null;
  /** `plays` written out (notation, steps, board of each), built on first read; null when `plays` is. */
  get legalPlays(): LegalPlayView[] | null {
    if (this.#written === undefined) this.#written = this.plays && legalPlayViews(this.plays);
    return this.#written;
  }
  /** `legalPlays` once built for the current `plays` (undefined: not yet). */
  #written: LegalPlayView[] | null | undefined = undefined;
  /** Every event seen on this connection (and across its reconnects), in seq order, without duplicates. */
  readonly events: LoggedEvent[] = [];
  /** The seq of the first event of the frame being handled, as the server sent it (a gap is judged by it). */
  #sentFirstSeq: number | undefined;
  /** Every `error` message received, oldest first (handy in tests). */
  readonly errors: ErrorMessage[] = [];
  /** How many times the connection has been re-established after a drop. */
  reconnects = 0;
  /** `pong` answers received to keep-alive pings. */
  pongs = 0;
  /** When (this machine's ms) the current `table`, and so its clock, arrived. */
  tableReceivedAt = 0;
  /** The table's chat lines seen on this connection, oldest first, without duplicates. */
  readonly chat: ChatLine[] = [];
  /** The last word on a rematch (null: nobody has offered one). */
  rematch: RematchMessage | null = null;
  /** What the finished match changed in ratings and coins, once the server has settled it (null until then). */
  settled: SettledMessage | null = null;
  /** Why the connection is `closed` (null while it is not). */
  closeReason: string | null = null;
  /** The server closed the seat's socket because its player was banned (close code 4003): it will not reconnect. */
  banned = false;

  private ws: WebSocket | null = null;
  /** The current socket has had its welcome (commands may be written to it). */
  private welcomed = false;
  private deliberate = false;
  private failedAttempts = 0;
  private lastEventSeq = 0;
  private readonly pending = new PendingCommands();
  private readonly listeners = new Listeners<ConnectionEvents>();
  private readonly waiters = new ChangeWaiters();
  private readonly pacer: Pacer;
  private readonly keepAlive: KeepAlive;
  private readonly WS: typeof WebSocket;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
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
    this.keepAlive = new KeepAlive(options.pingIntervalMs ?? 0, () => this.openSocket(), () => this.replaceSilentSocket());
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
  /** Backgammon preset: offer to lose the hand as a single, gammon or backgammon (× the cube); the opponent answers. */
  offerResign(level: "single" | "gammon" | "backgammon", opts?: CommandOptions): Promise<AckMessage> {
    return this.send({ ...this.command("offer-resign", opts), level });
  }
  acceptResign(opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("accept-resign", opts));
  }
  rejectResign(opts?: CommandOptions): Promise<AckMessage> {
    return this.send(this.command("reject-resign", opts));
  }
  /** "Auto-roll when I'd only roll": the server then rolls for this seat even when it could double. */
  setAutoRoll(on: boolean, opts?: CommandOptions): Promise<AckMessage> {
    return this.send({ ...this.command("auto-roll", opts), on });
  }

  /** Says a chat line at the table (seats only; spectators read). Refused with CHAT_TOO_LONG or CHAT_FLOOD. */
  say(text: string, opts?: CommandOptions): Promise<AckMessage> {
    return this.send({ ...this.command("chat", opts), text });
  }
  /** After the match: offer or accept a rematch (true), or withdraw / decline it (false). */
  offerRematch(want = true, opts?: CommandOptions): Promise<AckMessage> {
    return this.send({ ...this.command("rematch", opts), want });
  }
  onChat(fn: (lines: ChatLine[]) => void): () => void {
    return this.on("chat", fn);
  }
  onRematch(fn: (m: RematchMessage) => void): () => void {
    return this.on("rematch", fn);
  }
  onSettled(fn: (m: SettledMessage) => void): () => void {
    return this.on("settled", fn);
  }

  /** Each side's time left now, counted down from the last view the server sent (null before the match starts). */
  remainingTime(now: number = Date.now()): Record<"white" | "black", SideTime> | null {
    const clock = this.table?.clock;
    return clock ? remainingTime(clock, this.tableReceivedAt, now) : null;
  }

  /** Builds a command with a fresh id (not sent yet). */
  command(type: GameCommandType, opts: CommandOptions = {}, play?: PlayInput): Command {
    const seq = opts.seq === true ? this.seq : opts.seq;
    return {
      type,
      id: opts.id ?? newCommandId(),
      // Fresh randomness for the dice with every command, so no roll it leads to could be known before it was sent.
      entropy: opts.entropy ?? randomHex(16),
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
    if (this.status === "closed") return Promise.reject(new CommandError("CONNECTION_CLOSED", "the connection is closed"));
    const promise = this.pending.add(command);
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
    const ws = this.openSocket();
    if (!ws) throw new Error("socket not open");
    this.pacer.record(Date.now());
    ws.send(data as string);
  }

  // ----- waiting --------------------------------------------------------------------------------

  /**
   * Resolves with the predicate's first truthy result, checked now and after every message or status
   * change; rejects after `timeoutMs`.
   */
  waitFor<T>(predicate: (conn: this) => Found<T>, timeoutMs = 10_000, what = "condition"): Promise<T> {
    return this.waiters.waitFor(
      () => predicate(this),
      timeoutMs,
      () => {
        const phase = this.table?.match?.phase ?? this.table?.status ?? "no table";
        return `waitFor(${what}) timed out after ${timeoutMs} ms (status ${this.status}, seq ${this.seq}, ${phase})`;
      },
    );
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
    this.openSocket()?.close(4000, "simulated drop");
  }

  // ----- socket lifecycle -----------------------------------------------------------------------

  /** The current socket if it is open. */
  private openSocket(): WebSocket | null {
    return this.ws && this.ws.readyState === this.WS.OPEN ? this.ws : null;
  }

  private open(seq: number | undefined): void {
    let ws: WebSocket;
    try {
      ws = new this.WS(this.urlFor(seq), socketProtocols(this.options.token));
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
    ws.addEventListener("close", (ev: CloseEvent) => {
      if (this.ws !== ws) return;
      // A ban (docs/moderation-live.md): the seat token is refused from now on, so reconnecting cannot help.
      if (ev.code === BANNED_CLOSE_CODE) {
        this.banned = true;
        this.ws = null;
        this.stopTimers();
        this.giveUp("the player is banned");
        return;
      }
      this.onSocketGone(ws);
    });
    ws.addEventListener("error", () => {
      // A failed handshake (e.g. HTTP 401) or a broken socket. Browsers follow with a close event; Node 22's
      // WebSocket does not after a refused handshake (it even stays CONNECTING), so that case ends here.
      setTimeout(() => {
        if (this.ws === ws && (!opened || ws.readyState === this.WS.CLOSED)) this.onSocketGone(ws);
      }, 0);
    });
  }

  /** The keep-alive heard nothing back: close the socket and reconnect as after any drop. */
  private replaceSilentSocket(): void {
    const ws = this.ws;
    try {
      ws?.close(4001, "no answer to ping");
    } catch {
      // already closing
    }
    this.onSocketGone(ws);
  }

  private onSocketGone(ws: WebSocket | null): void {
    this.ws = null;
    this.welcomed = false;
    this.stopTimers();
    if (this.deliberate || this.status === "closed") return;
    // Everything written to the dead socket may or may not have arrived: send it again, same ids.
    this.pending.requeueUnanswered();
    // A connection never welcomed (role still null) was refused, not dropped: trying again will not help.
    const everWelcomed = this.role !== null;
    const canRetry = (this.options.reconnect ?? true) && everWelcomed;
    const maxAttempts = this.options.maxReconnectAttempts ?? 30;
    if (!canRetry || this.failedAttempts >= maxAttempts) {
      this.giveUp(ws === null || !everWelcomed ? "could not connect" : "reconnecting failed");
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
    this.pending.rejectAll(new CommandError("CONNECTION_CLOSED", why));
  }

  private stopTimers(): void {
    for (const t of [this.flushTimer, this.reconnectTimer, this.syncTimer]) if (t) clearTimeout(t);
    this.flushTimer = this.reconnectTimer = this.syncTimer = null;
    this.keepAlive.stop();
  }

  private setStatus(s: ConnectionStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.listeners.emit("status", s);
    this.waiters.changed();
  }

  // ----- outgoing -------------------------------------------------------------------------------

  /** Writes queued commands while the socket is welcomed and the pacer allows. */
  private flush(): void {
    const ws = this.openSocket();
    if (this.flushTimer || !ws || !this.welcomed) return;
    while (this.pending.queued) {
      const now = Date.now();
      const wait = this.pacer.delay(now);
      if (wait > 0) {
        this.flushTimer = setTimeout(() => {
          this.flushTimer = null;
          this.flush();
        }, wait);
        return;
      }
      const p = this.pending.next();
      if (!p) return;
      this.pacer.record(now);
      p.sentAt = performance.now();
      ws.send(JSON.stringify(p.command));
    }
  }

  // ----- incoming -------------------------------------------------------------------------------

  private onFrame(text: string): void {
    this.keepAlive.heard();
    if (text === "pong") {
      this.pongs++;
      this.waiters.changed();
      return;
    }
    const msg = this.parse(text);
    if (!msg) return;
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
      case "chat": {
        const last = this.chat.at(-1)?.n ?? 0;
        const fresh = msg.lines.filter((line) => line.n > last);
        this.chat.push(...fresh);
        if (fresh.length > 0) this.listeners.emit("chat", fresh);
        break;
      }
      case "rematch":
        this.rematch = msg;
        this.listeners.emit("rematch", msg);
        break;
      case "settled":
        this.settled = msg;
        this.listeners.emit("settled", msg);
        break;
    }
    this.waiters.changed();
  }

  /** The frame as a server message, or null (reported as `invalid`) when it is not one. */
  private parse(text: string): ServerMessage | null {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.listeners.emit("invalid", text, "not JSON");
      return null;
    }
    // The first event's seq as sent, before events of types this client does not know are left out (./newer-server.ts).
    this.#sentFirstSeq = firstEventSeq(json);
    const parsed = ServerMessageSchema.safeParse(readable(json));
    if (parsed.success) return parsed.data;
    this.listeners.emit("invalid", text, parsed.error.message);
    this.refuseNewer(json);
    return null;
  }

  private onWelcomeMessage(m: WelcomeMessage): void {
    const first = this.role === null;
    this.role = m.role;
    this.appendEvents(m.events);
    this.applyState(m.seq, m.table, m);
    this.welcomed = true;
    if (!first && this.failedAttempts > 0) this.reconnects++;
    this.failedAttempts = 0;
    this.setStatus("connected");
    this.listeners.emit("welcome", m);
    this.keepAlive.start();
    this.pending.settle(this.seq);
    this.flush();
    // The catch-up comes a page at a time: ask for the next one.
    if (m.next !== null) this.sync(m.next);
  }

  private onUpdateMessage(m: UpdateMessage): void {
    const firstSeq = this.#sentFirstSeq ?? m.events[0]?.seq;
    if (firstSeq !== undefined && firstSeq > this.seq + 1) {
      // We missed something (should not happen on one socket): ask for it rather than skip it.
      this.sync(this.seq);
      return;
    }
    if (m.seq < this.seq) return;
    this.appendEvents(m.events);
    this.applyState(m.seq, m.table, m);
    this.listeners.emit("update", m);
    this.pending.settle(this.seq);
  }

  private applyState(seq: number, table: TableView, m: WelcomeMessage | UpdateMessage): void {
    this.seq = Math.max(this.seq, seq);
    this.table = table;
    this.tableReceivedAt = Date.now();
    this.plays = m.plays ? compactPlaysOf(table, m.plays) : null;
    // A server that still writes the plays out (`nardi.v1`) is taken at its word.
    this.#written = m.plays === undefined && m.legalPlays !== undefined ? m.legalPlays : undefined;
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
    const p = this.pending.acknowledge(m);
    if (!p) return;
    this.pacer.relax();
    this.listeners.emit("ack", m, p.command, p.sentAt === null ? 0 : performance.now() - p.sentAt);
    this.pending.settle(this.seq);
    if (this.pending.awaitingStateAfter(this.seq) && !this.syncTimer) {
      // The ack came first; the update with the new state should follow at once. If it does not, ask.
      this.syncTimer = setTimeout(() => {
        this.syncTimer = null;
        if (this.pending.awaitingStateAfter(this.seq) && this.welcomed) this.sync(this.seq);
      }, 2000);
    }
  }

  /** An `error` frame whose code is newer than this client still answers its command (as BAD_RESPONSE), so it never waits for nothing. */
  private refuseNewer(json: unknown): void {
    if (typeof json !== "object" || json === null) return;
    const { type, id, code, message, seq } = json as Record<string, unknown>;
    if (type !== "error" || typeof id !== "string" || typeof message !== "string" || isErrorCode(code)) return;
    const known = clientCode(code, message);
    this.pending.refuse(id, new CommandError(known.code, known.text, typeof seq === "number" ? seq : null));
  }

  private onErrorMessage(m: ErrorMessage): void {
    this.errors.push(m);
    this.listeners.emit("error", m);
    if (m.code === "RATE_LIMITED") {
      // Refused unread, so not applied: slow down and send it again. The server does not read the frame, so
      // the error has no id: every command still waiting for an answer goes again, which is safe because a
      // repeated id is answered, never applied twice.
      this.pacer.penalize(Date.now());
      this.pending.requeueUnanswered(m.id);
      this.flush();
      return;
    }
    if (m.id !== null) this.pending.refuse(m.id, new CommandError(m.code, m.message, m.seq, m.candidates));
  }
}
