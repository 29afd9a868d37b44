/**
 * Suspected assistance, from the analyses (docs/fair-play.md, "Assistance flags"): the one place that decides it.
 * A player who starts playing far better than they usually do, several matches in a row, may be getting help from
 * an engine or another person. When a match's analysis is stored, each seat with a player is checked: their last
 * `recent` analysed matches in this variant (this one included, each with at least `minDecisions` counted decisions
 * of their own) each have a PR below `ratio` × the median PR of the `history` matches before them. Then one `flag`
 * row (reason `assistance`) is appended to the moderation log, at most once per player, variant and UTC day. It is
 * a signal for a moderator, never a sanction: strong players have good days, and a short match says little.
 */
import type { Side } from "../../engine";
import type { MatchRecord } from "../../protocol";
import type { Analysis } from "../../protocol/analysis";
import { AnalysisDb } from "../db/analysis";

export const ASSISTANCE = {
  /** Matches in a row that must each be far better than usual (the newest ones, this one included). */
  recent: 3,
  /** The matches before them whose median is the player's usual PR; fewer than this: no flag. */
  history: 10,
  /** "Far better": a PR below this share of the usual one. */
  ratio: 0.4,
  /** A match counts (in `recent` and in `history`) only with at least this many counted decisions of the player's own. */
  minDecisions: 20,
} as const;

const DAY_MS = 86_400_000;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The signal on a player's PRs, newest first: null, or the usual (median) PR the recent ones fell far below.
 * `prs[0]` is the match just analysed.
 */
export function assistanceSignal(prs: readonly number[], t: typeof ASSISTANCE = ASSISTANCE): { usual: number; recent: number[] } | null {
  if (prs.length < t.recent + t.history) return null;
  const recent = prs.slice(0, t.recent);
  const usual = median(prs.slice(t.recent, t.recent + t.history));
  return recent.every((pr) => pr < t.ratio * usual) ? { usual, recent } : null;
}

/** The moderation log's flag rows this analysis raises (at most one per seat), for the analysis's own D1 batch. */
export async function assistanceStatements(d1: D1Database, record: MatchRecord, analysis: Analysis, now: number): Promise<D1PreparedStatement[]> {
  const db = new AnalysisDb(d1);
  const statements: D1PreparedStatement[] = [];
  for (const side of ["white", "black"] as const satisfies readonly Side[]) {
    const player = record.players[side];
    const own = analysis.players[side];
    if (!player.playerId || player.kind !== "human" || own.decisions < ASSISTANCE.minDecisions) continue;
    const before = await db.playerPrs(player.playerId, analysis.variant, ASSISTANCE.recent - 1 + ASSISTANCE.history, ASSISTANCE.minDecisions, record.endedAt);
    const prs = [own.pr, ...before.map((m) => m.pr)];
    const signal = assistanceSignal(prs);
    if (!signal) continue;
    const tables = [record.tableId, ...before.slice(0, ASSISTANCE.recent - 1).map((m) => m.tableId)];
    const day = new Date(Math.floor(now / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
    const detail = {
      variant: analysis.variant,
      recent: tables.map((tableId, i) => ({ tableId, pr: signal.recent[i] })),
      usualPr: signal.usual,
      history: ASSISTANCE.history,
      ratio: ASSISTANCE.ratio,
      minDecisions: ASSISTANCE.minDecisions,
    };
    statements.push(
      d1
        .prepare(
          `INSERT INTO moderation_log (id, at, actor_id, action, player_id, table_id, reason, note, detail)
           VALUES (?, ?, NULL, 'flag', ?, ?, 'assistance', ?, ?) ON CONFLICT DO NOTHING`,
        )
        .bind(
          `flag:assistance:${player.playerId}:${analysis.variant}:${day}`,
          now,
          player.playerId,
          record.tableId,
          "automatic: several analysed matches in a row far better than the player's usual error rate",
          JSON.stringify(detail),
        ),
    );
  }
  return statements;
}
