/**
 * The ledger's audit, in SQL: accounts whose stored balance differs from the sum of their transfers, settled
 * escrows that still hold coins, and the sum of all balances (zero: coins only ever move). Used by Ledger.audit
 * and by `npm run ledger:check` (scripts/ledger-check.ts) on a local D1; free of Workers types for that reason.
 */
type Row = Record<string, unknown>;

export interface LedgerAudit {
  disagreements: Array<{ account: string; stored: number; computed: number }>;
  closedNotEmpty: string[];
  total: number;
}

/** The audit's queries, shared with `npm run ledger:check` (scripts/ledger-check.ts), which runs them on a local D1. */
export const AUDIT_SQL = {
  disagreements: `WITH moves AS (
      SELECT to_account AS account, amount FROM coin_transfers UNION ALL SELECT from_account, -amount FROM coin_transfers
    ), computed AS (SELECT account, sum(amount) AS balance FROM moves GROUP BY account)
    SELECT coalesce(a.id, c.account) AS account, coalesce(a.balance, 0) AS stored, coalesce(c.balance, 0) AS computed
    FROM coin_accounts a FULL OUTER JOIN computed c ON c.account = a.id
    WHERE coalesce(a.balance, 0) != coalesce(c.balance, 0)`,
  closedNotEmpty: "SELECT e.table_id FROM coin_escrows e JOIN coin_accounts a ON a.id = 'table:' || e.table_id WHERE a.balance != 0",
  total: "SELECT coalesce(sum(balance), 0) AS total FROM coin_accounts",
};

export function auditOf(disagree: readonly Row[], closed: readonly Row[], total: readonly Row[]): LedgerAudit {
  return {
    disagreements: disagree.map((r) => ({ account: String(r.account), stored: Number(r.stored), computed: Number(r.computed) })),
    closedNotEmpty: closed.map((r) => String(r.table_id)),
    total: Number(total[0]?.total ?? 0),
  };
}
