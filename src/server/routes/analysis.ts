/**
 * `GET /v1/matches/{id}/analysis` (docs/replays.md, "Analysis"; docs/analysis.md): a recorded match's analysis, or
 * `pending` while the queue's consumer has not stored it. Read like GET /v1/matches/{id}: a match played without
 * spectators only with a session of one of its players. A recorded match without an analysis whose request is older
 * than the sweep period (or that has none: a match recorded before analyses existed) is queued again here.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { TableIdParamSchema } from "../../protocol";
import { AnalysisPendingSchema, AnalysisSchema } from "../../protocol/analysis";
import { requestAnalysis, sweepMs } from "../analysis/queue";
import { Db } from "../db";
import { AnalysisDb } from "../db/analysis";
import type { Env } from "../env";
import { requestLog } from "../log";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";
import { readableRecord } from "../record-access";

export const analysis = new OpenAPIHono<{ Bindings: Env }>();

/** Seconds a client is told to wait before asking again about a pending analysis. */
export const PENDING_RETRY_SECONDS = 2;

const Params = z.object({ id: TableIdParamSchema.shape.id.meta({ param: { name: "id", in: "path" }, description: "The table id." }) });

analysis.openapi(
  createRoute({
    method: "get",
    path: "/matches/{id}/analysis",
    summary: "A finished match's analysis: every decision judged, and each player's error rate, PR and luck",
    description:
      "Checked in this order: the id's form (400), a recorded match with this id (404 MATCH_NOT_FOUND, also while the record " +
      "has not reached D1), the record's access rule as at GET /v1/matches/{id} (403 SPECTATORS_DISABLED for a match played " +
      "without spectators, unless the session is one of its players'), then the analysis: 200 when stored, else 202 " +
      "`{status: \"pending\"}` with Retry-After. See docs/replays.md and docs/analysis.md.",
    operationId: "getMatchAnalysis",
    tags: ["players"],
    request: {
      params: Params,
      headers: z.object({ authorization: z.string().optional().meta({ description: "`Bearer <session token>` (a hidden match's player)" }) }),
    },
    responses: {
      200: json(AnalysisSchema, "The analysis"),
      202: {
        ...json(AnalysisPendingSchema, "Recorded, not analysed yet: ask again in a few seconds"),
        headers: { "Retry-After": { description: "Seconds to wait before asking again.", schema: { type: "integer" as const } } },
      },
      400: problem("BAD_REQUEST: not a table id"),
      403: problem("SPECTATORS_DISABLED: the match was played without spectators and the session is not one of its players'"),
      404: problem("MATCH_NOT_FOUND: no recorded match with this id"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    // One replica session for both reads: the record, then its analysis.
    const replica = c.env.DB.withSession("first-unconstrained");
    const record = await new Db(replica).matchRecord(id!);
    if (!record) throw new HttpRefusal("MATCH_NOT_FOUND", "no recorded match for this table");
    await readableRecord(new Db(c.env.DB), record, c.req.header("authorization"));
    // A replica may not have a just-stored analysis yet: the primary is asked before calling it pending.
    const stored = (await new AnalysisDb(replica).analysis(id!)) ?? (await new AnalysisDb(c.env.DB).analysis(id!));
    if (stored) return c.json(stored, 200);
    const now = Date.now();
    if (await new AnalysisDb(c.env.DB).askAgain(id!, now, now - sweepMs(c.env))) {
      c.executionCtx.waitUntil(requestAnalysis(c.env, [id!], requestLog(c.req.raw)));
    }
    return c.json({ status: "pending" as const, tableId: id! }, 202, { "retry-after": String(PENDING_RETRY_SECONDS) });
  },
);
