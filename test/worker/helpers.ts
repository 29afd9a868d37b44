/** Helpers for the integration tests inside workerd: HTTP calls through SELF and WebSocket clients with a message queue. */
import { SELF, env, runInDurableObject } from "cloudflare:test";
import type { Side } from "../../src/engine";
import type { MatchRoom } from "../../src/server";
import { compactPlaysOf, EventHistorySchema, legalPlayViews, OpenTablesSchema, type CreateTableBody, type EventHistory, type LegalPlayView, type SeatGrant, type ServerMessage, type TableView } from "../../src/protocol";

export const BASE = "https://nardi.test";

export async function api(path: string, init?: RequestInit): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, init);
}

export async function postJson(path: string, body: unknown): Promise<Response> {
  return api(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

export async function createTable(body: Partial<CreateTableBody> = {}): Promise<SeatGrant> {
  const res = await postJson("/v1/tables", { preset: "armenian-long", ...body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SeatGrant;
}

export async function joinTable(id: string, name = "Black"): Promise<SeatGrant> {
  const res = await postJson(`/v1/tables/${id}/join`, { name });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SeatGrant;
}

/**
 * A table where the side on roll has a cube decision (a centred cube, no opening dice to play), so the server
 * does not roll for it: for tests of the `roll` command itself. Elsewhere the server rolls when nobody may double.
 */
export const ROLL_IS_A_DECISION: Partial<CreateTableBody> = { preset: "backgammon", length: 3, overrides: { opening: "reroll" } };

/** The ids of the listed open tables. */
export async function listed(): Promise<string[]> {
  return OpenTablesSchema.parse(await (await api("/v1/tables")).json()).tables.map((t) => t.id);
}

/** Create and join tell the lobby without waiting for it: the list catches up a moment later. Waits until `check` holds. */
export async function listedWhen(check: (ids: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 500; i++) {
    const ids = await listed();
    if (check(ids)) return ids;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the lobby never showed the expected tables");
}

/** A started match between two humans. */
export async function startMatch(body: Partial<CreateTableBody> = {}) {
  const white = await createTable({ name: "White", ...body });
  const black = await joinTable(white.tableId);
  return { id: white.tableId, white, black };
}

/** The table's stored events (`after`: only those with a higher seq), read over HTTP page by page (as a seat holder with `token`). */
export async function history(id: string, after = 0, token?: string): Promise<EventHistory> {
  const init = token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } };
  const page = EventHistorySchema.parse(await (await api(`/v1/tables/${id}/events?after=${after}`, init)).json());
  if (page.next === null) return page;
  const rest = await history(id, page.next, token);
  return { ...rest, events: [...page.events, ...rest.events] };
}

/**
 * A started match with a welcomed socket per seat; returns once both have seen the table's current seq (each
 * seat's first connection logs player-connected), with everything received so far marked read.
 */
/** Both seats' sockets, once each has its welcome and the table's newest seq. */
export async function connectSeats(id: string, tokens: Record<Side, string>): Promise<Record<Side, Client>> {
  const w = await connect(id, { token: tokens.white });
  const b = await connect(id, { token: tokens.black });
  await w.next("welcome");
  await b.next("welcome");
  const { seq } = await history(id);
  await w.waitForSeq(seq);
  await b.waitForSeq(seq);
  return { white: w, black: b };
}

export async function seatedMatch(body: Partial<CreateTableBody> = {}) {
  const { id, white, black } = await startMatch(body);
  const { white: w, black: b } = await connectSeats(id, { white: white.token, black: black.token });
  w.skipAll();
  b.skipAll();
  return { id, white, black, w, b, clients: { white: w, black: b } };
}

export function stubOf(id: string) {
  return env.MATCH.getByName(id);
}

interface DeadlineRow extends Record<string, string | number> {
  kind: string;
  seat: string;
  due: number;
}

/** The deadlines a table has always in its state (liveness during a match, purge when over); `deadlines` leaves them out. */
const STANDING = ["liveness", "purge"];

/** Stored windows and expiry (not the standing deadlines), straight from the object's SQLite. */
export async function deadlines(id: string): Promise<DeadlineRow[]> {
  return (await allDeadlines(id)).filter((d) => !STANDING.includes(d.kind));
}

export async function allDeadlines(id: string): Promise<DeadlineRow[]> {
  return runInDurableObject(stubOf(id), (_room: MatchRoom, state) =>
    state.storage.sql.exec<DeadlineRow>("SELECT kind, seat, due FROM deadlines ORDER BY due").toArray(),
  );
}

/** The earliest stored deadline: where the one alarm must be (null when there is none). */
export async function nextDue(id: string): Promise<number | null> {
  return (await allDeadlines(id))[0]?.due ?? null;
}

/** Lets the clock run past every stored deadline, retention included (the object sees a window that ended long ago). */
export async function timePasses(id: string): Promise<void> {
  await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => {
    state.storage.sql.exec("UPDATE deadlines SET due = due - ?", 1000 * 24 * 3600 * 1000);
  });
}

export async function alarmAt(id: string): Promise<number | null> {
  return runInDurableObject(stubOf(id), (_room: MatchRoom, state) => state.storage.getAlarm());
}

/** A WebSocket whose messages (parsed by `parse`) queue up, so tests can await the next message of a type. */
export class SocketQueue<M extends { type: string }> {
  readonly received: M[] = [];
  /** The text of every frame received, in step with `received` (for frame sizes). */
  readonly frames: string[] = [];
  #cursor = 0;
  #waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | null = null;

  constructor(
    readonly ws: WebSocket,
    parse: (data: unknown) => M,
  ) {
    ws.addEventListener("message", (event) => {
      const message = parse(JSON.parse(event.data as string));
      this.frames.push(event.data as string);
      this.received.push(message);
      this.onMessage(message);
      this.#wake();
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.#wake();
    });
  }

  /** What a subclass keeps of each message as it arrives. */
  protected onMessage(_message: M): void {}

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves at the next message or close, or after a second (to look at the clock again). */
  protected news(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#waiters.push(resolve);
      setTimeout(resolve, 1000);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next unread message (optionally of one type, skipping others). */
  async next<T extends M["type"]>(type?: T): Promise<Extract<M, { type: T }>> {
    const giveUp = Date.now() + 10_000;
    while (Date.now() < giveUp) {
      while (this.#cursor < this.received.length) {
        const message = this.received[this.#cursor++]!;
        if (!type || message.type === type) return message as Extract<M, { type: T }>;
      }
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for ${type ?? "a message"}`);
      await this.news();
    }
    throw new Error(`no ${type ?? "message"} arrived`);
  }

  /** Resolves once the socket has closed (by the server, or here). */
  async whenClosed(): Promise<{ code: number; reason: string }> {
    while (!this.closed) await this.news();
    return this.closed;
  }

  /** Marks everything received so far as read. */
  skipAll(): void {
    this.#cursor = this.received.length;
  }

  /** Resolves once `holds()` is true of what has arrived; fails after 10 s or when the socket closes first. */
  protected async until(holds: () => boolean, what: string): Promise<void> {
    const giveUp = Date.now() + 10_000;
    while (!holds()) {
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for ${what}`);
      if (Date.now() > giveUp) throw new Error(`no ${what} arrived (last: ${JSON.stringify(this.received.at(-1) ?? null)})`);
      await this.news();
    }
  }

  /**
   * Sends `frame` and returns everything unread that arrived before its answer (the first message from then on
   * that `isAnswer` accepts), which is read and not returned. A barrier: the server answers a socket's frames in
   * order, so what it sent before answering has arrived by then. A closed socket: everything unread.
   */
  protected async unreadBefore(frame: unknown, isAnswer: (message: M) => boolean, what: string): Promise<M[]> {
    if (!this.closed) {
      const from = this.received.length;
      this.send(frame);
      const answerAt = (): number => this.received.findIndex((m, i) => i >= from && isAnswer(m));
      await this.until(() => answerAt() >= 0, what);
      const rest = this.received.slice(this.#cursor, answerAt());
      this.#cursor = answerAt() + 1;
      return rest;
    }
    const rest = this.received.slice(this.#cursor);
    this.#cursor = this.received.length;
    return rest;
  }

  close(code = 1000, reason = "bye"): void {
    this.ws.close(code, reason);
  }
}

/** A table socket: its queue, plus the latest table view and legal plays. */
export class Client extends SocketQueue<ServerMessage> {
  /** The latest table view and legal plays, from the newest welcome or update. */
  table: TableView | null = null;
  legalPlays: LegalPlayView[] | null = null;
  seq = 0;

  constructor(ws: WebSocket) {
    super(ws, (data) => data as ServerMessage);
  }

  protected override onMessage(message: ServerMessage): void {
    if ((message.type === "welcome" || message.type === "update") && message.seq >= this.seq) {
      this.seq = message.seq;
      this.table = message.table;
      // nardi.v2 sends the plays compact: written out here with the engine, as the typed client does.
      const compact = message.plays ? compactPlaysOf(message.table, message.plays) : null;
      this.legalPlays = compact ? legalPlayViews(compact) : (message.legalPlays ?? null);
    }
  }

  /** Waits until a welcome or update at `seq` or later has arrived. */
  async waitForSeq(seq: number): Promise<void> {
    const giveUp = Date.now() + 10_000;
    while (this.seq < seq) {
      if (this.closed) throw new Error(`socket closed while waiting for seq ${seq}`);
      if (Date.now() > giveUp) throw new Error(`seq ${seq} never arrived (at ${this.seq})`);
      await this.news();
    }
  }

  /**
   * Everything unread that the server sent before now: ends on a `sync` round trip (its `welcome` is read and not
   * returned), not on a quiet moment, which can never tell "nothing more" from "not yet". The `sync` is one frame
   * that changes nothing (it counts in the socket's rate window, docs/protocol.md).
   */
  async drain(): Promise<ServerMessage[]> {
    // Every table socket's first message is its connect welcome: wait for it, so it is not taken for the answer.
    if (!this.closed) await this.until(() => this.received.some((m) => m.type === "welcome"), "connect welcome");
    return this.unreadBefore({ type: "sync", seq: this.seq }, (m) => m.type === "welcome", "welcome answering sync");
  }

  /** The next ack or error (skipping updates). */
  async answer(): Promise<Extract<ServerMessage, { type: "ack" | "error" }>> {
    for (;;) {
      const message = await this.next();
      if (message.type === "ack" || message.type === "error") return message;
    }
  }
}

/** Lets queued socket traffic land (a few round trips through the runtime). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A socket to the table: a seat's with `token` (offered as the `token.<token>` subprotocol), else a spectator's. */
export async function connect(
  id: string,
  query: { token?: string; seq?: number; limit?: number; protocol?: "nardi.v2" | "nardi.v1" } = {},
): Promise<Client> {
  const params = new URLSearchParams();
  if (query.seq !== undefined) params.set("seq", String(query.seq));
  if (query.limit !== undefined) params.set("limit", String(query.limit));
  const version = query.protocol ?? "nardi.v2";
  const protocols = query.token === undefined ? version : `${version}, token.${query.token}`;
  const res = await api(`/v1/tables/${id}/socket?${params}`, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": protocols } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  ws.accept();
  return new Client(ws);
}

let commandCounter = 0;
export function commandId(): string {
  commandCounter += 1;
  return `c${commandCounter}`;
}

/** Who must act now, and what a simple player does: roll, the first listed legal play, take every double. */
export function nextMove(table: TableView, clients: Record<Side, Client>): { side: Side; message: Record<string, unknown> } | null {
  const side = table.match?.toAct;
  if (!side) return null;
  const { may } = table.match!;
  if (may.includes("take")) return { side, message: { type: "take" } };
  if (may.includes("roll")) return { side, message: { type: "roll" } };
  const plays = clients[side].legalPlays;
  if (!plays || plays.length === 0) throw new Error(`${side} is moving without legal plays`);
  return { side, message: { type: "play", play: plays[0]!.play } };
}

/** Plays one command for whoever must act (with `extra` fields, e.g. entropy); both clients have seen its update when this returns. */
export async function playOne(clients: Record<Side, Client>, extra: Record<string, unknown> = {}): Promise<boolean> {
  const table = clients.white.seq >= clients.black.seq ? clients.white.table : clients.black.table;
  const move = table ? nextMove(table, clients) : null;
  if (!move) return false;
  const client = clients[move.side];
  client.send({ ...move.message, ...extra, id: commandId() });
  const answer = await client.answer();
  if (answer.type !== "ack") throw new Error(`${move.side} ${JSON.stringify(move.message)} refused: ${answer.code} ${answer.message}`);
  await clients.white.waitForSeq(answer.seq);
  await clients.black.waitForSeq(answer.seq);
  return true;
}
