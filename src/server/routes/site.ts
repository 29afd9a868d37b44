/** `GET /v1/site`: the site switch as players see it, so every client can say what is stopped (docs/safety.md). */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { SiteStateSchema } from "../../protocol";
import type { Env } from "../env";
import { readSwitch, siteState } from "../moderation/site-switch";
import { json } from "../openapi";

export const site = new OpenAPIHono<{ Bindings: Env }>();

site.openapi(
  createRoute({
    method: "get",
    path: "/site",
    summary: "The site switch (defcon): its level, what it stops now, and the operator's note",
    description:
      "Public, no session. Read fresh from D1 on every request (no caching headers): a level an admin sets shows at once. " +
      "See docs/safety.md for what each level stops; a refused request is 503 SITE_RESTRICTED.",
    operationId: "getSite",
    tags: ["meta"],
    responses: { 200: json(SiteStateSchema, "The switch") },
  }),
  async (c) => {
    const state = siteState(await readSwitch(c.env.DB));
    return c.json(state, 200, { "cache-control": "no-store" });
  },
);
