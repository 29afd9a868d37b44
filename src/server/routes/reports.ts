/**
 * Players' reports (docs/reports.md): `POST /v1/reports` files one, `GET /v1/me/reports` lists the reporter's
 * own with their status. The evidence is captured here, by the server, when the report is filed: the table's
 * chat lines and seq from its match object, the reported player's name from D1. Nothing the reporter sends
 * becomes evidence.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  FileReportBodySchema,
  FiledReportSchema,
  OwnReportListSchema,
  REPORT_LIMITS,
  type OwnReport,
  type ReportEvidence,
} from "../../protocol";
import { Db, DELETED_NAME, type PlayerRow } from "../db";
import { ReportsDb, type ReportRow } from "../db/reports";
import type { Env } from "../env";
import { requireSession } from "../identity/sessions";
import { newTableId } from "../ids";
import { json, problem } from "../openapi";
import { HttpRefusal, unwrap } from "../problem";

export const reports = new OpenAPIHono<{ Bindings: Env }>();

/** A report id: 128 random bits, like a table id. */
const newReportId = newTableId;

/** A report as its reporter sees it: no moderator, no note, no evidence. */
function ownReport(row: ReportRow): OwnReport {
  return { id: row.id, at: row.at, reported: row.reported, tableId: row.tableId, reason: row.reason, text: row.text, status: row.status, handledAt: row.handledAt };
}

/**
 * The evidence of a report about `tableId`, read from its match object: the reporter and the reported player must
 * hold its two seats (with their sessions). SPECTATOR when the reporter holds no seat there, BAD_REQUEST when the
 * reported player does not hold the other one.
 */
async function tableEvidence(env: Env, tableId: string, reporter: string, reported: PlayerRow): Promise<ReportEvidence> {
  const table = unwrap(await env.MATCH.getByName(tableId).reportEvidence());
  const mine = (["white", "black"] as const).find((side) => table.seats[side]?.playerId === reporter);
  if (!mine) throw new HttpRefusal("SPECTATOR", "only a player of this table can report from it: you hold no seat here");
  const other = table.seats[mine === "white" ? "black" : "white"];
  if (other?.playerId !== reported.id) throw new HttpRefusal("BAD_REQUEST", "body playerId: this player is not your opponent at this table");
  return { name: reported.name ?? DELETED_NAME, chat: table.chat, match: { seq: table.seq, status: table.status } };
}

reports.openapi(
  createRoute({
    method: "post",
    path: "/reports",
    summary: "Report a player: from a table (against the opponent, with its chat as evidence) or from their profile",
    description:
      "Checks, in order: the body (400 BAD_REQUEST; the reason `other` needs a text); the session (401 UNAUTHORIZED); not oneself " +
      "(409 SAME_PLAYER); the reported player exists (404 PLAYER_NOT_FOUND); with a `tableId`, the table exists (404 TABLE_NOT_FOUND), " +
      "the reporter holds one of its seats (403 SPECTATOR) and the reported player the other (400 BAD_REQUEST). Then a report this " +
      "reporter already has open (same player, same table or both without one) is answered as it is (200, `duplicate: true`, nothing " +
      `added); otherwise a reporter with ${REPORT_LIMITS.maxOpenPerReporter} open reports is refused (429 RATE_LIMITED, until a moderator ` +
      "closes one). The evidence (the table's chat lines, the reported player's name, the match's seq and status) is captured by the server now.",
    operationId: "fileReport",
    tags: ["reports"],
    security: [{ session: [] }],
    request: { body: { content: { "application/json": { schema: FileReportBodySchema } }, required: true } },
    responses: {
      201: json(FiledReportSchema, "The report, filed"),
      200: json(FiledReportSchema, "The same report was already open: it is answered, nothing is added"),
      400: problem("BAD_REQUEST or BAD_JSON; BAD_REQUEST also when the reported player is not the reporter's opponent at the table"),
      401: problem("UNAUTHORIZED: no, a malformed, or an ended session"),
      403: problem("SPECTATOR: the reporter holds no seat at the table"),
      404: problem("PLAYER_NOT_FOUND: no (live) player with this id; TABLE_NOT_FOUND: no table with this id (or it was purged)"),
      409: problem("SAME_PLAYER: nobody reports themselves"),
      429: problem(`RATE_LIMITED: the reporter has ${REPORT_LIMITS.maxOpenPerReporter} open reports already`),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const db = new Db(c.env.DB);
    const { player: reporter } = await requireSession(db, c.req.header("authorization"));
    if (body.playerId === reporter.id) throw new HttpRefusal("SAME_PLAYER", "nobody reports themselves");
    const reported = await db.player(body.playerId);
    if (!reported || reported.kind === "deleted") throw new HttpRefusal("PLAYER_NOT_FOUND", "no player with this id");
    const tableId = body.tableId ?? null;
    const evidence: ReportEvidence =
      tableId === null ? { name: reported.name ?? DELETED_NAME, chat: [], match: null } : await tableEvidence(c.env, tableId, reporter.id, reported);
    const filing = await new ReportsDb(c.env.DB).file(
      { id: newReportId(), at: Date.now(), reporterId: reporter.id, reportedId: reported.id, tableId, reason: body.reason, text: body.text, evidence },
      REPORT_LIMITS.maxOpenPerReporter,
    );
    if (filing.kind === "capped") {
      throw new HttpRefusal("RATE_LIMITED", `at most ${REPORT_LIMITS.maxOpenPerReporter} open reports at a time: a new one can be filed once a moderator has closed one`);
    }
    const duplicate = filing.kind === "duplicate";
    return c.json({ report: ownReport(filing.report), duplicate }, duplicate ? 200 : 201);
  },
);

reports.openapi(
  createRoute({
    method: "get",
    path: "/me/reports",
    summary: "The session's own reports, newest first, with their status (open, handled, dismissed)",
    operationId: "getMyReports",
    tags: ["reports"],
    security: [{ session: [] }],
    request: { query: z.object({ limit: z.coerce.number().int().min(1).max(REPORT_LIMITS.maxPage).default(REPORT_LIMITS.defaultPage) }) },
    responses: {
      200: json(OwnReportListSchema, "The reports"),
      400: problem("BAD_REQUEST"),
      401: problem("UNAUTHORIZED: no, a malformed, or an ended session"),
    },
  }),
  async (c) => {
    const db = new Db(c.env.DB);
    const { player } = await requireSession(db, c.req.header("authorization"));
    const rows = await new ReportsDb(c.env.DB).ofReporter(player.id, c.req.valid("query").limit);
    return c.json({ reports: rows.map(ownReport) }, 200);
  },
);
