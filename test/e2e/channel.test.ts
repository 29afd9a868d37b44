/**
 * The player channel against the shared `wrangler dev`, through the published client's PlayerChannelConnection
 * (docs/players-channel.md): two players with two connections each; one follows the other and sees them come
 * online, go away and go offline on both of their connections; a connection that was closed resumes with `since`
 * and gets the presence events it missed, in order, after the welcome.
 */
import { describe, expect, inject, test } from "vitest";
import { NardiClient, PlayerChannelConnection, type ChannelWelcome } from "../../src/client";
import type { ChannelEvent } from "../../src/protocol";
import { createMember } from "../support/members";

const baseUrl = inject("baseUrl");
const api = new NardiClient(baseUrl);

/** A connection whose welcomes and events queue up, awaited by predicate. */
class Watched {
  readonly welcomes: ChannelWelcome[] = [];
  readonly events: Array<{ seq: number; event: ChannelEvent }> = [];
  readonly connection: PlayerChannelConnection;
  #waiters: Array<() => void> = [];

  constructor(token: string, since?: number) {
    const wake = () => {
      for (const w of this.#waiters.splice(0)) w();
    };
    this.connection = new PlayerChannelConnection(
      api,
      token,
      {
        welcome: (w) => (this.welcomes.push(w), wake()),
        event: (event, message) => (this.events.push({ seq: message.seq, event }), wake()),
      },
      { since, pingMs: 0 },
    );
  }

  async until<T>(find: () => T | undefined, what: string): Promise<T> {
    const giveUp = Date.now() + 20_000;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > giveUp) throw new Error(`no ${what} (events: ${JSON.stringify(this.events)})`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
  }

  welcomed(): Promise<ChannelWelcome> {
    return this.until(() => this.welcomes[0], "welcome");
  }

  presenceOf(playerId: string, state: string, after = 0) {
    return this.until(
      () => this.events.find((e) => e.seq > after && e.event.kind === "presence" && e.event.player.id === playerId && e.event.player.presence.state === state),
      `${state} of ${playerId}`,
    );
  }
}

async function follow(session: string, playerId: string): Promise<void> {
  const res = await fetch(`${baseUrl}/v1/me/follows/${playerId}`, { method: "PUT", headers: { authorization: `Bearer ${session}` } });
  expect(res.status).toBe(204);
}

describe("the player channel over real sockets", () => {
  test("a follower on two connections sees a player on two connections come online, go away and go offline; since resumes", async () => {
    const [watcher, friend] = await Promise.all([createMember(api), createMember(api)]);
    await follow(watcher.token, friend.player.id);
    const w1 = new Watched(watcher.token);
    const w2 = new Watched(watcher.token);
    expect((await w1.welcomed()).presence.state).toBe("online");
    await w2.welcomed();

    const f1 = new Watched(friend.token);
    const f2 = new Watched(friend.token);
    await Promise.all([f1.welcomed(), f2.welcomed()]);
    for (const w of [w1, w2]) await w.presenceOf(friend.player.id, "online");

    // Away only when every socket of the friend says so.
    f1.connection.setPresence("away");
    f2.connection.setPresence("away");
    const away = await w1.presenceOf(friend.player.id, "away");
    await w2.presenceOf(friend.player.id, "away");
    expect(w1.events.map((e) => e.seq)).toEqual(w2.events.map((e) => e.seq));

    // The watcher goes; the friend comes back, then leaves. The watcher resumes from what it had seen.
    const seen = w1.connection.seq ?? 0;
    expect(seen).toBe(away.seq);
    w1.connection.close();
    w2.connection.close();
    f1.connection.setPresence("online");
    const online = new Watched(friend.token);
    await online.welcomed();
    f1.connection.close();
    f2.connection.close();
    online.connection.close();
    // Let the friend's last close reach its channel before resuming.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const resumed = new Watched(watcher.token, seen);
    const welcome = await resumed.welcomed();
    expect(welcome.reset).toBe(false);
    const back = await resumed.presenceOf(friend.player.id, "online", seen);
    const gone = await resumed.presenceOf(friend.player.id, "offline", back.seq);
    expect(gone.seq).toBeGreaterThan(back.seq);
    expect(resumed.events[0]!.seq).toBe(seen + 1);
    // The friend had gone offline before this welcome: not among the followed players online.
    expect(welcome.following.some((p) => p.id === friend.player.id)).toBe(false);
    resumed.connection.close();
  });
});
