/**
 * Challenges (docs/friends-and-challenges.md): made, accepted into a table with both seats bound, declined,
 * cancelled and expired; two accepts at once make one table; the policy, blocks and the limit refuse with their
 * codes and change nothing; a stake the coins no longer cover leaves the challenge open and moves nothing.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ChallengeListSchema, ChallengeSchema, ChannelServerMessageSchema, SOCIAL_LIMITS, SOCKET_PROTOCOL, type ChannelServerMessage } from "../../src/protocol";
import { sweepChallenges } from "../../src/server/social/challenges";
import { balance, escrowOf, expectLedgerSound } from "./coins-support";
import { call, d1Count, guest, member, tableBetween } from "./players-support";
import { accept, block, challenge, challengeResponse, follow, ok, put, read } from "./social-support";
import { expectProblem } from "../support/problems";
import { api, SocketQueue } from "./helpers";

/** A player channel socket, after its welcome. */
async function channel(token: string): Promise<SocketQueue<ChannelServerMessage>> {
  const res = await api("/v1/me/channel", { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `${SOCKET_PROTOCOL}, token.${token}` } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no upgrade: ${res.status} ${await res.text()}`);
  ws.accept();
  const client = new SocketQueue<ChannelServerMessage>(ws, (data) => ChannelServerMessageSchema.parse(data));
  await client.next("welcome");
  return client;
}

/** The challenge statuses a channel was told of, in order (after waiting for `count` events). */
async function statuses(client: SocketQueue<ChannelServerMessage>, count: number): Promise<string[]> {
  const seen: string[] = [];
  while (seen.length < count) {
    const m = await client.next("event");
    if (m.event.kind === "challenge") seen.push(m.event.challenge.status);
  }
  return seen;
}

async function openList(token: string) {
  return ChallengeListSchema.parse(await (await ok(await call("GET", "/v1/challenges", { token }), 200)).json());
}

/** Moves a challenge's expiry into the past, as if its time ran out. */
async function runOut(id: string): Promise<void> {
  await env.DB.prepare("UPDATE challenges SET expires_at = ? WHERE id = ?").bind(Date.now() - 1, id).run();
}

describe("challenges", () => {
  it("a challenge by claimed name, accepted: one table with both seats bound to the two players; both read their own seat", async () => {
    const [a, b] = [await member(), await member()];
    const made = await challenge(a.token, b.player.name.toUpperCase(), { preset: "backgammon", length: 3, timeControl: "blitz" });
    expect(made).toMatchObject({ status: "open", from: { id: a.player.id }, to: { id: b.player.id }, tableId: null, answeredAt: null });
    expect(made.expiresAt - made.createdAt).toBe(SOCIAL_LIMITS.defaultChallengeSeconds * 1000);
    expect((await openList(b.token)).incoming.map((c) => c.id)).toEqual([made.id]);
    expect((await openList(a.token)).outgoing.map((c) => c.id)).toEqual([made.id]);

    const accepted = await accept(b.token, made.id);
    expect(accepted.challenge.status).toBe("accepted");
    expect(accepted.challenge.tableId).toBe(accepted.seat.tableId);
    const table = accepted.seat.table;
    expect(table.status).toBe("playing");
    expect(table.length).toBe(3);
    expect(table.private).toBe(true);
    // The challenger's seat, read back: the other seat of the same table, a different token.
    const sender = await read(a.token, made.id);
    expect(sender.seat?.tableId).toBe(accepted.seat.tableId);
    expect(sender.seat?.seat).toBe(accepted.seat.seat === "white" ? "black" : "white");
    expect(sender.seat?.token).not.toBe(accepted.seat.token);
    const names = [table.players.white?.name, table.players.black?.name].sort();
    expect(names).toEqual([a.player.name, b.player.name].sort());
    // Both tokens open their seat's socket view: the seat is theirs.
    for (const seat of [accepted.seat, sender.seat!]) {
      const view = await call("GET", `/v1/tables/${seat.tableId}`, { token: seat.token });
      expect(view.status).toBe(200);
    }
    // D1 knows both seats are taken by the two players (moderation reaches them there).
    expect(await d1Count("SELECT COUNT(*) AS n FROM player_tables WHERE table_id = ?", accepted.seat.tableId)).toBe(2);
    // Answered: off the open lists; reading again answers the same seat.
    expect((await openList(b.token)).incoming).toEqual([]);
    expect((await read(b.token, made.id)).seat?.token).toBe(accepted.seat.token);
    expect((await accept(b.token, made.id)).seat.token).toBe(accepted.seat.token);
  });

  it("two accepts at once make one table and answer the same seat", async () => {
    const [a, b] = [await member(), await member()];
    const made = await challenge(a.token, b.player.id);
    const [x, y] = await Promise.all([accept(b.token, made.id), accept(b.token, made.id)]);
    expect(x.seat.tableId).toBe(y.seat.tableId);
    expect(x.seat.token).toBe(y.seat.token);
    expect(await d1Count("SELECT COUNT(*) AS n FROM challenges WHERE id = ? AND status = 'accepted'", made.id)).toBe(1);
  });

  it("decline and cancel: only the right player, only while open; then every answer is CHALLENGE_CLOSED and nothing changes", async () => {
    const [a, b] = [await member(), await member()];
    const first = await challenge(a.token, b.player.id);
    // The challenger cannot accept or decline their own; the challenged cannot cancel it.
    await expectProblem(await call("POST", `/v1/challenges/${first.id}/accept`, { token: a.token }), 404, "CHALLENGE_NOT_FOUND");
    await expectProblem(await call("POST", `/v1/challenges/${first.id}/decline`, { token: a.token }), 404, "CHALLENGE_NOT_FOUND");
    await expectProblem(await call("POST", `/v1/challenges/${first.id}/cancel`, { token: b.token }), 404, "CHALLENGE_NOT_FOUND");
    const declined = ChallengeSchema.parse(await (await ok(await call("POST", `/v1/challenges/${first.id}/decline`, { token: b.token }), 200)).json());
    expect(declined.status).toBe("declined");
    expect(declined.answeredAt).not.toBeNull();
    await expectProblem(await call("POST", `/v1/challenges/${first.id}/accept`, { token: b.token }), 409, "CHALLENGE_CLOSED");
    await expectProblem(await call("POST", `/v1/challenges/${first.id}/cancel`, { token: a.token }), 409, "CHALLENGE_CLOSED");

    const second = await challenge(a.token, b.player.id);
    const cancelled = ChallengeSchema.parse(await (await ok(await call("POST", `/v1/challenges/${second.id}/cancel`, { token: a.token }), 200)).json());
    expect(cancelled.status).toBe("cancelled");
    await expectProblem(await call("POST", `/v1/challenges/${second.id}/accept`, { token: b.token }), 409, "CHALLENGE_CLOSED");
    expect((await read(b.token, second.id)).challenge.status).toBe("cancelled");
    // A third player sees neither.
    const c = await member();
    await expectProblem(await call("GET", `/v1/challenges/${second.id}`, { token: c.token }), 404, "CHALLENGE_NOT_FOUND");
    await expectProblem(await call("POST", `/v1/challenges/${second.id}/decline`, { token: c.token }), 404, "CHALLENGE_NOT_FOUND");
  });

  it("expires: read as expired at once, refused to accept, off the open lists; the sweep writes it and stops", async () => {
    const [a, b] = [await member(), await member()];
    const made = await challenge(a.token, b.player.id, undefined, { expiresInSeconds: SOCIAL_LIMITS.minChallengeSeconds });
    expect(made.expiresAt - made.createdAt).toBe(SOCIAL_LIMITS.minChallengeSeconds * 1000);
    await runOut(made.id);
    const seen = await read(b.token, made.id);
    expect(seen.challenge.status).toBe("expired");
    expect(seen.challenge.answeredAt).toBe(seen.challenge.expiresAt);
    expect((await openList(b.token)).incoming).toEqual([]);
    await expectProblem(await call("POST", `/v1/challenges/${made.id}/accept`, { token: b.token }), 409, "CHALLENGE_CLOSED");
    await expectProblem(await call("POST", `/v1/challenges/${made.id}/cancel`, { token: a.token }), 409, "CHALLENGE_CLOSED");
    // An expired challenge no longer counts against the limit, and the sweep writes its status.
    await sweepChallenges(env, Date.now());
    expect(await d1Count("SELECT COUNT(*) AS n FROM challenges WHERE id = ? AND status = 'expired'", made.id)).toBe(1);
    expect(await d1Count("SELECT COUNT(*) AS n FROM challenges WHERE id = ? AND table_id IS NOT NULL", made.id)).toBe(0);
  });

  it("both players' channels hear a challenge made, then expired by the sweep, once each", async () => {
    const [a, b] = [await member(), await member()];
    const [ca, cb] = [await channel(a.token), await channel(b.token)];
    const made = await challenge(a.token, b.player.id);
    await runOut(made.id);
    await sweepChallenges(env, Date.now());
    // A second sweep finds nothing more to expire.
    await sweepChallenges(env, Date.now());
    expect(await statuses(ca, 2)).toEqual(["open", "expired"]);
    expect(await statuses(cb, 2)).toEqual(["open", "expired"]);
    await ok(await call("POST", "/v1/challenges", { token: a.token, body: { to: b.player.id, settings: { preset: "backgammon" } } }), 201);
    expect(await statuses(cb, 1)).toEqual(["open"]);
  });

  it("the policy: friends only refuses a one-way follower and takes a friend; nobody refuses everyone", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const set = await put("/v1/me/challenge-policy", b.token, { policy: "friends" });
    expect(await (await ok(set, 200)).json()).toEqual({ policy: "friends" });
    expect(await (await call("GET", "/v1/me/challenge-policy", { token: b.token })).json()).toEqual({ policy: "friends" });
    await follow(a.token, b.player.id);
    await expectProblem(await challengeResponse(a.token, b.player.id), 403, "CHALLENGE_REFUSED", "a one-way follow");
    await follow(b.token, a.player.id);
    await challenge(a.token, b.player.id);
    await expectProblem(await challengeResponse(c.token, b.player.id), 403, "CHALLENGE_REFUSED", "a stranger");
    await ok(await put("/v1/me/challenge-policy", b.token, { policy: "nobody" }), 200);
    await expectProblem(await challengeResponse(a.token, b.player.id), 403, "CHALLENGE_REFUSED", "policy nobody, even a friend");
    await expectProblem(await put("/v1/me/challenge-policy", b.token, { policy: "some" }), 400, "BAD_REQUEST");
    expect(await (await call("GET", "/v1/me/challenge-policy", { token: b.token })).json()).toEqual({ policy: "nobody" });
    expect(await (await call("GET", "/v1/me/challenge-policy", { token: c.token })).json()).toEqual({ policy: "everyone" });
  });

  it("a block either way refuses the challenge with the same answer, and ends the open ones between the two", async () => {
    const [a, b] = [await member(), await member()];
    await block(b.token, a.player.id);
    await expectProblem(await challengeResponse(a.token, b.player.id), 403, "CHALLENGE_REFUSED", "the blocked challenges the blocker");
    await expectProblem(await challengeResponse(b.token, a.player.id), 403, "CHALLENGE_REFUSED", "the blocker challenges the blocked");
    await ok(await call("DELETE", `/v1/me/blocks/${a.player.id}`, { token: b.token }));
    const received = await challenge(a.token, b.player.id);
    const sent = await challenge(b.token, a.player.id);
    // A block ends the open challenges between them: the one received declined, the one sent cancelled.
    await block(b.token, a.player.id);
    expect((await read(a.token, received.id)).challenge.status).toBe("declined");
    expect((await read(a.token, sent.id)).challenge.status).toBe("cancelled");
  });

  it("refuses bad input, unknown players, oneself, guests asking for rated play, and one open challenge too many; each changes nothing", async () => {
    const [a, b] = [await member(), await member()];
    const before = await d1Count("SELECT COUNT(*) AS n FROM challenges");
    await expectProblem(await call("POST", "/v1/challenges", { body: { to: b.player.id, settings: { preset: "backgammon" } } }), 401, "UNAUTHORIZED");
    await expectProblem(await challengeResponse(a.token, b.player.id, { preset: "chess" as never }), 400, "BAD_REQUEST");
    await expectProblem(await challengeResponse(a.token, b.player.id, CASUALISH, { expiresInSeconds: 5 }), 400, "BAD_REQUEST");
    await expectProblem(await challengeResponse(a.token, b.player.id, CASUALISH, { extra: 1 }), 400, "BAD_REQUEST");
    await expectProblem(await challengeResponse(a.token, "nobody-by-this-name"), 404, "PLAYER_NOT_FOUND");
    await expectProblem(await challengeResponse(a.token, a.player.name), 409, "SAME_PLAYER");
    const g = await guest();
    await expectProblem(await challengeResponse(g.token, b.player.id, { preset: "backgammon", rated: true }), 403, "CLAIM_REQUIRED");
    await expectProblem(await challengeResponse(a.token, b.player.id, { preset: "backgammon", stake: 5 }), 400, "STAKE_OUT_OF_RANGE");
    await expectProblem(await challengeResponse(a.token, b.player.id, { preset: "backgammon", stake: 5000 }), 409, "INSUFFICIENT_COINS");
    expect(await d1Count("SELECT COUNT(*) AS n FROM challenges")).toBe(before);
    for (let i = 0; i < SOCIAL_LIMITS.maxOpenChallenges; i++) await challenge(a.token, b.player.id);
    await expectProblem(await challengeResponse(a.token, b.player.id), 409, "CHALLENGE_LIMIT");
    expect(await d1Count("SELECT COUNT(*) AS n FROM challenges WHERE from_id = ?", a.player.id)).toBe(SOCIAL_LIMITS.maxOpenChallenges);
    // One answered frees a place.
    const first = (await openList(a.token)).outgoing[0]!;
    await ok(await call("POST", `/v1/challenges/${first.id}/cancel`, { token: a.token }), 200);
    await challenge(a.token, b.player.id);
    await expectProblem(await call("GET", "/v1/challenges/not-an-id!", { token: a.token }), 400, "BAD_REQUEST");
  });

  it("a guest accepting a rated challenge is CLAIM_REQUIRED and the challenge stays open", async () => {
    const a = await member();
    const g = await guest();
    const made = await challenge(a.token, g.player.id, { preset: "backgammon", rated: true });
    await expectProblem(await call("POST", `/v1/challenges/${made.id}/accept`, { token: g.token }), 403, "CLAIM_REQUIRED");
    expect((await read(g.token, made.id)).challenge.status).toBe("open");
  });

  it("a stake challenge accepted: both stakes in escrow; coins spent meanwhile leave it open and move nothing", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const made = await challenge(a.token, b.player.id, { preset: "backgammon", stake: 300 });
    // Meanwhile the challenger puts 800 of their 1000 into another table.
    await tableBetween(a.token, c.token, { stake: 800 });
    await expectProblem(await call("POST", `/v1/challenges/${made.id}/accept`, { token: b.token }), 409, "STAKE_UNCOVERED");
    expect((await read(b.token, made.id)).challenge).toMatchObject({ status: "open", tableId: null });
    expect(await balance(b.token)).toBe(1000);
    const again = await challenge(b.token, a.player.id, { preset: "backgammon", stake: 100 });
    const accepted = await accept(a.token, again.id);
    expect(await escrowOf(accepted.seat.tableId)).toBe(200);
    expect([await balance(a.token), await balance(b.token)]).toEqual([100, 900]);
    await expectLedgerSound();
  });
});

const CASUALISH = { preset: "backgammon" } as const;
