-- Moderation's effects that outlive the log row (docs/moderation.md): a reversed match's rating adjustments, and
-- coin transfers of two new purposes, `reversal` (a reversed match's coin effects, undone) and `restore` (the
-- reversal undone). Both are new, compensating rows: no rating, record or transfer is ever edited.

-- One row per player and reversal (or restore) of a match: what was added to their rating and game count in
-- `ratings`, in the same batch as the row and the moderation_log row (log_id) that caused it. Append-only.
CREATE TABLE rating_adjustments (
  id TEXT PRIMARY KEY,
  log_id TEXT NOT NULL REFERENCES moderation_log (id),
  table_id TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  pool TEXT NOT NULL,
  rating_delta REAL NOT NULL,
  games_delta INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rating_adjustments_by_table ON rating_adjustments (table_id, at);
CREATE INDEX rating_adjustments_by_player ON rating_adjustments (player_id, at DESC);

CREATE TRIGGER rating_adjustments_no_update BEFORE UPDATE ON rating_adjustments
BEGIN
  SELECT RAISE(ABORT, 'rating adjustments are append-only');
END;

CREATE TRIGGER rating_adjustments_no_delete BEFORE DELETE ON rating_adjustments
BEGIN
  SELECT RAISE(ABORT, 'rating adjustments are append-only');
END;

-- coin_transfers gains the purposes `reversal` and `restore`. SQLite cannot widen a CHECK in place, so the table
-- is rebuilt: the new table is filled BEFORE its balance trigger exists (the balances in coin_accounts already
-- account for every copied row), then the old table (and with it its triggers and indexes) is dropped, and the
-- indexes and triggers of 0002_coins.sql are made again on the new one. DROP TABLE's implicit delete fires no
-- trigger, so the append-only guard does not stop it.
CREATE TABLE coin_transfers_next (
  id TEXT PRIMARY KEY,
  from_account TEXT NOT NULL,
  to_account TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  purpose TEXT NOT NULL CHECK (purpose IN ('grant', 'top-up', 'hold', 'payout', 'rake', 'refund', 'reversal', 'restore')),
  table_id TEXT,
  at INTEGER NOT NULL,
  CHECK (from_account != to_account)
);
INSERT INTO coin_transfers_next (id, from_account, to_account, amount, purpose, table_id, at)
  SELECT id, from_account, to_account, amount, purpose, table_id, at FROM coin_transfers;
DROP TABLE coin_transfers;
ALTER TABLE coin_transfers_next RENAME TO coin_transfers;

CREATE INDEX coin_transfers_from ON coin_transfers (from_account, at DESC, id DESC);
CREATE INDEX coin_transfers_to ON coin_transfers (to_account, at DESC, id DESC);
CREATE INDEX coin_transfers_table ON coin_transfers (table_id, purpose);

CREATE TRIGGER coin_transfers_post AFTER INSERT ON coin_transfers
BEGIN
  INSERT OR IGNORE INTO coin_accounts (id, balance) VALUES (NEW.from_account, 0);
  INSERT OR IGNORE INTO coin_accounts (id, balance) VALUES (NEW.to_account, 0);
  UPDATE coin_accounts SET balance = balance - NEW.amount WHERE id = NEW.from_account;
  UPDATE coin_accounts SET balance = balance + NEW.amount WHERE id = NEW.to_account;
END;

CREATE TRIGGER coin_transfers_no_update BEFORE UPDATE ON coin_transfers
BEGIN
  SELECT RAISE(ABORT, 'coin transfers are append-only');
END;

CREATE TRIGGER coin_transfers_no_delete BEFORE DELETE ON coin_transfers
BEGIN
  SELECT RAISE(ABORT, 'coin transfers are append-only');
END;
