/**
 * `GET /v1/me/standing`: what a player sees of moderation about themselves (docs/players.md#moderation): the
 * sanctions standing now, each with its end time and reason, and the latest warnings with their notes.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { MODERATION_LIMITS, MyStandingSchema } from "../../protocol";
import { Db } from "../db";
import { ModerationDb } from "../db/moderation";
import type { Env } from "../env";
import { cachedRead, requireSession } from "../identity/sessions";
import { json, problem } from "../openapi";

export const standing = new OpenAPIHono<{ Bindings: Env }>();

standing.openapi(
  createRoute({
    method: "get",
    path: "/me/standing",
    summary: "The session player's standing: mute, suspension (each with its end) and the latest warnings",
    description: "A banned player has no session (a ban ends them all), so this never shows a ban: their requests answer 401 and sign-in BANNED.",
    operationId: "getMyStanding",
    tags: ["players"],
    security: [{ session: [] }],
    responses: { 200: json(MyStandingSchema, "The standing"), 401: problem("UNAUTHORIZED: no, a malformed, or an ended session") },
  }),
  async (c) => {
    const { player } = await requireSession(new Db(c.env.DB), c.req.header("authorization"), cachedRead(c.env));
    const mod = new ModerationDb(c.env.DB);
    const [now, warnings] = [Date.now(), await mod.warnings(player.id, MODERATION_LIMITS.standingWarnings)];
    return c.json({ ...(await mod.standing(player.id, now)), warnings }, 200);
  },
);
