/** The player channel (docs/players-channel.md): welcome, numbered events and resume, presence reaching followers, the presence index, a revoked token's close, bad frames. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ChannelServerMessageSchema, PresenceCountSchema, SOCKET_PROTOCOL, type ChannelServerMessage } from "../../src/protocol";
import { closeChannelSockets, notify, presenceOf, seated } from "../../src/server/channel/notify";
import { sha256Hex } from "../../src/server/ids";
import { api, SocketQueue } from "./helpers";
import { resign } from "./coins-support";
import { delivered, guest, member, profile, tableBetween } from "./players-support";
import { follow } from "./social-support";

class ChannelClient extends SocketQueue<ChannelServerMessage> {
  constructor(ws: WebSocket) {
    super(ws, (data) => ChannelServerMessageSchema.parse(data));
  }
}

async function channelResponse(token: string | undefined, query = ""): Promise<Response> {
  const protocols = token === undefined ? SOCKET_PROTOCOL : `${SOCKET_PROTOCOL}, token.${token}`;
  return api(`/v1/me/channel${query}`, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": protocols } });
}

async function open(token: string, query = "") {
  const res = await channelResponse(token, query);
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  expect(res.headers.get("sec-websocket-protocol")).toBe(SOCKET_PROTOCOL);
  ws.accept();
  const client = new ChannelClient(ws);
  return { client, welcome: await client.next("welcome") };
}

const analysisReady = (tableId: string) => ({ kind: "analysis-ready" as const, tableId });

describe("the player channel", () => {
  it("refuses without a session (401), without an upgrade (426), and a malformed since (400)", async () => {
    expect((await channelResponse(undefined)).status).toBe(401);
    const { token } = await guest();
    expect((await api("/v1/me/channel", { headers: { authorization: `Bearer ${token}` } })).status).toBe(426);
    expect((await channelResponse(token, "?since=abc")).status).toBe(400);
  });

  it("numbers events, sends each to every socket, and replays what a reconnect missed", async () => {
    const p = await guest();
    const a = await open(p.token);
    const b = await open(p.token);
    expect(a.welcome.seq).toBe(0);
    expect(a.welcome.presence.state).toBe("online");
    await notify(env, p.player.id, analysisReady("t1"));
    await notify(env, p.player.id, analysisReady("t2"));
    for (const s of [a, b]) {
      const first = await s.client.next("event");
      const second = await s.client.next("event");
      expect([first.seq, second.seq]).toEqual([1, 2]);
      expect(second.event).toEqual(analysisReady("t2"));
    }
    a.client.ws.close(1000);
    await notify(env, p.player.id, analysisReady("t3"));
    const again = await open(p.token, "?since=1");
    expect(again.welcome).toMatchObject({ seq: 3, reset: false });
    const missed = [await again.client.next("event"), await again.client.next("event")];
    expect(missed.map((m) => m.seq)).toEqual([2, 3]);
    // A `since` ahead of the channel (another server's numbers) is a reset: rebuild from the welcome.
    expect((await open(p.token, "?since=99")).welcome.reset).toBe(true);
  });

  it("tells a follower when the player comes online, starts playing and goes offline; the index counts them", async () => {
    const watcher = await member();
    const friend = await member();
    await follow(watcher.token, friend.player.id);
    const w = await open(watcher.token);
    expect(w.welcome.following).toEqual([]);

    const f = await open(friend.token);
    const online = await w.client.next("event");
    expect(online.event).toMatchObject({ kind: "presence", player: { id: friend.player.id, name: friend.player.name, presence: { state: "online" } } });
    expect((await presenceOf(env, [friend.player.id, watcher.player.id])).get(friend.player.id)?.state).toBe("online");
    const count = PresenceCountSchema.parse(await (await api("/v1/presence")).json());
    expect(count.online).toBeGreaterThanOrEqual(2);

    await seated(env, friend.player.id, "table-of-friend-0001", true, true);
    expect((await w.client.next("event")).event).toMatchObject({ kind: "presence", player: { presence: { state: "playing", tableId: "table-of-friend-0001" } } });
    await seated(env, friend.player.id, "table-of-friend-0001", false, true);
    expect((await w.client.next("event")).event).toMatchObject({ kind: "presence", player: { presence: { state: "online" } } });

    // Away when every socket says so; a ping is answered and changes nothing.
    f.client.ws.send(JSON.stringify({ type: "presence", state: "away" }));
    expect((await w.client.next("event")).event).toMatchObject({ kind: "presence", player: { presence: { state: "away" } } });
    f.client.ws.send(JSON.stringify({ type: "ping" }));
    await f.client.next("pong");

    const rejoined = await open(watcher.token);
    expect(rejoined.welcome.following.map((l) => [l.id, l.presence.state])).toEqual([[friend.player.id, "away"]]);

    f.client.ws.close(1000);
    expect((await w.client.next("event")).event).toMatchObject({ kind: "presence", player: { presence: { state: "offline" } } });
    expect((await presenceOf(env, [friend.player.id])).get(friend.player.id)?.state).toBe("offline");
  });

  it("answers a bad frame with a coded error and keeps the socket", async () => {
    const p = await guest();
    const { client } = await open(p.token);
    client.ws.send("{not json");
    expect(await client.next("error")).toMatchObject({ code: "BAD_JSON" });
    client.ws.send(JSON.stringify({ type: "dance" }));
    expect(await client.next("error")).toMatchObject({ code: "UNKNOWN_MESSAGE" });
    client.ws.send(JSON.stringify({ type: "presence", state: "playing" }));
    expect(await client.next("error")).toMatchObject({ code: "BAD_MESSAGE" });
    client.ws.send(JSON.stringify({ type: "ping" }));
    await client.next("pong");
  });

  it("closes the sockets opened with a revoked token at once (4401), and only those", async () => {
    const p = await member();
    const kept = await open(p.token);
    const login = await api("/v1/sessions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: p.player.name, password: "correct horse battery" }) });
    const second = ((await login.json()) as { token: string }).token;
    const closed = await open(second);
    await closeChannelSockets(env, p.player.id, await sha256Hex(second));
    await expect(closed.client.next("event")).rejects.toThrow(/closed \(4401\)/);
    await notify(env, p.player.id, analysisReady("t9"));
    expect((await kept.client.next("event")).event).toEqual(analysisReady("t9"));
  });

  it("makes both players of a match `playing` (on their profiles too) until its record is delivered", async () => {
    const white = await member();
    const black = await member();
    const watcher = await member();
    await follow(watcher.token, white.player.id);
    const w = await open(watcher.token);
    const { id, black: blackSeat } = await tableBetween(white.token, black.token);
    const playing = await w.client.next("event");
    expect(playing.event).toMatchObject({ kind: "presence", player: { id: white.player.id, presence: { state: "playing", tableId: id } } });
    expect((await presenceOf(env, [black.player.id])).get(black.player.id)).toMatchObject({ state: "playing", tableId: id });
    expect((await profile(white.player.id)).presence).toMatchObject({ state: "playing", tableId: id });
    await resign(id, blackSeat.token);
    await delivered(id);
    // No channel socket open: offline once the match is over.
    expect((await w.client.next("event")).event).toMatchObject({ kind: "presence", player: { id: white.player.id, presence: { state: "offline" } } });
    expect((await profile(white.player.id)).presence?.state).toBe("offline");
  });
});
