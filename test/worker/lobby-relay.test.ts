/**
 * The lobby feed's relays (docs/protocol.md, The lobby feed): a relay that restarts loses its sockets and a client
 * that reconnects gets a fresh snapshot, then diffs; a client that lands on another relay sees the same lists; a
 * join is one frame of the diff feed; a closed feed leaves the players-online count by the next batch.
 */
import { env, evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LobbyFeedState } from "../../src/client";
import { LobbyFeedMessageSchema, type LobbyFeedMessage, type LobbySnapshot } from "../../src/protocol";
import { RELAY_NAME_HEADER } from "../../src/server/lobby-relay";
import { BASE, createTable, joinTable } from "./helpers";

/** A `?diffs=1` feed socket on one named relay: every frame it got, applied to a LobbyFeedState. */
class DiffFeed {
  readonly frames: LobbyFeedMessage[] = [];
  readonly state = new LobbyFeedState();
  gaps = 0;
  closed: number | null = null;
  #waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const frame = LobbyFeedMessageSchema.parse(JSON.parse(event.data as string));
      this.frames.push(frame);
      if (this.state.apply(frame) === "gap") this.gaps += 1;
      this.#wake();
    });
    ws.addEventListener("close", (event) => {
      this.closed = event.code;
      this.#wake();
    });
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until the applied lists satisfy `check` (re-checked on each frame; gives up after 10 s). */
  async until(check: (s: LobbySnapshot) => boolean): Promise<LobbySnapshot> {
    const giveUp = Date.now() + 10_000;
    while (!(this.state.seq !== null && check(this.state.snapshot()))) {
      if (Date.now() > giveUp) throw new Error(`the feed never showed it; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
    return this.state.snapshot();
  }

  async untilClosed(): Promise<number> {
    const giveUp = Date.now() + 10_000;
    while (this.closed === null) {
      if (Date.now() > giveUp) throw new Error("the feed never closed");
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.closed;
  }
}

const relay = (name: string) => env.LOBBY_RELAY.getByName(name);

/** Opens a diff feed on `name`, as the Worker's route hands it over (the relay is picked there at random). */
async function openOn(name: string): Promise<DiffFeed> {
  const res = await relay(name).fetch(new Request(`${BASE}/v1/lobby/socket?diffs=1`, { headers: { Upgrade: "websocket", [RELAY_NAME_HEADER]: name } }));
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  ws.accept();
  const feed = new DiffFeed(ws);
  await feed.until(() => true);
  expect(feed.frames[0]?.type).toBe("snapshot");
  return feed;
}

const ids = (s: LobbySnapshot) => ({ open: s.open.map((t) => t.id), playing: s.playing.map((m) => m.id) });
const mentions = (frame: LobbyFeedMessage, id: string): boolean =>
  frame.type === "diff" && [...frame.open.upsert.map((t) => t.id), ...frame.open.remove, ...frame.playing.upsert.map((m) => m.id), ...frame.playing.remove].includes(id);

describe("the lobby feed's relays", () => {
  // First in the file: no feed of an earlier test is still closing, so the count moves only for this test's feeds.
  it("a feed that closes leaves players online by the next batch; a restarted relay's lost socket by the one after", async () => {
    const a = await openOn("relay-6");
    const start = a.state.online;
    const b = await openOn("relay-7");
    await a.until((s) => s.online === start + 1);
    b.ws.close(1000, "bye");
    await a.until((s) => s.online === start);
    // And stays there: the next batch (a new table, and its host online) counts it once.
    const t = await createTable({ name: "Nino", spectators: true });
    const s = await a.until((x) => x.open.some((o) => o.id === t.tableId));
    expect(s.online).toBe(start + 1);

    // A relay that restarts loses its socket without a close: counted until the lobby's next batch reaches the
    // relay, which reports its count then; the batch after that has it.
    const c = await openOn("relay-5");
    await a.until((x) => x.online === start + 2);
    await evictDurableObject(relay("relay-5"), { webSockets: "close" });
    await c.untilClosed();
    const u = await createTable({ name: "Aram", spectators: true });
    await a.until((x) => x.open.some((o) => o.id === u.tableId) && x.online === start + 2);
    a.ws.close(1000, "done");
  });

  it("a relay that restarts drops its sockets; a client that reconnects gets a snapshot of the tables now, then diffs", async () => {
    const before = await openOn("relay-1");
    const a = await createTable({ name: "Nino", spectators: true });
    await before.until((s) => s.open.some((t) => t.id === a.tableId));

    await evictDurableObject(relay("relay-1"), { webSockets: "close" });
    expect(await before.untilClosed()).not.toBe(1000);

    // Changed while the client was away: it was never told, its snapshot has it.
    const b = await createTable({ name: "Aram", spectators: true });
    await joinTable(a.tableId, "Lia");
    const after = await openOn("relay-1");
    const first = after.frames[0]!;
    expect(first.type).toBe("snapshot");
    const s = await after.until((x) => x.open.some((t) => t.id === b.tableId) && x.playing.some((m) => m.id === a.tableId));
    expect(ids(s).open).not.toContain(a.tableId);

    const c = await createTable({ name: "Eka", spectators: true });
    await after.until((x) => x.open.some((t) => t.id === c.tableId));
    const last = after.frames.at(-1)!;
    expect(last.type).toBe("diff");
    expect(after.gaps).toBe(0);
    after.ws.close(1000, "done");
  });

  it("a relay woken from hibernation (its memory lost, its sockets kept) sends each socket a snapshot again", async () => {
    const feed = await openOn("relay-2");
    const a = await createTable({ name: "Nino", spectators: true });
    await feed.until((s) => s.open.some((t) => t.id === a.tableId));
    await evictDurableObject(relay("relay-2"));
    const seen = feed.frames.length;
    const b = await createTable({ name: "Aram", spectators: true });
    const s = await feed.until((x) => x.open.some((t) => t.id === b.tableId));
    expect(s.open.map((t) => t.id)).toContain(a.tableId);
    expect(feed.frames.slice(seen).some((f) => f.type === "snapshot")).toBe(true);
    expect(feed.gaps).toBe(0);
    feed.ws.close(1000, "done");
  });

  it("a client moved to another relay gets a snapshot there with the same lists, and the same diffs after it", async () => {
    const first = await openOn("relay-3");
    const a = await createTable({ name: "Nino", spectators: true });
    const b = await createTable({ name: "Aram", spectators: true });
    await joinTable(b.tableId, "Lia");
    const here = await first.until((s) => s.open.some((t) => t.id === a.tableId) && s.playing.some((m) => m.id === b.tableId));
    first.ws.close(1000, "moving");

    const moved = await openOn("relay-4");
    expect(moved.frames[0]!.type).toBe("snapshot");
    const there = moved.state.snapshot();
    expect(ids(there)).toEqual(ids(here));
    expect(there.open.find((t) => t.id === a.tableId)).toEqual(here.open.find((t) => t.id === a.tableId));

    const c = await createTable({ name: "Eka", spectators: true });
    await moved.until((s) => s.open.some((t) => t.id === c.tableId));
    expect(moved.frames.at(-1)!.type).toBe("diff");
    moved.ws.close(1000, "done");
  });

  it("a join is one diff frame for its table: off open and onto playing together", async () => {
    const feed = await openOn("relay-5");
    const a = await createTable({ name: "Nino", spectators: true });
    await feed.until((s) => s.open.some((t) => t.id === a.tableId));
    const from = feed.frames.length;
    await joinTable(a.tableId, "Aram");
    await feed.until((s) => s.playing.some((m) => m.id === a.tableId) && !s.open.some((t) => t.id === a.tableId));
    // A later batch (another table listed) shows nothing more came for the joined one.
    const marker = await createTable({ name: "Eka", spectators: true });
    await feed.until((s) => s.open.some((t) => t.id === marker.tableId));
    const touching = feed.frames.slice(from).filter((f) => mentions(f, a.tableId));
    expect(touching).toHaveLength(1);
    const join = touching[0]!;
    if (join.type !== "diff") throw new Error("not a diff");
    expect(join.open.remove).toContain(a.tableId);
    expect(join.playing.upsert.map((m) => m.id)).toContain(a.tableId);
    feed.ws.close(1000, "done");
  });

});
