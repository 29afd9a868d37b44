/**
 * Moderation's queries (migrations/0005_moderation.sql, 0010_moderation_actions.sql): the append-only log, the
 * standing sanctions it leaves, roles, and a reversed match's compensating rows. An action is ONE D1 batch: its
 * log row first, then every effect guarded by `EXISTS (that log row)`, so a log row that a guard kept out takes
 * its effects with it, and an effect never lands without its row.
 */
import * as z from "zod";
import {
  LogEntrySchema,
  ReasonCodeSchema,
  RoleSchema,
  type LogEntry,
  type ModerationActionKind,
  type ReasonCode,
  type Standing,
  type StaffRole,
} from "../../protocol";
import { ownData } from "../problem";
import { json } from "./rows";

type Row = Record<string, unknown>;

/** A log row about to be written. */
export interface NewLogRow {
  id: string;
  at: number;
  actorId: string | null;
  action: ModerationActionKind;
  playerId: string | null;
  tableId: string | null;
  reason: ReasonCode;
  note: string;
  until: number | null;
  undoes: string | null;
  detail: Record<string, unknown> | null;
}

export interface LogFilter {
  playerId?: string;
  action?: ModerationActionKind;
}

/** A seat of a recorded match, with the rating change the match made (null when unrated). */
export interface RecordedSeat {
  playerId: string;
  pool: string;
  ratingBefore: number | null;
  ratingAfter: number | null;
}

/** A coin transfer as a reversal moves it. */
export interface Movement {
  id: string;
  from: string;
  to: string;
  amount: number;
}

export interface Adjustment {
  playerId: string;
  pool: string;
  ratingDelta: number;
  gamesDelta: number;
}

const DetailSchema = z.record(z.string(), z.unknown());
const MovementSchema = z.object({ id: z.string(), from: z.string(), to: z.string(), amount: z.number().int().positive() });
const AdjustmentSchema = z.object({ playerId: z.string(), pool: z.string(), ratingDelta: z.number(), gamesDelta: z.number().int() });
/** What a reversal's (or a restore's) log row keeps in `detail`: the rows it wrote, so that its undo writes their inverse. */
export const ReversalDetailSchema = z.object({ transfers: z.array(MovementSchema), adjustments: z.array(AdjustmentSchema) });
export type ReversalDetail = z.infer<typeof ReversalDetailSchema>;
const RenameDetailSchema = z.object({ from: z.string(), to: z.string() });

function entryOf(row: Row): LogEntry {
  const detail = row.detail === null || row.detail === undefined ? null : ownData(json(DetailSchema), row.detail, "a moderation_log row's detail");
  const entry = {
    id: row.id,
    at: Number(row.at),
    actorId: row.actor_id ?? null,
    actorName: row.actor_name ?? null,
    action: row.action,
    playerId: row.player_id ?? null,
    tableId: row.table_id ?? null,
    reason: row.reason,
    note: row.note,
    until: row.until === null || row.until === undefined ? null : Number(row.until),
    undoes: row.undoes ?? null,
    detail,
  };
  return ownData(LogEntrySchema, entry, "a D1 moderation_log row");
}

const ENTRY_SELECT = "SELECT l.*, a.name AS actor_name FROM moderation_log l LEFT JOIN players a ON a.id = l.actor_id";

export class ModerationDb {
  constructor(private readonly d1: D1Database) {}

  /** `EXISTS` of a log row, with its id bound as the given parameter number: the guard on every effect of an action. */
  static logged(param: number): string {
    return `EXISTS (SELECT 1 FROM moderation_log WHERE id = ?${param})`;
  }

  // Writing an action: statements for one batch.

  /** The log row; `guard` (SQL over the bound ?12…) keeps it out when the action no longer applies. */
  insertLog(row: NewLogRow, guard: { sql: string; binds: unknown[] } | null = null): D1PreparedStatement {
    return this.d1
      .prepare(
        `INSERT INTO moderation_log (id, at, actor_id, action, player_id, table_id, reason, note, until, undoes, detail)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11 WHERE ${guard?.sql ?? "1"}`,
      )
      .bind(
        row.id,
        row.at,
        row.actorId,
        row.action,
        row.playerId,
        row.tableId,
        row.reason,
        row.note,
        row.until,
        row.undoes,
        row.detail === null ? null : JSON.stringify(row.detail),
        ...(guard?.binds ?? []),
      );
  }

  /** Sets one sanction column of the player (creating their row), once the log row `logId` exists. */
  setSanction(logId: string, playerId: string, column: "muted_until" | "suspended_until" | "banned", value: number | null): D1PreparedStatement {
    return this.d1
      .prepare(
        `INSERT INTO sanctions (player_id, ${column}) SELECT ?2, ?3 WHERE ${ModerationDb.logged(1)}
         ON CONFLICT (player_id) DO UPDATE SET ${column} = excluded.${column}`,
      )
      .bind(logId, playerId, value);
  }

  /** A ban ends every session of the player at once. */
  deleteSessions(logId: string, playerId: string): D1PreparedStatement {
    return this.d1.prepare(`DELETE FROM sessions WHERE player_id = ?2 AND ${ModerationDb.logged(1)}`).bind(logId, playerId);
  }

  rename(logId: string, playerId: string, name: string, nameKey: string): D1PreparedStatement {
    return this.d1
      .prepare(`UPDATE players SET name = ?3, name_key = ?4 WHERE id = ?2 AND kind != 'deleted' AND ${ModerationDb.logged(1)}`)
      .bind(logId, playerId, name, nameKey);
  }

  grantRole(logId: string, playerId: string, role: StaffRole, grantedBy: string | null, at: number): D1PreparedStatement {
    return this.d1
      .prepare(`INSERT INTO player_roles (player_id, role, granted_by, granted_at) SELECT ?2, ?3, ?4, ?5 WHERE ${ModerationDb.logged(1)} ON CONFLICT DO NOTHING`)
      .bind(logId, playerId, role, grantedBy, at);
  }

  revokeRole(logId: string, playerId: string, role: StaffRole): D1PreparedStatement {
    return this.d1.prepare(`DELETE FROM player_roles WHERE player_id = ?2 AND role = ?3 AND ${ModerationDb.logged(1)}`).bind(logId, playerId, role);
  }

  /** A reversal's (or restore's) coin movement: a new transfer, never an edit of the match's own. */
  transfer(logId: string, m: Movement, purpose: "reversal" | "restore", tableId: string, at: number): D1PreparedStatement {
    return this.d1
      .prepare(
        `INSERT INTO coin_transfers (id, from_account, to_account, amount, purpose, table_id, at)
         SELECT ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE ${ModerationDb.logged(1)}`,
      )
      .bind(logId, m.id, m.from, m.to, m.amount, purpose, tableId, at);
  }

  /** A rating adjustment's row and its effect on `ratings` (rev moves on, so a delivery computed before it is retried). */
  adjust(logId: string, a: Adjustment, tableId: string, at: number): D1PreparedStatement[] {
    return [
      this.d1
        .prepare(
          `INSERT INTO rating_adjustments (id, log_id, table_id, player_id, pool, rating_delta, games_delta, at)
           SELECT ?1 || ':' || ?3, ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${ModerationDb.logged(1)}`,
        )
        .bind(logId, tableId, a.playerId, a.pool, a.ratingDelta, a.gamesDelta, at),
      this.d1
        .prepare(
          `UPDATE ratings SET rating = rating + ?4, games = max(0, games + ?5), rev = rev + 1
           WHERE player_id = ?2 AND pool = ?3 AND ${ModerationDb.logged(1)}`,
        )
        .bind(logId, a.playerId, a.pool, a.ratingDelta, a.gamesDelta),
    ];
  }

  async batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    return this.d1.batch(statements);
  }

  // Reading.

  async entry(id: string): Promise<LogEntry | null> {
    const row = await this.d1.prepare(`${ENTRY_SELECT} WHERE l.id = ?`).bind(id).first<Row>();
    return row ? entryOf(row) : null;
  }

  /** The log, newest first, `limit` after `cursor` (the `at` and id of the last one seen). */
  async page(filter: LogFilter, cursor: { at: number; id: string } | null, limit: number): Promise<LogEntry[]> {
    const { results } = await this.d1
      .prepare(
        `${ENTRY_SELECT}
         WHERE (?1 IS NULL OR l.player_id = ?1) AND (?2 IS NULL OR l.action = ?2) AND (?3 IS NULL OR (l.at, l.id) < (?4, ?5))
         ORDER BY l.at DESC, l.id DESC LIMIT ?6`,
      )
      .bind(filter.playerId ?? null, filter.action ?? null, cursor?.at ?? null, cursor?.at ?? 0, cursor?.id ?? "", limit)
      .all<Row>();
    return results.map(entryOf);
  }

  /** The latest row of one of `actions` about the player (or the table), in the order rows were written. */
  async latest(about: { playerId: string } | { tableId: string }, actions: ModerationActionKind[]): Promise<LogEntry | null> {
    const [column, value] = "playerId" in about ? ["player_id", about.playerId] : ["table_id", about.tableId];
    const row = await this.d1
      .prepare(`${ENTRY_SELECT} WHERE l.${column} = ? AND l.action IN (${actions.map(() => "?").join(", ")}) ORDER BY l.rowid DESC LIMIT 1`)
      .bind(value, ...actions)
      .first<Row>();
    return row ? entryOf(row) : null;
  }

  /** The sanctions standing at `now`, each with the reason and time of the action that set it. */
  async standing(playerId: string, now: number): Promise<Standing> {
    const row = await this.d1.prepare("SELECT * FROM sanctions WHERE player_id = ?").bind(playerId).first<Row>();
    const mutedUntil = row?.muted_until == null ? null : Number(row.muted_until);
    const suspendedUntil = row?.suspended_until == null ? null : Number(row.suspended_until);
    const banned = Number(row?.banned ?? 0) === 1;
    const cause = async (action: ModerationActionKind) => {
      const entry = await this.latest({ playerId }, [action]);
      return { reason: entry?.reason ?? "other", since: entry?.at ?? 0 };
    };
    return {
      banned: banned ? await cause("ban") : null,
      suspended: suspendedUntil !== null && suspendedUntil > now ? { until: suspendedUntil, ...(await cause("suspend")) } : null,
      muted: mutedUntil !== null && mutedUntil > now ? { until: mutedUntil, ...(await cause("mute")) } : null,
    };
  }

  /** Just the sanction columns, for the checks at the edge (one query). */
  async sanctions(playerId: string): Promise<{ mutedUntil: number | null; suspendedUntil: number | null; banned: boolean }> {
    const row = await this.d1.prepare("SELECT * FROM sanctions WHERE player_id = ?").bind(playerId).first<Row>();
    return {
      mutedUntil: row?.muted_until == null ? null : Number(row.muted_until),
      suspendedUntil: row?.suspended_until == null ? null : Number(row.suspended_until),
      banned: Number(row?.banned ?? 0) === 1,
    };
  }

  async warnings(playerId: string, limit: number): Promise<Array<{ at: number; reason: ReasonCode; note: string }>> {
    const { results } = await this.d1
      .prepare("SELECT at, reason, note FROM moderation_log WHERE player_id = ? AND action = 'warn' ORDER BY at DESC, id DESC LIMIT ?")
      .bind(playerId, limit)
      .all<Row>();
    return results.map((r) => ({ at: Number(r.at), reason: ReasonCodeSchema.parse(r.reason), note: String(r.note) }));
  }

  /** Names forced renames took from the player, newest first. */
  async pastNames(playerId: string): Promise<Array<{ name: string; until: number; actionId: string }>> {
    const { results } = await this.d1
      .prepare("SELECT id, at, detail FROM moderation_log WHERE player_id = ? AND action = 'rename' ORDER BY at DESC, id DESC")
      .bind(playerId)
      .all<Row>();
    return results.map((r) => ({ name: ownData(json(RenameDetailSchema), r.detail, "a rename's detail").from, until: Number(r.at), actionId: String(r.id) }));
  }

  /** Players a forced rename took a name from whose key is `key`. */
  async playersByPastName(key: string): Promise<string[]> {
    const { results } = await this.d1
      .prepare(
        `SELECT DISTINCT player_id FROM moderation_log
         WHERE action = 'rename' AND lower(trim(json_extract(detail, '$.from'))) = ? AND player_id IS NOT NULL`,
      )
      .bind(key)
      .all<Row>();
    return results.map((r) => String(r.player_id));
  }

  async roleGrants(playerId: string): Promise<Array<{ role: StaffRole; grantedAt: number; grantedBy: string | null }>> {
    const { results } = await this.d1.prepare("SELECT * FROM player_roles WHERE player_id = ? ORDER BY role").bind(playerId).all<Row>();
    return results.map((r) => ({ role: RoleSchema.parse(r.role), grantedAt: Number(r.granted_at), grantedBy: r.granted_by === null ? null : String(r.granted_by) }));
  }

  async sessions(playerId: string, limit: number): Promise<{ count: number; createdAt: number[] }> {
    const [count, list] = await this.d1.batch([
      this.d1.prepare("SELECT count(*) AS n FROM sessions WHERE player_id = ?").bind(playerId),
      this.d1.prepare("SELECT created_at FROM sessions WHERE player_id = ? ORDER BY created_at DESC LIMIT ?").bind(playerId, limit),
    ]);
    return {
      count: Number((count!.results[0] as Row | undefined)?.n ?? 0),
      createdAt: (list!.results as Row[]).map((r) => Number(r.created_at)),
    };
  }

  /** The seats of a recorded match that belong to players, with the pool; empty when no such match is recorded. */
  async recordedSeats(tableId: string): Promise<RecordedSeat[]> {
    const { results } = await this.d1
      .prepare("SELECT mp.player_id, m.pool, mp.rating_before, mp.rating_after FROM match_players mp JOIN matches m USING (table_id) WHERE table_id = ?")
      .bind(tableId)
      .all<Row>();
    return results.map((r) => ({
      playerId: String(r.player_id),
      pool: String(r.pool),
      ratingBefore: r.rating_before === null ? null : Number(r.rating_before),
      ratingAfter: r.rating_after === null ? null : Number(r.rating_after),
    }));
  }

  /** The match's own coin transfers (holds, payout, rake, refunds): what a reversal compensates. */
  async matchTransfers(tableId: string): Promise<Movement[]> {
    const { results } = await this.d1
      .prepare("SELECT id, from_account, to_account, amount FROM coin_transfers WHERE table_id = ? AND purpose IN ('hold', 'payout', 'rake', 'refund')")
      .bind(tableId)
      .all<Row>();
    return results.map((r) => ({ id: String(r.id), from: String(r.from_account), to: String(r.to_account), amount: Number(r.amount) }));
  }

  /** Of these tables, those whose latest reverse/restore row is a reversal. */
  async reversedAmong(tableIds: string[]): Promise<Set<string>> {
    if (tableIds.length === 0) return new Set();
    const { results } = await this.d1
      .prepare(
        `SELECT table_id FROM moderation_log l
         WHERE table_id IN (${tableIds.map(() => "?").join(", ")}) AND action = 'reverse-match'
           AND NOT EXISTS (SELECT 1 FROM moderation_log r WHERE r.table_id = l.table_id AND r.action IN ('reverse-match', 'restore-match') AND r.rowid > l.rowid)`,
      )
      .bind(...tableIds)
      .all<Row>();
    return new Set(results.map((r) => String(r.table_id)));
  }
}

/** The SQL guard that keeps a reversal (restore) out unless the match's latest reverse/restore row is not (is) a reversal. */
export function reversalGuard(tableId: string, reversed: boolean): { sql: string; binds: unknown[] } {
  const latest = "(SELECT action FROM moderation_log WHERE table_id = ?12 AND action IN ('reverse-match', 'restore-match') ORDER BY rowid DESC LIMIT 1)";
  return { sql: reversed ? `${latest} IS 'reverse-match'` : `${latest} IS NOT 'reverse-match'`, binds: [tableId] };
}

