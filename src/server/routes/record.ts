/**
 * `GET /v1/tables/{id}/record?format=json|mat|txt`: a finished match as a file. Read like the event log (a table
 * with `spectators: false` answers only seat holders); once the table is gone, from the stored D1 record.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MatchRecordSchema, RECORD_MEDIA, RecordQuerySchema, TableIdParamSchema, type MatchRecord } from "../../protocol";
import { replayLog, toMat, toText } from "../../protocol/export";
import type { Env } from "../env";
import { bearerToken } from "../access";
import { Db, replicaDb } from "../db";
import { HttpRefusal, ownData, unwrap } from "../problem";
import { MatchFactsSchema, type MatchFacts } from "../record/facts";
import { readableRecord } from "../record-access";
import { problem } from "../openapi";

export const record = new OpenAPIHono<{ Bindings: Env }>();

const Params = TableIdParamSchema.extend({
  id: TableIdParamSchema.shape.id.meta({ param: { name: "id", in: "path" }, description: "The table id." }),
});

/** A live table's facts as the record D1 would hold (no rating change yet, nobody deleted). */
function asRecord(facts: MatchFacts): MatchRecord {
  const player = (p: MatchFacts["players"]["white"]) => ({ ...p, deleted: false, ratingBefore: null, ratingAfter: null });
  return MatchRecordSchema.parse({ ...facts, players: { white: player(facts.players.white), black: player(facts.players.black) } });
}

/** The record: the table's own when it still exists (it decides who may read it), else D1's. */
async function findRecord(env: Env, id: string, token: string | undefined, authorization: string | undefined): Promise<MatchRecord> {
  const outcome = await env.MATCH.getByName(id).record(token);
  if (!outcome.ok && outcome.error.code !== "TABLE_NOT_FOUND") unwrap(outcome);
  // A replica may trail the primary: a record not there yet is the live table's while the table exists.
  const stored = await replicaDb(env).matchRecord(id);
  // The table let this reader in (or is gone: then the stored record's own rule decides, ../record-access.ts).
  if (stored) return outcome.ok ? stored : readableRecord(new Db(env.DB), stored, authorization);
  // Parsed like any stored row: the RPC answer crossed a boundary, and its type there is only what the stub says.
  if (outcome.ok) return asRecord(ownData(MatchFactsSchema, outcome.value, `table ${id}'s record`));
  throw new HttpRefusal("MATCH_NOT_FOUND", "no table and no recorded match with this id");
}

record.openapi(
  createRoute({
    method: "get",
    path: "/{id}/record",
    summary: "A finished match as a file: JSON record, gnubg .mat (short nardi), or plain text",
    description:
      "Read like `…/events`: at a table with `spectators: false` only with `Authorization: Bearer <seat token>`. Once the table " +
      "is gone, from the stored match record (then a match played without spectators is read only with a session of one of its players, " +
      "as at GET /v1/matches/{id}). `Content-Disposition` names the file `<id>.<format>`. See docs/replays.md.",
    operationId: "getTableRecord",
    tags: ["tables"],
    request: {
      params: Params,
      headers: z.object({ authorization: z.string().optional().meta({ description: "`Bearer <seat token>`" }) }),
      query: RecordQuerySchema,
    },
    responses: {
      200: {
        description: "The file",
        content: {
          "application/json": { schema: MatchRecordSchema },
          "text/plain": { schema: z.string().meta({ description: "`mat` or `txt` (docs/replays.md)" }) },
        },
      },
      400: problem("BAD_REQUEST: not a table id, or an unknown format"),
      401: problem("BAD_TOKEN: the bearer token holds no seat at this table"),
      403: problem("SPECTATORS_DISABLED: the table hides its log from readers without a seat"),
      404: problem("MATCH_NOT_FOUND: no table and no recorded match with this id"),
      409: problem("MATCH_NOT_OVER: the match is still being played; FORMAT_UNAVAILABLE: `mat` of a long-nardi match"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const found = await findRecord(c.env, id, bearerToken(c.req.raw), c.req.header("authorization"));
    const headers = { "content-type": RECORD_MEDIA[format].type, "content-disposition": `attachment; filename="${id}.${RECORD_MEDIA[format].extension}"` };
    if (format === "json") return c.json(found, 200, headers);
    const replayed = replayLog(found.events, found.tableId);
    if (!replayed.ok) throw new HttpRefusal("INTERNAL", `the stored log does not replay at seq ${replayed.seq}: ${replayed.message}`);
    if (format === "mat" && replayed.replay.ruleset.variant !== "short") {
      throw new HttpRefusal("FORMAT_UNAVAILABLE", "long nardi has no .mat form; ask for format=txt or format=json");
    }
    const text = format === "mat" ? toMat(replayed.replay) : toText(replayed.replay);
    return c.text(text, 200, headers);
  },
);
