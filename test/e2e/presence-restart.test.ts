/**
 * Presence through a REAL restart (docs/players-channel.md, Through restarts): this file runs its own `wrangler dev`
 * with PRESENCE_REFRESH_SECONDS=2 and kills it (SIGKILL) while a watcher and the player it follows both hold channel
 * sockets, and a seated match is being played. The sockets vanish without a close. After the restart the
 * watcher reconnects with `since`; the player who does not come back reads offline within a few refreshes, the
 * seated player stays `playing` (their seats are stored), and the one who reconnects is online again.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, PlayerChannelConnection, channelSocketUrl, type ChannelWelcome } from "../../src/client";
import { PresenceCountSchema, SOCKET_PROTOCOL, TOKEN_PROTOCOL_PREFIX, type ChannelEvent, type Presence } from "../../src/protocol";
import { createMember } from "../support/members";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

let server: DevServer;
let api: NardiClient;

beforeAll(async () => {
  server = await startDevServer({ vars: { PRESENCE_REFRESH_SECONDS: "2" } });
  api = new NardiClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

/** Waits (up to `ms`) for the predicate to hold. */
async function until<T>(find: () => Promise<T | undefined> | T | undefined, what: string, ms = 30_000): Promise<T> {
  const giveUp = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function presence(playerId: string): Promise<Presence | undefined> {
  const res = await fetch(`${server.baseUrl}/v1/players/${playerId}`);
  return ((await res.json()) as { presence?: Presence }).presence;
}

async function follow(session: string, playerId: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/v1/me/follows/${playerId}`, { method: "PUT", headers: { authorization: `Bearer ${session}` } });
  expect(res.status).toBe(204);
}

function channel(token: string, since?: number) {
  const welcomes: ChannelWelcome[] = [];
  const events: Array<{ seq: number; event: ChannelEvent }> = [];
  const connection = new PlayerChannelConnection(
    api,
    token,
    { welcome: (w) => welcomes.push(w), event: (event, message) => events.push({ seq: message.seq, event }) },
    { since, pingMs: 0 },
  );
  return { connection, welcomes, events };
}

describe.sequential("presence through a restart of the server", () => {
  test("the one who does not come back goes offline, the seated player stays playing, the one who reconnects is online", async () => {
    const member = () => createMember(api);
    const [watcher, gone, back, white, black] = await Promise.all([member(), member(), member(), member(), member()]);
    for (const p of [gone, back, white]) await follow(watcher.token, p.player.id);
    // A match between two members: both `playing` from its start.
    const seat = await api.withSession(white.token).createTable({ preset: "backgammon", length: 3 });
    await api.withSession(black.token).joinTable(seat.tableId, {});

    // All three sockets are open when the server dies; `gone` (a bare socket) never comes back.
    const w = channel(watcher.token);
    const b = channel(back.token);
    const g = new WebSocket(channelSocketUrl(api), [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${gone.token}`]);
    await until(() => (w.welcomes.length > 0 && b.welcomes.length > 0 ? true : undefined), "two welcomes");
    await until(async () => ((await presence(gone.player.id))?.state === "online" ? true : undefined), "gone online");
    await until(async () => ((await presence(back.player.id))?.state === "online" ? true : undefined), "back online");
    expect((await presence(white.player.id))?.state).toBe("playing");

    const seen = w.connection.seq ?? 0;
    await server.restart();
    for (const c of [w, b]) c.connection.close();

    // The watcher and `back` come back, the watcher with `since`: nothing it had was lost.
    const w2 = channel(watcher.token, seen);
    const b2 = channel(back.token);
    await until(() => (w2.welcomes.length > 0 && b2.welcomes.length > 0 ? true : undefined), "welcomes after the restart");
    expect(w2.welcomes[0]!.reset).toBe(false);
    expect(g.readyState).toBe(WebSocket.CLOSED);
    // The player who never reconnected: offline (their channel's alarm finds no socket), and their followers hear it.
    await until(async () => ((await presence(gone.player.id))?.state === "offline" ? true : undefined), "gone offline after the restart");
    await until(
      () => w2.events.find((e) => e.event.kind === "presence" && e.event.player.id === gone.player.id && e.event.player.presence.state === "offline"),
      "the watcher told that gone is offline",
    );
    expect((await presence(back.player.id))?.state).toBe("online");
    expect((await presence(white.player.id))?.state).toBe("playing");
    const count = PresenceCountSchema.parse(await (await fetch(`${server.baseUrl}/v1/presence`)).json());
    // The watcher, `back`, and the two seated players; `gone` no longer counts.
    expect(count).toMatchObject({ online: 4, playing: 2 });
    for (const c of [w2, b2]) c.connection.close();
  });
});
