/**
 * The coin ledger's queries (migrations/0002_coins.sql). Every write is a D1 batch of transfers, each inserted
 * only while its id is absent: a retry finds its transfers and changes nothing. The balances are kept by the
 * database's trigger, and its CHECK refuses a batch that would take a player or an escrow below zero.
 */
import type { Side } from "../../engine";
import { ownData } from "../problem";
import { AUDIT_SQL, auditOf, type LedgerAudit } from "./audit";
import { TransferRowSchema } from "./rows";

export const HOUSE = "house";
export const playerAccount = (playerId: string): string => `player:${playerId}`;
export const escrowAccount = (tableId: string): string => `table:${tableId}`;

export type TransferPurpose = "grant" | "top-up" | "hold" | "payout" | "rake" | "refund" | "reversal" | "restore";

export interface TransferRow {
  id: string;
  from: string;
  to: string;
  amount: number;
  purpose: TransferPurpose;
  tableId: string | null;
  at: number;
}

/** One stake held for a seat: who paid it into the table's escrow. */
export interface StakeHold {
  seat: Side;
  playerId: string;
}

/** How a table's escrow is emptied: the winner's seat takes the pot (less the rake), or every hold goes back. */
export type EscrowOutcome =
  | { kind: "payout"; winner: StakeHold; loser: StakeHold; rakePercent: number }
  | { kind: "refund" };

/** The operator's grant settings (coins/settings.ts). */
export interface GrantSettings {
  startGrant: number;
  topUpBelow: number;
  topUp: number;
}

/** Ids derived from the cause: table + seat + player + purpose, or the player (and UTC day) for grants. */
export const transferIds = {
  grant: (playerId: string) => `grant:${playerId}`,
  topUp: (playerId: string, day: string) => `top-up:${playerId}:${day}`,
  hold: (tableId: string, h: StakeHold) => `${tableId}:${h.seat}:${h.playerId}:hold`,
  payout: (tableId: string, h: StakeHold) => `${tableId}:${h.seat}:${h.playerId}:payout`,
  rake: (tableId: string) => `${tableId}:house:rake`,
};

const CHECK_FAILED = /CHECK constraint failed/i;

type Row = Record<string, unknown>;

const INSERT = `INSERT INTO coin_transfers (id, from_account, to_account, amount, purpose, table_id, at)`;

function transferOf(row: Row): TransferRow {
  return ownData(TransferRowSchema, row, "a D1 coin_transfers row");
}

export class Ledger {
  constructor(private readonly d1: D1Database) {}

  async balance(account: string): Promise<number> {
    const row = await this.d1.prepare("SELECT balance FROM coin_accounts WHERE id = ?").bind(account).first<Row>();
    return Number(row?.balance ?? 0);
  }

  /**
   * The starting grant (once per player), then the daily top-up (once per UTC day, while the balance is below the
   * threshold). Both are conditions inside the statements, so concurrent calls grant once.
   */
  async refresh(playerId: string, settings: GrantSettings, now: number): Promise<void> {
    const account = playerAccount(playerId);
    const grantId = transferIds.grant(playerId);
    const topUpId = transferIds.topUp(playerId, new Date(now).toISOString().slice(0, 10));
    const statements: D1PreparedStatement[] = [];
    if (settings.startGrant > 0) {
      statements.push(
        this.d1
          .prepare(`${INSERT} SELECT ?1, ?2, ?3, ?4, 'grant', NULL, ?5 WHERE NOT EXISTS (SELECT 1 FROM coin_transfers WHERE id = ?1)`)
          .bind(grantId, HOUSE, account, settings.startGrant, now),
      );
    }
    if (settings.topUp > 0) {
      statements.push(
        this.d1
          .prepare(
            `${INSERT} SELECT ?1, ?2, ?3, ?4, 'top-up', NULL, ?5
             WHERE NOT EXISTS (SELECT 1 FROM coin_transfers WHERE id = ?1)
               AND coalesce((SELECT balance FROM coin_accounts WHERE id = ?3), 0) < ?6`,
          )
          .bind(topUpId, HOUSE, account, settings.topUp, now, settings.topUpBelow),
      );
    }
    if (statements.length > 0) await this.d1.batch(statements);
  }

  /**
   * Moves each seat's stake from its player into the table's escrow, all or nothing, unless the escrow is already
   * closed. "held": every hold is in place (now or from an earlier attempt); "short": a player lacks the coins
   * (the database refused the batch); "closed": the table was settled before (its holds, if any, went back).
   */
  async hold(tableId: string, holds: StakeHold[], amount: number, now: number): Promise<"held" | "short" | "closed"> {
    const escrow = escrowAccount(tableId);
    const statements = holds.map((h) =>
      this.d1
        .prepare(
          `${INSERT} SELECT ?1, ?2, ?3, ?4, 'hold', ?5, ?6
           WHERE NOT EXISTS (SELECT 1 FROM coin_transfers WHERE id = ?1) AND NOT EXISTS (SELECT 1 FROM coin_escrows WHERE table_id = ?5)`,
        )
        .bind(transferIds.hold(tableId, h), playerAccount(h.playerId), escrow, amount, tableId, now),
    );
    try {
      await this.d1.batch(statements);
    } catch (error) {
      if (CHECK_FAILED.test(String(error))) return "short";
      throw error;
    }
    if (await this.escrowClosed(tableId)) return "closed";
    const ids = holds.map((h) => transferIds.hold(tableId, h));
    const { results } = await this.d1
      .prepare(`SELECT count(*) AS n FROM coin_transfers WHERE id IN (${ids.map(() => "?").join(", ")})`)
      .bind(...ids)
      .all<Row>();
    if (Number(results[0]?.n ?? 0) !== holds.length) throw new Error(`table ${tableId}: holds missing after their batch`);
    return "held";
  }

  /**
   * Empties and closes a table's escrow in one atomic batch: every hold that is not part of the pot (an attempt
   * to sit that did not end in the seat, or every hold on a refund) goes back to its player; on a payout the
   * pot goes to the winner less the rake, which goes to the house. The closing row's CHECK rolls the whole batch
   * back if anything would be left in the escrow. Safe to run any number of times: the first success is the only
   * one with an effect.
   */
  async settle(tableId: string, outcome: EscrowOutcome, now: number): Promise<void> {
    const d1 = this.d1;
    const escrow = escrowAccount(tableId);
    const pot = outcome.kind === "payout" ? [transferIds.hold(tableId, outcome.winner), transferIds.hold(tableId, outcome.loser)] : [];
    const statements: D1PreparedStatement[] = [
      d1
        .prepare(
          `${INSERT} SELECT substr(h.id, 1, length(h.id) - 4) || 'refund', h.to_account, h.from_account, h.amount, 'refund', h.table_id, ?2
           FROM coin_transfers h
           WHERE h.table_id = ?1 AND h.purpose = 'hold' AND h.id NOT IN (?3, ?4)
             AND NOT EXISTS (SELECT 1 FROM coin_transfers r WHERE r.id = substr(h.id, 1, length(h.id) - 4) || 'refund')`,
        )
        .bind(tableId, now, pot[0] ?? "", pot[1] ?? ""),
    ];
    if (outcome.kind === "payout") {
      const potSum = "(SELECT coalesce(sum(amount), 0) FROM coin_transfers WHERE id IN (?5, ?6))";
      const rake = `(${potSum} * ?7 / 100)`;
      statements.push(
        d1
          .prepare(
            `${INSERT} SELECT ?1, ?2, ?3, ${potSum} - ${rake}, 'payout', ?4, ?8
             WHERE ${potSum} - ${rake} > 0 AND NOT EXISTS (SELECT 1 FROM coin_transfers WHERE id = ?1)`,
          )
          .bind(transferIds.payout(tableId, outcome.winner), escrow, playerAccount(outcome.winner.playerId), tableId, pot[0], pot[1], outcome.rakePercent, now),
        d1
          .prepare(
            `${INSERT} SELECT ?1, ?2, ?3, ${rake}, 'rake', ?4, ?8
             WHERE ${rake} > 0 AND NOT EXISTS (SELECT 1 FROM coin_transfers WHERE id = ?1)`,
          )
          .bind(transferIds.rake(tableId), escrow, HOUSE, tableId, pot[0], pot[1], outcome.rakePercent, now),
      );
    }
    statements.push(
      d1
        .prepare(
          `INSERT INTO coin_escrows (table_id, outcome, closed_at, left_over)
           VALUES (?1, ?2, ?3, coalesce((SELECT balance FROM coin_accounts WHERE id = ?4), 0)) ON CONFLICT DO NOTHING`,
        )
        .bind(tableId, outcome.kind, now, escrow),
    );
    await d1.batch(statements);
  }

  async escrowClosed(tableId: string): Promise<boolean> {
    return (await this.d1.prepare("SELECT 1 FROM coin_escrows WHERE table_id = ?").bind(tableId).first()) !== null;
  }

  /** The account's transfers, newest first, `limit` after `cursor` (the `at` and id of the last one seen). */
  async transfersOf(account: string, cursor: { at: number; id: string } | null, limit: number): Promise<TransferRow[]> {
    const { results } = await this.d1
      .prepare(
        `SELECT * FROM coin_transfers WHERE (from_account = ?1 OR to_account = ?1)
           AND (?2 IS NULL OR (at, id) < (?3, ?4))
         ORDER BY at DESC, id DESC LIMIT ?5`,
      )
      .bind(account, cursor?.at ?? null, cursor?.at ?? 0, cursor?.id ?? "", limit)
      .all<Row>();
    return results.map(transferOf);
  }

  /**
   * The audit: every account whose stored balance differs from the sum of its transfers, every escrow that is
   * closed but not empty, and the sum of all balances (zero: coins only move).
   */
  async audit(): Promise<LedgerAudit> {
    const [disagree, closed, total] = await this.d1.batch([
      this.d1.prepare(AUDIT_SQL.disagreements),
      this.d1.prepare(AUDIT_SQL.closedNotEmpty),
      this.d1.prepare(AUDIT_SQL.total),
    ]);
    return auditOf(disagree!.results as Row[], closed!.results as Row[], total!.results as Row[]);
  }
}
