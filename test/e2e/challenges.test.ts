/**
 * Challenges against the shared `wrangler dev`, seen on the player channel (docs/friends-and-challenges.md,
 * docs/players-channel.md): both players online with two channel sockets each see a challenge made and accepted
 * (the challenger's accepted event with their own seat), declined and cancelled; a player offline when a challenge
 * comes gets it on reconnect with `since`.
 *
 * Skipped while the server has no player channel (`/v1/me/channel`, issue 23 lands it in parts).
 */
import { describe, expect, inject, test } from "vitest";
import { ChannelServerMessageSchema, type ChannelEvent, type ChannelServerMessage } from "../../src/protocol";
import { NardiClient } from "../../src/client";
import { createMember } from "../support/members";

const baseUrl = inject("baseUrl");
const channelServed = (await fetch(`${baseUrl}/v1/me/channel`)).status !== 404;

async function call(method: string, path: string, session: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A channel socket: every message parsed with the wire schema, waited for by predicate. */
class Channel {
  readonly messages: ChannelServerMessage[] = [];
  #waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      this.messages.push(ChannelServerMessageSchema.parse(JSON.parse(String(e.data))));
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  static async open(session: string, since?: number): Promise<Channel> {
    const query = since === undefined ? "" : `?since=${since}`;
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/v1/me/channel${query}`, ["nardi.v2", `token.${session}`]);
    const channel = new Channel(ws);
    await channel.welcome();
    return channel;
  }

  async waitFor<T extends ChannelServerMessage>(found: (m: ChannelServerMessage) => m is T, what: string): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const hit = this.messages.find(found);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no ${what} on the channel; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
  }

  welcome() {
    return this.waitFor((m): m is Extract<ChannelServerMessage, { type: "welcome" }> => m.type === "welcome", "welcome");
  }

  /** The `challenge` event of this challenge with this status. */
  challenge(id: string, status: string) {
    return this.waitFor(
      (m): m is Extract<ChannelServerMessage, { type: "event" }> & { event: Extract<ChannelEvent, { kind: "challenge" }> } =>
        m.type === "event" && m.event.kind === "challenge" && m.event.challenge.id === id && m.event.challenge.status === status,
      `challenge ${id} ${status}`,
    );
  }

  close(): void {
    this.ws.close();
  }
}

describe.skipIf(!channelServed)("challenges on the player channel", () => {
  const client = new NardiClient(baseUrl);

  test("both online on two sockets each: made, accepted (each with their own seat), declined and cancelled reach all four", async () => {
    const [a, b] = [await createMember(client), await createMember(client)];
    const sockets = { a: [await Channel.open(a.token), await Channel.open(a.token)], b: [await Channel.open(b.token), await Channel.open(b.token)] };
    const all = [...sockets.a, ...sockets.b];
    try {
      const made = await call("POST", "/v1/challenges", a.token, { to: b.player.name, settings: { preset: "backgammon" } });
      const id = String(made.id);
      for (const s of all) expect((await s.challenge(id, "open")).event.seat).toBeNull();
      const accepted = await call("POST", `/v1/challenges/${id}/accept`, b.token);
      const bSeat = accepted.seat as { tableId: string; token: string; seat: string };
      for (const s of sockets.a) {
        const seat = (await s.challenge(id, "accepted")).event.seat;
        expect(seat?.tableId).toBe(bSeat.tableId);
        expect(seat?.seat).not.toBe(bSeat.seat);
      }
      for (const s of sockets.b) expect((await s.challenge(id, "accepted")).event.seat?.token).toBe(bSeat.token);

      const second = String((await call("POST", "/v1/challenges", a.token, { to: b.player.id, settings: { preset: "backgammon" } })).id);
      await call("POST", `/v1/challenges/${second}/decline`, b.token);
      const third = String((await call("POST", "/v1/challenges", a.token, { to: b.player.id, settings: { preset: "backgammon" } })).id);
      await call("POST", `/v1/challenges/${third}/cancel`, a.token);
      for (const s of all) {
        await s.challenge(second, "declined");
        await s.challenge(third, "cancelled");
      }
    } finally {
      for (const s of all) s.close();
    }
  });

  test("offline when challenged: the reconnect's welcome lists the challenge, and `since` replays its event", async () => {
    const [a, b] = [await createMember(client), await createMember(client)];
    const first = await Channel.open(b.token);
    const seq = (await first.welcome()).seq;
    first.close();
    const made = await call("POST", "/v1/challenges", a.token, { to: b.player.id, settings: { preset: "backgammon" } });
    const again = await Channel.open(b.token, seq);
    try {
      const welcome = await again.welcome();
      expect(welcome.challenges.incoming.map((c) => c.id)).toEqual([made.id]);
      await again.challenge(String(made.id), "open");
    } finally {
      again.close();
    }
  });
});
