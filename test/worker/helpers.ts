/** Helpers for the integration tests inside workerd: HTTP calls through SELF and WebSocket clients with a message queue. */
import { SELF, env } from "cloudflare:test";
import type { CreateTableBody, SeatGrant, ServerMessage } from "../../src/protocol";

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

/** A started match between two humans. */
export async function startMatch(body: Partial<CreateTableBody> = {}) {
  const white = await createTable({ name: "White", ...body });
  const black = await joinTable(white.tableId);
  return { id: white.tableId, white, black };
}

export function stubOf(id: string) {
  return env.MATCH.getByName(id);
}

/** A WebSocket client that queues what the server sends, so tests can await the next message of a type. */
export class Client {
  readonly received: ServerMessage[] = [];
  #cursor = 0;
  #waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | null = null;

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      this.received.push(JSON.parse(event.data as string) as ServerMessage);
      this.#wake();
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.#wake();
    });
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next unread message (optionally of one type, skipping others). */
  async next<T extends ServerMessage["type"]>(type?: T): Promise<Extract<ServerMessage, { type: T }>> {
    const giveUp = Date.now() + 10_000;
    while (Date.now() < giveUp) {
      while (this.#cursor < this.received.length) {
        const message = this.received[this.#cursor++]!;
        if (!type || message.type === type) return message as Extract<ServerMessage, { type: T }>;
      }
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for ${type ?? "a message"}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 1000);
      });
    }
    throw new Error(`no ${type ?? "message"} arrived`);
  }

  /** Everything unread right now, after giving the server a moment to answer. */
  async drain(): Promise<ServerMessage[]> {
    await settle();
    const rest = this.received.slice(this.#cursor);
    this.#cursor = this.received.length;
    return rest;
  }

  close(code = 1000, reason = "bye"): void {
    this.ws.close(code, reason);
  }
}

/** Lets queued socket traffic land (a few round trips through the runtime). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

export async function connect(id: string, query: { token?: string; seq?: number } = {}): Promise<Client> {
  const params = new URLSearchParams();
  if (query.token !== undefined) params.set("token", query.token);
  if (query.seq !== undefined) params.set("seq", String(query.seq));
  const res = await api(`/v1/tables/${id}/socket?${params}`, { headers: { Upgrade: "websocket" } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  ws.accept();
  return new Client(ws);
}
