/** `/v1/me/cooldown`: the session's player's cooldown after abandoned matches, with its end time (docs/fair-play.md). */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { CooldownSchema } from "../../protocol";
import { Db } from "../db";
import type { Env } from "../env";
import { cooldownOf } from "../fairplay/cooldown";
import { cachedRead, requireSession } from "../identity/sessions";
import { json, problem } from "../openapi";

export const fairplay = new OpenAPIHono<{ Bindings: Env }>();

fairplay.openapi(
  createRoute({
    method: "get",
    path: "/me/cooldown",
    summary: "The session's cooldown after abandoned matches: its end time, the offences counted and the ladder",
    description:
      "A player who leaves a match (it is forfeited when their window runs out) or lets the clock run out in a lost position " +
      "commits an offence; the 1st within 7 days is free, then 15 min, 1 h, 3 h and 24 h (docs/fair-play.md). While `until` is ahead, " +
      "creating, joining and seeking are refused with COOLDOWN.",
    operationId: "getCooldown",
    tags: ["players"],
    security: [{ session: [] }],
    responses: { 200: json(CooldownSchema, "The cooldown"), 401: problem("UNAUTHORIZED: no, a malformed, or an ended session") },
  }),
  async (c) => {
    const { player } = await requireSession(new Db(c.env.DB), c.req.header("authorization"), cachedRead(c.env));
    return c.json(await cooldownOf(c.env, player.id, Date.now()), 200);
  },
);
