/**
 * `/v1/admin/players/{id}/cooldown` and `…/pairs`: what the fair-play rules see of a player (docs/fair-play.md),
 * for a moderator reviewing a `farming` flag or a report of leaving: the cooldown with its offences, and the coins
 * and rated wins that flowed between the player and each opponent over the flag's window. Read only.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { CooldownSchema, PairFlowsSchema, PlayerIdSchema } from "../../protocol";
import { FairPlayDb } from "../db";
import type { Env } from "../env";
import { cooldownOf } from "../fairplay/cooldown";
import { FARMING } from "../fairplay/flags";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";
import { requireStaff, STAFF_SECURITY } from "./auth";

export const fairplayAdmin = new OpenAPIHono<{ Bindings: Env }>();

const Params = z.object({ id: PlayerIdSchema.meta({ param: { name: "id", in: "path" }, description: "A player id" }) });
const refusals = {
  400: problem("BAD_REQUEST: not a player id"),
  401: problem("UNAUTHORIZED: no, a malformed, or an ended session"),
  403: problem("FORBIDDEN: the session's player is not staff (moderator or admin)"),
  404: problem("PLAYER_NOT_FOUND"),
};

async function existing(env: Env, authorization: string | undefined, id: string): Promise<void> {
  const { db } = await requireStaff(env, authorization, "moderator");
  if (!(await db.player(id))) throw new HttpRefusal("PLAYER_NOT_FOUND", "no player with this id");
}

fairplayAdmin.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}/cooldown",
    summary: "A player's cooldown after abandoned matches: its end, the offences counted and the ladder (staff)",
    operationId: "adminGetCooldown",
    tags: ["admin"],
    security: STAFF_SECURITY,
    request: { params: Params },
    responses: { 200: json(CooldownSchema, "The cooldown, as the player sees it"), ...refusals },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await existing(c.env, c.req.header("authorization"), id);
    return c.json(await cooldownOf(c.env, id, Date.now()), 200);
  },
);

fairplayAdmin.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}/pairs",
    summary: "Coins and rated wins between a player and each opponent over the farming flag's window (staff)",
    operationId: "adminGetPairFlows",
    tags: ["admin"],
    security: STAFF_SECURITY,
    request: { params: Params },
    responses: { 200: json(PairFlowsSchema, "The player's pairs"), ...refusals },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await existing(c.env, c.req.header("authorization"), id);
    const pairs = await new FairPlayDb(c.env.DB).pairFlows(id, Date.now() - FARMING.windowMs);
    return c.json({ playerId: id, windowDays: FARMING.windowMs / 86_400_000, pairs }, 200);
  },
);
