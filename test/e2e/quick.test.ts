/**
 * Quick match over real sockets, through a REAL restart: this file runs its own `wrangler dev` (the shared one
 * must not be killed under the other tests). A seeker waits, the server is killed (SIGKILL) and started again on
 * the same state; the seeker comes back and finds their place (the same `since`), a second player seeks, and both
 * are paired at one table whose seats work.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient } from "../../src/client";
import { SOCKET_PROTOCOL, SeekServerMessageSchema, TOKEN_PROTOCOL_PREFIX, seekSearchParams, type SeekChoice, type SeekServerMessage } from "../../src/protocol";
import { connected } from "../support/tables";
import { createMember } from "../support/members";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

let server: DevServer;
let client: NardiClient;

beforeAll(async () => {
  server = await startDevServer();
  client = new NardiClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

interface Seek {
  ws: WebSocket;
  messages: SeekServerMessage[];
  closed: Promise<void>;
  /** Resolves with the first message of `type` (already received or still to come). */
  first<T extends SeekServerMessage["type"]>(type: T): Promise<Extract<SeekServerMessage, { type: T }>>;
}

function seek(choice: SeekChoice, session: string): Seek {
  const ws = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/v1/seek?${seekSearchParams(choice)}`, [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${session}`]);
  const messages: SeekServerMessage[] = [];
  const listeners = new Set<() => void>();
  ws.addEventListener("message", (event) => {
    messages.push(SeekServerMessageSchema.parse(JSON.parse(String(event.data))));
    for (const l of listeners) l();
  });
  const closed = new Promise<void>((resolve) => ws.addEventListener("close", () => resolve()));
  const first = <T extends SeekServerMessage["type"]>(type: T) =>
    new Promise<Extract<SeekServerMessage, { type: T }>>((resolve, reject) => {
      const look = () => {
        const found = messages.find((m): m is Extract<SeekServerMessage, { type: T }> => m.type === type);
        if (found) resolve(found);
      };
      listeners.add(look);
      look();
      void closed.then(() => {
        look();
        reject(new Error(`the seek socket closed before a ${type}`));
      });
    });
  return { ws, messages, closed, first };
}

describe.sequential("quick match across a restart", () => {
  test("a waiting seeker keeps their place through a restart and is paired afterwards; the seats work", async () => {
    const choice: SeekChoice = { preset: "federation-long", length: 3, timeControl: "blitz", rated: true, stake: 0 };
    // Rated play needs a claimed name: two members.
    const [alice, bob] = [await createMember(client), await createMember(client)];
    const before = seek(choice, alice.token);
    const seeking = await before.first("seeking");
    expect(seeking).toMatchObject({ pool: "federation-long.3.blitz.rated.0", waiting: 1 });

    await server.restart();
    await before.closed;

    const again = seek(choice, alice.token);
    expect((await again.first("seeking")).since).toBe(seeking.since);
    const other = seek(choice, bob.token);
    const [a, b] = await Promise.all([again.first("paired"), other.first("paired")]);
    expect(a.grant.tableId).toBe(b.grant.tableId);
    expect(a.opponent.playerId).toBe(bob.player.id);
    expect(b.opponent.playerId).toBe(alice.player.id);
    await Promise.all([again.closed, other.closed]);

    const table = await client.getTable(a.grant.tableId);
    expect(table.status).toBe("playing");
    expect(table.rated).toBe(true);
    expect(table.players[a.grant.seat]?.playerId).toBe(alice.player.id);
    const seat = await connected(client, a.grant.tableId, { token: a.grant.token, reconnect: false });
    expect(seat.role).toBe(a.grant.seat);
    seat.close();
  });
});
