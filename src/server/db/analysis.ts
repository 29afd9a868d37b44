/**
 * The analysis queries (migrations/0012_analysis.sql): stored analyses, the requests the sweep re-sends, and the
 * per-player figures the profile and the assistance signal read. The queue's consumer, the route and the sweep call
 * these and never see SQL.
 */
import * as z from "zod";
import { AnalysisSchema, type Analysis } from "../../protocol/analysis";
import type { Side } from "../../engine";
import type { Performance } from "../../protocol";
import { ownData } from "../problem";
import type { D1Reader } from "./index";

type Row = Record<string, unknown>;

const SIDES = ["white", "black"] as const;

/** One analysed match of one player: their PR there and their counted decisions. */
export interface PlayerMatchPr {
  tableId: string;
  endedAt: number;
  pr: number;
  decisions: number;
}

const PlayerPrRowSchema = z
  .object({ table_id: z.string(), ended_at: z.number().int(), pr: z.number(), decisions: z.number().int() })
  .transform((r) => ({ tableId: r.table_id, endedAt: r.ended_at, pr: r.pr, decisions: r.decisions }));

const PerformanceRowSchema = z.object({
  variant: z.enum(["long", "short"]),
  pr: z.number(),
  matches: z.number().int(),
  decisions: z.number().int(),
});

const AnalysisRowSchema = z.object({ analysis: z.string() });

export class AnalysisDb {
  constructor(private readonly d1: D1Reader) {}

  async exists(tableId: string): Promise<boolean> {
    return (await this.d1.prepare("SELECT 1 FROM analyses WHERE table_id = ?").bind(tableId).first()) !== null;
  }

  async analysis(tableId: string): Promise<Analysis | null> {
    const row = await this.d1.prepare("SELECT analysis FROM analyses WHERE table_id = ?").bind(tableId).first<Row>();
    if (!row) return null;
    const { analysis } = ownData(AnalysisRowSchema, row, `the analysis of match ${tableId}`);
    return ownData(AnalysisSchema, JSON.parse(analysis), `the analysis of match ${tableId}`);
  }

  /**
   * The analysis's row (INSERT OR IGNORE: a second consumer of the same match stores nothing), its request's
   * deletion and `also` (the assistance flag) as one batch. True when this call stored it.
   */
  async store(
    analysis: Analysis,
    match: { tableId: string; endedAt: number; players: Record<Side, string | null> },
    now: number,
    also: D1PreparedStatement[] = [],
  ): Promise<boolean> {
    const side = (s: Side) => analysis.players[s];
    const results = await this.d1.batch([
      this.d1
        .prepare(
          `INSERT INTO analyses (table_id, version, variant, ended_at, white_player_id, black_player_id, white_pr, black_pr,
             white_decisions, black_decisions, analysis, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .bind(
          match.tableId,
          analysis.version,
          analysis.variant,
          match.endedAt,
          match.players.white,
          match.players.black,
          side("white").pr,
          side("black").pr,
          side("white").decisions,
          side("black").decisions,
          JSON.stringify(analysis),
          now,
        ),
      this.d1.prepare("DELETE FROM analysis_requests WHERE table_id = ?").bind(match.tableId),
      ...also,
    ]);
    return results[0]?.meta.changes === 1;
  }

  /** The request row written with the match record (in its batch): the sweep's evidence that an analysis is owed. */
  requestStatement(tableId: string, at: number): D1PreparedStatement {
    return this.d1.prepare("INSERT INTO analysis_requests (table_id, sent_at, sends) VALUES (?, ?, 1) ON CONFLICT DO NOTHING").bind(tableId, at);
  }

  /**
   * A request asked for again (GET …/analysis of a recorded match without one): stored, or its `sent_at` moved to
   * `now`, only when no send happened after `sentBefore`. True when the caller should send a message.
   */
  async askAgain(tableId: string, now: number, sentBefore: number): Promise<boolean> {
    const result = await this.d1
      .prepare(
        `INSERT INTO analysis_requests (table_id, sent_at, sends) VALUES (?1, ?2, 1)
         ON CONFLICT (table_id) DO UPDATE SET sent_at = ?2, sends = sends + 1 WHERE sent_at < ?3`,
      )
      .bind(tableId, now, sentBefore)
      .run();
    return result.meta.changes === 1;
  }

  /**
   * Requests last sent before `sentBefore` with fewer than `maxSends` sends (oldest first, at most `limit`): each is
   * marked sent now, in one batch, and returned for the sweep to send. A request whose analysis exists meanwhile
   * (the consumer deletes it in the same batch) is not among them.
   */
  async overdue(now: number, sentBefore: number, maxSends: number, limit: number): Promise<string[]> {
    const { results } = await this.d1
      .prepare("SELECT table_id FROM analysis_requests WHERE sent_at < ? AND sends < ? ORDER BY sent_at LIMIT ?")
      .bind(sentBefore, maxSends, limit)
      .all<Row>();
    const ids = results.map((row) => String(row.table_id));
    if (ids.length === 0) return [];
    await this.d1.batch(ids.map((id) => this.d1.prepare("UPDATE analysis_requests SET sent_at = ?, sends = sends + 1 WHERE table_id = ?").bind(now, id)));
    return ids;
  }

  /** Whether any request is still open (the sweep goes on while there is one it may still send). */
  async pendingRequests(maxSends: number): Promise<number> {
    const row = await this.d1.prepare("SELECT count(*) AS n FROM analysis_requests WHERE sends < ?").bind(maxSends).first<Row>();
    return Number(row?.n ?? 0);
  }

  /**
   * Per variant, over a player's `limit` most recent analysed matches with a counted decision of theirs: the PR over
   * all those decisions (each match's PR weighted by its decisions), the matches and the decisions.
   */
  async performance(playerId: string, limit: number): Promise<Performance[]> {
    const parts = SIDES.map(
      (s) => `SELECT variant, table_id, ended_at, ${s}_pr AS pr, ${s}_decisions AS decisions FROM analyses WHERE ${s}_player_id = ?1 AND ${s}_decisions > 0`,
    );
    const { results } = await this.d1
      .prepare(
        `SELECT variant, sum(pr * decisions) / sum(decisions) AS pr, count(*) AS matches, sum(decisions) AS decisions FROM (
           SELECT *, row_number() OVER (PARTITION BY variant ORDER BY ended_at DESC, table_id DESC) AS n FROM (${parts.join(" UNION ALL ")})
         ) WHERE n <= ?2 GROUP BY variant ORDER BY variant`,
      )
      .bind(playerId, limit)
      .all<Row>();
    return results.map((row) => ownData(PerformanceRowSchema, row, "a player's D1 analysis figures"));
  }

  /**
   * A player's analysed matches in one variant, newest first, at most `limit`, with at least `minDecisions` counted
   * decisions of their own; `before`: only matches that ended before it (the signal's history), else all.
   */
  async playerPrs(playerId: string, variant: "long" | "short", limit: number, minDecisions: number, before?: number): Promise<PlayerMatchPr[]> {
    const parts = SIDES.map(
      (s) =>
        `SELECT table_id, ended_at, ${s}_pr AS pr, ${s}_decisions AS decisions FROM analyses
         WHERE ${s}_player_id = ?1 AND variant = ?2 AND ${s}_decisions >= ?3 AND ended_at < ?4`,
    );
    const { results } = await this.d1
      .prepare(`SELECT * FROM (${parts.join(" UNION ALL ")}) ORDER BY ended_at DESC, table_id DESC LIMIT ?5`)
      .bind(playerId, variant, minDecisions, before ?? Number.MAX_SAFE_INTEGER, limit)
      .all<Row>();
    return results.map((row) => ownData(PlayerPrRowSchema, row, "a D1 analyses row"));
  }
}
