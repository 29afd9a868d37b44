/** Bot accounts and API tokens (docs/bots.md, "Bot accounts"): turning, tokens made, used, scoped and revoked. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { API_TOKEN_PREFIX, ChannelServerMessageSchema, SOCKET_PROTOCOL, type ApiToken, type ChannelServerMessage, type IssuedToken, type Leaderboard, type PlayerProfile, type TableView, type TokenScope } from "../../src/protocol";
import { sha256Hex } from "../../src/server/ids";
import { notify } from "../../src/server/channel/notify";
import { SocketQueue, api, commandId, connectSeats } from "./helpers";
import { MEMBER_PASSWORD, call, d1Count, guest, member, profile } from "./players-support";
import { freshChoice, seekQuery, seekResponse } from "./quick-support";
import { challenge, follow } from "./social-support";

async function becomeBot(token: string): Promise<Response> {
  return call("POST", "/v1/me/bot", { token });
}

/** A member turned into a bot account, with one token of `scopes`. */
async function botWithToken(scopes: TokenScope[] = ["play", "challenge"]) {
  const owner = await member();
  expect((await becomeBot(owner.token)).status).toBe(200);
  const res = await call("POST", "/v1/me/tokens", { token: owner.token, body: { label: "my bot", scopes } });
  expect(res.status).toBe(201);
  return { owner, issued: (await res.json()) as IssuedToken };
}

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as { code: string }).code;
}

class ChannelClient extends SocketQueue<ChannelServerMessage> {
  constructor(ws: WebSocket) {
    super(ws, (data) => ChannelServerMessageSchema.parse(data));
  }
}

/** The player channel opened with this credential (an API token or a session), after its welcome. */
async function channel(token: string): Promise<ChannelClient> {
  const res = await api("/v1/me/channel", { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `${SOCKET_PROTOCOL}, token.${token}` } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  ws.accept();
  const client = new ChannelClient(ws);
  await client.next("welcome");
  return client;
}

const tokenRows = (playerId: string) => d1Count("SELECT count(*) AS n FROM api_tokens WHERE player_id = ?", playerId);

describe("turning an account into a bot account", () => {
  it("a member turns, is marked a bot on the profile, and cannot turn again", async () => {
    const m = await member();
    expect(m.player.bot).toBe(false);
    const res = await becomeBot(m.token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as PlayerProfile).bot).toBe(true);
    expect((await profile(m.player.id)).bot).toBe(true);
    // Never back: a second call is refused and the mark stays.
    const again = await becomeBot(m.token);
    expect(again.status).toBe(403);
    expect(await codeOf(again)).toBe("BOT_ACCOUNT");
    expect((await profile(m.player.id)).bot).toBe(true);
  });

  it("a guest is refused CLAIM_REQUIRED and stays a player", async () => {
    const g = await guest();
    const res = await becomeBot(g.token);
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("CLAIM_REQUIRED");
    expect(await d1Count("SELECT count(*) AS n FROM players WHERE id = ? AND bot = 1", g.player.id)).toBe(0);
  });

  it("a bot account may not sign in with its password (after the password, so a wrong one says nothing more)", async () => {
    const { owner } = await botWithToken();
    const right = await call("POST", "/v1/sessions", { body: { name: owner.player.name, password: MEMBER_PASSWORD } });
    expect(right.status).toBe(403);
    expect(await codeOf(right)).toBe("BOT_ACCOUNT");
    const wrong = await call("POST", "/v1/sessions", { body: { name: owner.player.name, password: "not the password at all" } });
    expect(wrong.status).toBe(401);
    expect(await codeOf(wrong)).toBe("BAD_CREDENTIALS");
  });
});

describe("API tokens", () => {
  it("is shown once with its prefix; the list has no secret; D1 keeps only its SHA-256", async () => {
    const { owner, issued } = await botWithToken(["play"]);
    expect(issued.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(issued).toMatchObject({ label: "my bot", scopes: ["play"], lastUsedAt: null, revokedAt: null });
    const list = await call("GET", "/v1/me/tokens", { token: owner.token });
    const text = await list.text();
    expect(text).not.toContain(issued.token.slice(API_TOKEN_PREFIX.length));
    const { tokens } = JSON.parse(text) as { tokens: ApiToken[] };
    expect(tokens.map((t) => t.id)).toEqual([issued.id]);
    const rows = await env.DB.prepare("SELECT * FROM api_tokens WHERE player_id = ?").bind(owner.player.id).all<Record<string, unknown>>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.token_hash).toBe(await sha256Hex(issued.token));
    expect(JSON.stringify(rows.results)).not.toContain(issued.token.slice(API_TOKEN_PREFIX.length));
  });

  it("a member that is not a bot account gets none (BOT_REQUIRED), and bad bodies write nothing", async () => {
    const m = await member();
    const res = await call("POST", "/v1/me/tokens", { token: m.token, body: { label: "x", scopes: ["play"] } });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("BOT_REQUIRED");
    expect(await tokenRows(m.player.id)).toBe(0);
    const { owner } = await botWithToken();
    for (const body of [
      { label: "x", scopes: ["admin"] },
      { label: "", scopes: ["play"] },
      { label: "x", scopes: [] },
      { label: "x", scopes: ["play", "play"] },
      { label: "x", scopes: ["play"], extra: 1 },
      { label: "x".repeat(61), scopes: ["play"] },
    ]) {
      const bad = await call("POST", "/v1/me/tokens", { token: owner.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await codeOf(bad)).toBe("BAD_REQUEST");
    }
    expect(await tokenRows(owner.player.id)).toBe(1);
  });

  it("opens the routes its scopes cover, as the bot account, and no others (TOKEN_SCOPE)", async () => {
    const { owner, issued } = await botWithToken(["play"]);
    const meRes = await call("GET", "/v1/me", { token: issued.token });
    expect(meRes.status).toBe(200);
    expect((await meRes.json()) as PlayerProfile).toMatchObject({ id: owner.player.id, bot: true });
    // play: a table, whose seat is marked a bot account's.
    const created = await call("POST", "/v1/tables", { token: issued.token, body: { preset: "backgammon" } });
    expect(created.status).toBe(201);
    const { tableId } = (await created.json()) as { tableId: string };
    const view = (await (await call("GET", `/v1/tables/${tableId}`)).json()) as TableView;
    expect(view.players.white).toMatchObject({ playerId: owner.player.id, kind: "human", botAccount: true });
    // Session-only routes: the account itself, its tokens, renaming.
    for (const [method, path, body] of [
      ["GET", "/v1/me/tokens", undefined],
      ["POST", "/v1/me/tokens", { label: "more", scopes: ["play"] }],
      ["POST", "/v1/me/bot", undefined],
      ["PATCH", "/v1/me", { name: "renamed-bot" }],
      ["DELETE", "/v1/me", undefined],
      ["DELETE", `/v1/me/tokens/${issued.id}`, undefined],
    ] as const) {
      const res = await call(method, path, { token: issued.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await codeOf(res)).toBe("TOKEN_SCOPE");
    }
    expect(await tokenRows(owner.player.id)).toBe(1);
    expect((await profile(owner.player.id)).name).toBe(owner.player.name);
    const stored = await env.DB.prepare("SELECT last_used_at FROM api_tokens WHERE id = ?").bind(issued.id).first<{ last_used_at: number | null }>();
    expect(stored?.last_used_at).not.toBeNull();
  });

  it("a token without `play` may not make a table", async () => {
    const { owner, issued } = await botWithToken(["challenge"]);
    const res = await call("POST", "/v1/tables", { token: issued.token, body: { preset: "backgammon" } });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("TOKEN_SCOPE");
    expect(await d1Count("SELECT count(*) AS n FROM player_tables WHERE player_id = ?", owner.player.id)).toBe(0);
    // Reads need any scope.
    expect((await call("GET", "/v1/me", { token: issued.token })).status).toBe(200);
  });

  it("a revoked token is refused at once; revoking again or an unknown id is TOKEN_NOT_FOUND", async () => {
    const { owner, issued } = await botWithToken();
    // Read once, so this isolate's cache holds it.
    expect((await call("GET", "/v1/me", { token: issued.token })).status).toBe(200);
    expect((await call("DELETE", `/v1/me/tokens/${issued.id}`, { token: owner.token })).status).toBe(204);
    const after = await call("GET", "/v1/me", { token: issued.token });
    expect(after.status).toBe(401);
    expect(await codeOf(after)).toBe("UNAUTHORIZED");
    expect((await call("POST", "/v1/tables", { token: issued.token, body: { preset: "backgammon" } })).status).toBe(401);
    const again = await call("DELETE", `/v1/me/tokens/${issued.id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(await codeOf(again)).toBe("TOKEN_NOT_FOUND");
    expect(await codeOf(await call("DELETE", `/v1/me/tokens/${"x".repeat(22)}`, { token: owner.token }))).toBe("TOKEN_NOT_FOUND");
    const { tokens } = (await (await call("GET", "/v1/me/tokens", { token: owner.token })).json()) as { tokens: ApiToken[] };
    expect(tokens[0]?.revokedAt).not.toBeNull();
  });

  it("revoking closes the player-channel socket the token opened at once (4401); the owner's session socket stays", async () => {
    const { owner, issued } = await botWithToken(["play"]);
    const bySession = await channel(owner.token);
    const byToken = await channel(issued.token);
    expect((await call("DELETE", `/v1/me/tokens/${issued.id}`, { token: owner.token })).status).toBe(204);
    await expect(byToken.next("event")).rejects.toThrow(/closed \(4401\)/);
    await notify(env, owner.player.id, { kind: "analysis-ready", tableId: "t-after-revoke" });
    expect((await bySession.next("event")).event).toEqual({ kind: "analysis-ready", tableId: "t-after-revoke" });
    // And it opens no new one.
    const again = await api("/v1/me/channel", { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `${SOCKET_PROTOCOL}, token.${issued.token}` } });
    expect(again.status).toBe(401);
  });

  it("another player cannot revoke a bot's token", async () => {
    const { issued } = await botWithToken();
    const other = await botWithToken();
    const res = await call("DELETE", `/v1/me/tokens/${issued.id}`, { token: other.owner.token });
    expect(res.status).toBe(404);
    expect((await call("GET", "/v1/me", { token: issued.token })).status).toBe(200);
  });
});

describe("a bot account at the table, in quick match and on the leaderboard", () => {
  it("may not chat (BOT_ACCOUNT); its opponent may", async () => {
    const { issued } = await botWithToken();
    const human = await member();
    const created = await call("POST", "/v1/tables", { token: issued.token, body: { preset: "backgammon" } });
    const white = (await created.json()) as { tableId: string; token: string };
    const joined = await call("POST", `/v1/tables/${white.tableId}/join`, { token: human.token, body: {} });
    const black = (await joined.json()) as { token: string };
    const { white: w, black: b } = await connectSeats(white.tableId, { white: white.token, black: black.token });
    w.send({ type: "chat", id: commandId(), text: "hello" });
    expect(await w.answer()).toMatchObject({ type: "error", code: "BOT_ACCOUNT" });
    b.send({ type: "chat", id: commandId(), text: "hello" });
    expect(await b.answer()).toMatchObject({ type: "ack" });
  });

  it("is refused quick match with BOTS_NOT_ALLOWED while QUICK_MATCH_BOTS is not \"true\"", async () => {
    expect(env.QUICK_MATCH_BOTS ?? "false").not.toBe("true");
    const { issued } = await botWithToken(["play"]);
    const res = await seekResponse(seekQuery(freshChoice()), issued.token);
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("BOTS_NOT_ALLOWED");
    // Without `play` the scope is refused first.
    const chat = await botWithToken(["challenge"]);
    expect(await codeOf(await seekResponse(seekQuery(freshChoice()), chat.issued.token))).toBe("TOKEN_SCOPE");
  });

  it("is marked `bot` in player links: a follow list and a challenge sent to it with its `challenge` token's answer", async () => {
    const { owner, issued } = await botWithToken(["challenge"]);
    const human = await member();
    await follow(human.token, owner.player.id);
    const follows = JSON.stringify(await (await call("GET", "/v1/me/follows", { token: human.token })).json());
    expect(follows).toContain(`"id":"${owner.player.id}"`);
    expect(follows).toMatch(new RegExp(`"id":"${owner.player.id}","name":"[^"]*","bot":true`));
    const sent = await challenge(human.token, owner.player.id);
    expect(sent.to).toMatchObject({ id: owner.player.id, bot: true });
    expect(sent.from).toMatchObject({ id: human.player.id, bot: false });
    // The bot declines with its token (the `challenge` scope).
    expect((await call("POST", `/v1/challenges/${sent.id}/decline`, { token: issued.token })).status).toBeLessThan(300);
  });

  it("is rated in the pool but left off its leaderboard", async () => {
    const { owner } = await botWithToken();
    const human = await member();
    const now = Date.now();
    for (const id of [owner.player.id, human.player.id]) {
      await env.DB.prepare("INSERT INTO ratings (player_id, pool, rating, rd, volatility, games, rated_at, rev) VALUES (?, 'backgammon', 2900, 50, 0.06, 30, ?, 1)")
        .bind(id, now)
        .run();
    }
    const board = (await (await call("GET", "/v1/leaderboards/backgammon?limit=100")).json()) as Leaderboard;
    const ids = board.entries.map((e) => e.playerId);
    expect(ids).toContain(human.player.id);
    expect(ids).not.toContain(owner.player.id);
    expect((await profile(owner.player.id)).ratings.map((r) => r.pool)).toEqual(["backgammon"]);
  });
});
