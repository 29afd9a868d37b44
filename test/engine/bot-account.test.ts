/**
 * `npm run bot -- --token` (src/bot/account.ts) against a scripted server: the channel's welcome and events bring
 * challenges, the bot accepts them over HTTP and plays each seat it is given; one withdrawn meanwhile is skipped,
 * and with `--accept friends` a non-friend's challenge is declined, never accepted.
 */
import { afterEach, expect, test, vi } from "vitest";
import { serveChallenges, type AccountOptions } from "../../src/bot/account";
import { initialPosition } from "../../src/engine";
import type { Challenge, SeatGrant } from "../../src/protocol";
import { tableViewAt } from "../support/frames";

const BOT = "p_bot0000000000000000a";
const link = (id: string, name: string) => ({ id, name, bot: id === BOT, presence: { state: "online" as const, since: 1, tableId: null } });

function challenge(id: string, from = "p_alice00000000000000a"): Challenge {
  return {
    id,
    from: link(from, from.slice(2, 7)),
    to: link(BOT, "Robo"),
    settings: { preset: "georgian-short", length: 1, timeControl: "standard", rated: false, stake: 0 },
    status: "open",
    createdAt: 1,
    expiresAt: 2,
    answeredAt: null,
    tableId: null,
  };
}

const table = tableViewAt(initialPosition("short"), [6, 5], { firstTurn: true } as never);
const seat = (tableId: string): SeatGrant => ({ tableId, seat: "black", token: `seat-${tableId}`, invite: null, links: { socket: "", table: "", watch: "" }, table });

/** A fake channel socket: each one opened answers with the next scripted list of frames. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static scripts: unknown[][] = [];
  static opened: Array<{ url: string; protocols: string[] }> = [];
  readyState = 1;
  constructor(url: string, protocols: string[]) {
    super();
    FakeSocket.opened.push({ url, protocols });
    const frames = FakeSocket.scripts.shift() ?? [];
    setTimeout(() => {
      for (const frame of frames) this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(frame) }));
    }, 0);
  }
  send(): void {}
  close(code = 1000): void {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason: "" }));
  }
}

const welcome = (incoming: Challenge[]) => ({
  type: "welcome",
  seq: 0,
  reset: false,
  presence: { state: "online", since: 1, tableId: null },
  challenges: { incoming, outgoing: [] },
  following: [],
});
const opened = (c: Challenge) => ({ type: "event", seq: 1, at: 1, event: { kind: "challenge", challenge: c, seat: null } });

function problem(status: number, code: string): Response {
  return new Response(JSON.stringify({ type: "about:blank", title: code, status, code, detail: code }), { status, headers: { "content-type": "application/problem+json" } });
}

/** The scripted HTTP side: records every call; `closed` challenge ids answer CHALLENGE_CLOSED. */
function server(closed: string[] = [], friends: string[] = []) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push(`${init.method} ${path} ${(init.headers as Record<string, string>).authorization}`);
    if (path === "/v1/me") return Response.json({ id: BOT, name: "Robo" });
    if (path === "/v1/me/follows") return Response.json({ following: friends.map((id) => ({ ...link(id, "friend"), friend: true })), followers: [] });
    const m = /^\/v1\/challenges\/([^/]+)\/(accept|decline)$/.exec(path);
    if (!m) return problem(404, "NOT_FOUND");
    if (closed.includes(m[1]!)) return problem(409, "CHALLENGE_CLOSED");
    if (m[2] === "decline") return new Response(null, { status: 204 });
    return Response.json({ challenge: { ...challenge(m[1]!), status: "accepted", tableId: `table-${m[1]}` }, seat: seat(`table-${m[1]}`) });
  });
  vi.stubGlobal("fetch", fetchImpl);
  vi.stubGlobal("WebSocket", FakeSocket);
  return calls;
}

const options = (over: Partial<AccountOptions> = {}): AccountOptions => ({ url: "http://nardi.test", token: "nardi_bot_secret", accept: "all", maxMatches: 2, log: () => {}, ...over });

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.scripts = [];
  FakeSocket.opened = [];
});

test("accepts the waiting challenge from the welcome, then one that arrives as an event, and plays both seats", async () => {
  const calls = server();
  FakeSocket.scripts = [[welcome([challenge("c2"), challenge("c1")])], [welcome([]), opened(challenge("c3"))]];
  const played: string[] = [];
  const code = await serveChallenges(options(), async (grant) => {
    played.push(`${grant.tableId} ${grant.token}`);
    return 0;
  });
  expect(code).toBe(0);
  // The oldest waiting one first (the list is newest first), each seat played with the seat token it was given.
  expect(played).toEqual(["table-c1 seat-table-c1", "table-c3 seat-table-c3"]);
  expect(calls.filter((c) => c.startsWith("POST"))).toEqual([
    "POST /v1/challenges/c1/accept Bearer nardi_bot_secret",
    "POST /v1/challenges/c3/accept Bearer nardi_bot_secret",
  ]);
  // The channel is opened with the API token as a subprotocol, never in the URL.
  expect(FakeSocket.opened[0]).toEqual({ url: "ws://nardi.test/v1/me/channel", protocols: ["nardi.v2", "token.nardi_bot_secret"] });
});

test("a challenge withdrawn before the accept (CHALLENGE_CLOSED) is skipped and the next one is played", async () => {
  server(["c1"]);
  FakeSocket.scripts = [[welcome([challenge("c1")])], [welcome([challenge("c2"), challenge("c1")])]];
  const played: string[] = [];
  await serveChallenges(options({ maxMatches: 1 }), async (grant) => {
    played.push(grant.tableId);
    return 0;
  });
  expect(played).toEqual(["table-c2"]);
});

test("with --accept friends a stranger's challenge is declined and a friend's accepted", async () => {
  const friend = "p_friend0000000000000a";
  const calls = server([], [friend]);
  FakeSocket.scripts = [[welcome([challenge("c1", "p_stranger00000000000a")])], [welcome([challenge("c2", friend)])]];
  const played: string[] = [];
  await serveChallenges(options({ accept: "friends", maxMatches: 1 }), async (grant) => {
    played.push(grant.tableId);
    return 0;
  });
  expect(played).toEqual(["table-c2"]);
  expect(calls.filter((c) => c.startsWith("POST"))).toEqual([
    "POST /v1/challenges/c1/decline Bearer nardi_bot_secret",
    "POST /v1/challenges/c2/accept Bearer nardi_bot_secret",
  ]);
});
