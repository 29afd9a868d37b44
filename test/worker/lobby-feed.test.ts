/** The lobby's live feed: open tables, matches being played now and players online, pushed without polling. */
import { describe, expect, it } from "vitest";
import { LobbyMessageSchema, LobbySnapshotSchema, type LobbySnapshot } from "../../src/protocol";
import { api, connect, createTable, joinTable } from "./helpers";

/** A feed socket that keeps the latest snapshot (with the latest online count) and lets a test wait for a fact. */
class Feed {
  latest: LobbySnapshot | null = null;
  messages = 0;
  #waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const message = LobbyMessageSchema.parse(JSON.parse(event.data as string));
      this.messages += 1;
      if (message.type === "lobby") {
        const { type: _type, ...snapshot } = message;
        this.latest = snapshot;
      } else if (this.latest) this.latest = { ...this.latest, online: message.online };
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const w of waiters) w();
    });
  }

  /** Waits until the latest snapshot satisfies `check` (each message is a fact to re-check; gives up after 10 s). */
  async until(check: (s: LobbySnapshot) => boolean): Promise<LobbySnapshot> {
    const giveUp = Date.now() + 10_000;
    while (!(this.latest && check(this.latest))) {
      if (Date.now() > giveUp) throw new Error(`the feed never showed it; latest: ${JSON.stringify(this.latest)}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 1000);
      });
    }
    return this.latest;
  }
}

async function openFeed(): Promise<Feed> {
  const res = await api("/v1/lobby/socket", { headers: { Upgrade: "websocket" } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  ws.accept();
  return new Feed(ws);
}

describe("the lobby feed", () => {
  it("sends the snapshot at once, then a new open table, its match being played, and its end", async () => {
    const feed = await openFeed();
    const first = await feed.until(() => true);
    expect(first.online).toBeGreaterThanOrEqual(1);

    const white = await createTable({ name: "Nino", spectators: true });
    await feed.until((s) => s.open.some((t) => t.id === white.tableId));

    await joinTable(white.tableId, "Aram");
    const playing = await feed.until((s) => s.playing.some((m) => m.id === white.tableId) && !s.open.some((t) => t.id === white.tableId));
    expect(playing.playing.find((m) => m.id === white.tableId)).toMatchObject({ white: "Nino", black: "Aram", length: 1 });

    // A seat's socket makes its player online; its resignation ends the match and takes it off the list.
    const before = (await feed.until(() => true)).online;
    const seat = await connect(white.tableId, { token: white.token });
    await seat.next("welcome");
    await feed.until((s) => s.online === before + 1);
    seat.send({ type: "resign", id: "bye" });
    await feed.until((s) => !s.playing.some((m) => m.id === white.tableId));
    feed.ws.close(1000, "done");
  });

  it("lists no match of a private table or of a table without spectators", async () => {
    const feed = await openFeed();
    const secret = await createTable({ name: "Private", private: true });
    const closed = await createTable({ name: "Closed", spectators: false });
    const open = await createTable({ name: "Open" });
    await joinTable(closed.tableId);
    await joinTable(open.tableId);
    await postInvite(secret.tableId, secret.invite!);
    const s = await feed.until((x) => x.playing.some((m) => m.id === open.tableId));
    expect(s.playing.map((m) => m.id)).not.toContain(closed.tableId);
    expect(s.open.map((t) => t.id)).not.toContain(secret.tableId);
    const later = await feed.until((x) => !x.open.some((t) => t.id === closed.tableId));
    expect(later.playing.map((m) => m.id)).not.toContain(secret.tableId);
    feed.ws.close(1000, "done");
  });

  it("counts feed sockets online, and tells the others when one leaves", async () => {
    const a = await openFeed();
    const start = (await a.until(() => true)).online;
    const b = await openFeed();
    await a.until((s) => s.online === start + 1);
    b.ws.close(1000, "bye");
    await a.until((s) => s.online === start);
    a.ws.close(1000, "done");
  });

  it("ignores what a client sends, but closes on a frame that is not valid UTF-8 (1007), as every socket does", async () => {
    const a = await openFeed();
    const start = (await a.until(() => true)).online;
    const b = await openFeed();
    await a.until((s) => s.online === start + 1);
    const closed = new Promise<number>((resolve) => b.ws.addEventListener("close", (event) => resolve(event.code)));
    for (const frame of ["hello", "[1]", '{"type":"lobby"}']) b.ws.send(frame);
    // Still open: b hears a third feed come.
    const seen = b.messages;
    const c = await openFeed();
    await b.until((s) => s.online === start + 2);
    expect(b.messages).toBeGreaterThan(seen);
    // workerd hands a frame with invalid UTF-8 over with U+FFFD in place of the bad bytes.
    b.ws.send("caf\uFFFD");
    expect(await closed).toBe(1007);
    await a.until((s) => s.online === start + 1);
    for (const feed of [a, c]) feed.ws.close(1000, "done");
  });

  it("serves the same snapshot over HTTP, and refuses a plain GET of the socket", async () => {
    const res = await api("/v1/lobby");
    expect(res.status).toBe(200);
    LobbySnapshotSchema.parse(await res.json());
    const plain = await api("/v1/lobby/socket");
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as { code: string }).code).toBe("BAD_REQUEST");
  });
});

async function postInvite(id: string, invite: string): Promise<void> {
  const res = await api(`/v1/tables/${id}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Friend", invite }) });
  expect(res.status).toBe(200);
}
