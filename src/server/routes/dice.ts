/** A player's dice statistics (docs/fair-dice.md): the D1 counters the outbox adds each recorded match's rolls to. */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { DiceStatsSchema, PlayerIdSchema } from "../../protocol";
import { replicaDb } from "../db";
import { diceStatistics } from "../dice-stats";
import type { Env } from "../env";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";

export const dice = new OpenAPIHono<{ Bindings: Env }>();

dice.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}/dice",
    summary: "A player's dice in recorded matches: faces, doubles, and χ² against fair dice with the sample size",
    description:
      "Every roll made for the player's seat in a recorded match (by hand or automatically; not the opening rolls). " +
      "Counted when the match record is stored, so a match shows here once `GET /v1/matches/{tableId}` has it.",
    operationId: "getPlayerDice",
    tags: ["players"],
    request: { params: z.object({ id: PlayerIdSchema.meta({ param: { name: "id", in: "path" }, description: "A player id" }) }) },
    responses: { 200: json(DiceStatsSchema, "The player's dice"), 400: problem("BAD_REQUEST"), 404: problem("PLAYER_NOT_FOUND") },
  }),
  async (c) => {
    const db = replicaDb(c.env);
    const { id } = c.req.valid("param");
    if (!(await db.player(id))) throw new HttpRefusal("PLAYER_NOT_FOUND", "no player with this id");
    return c.json(diceStatistics(id, await db.diceCounts(id)), 200);
  },
);
