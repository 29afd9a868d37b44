/**
 * Follows and blocks (docs/friends-and-challenges.md): friendship is two follows; a block ends the blocked player's
 * follow; limits and bad input are refused and change nothing; a block keeps two players apart in quick match and
 * keeps the blocked player's chat lines from the blocker.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BlockListSchema, FollowListSchema, SOCIAL_LIMITS } from "../../src/protocol";
import { SocialDb } from "../../src/server/social/db";
import { commandId, connect, history, type Client } from "./helpers";
import { call, d1Count, member, tableBetween } from "./players-support";
import { freshChoice, poolRows, seek, wave } from "./quick-support";
import { block, follow, ok, put } from "./social-support";
import { expectProblem } from "../support/problems";

async function follows(token: string) {
  return FollowListSchema.parse(await (await ok(await call("GET", "/v1/me/follows", { token }), 200)).json());
}

async function blocks(token: string) {
  return BlockListSchema.parse(await (await ok(await call("GET", "/v1/me/blocks", { token }), 200)).json());
}

/** Fills a player's follows (or blocks) up to the limit straight in D1, with fresh players. */
async function fillUp(table: "follows" | "blocks", playerId: string, count: number): Promise<void> {
  const now = Date.now();
  const statements = [];
  for (let i = 0; i < count; i++) {
    const id = `filler${crypto.randomUUID().replaceAll("-", "")}`.slice(0, 22);
    statements.push(env.DB.prepare("INSERT INTO players (id, name, name_key, kind, created_at) VALUES (?, ?, ?, 'guest', ?)").bind(id, id, id.toLowerCase(), now));
    statements.push(env.DB.prepare(`INSERT INTO ${table} VALUES (?, ?, ?)`).bind(playerId, id, now));
  }
  await env.DB.batch(statements);
}

describe("follows", () => {
  it("a one-way follow, then a friend when followed back; idempotent both ways; unfollow ends it", async () => {
    const [a, b] = [await member(), await member()];
    await follow(a.token, b.player.id);
    await follow(a.token, b.player.id);
    expect((await follows(a.token)).following).toEqual([expect.objectContaining({ id: b.player.id, name: b.player.name, friend: false, bot: false })]);
    expect((await follows(b.token)).followers.map((p) => p.id)).toEqual([a.player.id]);
    await follow(b.token, a.player.id);
    expect((await follows(a.token)).following[0]?.friend).toBe(true);
    expect(await new SocialDb(env.DB).friends(a.player.id, b.player.id)).toBe(true);
    await ok(await call("DELETE", `/v1/me/follows/${b.player.id}`, { token: a.token }));
    await ok(await call("DELETE", `/v1/me/follows/${b.player.id}`, { token: a.token }));
    expect((await follows(a.token)).following).toEqual([]);
    expect((await follows(b.token)).following[0]?.friend).toBe(false);
  });

  it("refuses oneself, an unknown player, a bad id, no session, and the limit; each changes nothing", async () => {
    const a = await member();
    await expectProblem(await put(`/v1/me/follows/${a.player.id}`, a.token), 409, "SAME_PLAYER");
    await expectProblem(await put("/v1/me/follows/AAAAAAAAAAAAAAAAAAAAAA", a.token), 404, "PLAYER_NOT_FOUND");
    await expectProblem(await put("/v1/me/follows/bad!id", a.token), 400, "BAD_REQUEST");
    const b = await member();
    await expectProblem(await call("PUT", `/v1/me/follows/${b.player.id}`), 401, "UNAUTHORIZED");
    expect(await d1Count("SELECT COUNT(*) AS n FROM follows WHERE follower_id = ?", a.player.id)).toBe(0);
    await fillUp("follows", a.player.id, SOCIAL_LIMITS.maxFollows);
    await expectProblem(await put(`/v1/me/follows/${b.player.id}`, a.token), 409, "LIST_LIMIT");
    expect(await d1Count("SELECT COUNT(*) AS n FROM follows WHERE follower_id = ?", a.player.id)).toBe(SOCIAL_LIMITS.maxFollows);
  });
});

describe("blocks", () => {
  it("a block ends the blocked player's follow in the same batch; a follow of the blocker is not stored; unblock brings nothing back", async () => {
    const [a, b] = [await member(), await member()];
    await follow(a.token, b.player.id);
    await follow(b.token, a.player.id);
    await block(b.token, a.player.id);
    await block(b.token, a.player.id);
    expect((await blocks(b.token)).blocked.map((p) => p.id)).toEqual([a.player.id]);
    expect((await follows(a.token)).following).toEqual([]);
    // The blocker's own follow stays; the blocked player's answer does not tell them about the block.
    expect((await follows(b.token)).following.map((p) => [p.id, p.friend])).toEqual([[a.player.id, false]]);
    await follow(a.token, b.player.id);
    expect((await follows(a.token)).following).toEqual([]);
    await ok(await call("DELETE", `/v1/me/blocks/${a.player.id}`, { token: b.token }));
    expect((await blocks(b.token)).blocked).toEqual([]);
    expect((await follows(a.token)).following).toEqual([]);
  });

  it("refuses oneself, an unknown player and the limit; each changes nothing", async () => {
    const [a, b] = [await member(), await member()];
    await expectProblem(await put(`/v1/me/blocks/${a.player.id}`, a.token), 409, "SAME_PLAYER");
    await expectProblem(await put("/v1/me/blocks/AAAAAAAAAAAAAAAAAAAAAA", a.token), 404, "PLAYER_NOT_FOUND");
    await fillUp("blocks", a.player.id, SOCIAL_LIMITS.maxBlocks);
    await expectProblem(await put(`/v1/me/blocks/${b.player.id}`, a.token), 409, "LIST_LIMIT");
    expect(await d1Count("SELECT COUNT(*) AS n FROM blocks WHERE blocker_id = ? AND blocked_id = ?", a.player.id, b.player.id)).toBe(0);
  });

  it("quick match never pairs two players where one blocked the other; each is paired with someone else", async () => {
    const choice = freshChoice();
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    await block(a.token, b.player.id);
    const sa = await seek(choice, a.token);
    const sb = await seek(choice, b.token);
    await wave(choice);
    expect((await poolRows(choice)).map((r) => r.state)).toEqual(["waiting", "waiting"]);
    const sc = await seek(choice, c.token);
    const sd = await seek(choice, d.token);
    await wave(choice);
    const pa = await sa.client.next("paired");
    const pb = await sb.client.next("paired");
    expect([pa.opponent.playerId, pb.opponent.playerId].sort()).toEqual([c.player.id, d.player.id].sort());
    await sc.client.next("paired");
    await sd.client.next("paired");
  });

  it("chat: the blocked player's lines reach everyone but the blocker, live and in the history; the blocker's lines reach them", async () => {
    const [a, b] = [await member(), await member()];
    const { id, white, black } = await tableBetween(a.token, b.token);
    await block(a.token, b.player.id);
    const w = await connect(id, { token: white.token });
    const bl = await connect(id, { token: black.token });
    const watcher = await connect(id);
    for (const c of [w, bl, watcher]) await c.next("welcome");
    const { seq } = await history(id);
    for (const c of [w, bl, watcher]) await c.waitForSeq(seq);
    const say = async (client: Client, text: string) => {
      client.send({ type: "chat", id: commandId(), text });
      return client.answer();
    };
    expect(await say(bl, "from the blocked")).toMatchObject({ type: "ack" });
    expect((await bl.next("chat")).lines.map((l) => l.text)).toEqual(["from the blocked"]);
    expect((await watcher.next("chat")).lines.map((l) => l.text)).toEqual(["from the blocked"]);
    expect(await say(w, "from the blocker")).toMatchObject({ type: "ack" });
    // The blocker's first chat frame is their own line: the blocked one never came.
    expect((await w.next("chat")).lines.map((l) => l.text)).toEqual(["from the blocker"]);
    expect((await bl.next("chat")).lines.map((l) => l.text)).toEqual(["from the blocker"]);
    // A reconnect's history leaves the hidden line out for the blocker only.
    const again = await connect(id, { token: white.token });
    await again.next("welcome");
    expect((await again.next("chat")).lines.map((l) => l.text)).toEqual(["from the blocker"]);
    const other = await connect(id, { token: black.token });
    await other.next("welcome");
    expect((await other.next("chat")).lines.map((l) => l.text)).toEqual(["from the blocked", "from the blocker"]);
  });
});
