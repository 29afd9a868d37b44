/**
 * Follows, blocks, the challenge policy and challenges (docs/friends-and-challenges.md). Every route needs a
 * session; the logic and its order of checks live in ../social, the D1 queries in ../social/db.ts.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  AcceptedChallengeSchema,
  BlockListSchema,
  ChallengeListSchema,
  ChallengePolicyBodySchema,
  ChallengeReadSchema,
  ChallengeSchema,
  CreateChallengeBodySchema,
  FollowListSchema,
  PlayerIdSchema,
  SOCIAL_LIMITS,
} from "../../protocol";
import { Db } from "../db";
import type { Env } from "../env";
import { cachedRead, isGuest, requireSession, type SessionRead } from "../identity/sessions";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";
import { acceptChallenge, closeChallenge, closeChallengesBetween, createChallenge, openChallengesFor, readChallenge } from "../social/challenges";
import { SocialDb } from "../social/db";
import { linksOf } from "../social/links";

export const social = new OpenAPIHono<{ Bindings: Env }>();

const security = [{ session: [] }];
const noContent = { 204: { description: "Done (also when it was so already)" } };
const unauthorized = { 401: problem("UNAUTHORIZED: no, a malformed, or an ended session") };
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const PlayerParams = z.object({ playerId: PlayerIdSchema.meta({ param: { name: "playerId", in: "path" }, description: "A player id" }) });
const ChallengeParams = z.object({ id: PlayerIdSchema.meta({ param: { name: "id", in: "path" }, description: "A challenge id" }) });

async function me(c: { env: Env; req: { header(name: string): string | undefined } }, read: SessionRead = "fresh") {
  return (await requireSession(new Db(c.env.DB), c.req.header("authorization"), read)).player;
}

/** The other player of a follow or block: exists (not deleted) and is not the session's. */
async function other(env: Env, self: string, playerId: string): Promise<void> {
  if (playerId === self) throw new HttpRefusal("SAME_PLAYER", "not yourself");
  const player = await new Db(env.DB).player(playerId);
  if (!player || player.kind === "deleted") throw new HttpRefusal("PLAYER_NOT_FOUND", "no player with this id");
}

const targetChecks = "Checks in order: the session (401), not yourself (409 SAME_PLAYER), the player exists (404 PLAYER_NOT_FOUND)";

social.openapi(
  createRoute({
    method: "put",
    path: "/me/follows/{playerId}",
    summary: "Follow a player (two follows make friends)",
    description:
      `${targetChecks}, then the limit (409 LIST_LIMIT: ${SOCIAL_LIMITS.maxFollows} follows). Following again changes nothing. ` +
      "A follow of a player who blocked you is answered the same and not stored.",
    operationId: "follow",
    tags: ["friends"],
    security,
    request: { params: PlayerParams },
    responses: { ...noContent, 400: problem("BAD_REQUEST"), ...unauthorized, 404: problem("PLAYER_NOT_FOUND"), 409: problem("SAME_PLAYER or LIST_LIMIT") },
  }),
  async (c) => {
    const player = await me(c);
    const { playerId } = c.req.valid("param");
    await other(c.env, player.id, playerId);
    if ((await new SocialDb(c.env.DB).follow(player.id, playerId, Date.now(), SOCIAL_LIMITS.maxFollows)) === "limit") {
      throw new HttpRefusal("LIST_LIMIT", `you follow ${SOCIAL_LIMITS.maxFollows} players already: unfollow one first`);
    }
    return c.body(null, 204);
  },
);

social.openapi(
  createRoute({
    method: "delete",
    path: "/me/follows/{playerId}",
    summary: "Stop following a player",
    description: "Idempotent: a player not followed (or not there) is 204 too.",
    operationId: "unfollow",
    tags: ["friends"],
    security,
    request: { params: PlayerParams },
    responses: { ...noContent, 400: problem("BAD_REQUEST"), ...unauthorized },
  }),
  async (c) => {
    const player = await me(c);
    await new SocialDb(c.env.DB).unfollow(player.id, c.req.valid("param").playerId);
    return c.body(null, 204);
  },
);

social.openapi(
  createRoute({
    method: "get",
    path: "/me/follows",
    summary: "Whom you follow (with `friend` when they follow back) and who follows you, newest first, with presence",
    operationId: "getFollows",
    tags: ["friends"],
    security,
    responses: { 200: json(FollowListSchema, "The lists"), ...unauthorized },
  }),
  async (c) => {
    const player = await me(c, cachedRead(c.env));
    const lists = await new SocialDb(c.env.DB).follows(player.id);
    const links = await linksOf(c.env, [...lists.following, ...lists.followers]);
    return c.json(
      {
        following: lists.following.map((p) => ({ ...links.get(p.id)!, friend: p.friend })),
        followers: lists.followers.map((p) => links.get(p.id)!),
      },
      200,
    );
  },
);

social.openapi(
  createRoute({
    method: "put",
    path: "/me/blocks/{playerId}",
    summary: "Block a player: no challenges either way (open ones end), no chat lines from them, no quick-match pairing; their follow of you ends",
    description: `${targetChecks}, then the limit (409 LIST_LIMIT: ${SOCIAL_LIMITS.maxBlocks} blocks). Blocking again changes nothing. See docs/friends-and-challenges.md, Blocks.`,
    operationId: "block",
    tags: ["friends"],
    security,
    request: { params: PlayerParams },
    responses: { ...noContent, 400: problem("BAD_REQUEST"), ...unauthorized, 404: problem("PLAYER_NOT_FOUND"), 409: problem("SAME_PLAYER or LIST_LIMIT") },
  }),
  async (c) => {
    const player = await me(c);
    const { playerId } = c.req.valid("param");
    await other(c.env, player.id, playerId);
    if ((await new SocialDb(c.env.DB).block(player.id, playerId, Date.now(), SOCIAL_LIMITS.maxBlocks)) === "limit") {
      throw new HttpRefusal("LIST_LIMIT", `you block ${SOCIAL_LIMITS.maxBlocks} players already: unblock one first`);
    }
    await closeChallengesBetween(c.env, player.id, playerId);
    return c.body(null, 204);
  },
);

social.openapi(
  createRoute({
    method: "delete",
    path: "/me/blocks/{playerId}",
    summary: "Unblock a player (their follow, ended by the block, does not come back)",
    description: "Idempotent: a player not blocked (or not there) is 204 too.",
    operationId: "unblock",
    tags: ["friends"],
    security,
    request: { params: PlayerParams },
    responses: { ...noContent, 400: problem("BAD_REQUEST"), ...unauthorized },
  }),
  async (c) => {
    const player = await me(c);
    await new SocialDb(c.env.DB).unblock(player.id, c.req.valid("param").playerId);
    return c.body(null, 204);
  },
);

social.openapi(
  createRoute({
    method: "get",
    path: "/me/blocks",
    summary: "The players you blocked, newest first",
    operationId: "getBlocks",
    tags: ["friends"],
    security,
    responses: { 200: json(BlockListSchema, "The list"), ...unauthorized },
  }),
  async (c) => {
    const player = await me(c, cachedRead(c.env));
    const blocked = await new SocialDb(c.env.DB).blocked(player.id);
    const links = await linksOf(c.env, blocked);
    return c.json({ blocked: blocked.map((p) => links.get(p.id)!) }, 200);
  },
);

social.openapi(
  createRoute({
    method: "get",
    path: "/me/challenge-policy",
    summary: "Who may challenge you: everyone (the default), friends, or nobody",
    operationId: "getChallengePolicy",
    tags: ["challenges"],
    security,
    responses: { 200: json(ChallengePolicyBodySchema, "The policy"), ...unauthorized },
  }),
  async (c) => {
    const player = await me(c, cachedRead(c.env));
    return c.json({ policy: await new SocialDb(c.env.DB).policy(player.id) }, 200);
  },
);

social.openapi(
  createRoute({
    method: "put",
    path: "/me/challenge-policy",
    summary: "Set who may challenge you: everyone, friends (mutual follows) or nobody",
    description: "Applies to challenges sent from now on; open ones stay open until answered or expired.",
    operationId: "setChallengePolicy",
    tags: ["challenges"],
    security,
    request: body(ChallengePolicyBodySchema),
    responses: { 200: json(ChallengePolicyBodySchema, "The policy now"), 400: problem("BAD_REQUEST or BAD_JSON"), ...unauthorized },
  }),
  async (c) => {
    const { policy } = c.req.valid("json");
    const player = await me(c);
    await new SocialDb(c.env.DB).setPolicy(player.id, policy, Date.now());
    return c.json({ policy }, 200);
  },
);

social.openapi(
  createRoute({
    method: "post",
    path: "/challenges",
    summary: "Challenge a player (by id or claimed name) to a table with these settings",
    description:
      "Checks in order: the body (400), the session (401), the admission as a quick-match seek's (503 SITE_RESTRICTED; 403 BANNED, " +
      "SUSPENDED, COOLDOWN; 403 CLAIM_REQUIRED for a guest asking rated play or a stake), the challenged player exists " +
      "(404 PLAYER_NOT_FOUND) and is not you (409 SAME_PLAYER), they take challenges from you (403 CHALLENGE_REFUSED: a block " +
      "either way, their policy `nobody`, or `friends` and you are not friends; one answer for all), a non-zero stake within the " +
      "operator's bounds (400 STAKE_OUT_OF_RANGE) and covered by your balance (409 INSUFFICIENT_COINS; nothing is held until the " +
      `accept), then at most ${SOCIAL_LIMITS.maxOpenChallenges} open challenges sent (409 CHALLENGE_LIMIT). Both players' channels ` +
      "get a `challenge` event. See docs/friends-and-challenges.md.",
    operationId: "createChallenge",
    tags: ["challenges"],
    security,
    request: body(CreateChallengeBodySchema),
    responses: {
      201: json(ChallengeSchema, "The challenge, open"),
      400: problem("BAD_REQUEST, BAD_JSON or STAKE_OUT_OF_RANGE"),
      ...unauthorized,
      403: problem("CHALLENGE_REFUSED, CLAIM_REQUIRED, BANNED, SUSPENDED or COOLDOWN"),
      404: problem("PLAYER_NOT_FOUND"),
      409: problem("SAME_PLAYER, INSUFFICIENT_COINS or CHALLENGE_LIMIT"),
      503: problem("SITE_RESTRICTED"),
    },
  }),
  async (c) => {
    const parsed = c.req.valid("json");
    const player = await me(c);
    return c.json(await createChallenge(c.env, player, CreateChallengeBodySchema.parse(parsed)), 201);
  },
);

social.openapi(
  createRoute({
    method: "get",
    path: "/challenges",
    summary: "Your open challenges: received (incoming) and sent (outgoing), newest first",
    description: "Only open challenges not past their expiry. A challenge answered or expired is read by its id.",
    operationId: "getChallenges",
    tags: ["challenges"],
    security,
    responses: { 200: json(ChallengeListSchema, "The open challenges"), ...unauthorized },
  }),
  async (c) => {
    const player = await me(c, cachedRead(c.env));
    return c.json(await openChallengesFor(c.env, player.id), 200);
  },
);

social.openapi(
  createRoute({
    method: "get",
    path: "/challenges/{id}",
    summary: "A challenge you sent or received; once accepted, with your own seat at its table",
    description:
      "An open challenge past its expiry reads as `expired`. Once accepted, `seat` is the reader's seat (the same token on every read, " +
      "for the challenger and the challenged alike); null otherwise, and also once the table is gone.",
    operationId: "getChallenge",
    tags: ["challenges"],
    security,
    request: { params: ChallengeParams },
    responses: { 200: json(ChallengeReadSchema, "The challenge"), 400: problem("BAD_REQUEST"), ...unauthorized, 404: problem("CHALLENGE_NOT_FOUND") },
  }),
  async (c) => {
    const player = await me(c, cachedRead(c.env));
    return c.json(await readChallenge(c.env, player.id, c.req.valid("param").id), 200);
  },
);

social.openapi(
  createRoute({
    method: "post",
    path: "/challenges/{id}/accept",
    summary: "Accept a challenge you received: the table is made with both seats bound; this answers your seat",
    description:
      "Checks in order: the session (401), a challenge you received (404 CHALLENGE_NOT_FOUND; also for the challenger), still open and " +
      "not expired (409 CHALLENGE_CLOSED), your admission as a seek's (503, 403 as for POST /v1/challenges), then the table: with a stake " +
      "both balances must cover it (409 INSUFFICIENT_COINS: yours; 409 STAKE_UNCOVERED: the challenger's; the challenge then stays open " +
      "and nothing moves). An accept of a challenge you accepted already answers the same seat again (two accepts at once make one " +
      "table). The challenger's channel gets a `challenge` event carrying their seat.",
    operationId: "acceptChallenge",
    tags: ["challenges"],
    security,
    request: { params: ChallengeParams },
    responses: {
      200: json(AcceptedChallengeSchema, "The accepted challenge and your seat"),
      400: problem("BAD_REQUEST"),
      ...unauthorized,
      403: problem("CLAIM_REQUIRED, BANNED, SUSPENDED or COOLDOWN"),
      404: problem("CHALLENGE_NOT_FOUND"),
      409: problem("CHALLENGE_CLOSED, INSUFFICIENT_COINS or STAKE_UNCOVERED"),
      503: problem("SITE_RESTRICTED"),
    },
  }),
  async (c) => {
    const player = await me(c, cachedRead(c.env, isGuest));
    return c.json(await acceptChallenge(c.env, player, c.req.valid("param").id), 200);
  },
);

for (const [verb, how, who] of [
  ["decline", "declined", "you received"],
  ["cancel", "cancelled", "you sent"],
] as const) {
  social.openapi(
    createRoute({
      method: "post",
      path: `/challenges/{id}/${verb}`,
      summary: `${verb === "decline" ? "Decline" : "Cancel"} a challenge ${who}`,
      description: `Checks in order: the session (401), a challenge ${who} (404 CHALLENGE_NOT_FOUND), still open and not expired (409 CHALLENGE_CLOSED). Both players' channels get a \`challenge\` event.`,
      operationId: `${verb}Challenge`,
      tags: ["challenges"],
      security,
      request: { params: ChallengeParams },
      responses: { 200: json(ChallengeSchema, `The challenge, ${how}`), 400: problem("BAD_REQUEST"), ...unauthorized, 404: problem("CHALLENGE_NOT_FOUND"), 409: problem("CHALLENGE_CLOSED") },
    }),
    async (c) => {
      const player = await me(c);
      return c.json(await closeChallenge(c.env, player.id, c.req.valid("param").id, how), 200);
    },
  );
}
