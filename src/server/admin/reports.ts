/**
 * The moderators' report queue (docs/reports.md): list it (oldest open first, the evidence in view), read one
 * report, and close it as handled or dismissed. Closing writes the report's status, who and when, and one
 * append-only `moderation_log` row (action `resolve-report`, detail `{report, outcome, action}`) in the same
 * batch; the report keeps that row's id as `resolutionId`.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { ReportQueueQuerySchema, ReportQueueSchema, ResolveReportBodySchema, StaffReportSchema, type StaffReport } from "../../protocol";
import { ReportsDb, type ReportRow } from "../db/reports";
import type { Env } from "../env";
import { newTableId } from "../ids";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";
import { requireStaff, STAFF_SECURITY } from "./auth";

export const reportsAdmin = new OpenAPIHono<{ Bindings: Env }>();

// The staff check comes before any validation, so a caller without the role learns nothing about the routes'
// inputs (401/403 whatever they send). Only these paths: this sub-app is mounted beside the other admin parts.
for (const path of ["/reports", "/reports/*"]) {
  reportsAdmin.use(path, async (c, next) => {
    await requireStaff(c.env, c.req.header("authorization"));
    await next();
  });
}

const staffProblems = {
  401: problem("UNAUTHORIZED: no, a malformed, or an ended session"),
  403: problem("FORBIDDEN: the session's player is not a moderator or admin"),
};

const IdParams = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .meta({ param: { name: "id", in: "path" }, description: "A report id" }),
});

function staffView(row: ReportRow, openAgainst: Map<string, number>): StaffReport {
  const open = openAgainst.get(row.reported.id) ?? 0;
  const base = row.tableId === null ? null : `/v1/tables/${row.tableId}`;
  return {
    ...row,
    links: base === null ? null : { table: base, events: `${base}/events`, record: `/v1/matches/${row.tableId}` },
    // The others: this one, while open, is among the open reports counted.
    otherOpen: Math.max(0, open - (row.status === "open" ? 1 : 0)),
  };
}

async function staffViews(reports: ReportsDb, rows: ReportRow[]): Promise<StaffReport[]> {
  const counts = await reports.openAgainst(rows.map((row) => row.reported.id));
  return rows.map((row) => staffView(row, counts));
}

async function existing(reports: ReportsDb, id: string): Promise<ReportRow> {
  const row = await reports.byId(id);
  if (!row) throw new HttpRefusal("REPORT_NOT_FOUND", "no report with this id");
  return row;
}

reportsAdmin.openapi(
  createRoute({
    method: "get",
    path: "/reports",
    summary: "The report queue: open reports oldest first (or closed ones, newest closed first), each with its evidence",
    description:
      "Each report shows the reporter, the reported player (name now; the name at filing time is in `evidence.name`), the table's links, " +
      "the chat lines and match state the server captured when it was filed, and how many other open reports name the same player.",
    operationId: "adminListReports",
    tags: ["admin"],
    security: STAFF_SECURITY,
    request: { query: ReportQueueQuerySchema },
    responses: { 200: json(ReportQueueSchema, "One page of the queue"), 400: problem("BAD_REQUEST"), ...staffProblems },
  }),
  async (c) => {
    const { status, player, limit, offset } = c.req.valid("query");
    const reports = new ReportsDb(c.env.DB);
    const [rows, open] = await Promise.all([reports.queue(status, player ?? null, limit, offset), reports.openTotal()]);
    return c.json({ reports: await staffViews(reports, rows), open, next: rows.length === limit ? offset + limit : null }, 200);
  },
);

reportsAdmin.openapi(
  createRoute({
    method: "get",
    path: "/reports/{id}",
    summary: "One report, with its evidence and resolution",
    operationId: "adminGetReport",
    tags: ["admin"],
    security: STAFF_SECURITY,
    request: { params: IdParams },
    responses: { 200: json(StaffReportSchema, "The report"), 400: problem("BAD_REQUEST"), ...staffProblems, 404: problem("REPORT_NOT_FOUND") },
  }),
  async (c) => {
    const reports = new ReportsDb(c.env.DB);
    const [view] = await staffViews(reports, [await existing(reports, c.req.valid("param").id)]);
    return c.json(view!, 200);
  },
);

reportsAdmin.openapi(
  createRoute({
    method: "post",
    path: "/reports/{id}/resolve",
    summary: "Close a report: handled (acted on; optionally naming the action) or dismissed",
    description:
      "Checks, in order: the staff session (401 UNAUTHORIZED / 403 FORBIDDEN), the body (400 BAD_REQUEST), the report exists (404 REPORT_NOT_FOUND), it is still " +
      "open (409 REPORT_CLOSED: a report is closed once), and an `actionId` names a moderation-log row about the reported player " +
      "(404 ACTION_NOT_FOUND). Then, in one batch, the report records the outcome, who, when, the note and the action, and a " +
      "`moderation_log` row (action `resolve-report`) is appended. The reporter then sees the status (GET /v1/me/reports), never the note.",
    operationId: "adminResolveReport",
    tags: ["admin"],
    security: STAFF_SECURITY,
    request: { params: IdParams, body: { content: { "application/json": { schema: ResolveReportBodySchema } }, required: true } },
    responses: {
      200: json(StaffReportSchema, "The closed report"),
      400: problem("BAD_REQUEST or BAD_JSON"),
      ...staffProblems,
      404: problem("REPORT_NOT_FOUND; ACTION_NOT_FOUND: no moderation action with this id about the reported player"),
      409: problem("REPORT_CLOSED: the report was already handled or dismissed"),
    },
  }),
  async (c) => {
    const staff = await requireStaff(c.env, c.req.header("authorization"));
    const { outcome, note, actionId } = c.req.valid("json");
    const reports = new ReportsDb(c.env.DB);
    const report = await existing(reports, c.req.valid("param").id);
    const closed = () => new HttpRefusal("REPORT_CLOSED", `this report was already ${report.status} — a report is closed once`);
    if (report.status !== "open") throw closed();
    if (actionId !== undefined) {
      const action = await reports.action(actionId);
      if (action?.playerId !== report.reported.id) throw new HttpRefusal("ACTION_NOT_FOUND", "no moderation action with this id about the reported player");
    }
    const resolved = await reports.resolve({
      reportId: report.id,
      staffId: staff.player.id,
      outcome,
      note,
      actionId: actionId ?? null,
      logId: newTableId(),
      at: Date.now(),
    });
    // Another moderator closed it between the read and the write: theirs stands.
    if (!resolved) throw new HttpRefusal("REPORT_CLOSED", "this report was closed meanwhile by another moderator");
    const [view] = await staffViews(reports, [await existing(reports, report.id)]);
    return c.json(view!, 200);
  },
);
