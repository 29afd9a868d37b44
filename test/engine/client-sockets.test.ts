/**
 * The typed client's lobby-feed and seek sockets (docs/client.md, Use) over a socket the test speaks for: which
 * handler hears which frame, when they reconnect (a gap at once, a drop after the documented waits), and that
 * nothing is heard after `close()` / `cancel()`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LobbyFeedConnection, SeekConnection, type LobbySnapshot, type SeekEnd, type TableSummary } from "../../src/client";
import { ScriptedSocket } from "../support/scripted-socket";

class Socket extends ScriptedSocket {
  static made: Socket[] = [];
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    super();
    Socket.made.push(this);
  }
  opens(): void {
    this.dispatchEvent(new Event("open"));
  }
}
const WS = Socket as unknown as typeof WebSocket;
const latest = (): Socket => Socket.made[Socket.made.length - 1]!;

beforeEach(() => {
  Socket.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const ruleset: TableSummary["ruleset"] = { preset: "armenian-long", variant: "long", koks: false, cube: true, opening: "reroll", timeout: "lose-match" };
const table = (id: string, createdAt: number): TableSummary => ({ id, ruleset, length: 1, host: "Nino", createdAt, rated: false });
const none = { upsert: [], remove: [] };

describe("LobbyFeedConnection", () => {
  function feed() {
    const heard: { lists: LobbySnapshot[]; online: number[]; live: boolean[] } = { lists: [], online: [], live: [] };
    const reads: number[] = [];
    const api = {
      lobbySocketUrl: (o: { diffs?: boolean } = {}) => `ws://x/v1/lobby/socket${o.diffs ? "?diffs=1" : ""}`,
      getLobby: async () => {
        reads.push(Date.now());
        return { open: [table("http", 1)], playing: [], online: 9 };
      },
    };
    const conn = new LobbyFeedConnection(api, { lists: (s) => heard.lists.push(s), online: (n) => heard.online.push(n), live: (l) => heard.live.push(l) }, { WebSocket: WS });
    return { conn, heard, reads };
  }

  it("reports the lists on a snapshot and on a diff that changes them, only the count on a diff that does not", () => {
    const { heard } = feed();
    expect(latest().url).toBe("ws://x/v1/lobby/socket?diffs=1");
    latest().opens();
    latest().receive(JSON.stringify({ type: "snapshot", seq: 4, open: [table("a", 10)], playing: [], online: 2 }));
    latest().receive(JSON.stringify({ type: "diff", seq: 5, open: none, playing: none, online: 3 }));
    latest().receive(JSON.stringify({ type: "diff", seq: 6, open: { upsert: [table("b", 20)], remove: [] }, playing: none, online: 3 }));
    latest().receive("not json");
    latest().receive(JSON.stringify({ type: "something-newer" }));
    expect(heard.live).toEqual([true]);
    expect(heard.online).toEqual([3]);
    expect(heard.lists.map((s) => s.open.map((t) => t.id))).toEqual([["a"], ["b", "a"]]);
  });

  it("reopens at once after a gap in the diffs, without reading over HTTP", () => {
    const { heard, reads } = feed();
    const first = latest();
    first.opens();
    first.receive(JSON.stringify({ type: "snapshot", seq: 4, open: [], playing: [], online: 2 }));
    first.receive(JSON.stringify({ type: "diff", seq: 6, open: { upsert: [table("lost", 1)], remove: [] }, playing: none, online: 2 }));
    expect(first.readyState).toBe(ScriptedSocket.CLOSED);
    first.closedByServer(1000);
    expect(Socket.made).toHaveLength(2);
    expect(reads).toEqual([]);
    expect(heard.lists.flatMap((s) => s.open.map((t) => t.id))).not.toContain("lost");
  });

  it("after a drop reads the lists once and reconnects after 1 s, then 2 s; close() stops it", async () => {
    const { conn, heard, reads } = feed();
    latest().opens();
    latest().closedByServer(1006);
    expect(heard.live).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(999);
    expect(Socket.made).toHaveLength(1);
    expect(reads).toHaveLength(1);
    expect(heard.lists.at(-1)?.open.map((t) => t.id)).toEqual(["http"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(Socket.made).toHaveLength(2);
    latest().closedByServer(1006); // never opened: the wait grows
    await vi.advanceTimersByTimeAsync(1_999);
    expect(Socket.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(Socket.made).toHaveLength(3);
    conn.close();
    latest().closedByServer(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(Socket.made).toHaveLength(3);
    expect(heard.live).toEqual([true, false, false]);
  });
});

describe("SeekConnection", () => {
  const choice = { preset: "backgammon", length: 3, timeControl: "standard", rated: false, stake: 0 } as const;
  function seek() {
    const heard: { waiting: number[]; ended: SeekEnd[]; paired: number } = { waiting: [], ended: [], paired: 0 };
    const conn = new SeekConnection({ baseUrl: "https://nardi.example" }, choice, "SESSION", {
      seeking: (m) => heard.waiting.push(m.waiting),
      paired: () => heard.paired++,
      ended: (e) => heard.ended.push(e),
    }, { WebSocket: WS });
    return { conn, heard };
  }
  const seeking = (waiting: number) => JSON.stringify({ type: "seeking", pool: "backgammon.3.standard.casual.0", since: 1, rating: 1500, waiting });

  it("opens the pool's URL with the session in a subprotocol, and reports seeking, then the server's cancel once", () => {
    const { conn, heard } = seek();
    const url = new URL(latest().url);
    expect(url.protocol).toBe("wss:");
    expect(url.pathname).toBe("/v1/seek");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ preset: "backgammon", length: "3", timeControl: "standard", rated: "false", stake: "0" });
    expect(latest().protocols).toEqual(["nardi.v2", "token.SESSION"]);
    latest().opens();
    latest().receive(seeking(2));
    latest().receive(JSON.stringify({ type: "cancelled", reason: "expired" }));
    latest().receive(seeking(5));
    expect(heard.waiting).toEqual([2]);
    expect(heard.ended).toEqual([{ type: "cancelled", reason: "expired" }]);
    expect(conn.active).toBe(false);
    expect(heard.paired).toBe(0);
  });

  it("reconnects after a drop (0.5, 1, 2 s) and reports lost only when that fails", async () => {
    const { heard } = seek();
    latest().opens();
    latest().closedByServer(1006);
    await vi.advanceTimersByTimeAsync(499);
    expect(Socket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(Socket.made).toHaveLength(2);
    latest().opens();
    latest().receive(seeking(3)); // the pool kept the seek
    latest().closedByServer(1006);
    for (const wait of [500, 1_000, 2_000]) {
      await vi.advanceTimersByTimeAsync(wait);
      latest().closedByServer(1006); // the server is gone: the reopen fails
    }
    expect(Socket.made).toHaveLength(5);
    expect(heard.waiting).toEqual([3]);
    expect(heard.ended).toEqual([{ type: "lost", opened: true }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(Socket.made).toHaveLength(5);
  });

  it("reports a socket that never opened (refused before the upgrade) as lost at once, without retrying", async () => {
    const { heard } = seek();
    latest().closedByServer(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(Socket.made).toHaveLength(1);
    expect(heard.ended).toEqual([{ type: "lost", opened: false }]);
  });

  it("cancel() sends a cancel and closes; nothing is heard after it", async () => {
    const { conn, heard } = seek();
    const socket = latest();
    socket.opens();
    conn.cancel();
    expect(socket.sent).toEqual([JSON.stringify({ type: "cancel" })]);
    expect(socket.readyState).toBe(ScriptedSocket.CLOSED);
    socket.receive(JSON.stringify({ type: "cancelled", reason: "cancel" }));
    socket.closedByServer(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(heard).toEqual({ waiting: [], ended: [], paired: 0 });
    expect(Socket.made).toHaveLength(1);
  });
});
