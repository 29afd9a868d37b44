/**
 * Every query about players' reports (migrations/0006_reports.sql, docs/reports.md). Rows are parsed here with
 * the protocol's schemas; the routes never see SQL. Names are read with the rows (the name now; a deleted
 * player's as `deleted player`), the evidence as it was stored at filing time.
 */
import * as z from "zod";
import { ReportEvidenceSchema, ReportReasonSchema, ReportStatusSchema, type ReportEvidence, type ReportReason, type ReportStatus } from "../../protocol";
import { ownData } from "../problem";
import { DELETED_NAME } from "./index";
import { json } from "./rows";

type Row = Record<string, unknown>;

export interface PlayerRef {
  id: string;
  name: string;
}

export interface ReportRow {
  id: string;
  at: number;
  reporter: PlayerRef;
  reported: PlayerRef;
  tableId: string | null;
  reason: ReportReason;
  text: string;
  evidence: ReportEvidence;
  status: ReportStatus;
  handledBy: PlayerRef | null;
  handledAt: number | null;
  note: string;
  actionId: string | null;
  resolutionId: string | null;
}

export interface NewReport {
  id: string;
  at: number;
  reporterId: string;
  reportedId: string;
  tableId: string | null;
  reason: ReportReason;
  text: string;
  evidence: ReportEvidence;
}

export type Filing = { kind: "filed" | "duplicate"; report: ReportRow } | { kind: "capped" };

export interface Resolution {
  reportId: string;
  staffId: string;
  outcome: "handled" | "dismissed";
  note: string;
  actionId: string | null;
  /** The id of the moderation-log row written with it. */
  logId: string;
  at: number;
}

/** The columns every read selects: the report and the three names it shows. */
const SELECT = `SELECT r.*, reporter.name AS reporter_name, reported.name AS reported_name, staff.name AS staff_name
  FROM reports r
  JOIN players reporter ON reporter.id = r.reporter_id
  JOIN players reported ON reported.id = r.reported_id
  LEFT JOIN players staff ON staff.id = r.handled_by`;

/** A name read with the row: a deleted player has none. */
const nameOrDeleted = z.string().nullable().transform((name) => name ?? DELETED_NAME);

/** A `reports` row with the three names SELECT joins in (migrations/0006_reports.sql). */
const ReportDbRowSchema = z
  .object({
    id: z.string(),
    at: z.number().int(),
    reporter_id: z.string(),
    reporter_name: nameOrDeleted,
    reported_id: z.string(),
    reported_name: nameOrDeleted,
    table_id: z.string().nullable(),
    reason: ReportReasonSchema,
    text: z.string(),
    evidence: json(ReportEvidenceSchema),
    status: ReportStatusSchema,
    handled_by: z.string().nullable(),
    staff_name: nameOrDeleted,
    handled_at: z.number().int().nullable(),
    note: z.string(),
    action_id: z.string().nullable(),
    resolution_id: z.string().nullable(),
  })
  .transform(
    (r): ReportRow => ({
      id: r.id,
      at: r.at,
      reporter: { id: r.reporter_id, name: r.reporter_name },
      reported: { id: r.reported_id, name: r.reported_name },
      tableId: r.table_id,
      reason: r.reason,
      text: r.text,
      evidence: r.evidence,
      status: r.status,
      handledBy: r.handled_by === null ? null : { id: r.handled_by, name: r.staff_name },
      handledAt: r.handled_at,
      note: r.note,
      actionId: r.action_id,
      resolutionId: r.resolution_id,
    }),
  );

function reportOf(row: Row): ReportRow {
  return ownData(ReportDbRowSchema, row, "a D1 reports row");
}

export class ReportsDb {
  constructor(private readonly d1: D1Database) {}

  /**
   * Files a report in one statement: nothing when this reporter already has the same report open (the unique
   * partial index: "duplicate", with the existing one) or already has `cap` open reports ("capped"). One
   * statement, so two filings at once can neither both pass the cap nor make two open copies.
   */
  async file(report: NewReport, cap: number): Promise<Filing> {
    const inserted = await this.d1
      .prepare(
        `INSERT INTO reports (id, at, reporter_id, reported_id, table_id, reason, text, evidence)
         SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM reports WHERE reporter_id = ? AND status = 'open') < ?
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        report.id,
        report.at,
        report.reporterId,
        report.reportedId,
        report.tableId,
        report.reason,
        report.text,
        JSON.stringify(report.evidence),
        report.reporterId,
        cap,
      )
      .run();
    if (inserted.meta.changes === 1) return { kind: "filed", report: (await this.byId(report.id))! };
    const open = await this.openOne(report.reporterId, report.reportedId, report.tableId);
    return open ? { kind: "duplicate", report: open } : { kind: "capped" };
  }

  /** This reporter's open report of this player at this table (or from a profile: `tableId` null), if any. */
  async openOne(reporterId: string, reportedId: string, tableId: string | null): Promise<ReportRow | null> {
    const row = await this.d1
      .prepare(`${SELECT} WHERE r.reporter_id = ? AND r.reported_id = ? AND coalesce(r.table_id, '') = ? AND r.status = 'open'`)
      .bind(reporterId, reportedId, tableId ?? "")
      .first<Row>();
    return row ? reportOf(row) : null;
  }

  async byId(id: string): Promise<ReportRow | null> {
    const row = await this.d1.prepare(`${SELECT} WHERE r.id = ?`).bind(id).first<Row>();
    return row ? reportOf(row) : null;
  }

  /** A reporter's own reports, newest first. */
  async ofReporter(reporterId: string, limit: number): Promise<ReportRow[]> {
    const { results } = await this.d1.prepare(`${SELECT} WHERE r.reporter_id = ? ORDER BY r.at DESC, r.id DESC LIMIT ?`).bind(reporterId, limit).all<Row>();
    return results.map(reportOf);
  }

  /** The queue: open reports oldest first; closed ones most recently closed first. `player`: only those naming them. */
  async queue(status: ReportStatus, player: string | null, limit: number, offset: number): Promise<ReportRow[]> {
    const order = status === "open" ? "r.at ASC, r.id ASC" : "r.handled_at DESC, r.id DESC";
    const { results } = await this.d1
      .prepare(`${SELECT} WHERE r.status = ? AND (? IS NULL OR r.reported_id = ?) ORDER BY ${order} LIMIT ? OFFSET ?`)
      .bind(status, player, player, limit, offset)
      .all<Row>();
    return results.map(reportOf);
  }

  /** Open reports naming each of these players (all of them, whoever filed them). */
  async openAgainst(playerIds: readonly string[]): Promise<Map<string, number>> {
    const ids = [...new Set(playerIds)];
    const counts = new Map<string, number>(ids.map((id) => [id, 0]));
    if (ids.length === 0) return counts;
    const { results } = await this.d1
      .prepare(`SELECT reported_id, count(*) AS n FROM reports WHERE status = 'open' AND reported_id IN (${ids.map(() => "?").join(", ")}) GROUP BY reported_id`)
      .bind(...ids)
      .all<Row>();
    for (const row of results) counts.set(String(row.reported_id), Number(row.n));
    return counts;
  }

  async openTotal(): Promise<number> {
    return Number((await this.d1.prepare("SELECT count(*) AS n FROM reports WHERE status = 'open'").first<Row>())?.n ?? 0);
  }

  /** The moderation-log row `id` and the player it is about (null: no such action). */
  async action(id: string): Promise<{ id: string; playerId: string | null } | null> {
    const row = await this.d1.prepare("SELECT id, player_id FROM moderation_log WHERE id = ?").bind(id).first<Row>();
    return row ? { id: String(row.id), playerId: row.player_id == null ? null : String(row.player_id) } : null;
  }

  /**
   * Closes an open report and writes its moderation-log row, in one atomic batch (one transaction): both
   * statements act only while the report is open, so either both happen or, for a report closed meanwhile by
   * another moderator, neither. The log row comes first: the report's resolution_id refers to it.
   */
  async resolve(r: Resolution): Promise<boolean> {
    const [, update] = await this.d1.batch([
      this.d1
        .prepare(
          `INSERT INTO moderation_log (id, at, actor_id, action, player_id, table_id, reason, note, detail)
           SELECT ?, ?, ?, 'resolve-report', reported_id, table_id, reason, ?, json_object('report', id, 'outcome', ?, 'action', ?)
           FROM reports WHERE id = ? AND status = 'open'`,
        )
        .bind(r.logId, r.at, r.staffId, r.note, r.outcome, r.actionId, r.reportId),
      this.d1
        .prepare("UPDATE reports SET status = ?, handled_by = ?, handled_at = ?, note = ?, action_id = ?, resolution_id = ? WHERE id = ? AND status = 'open'")
        .bind(r.outcome, r.staffId, r.at, r.note, r.actionId, r.logId, r.reportId),
    ]);
    return (update?.meta.changes ?? 0) === 1;
  }
}
