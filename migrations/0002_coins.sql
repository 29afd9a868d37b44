-- Domino Coins: a play-money, double-entry ledger (docs/coins.md).
-- Every movement is one row of coin_transfers (append-only: the triggers below refuse UPDATE and DELETE); its id
-- is derived from its cause, so a retried step finds its transfer and changes nothing. coin_accounts.balance is
-- kept by the AFTER INSERT trigger, inside the very statement that inserts the transfer; its CHECK makes the
-- database refuse any transfer that would take a player's or a table's account below zero (the statement, and
-- with it the whole D1 batch, is rolled back). Only the house may go below zero: it is where grants come from.
-- Accounts: 'house', 'player:<player id>', 'table:<table id>' (a table's escrow).

CREATE TABLE coin_accounts (
  id TEXT PRIMARY KEY,
  balance INTEGER NOT NULL DEFAULT 0,
  CHECK (typeof(balance) = 'integer'),
  CHECK (id = 'house' OR balance >= 0)
);

CREATE TABLE coin_transfers (
  id TEXT PRIMARY KEY,
  from_account TEXT NOT NULL,
  to_account TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  purpose TEXT NOT NULL CHECK (purpose IN ('grant', 'top-up', 'hold', 'payout', 'rake', 'refund')),
  table_id TEXT,
  at INTEGER NOT NULL,
  CHECK (from_account != to_account)
);
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

-- A table's escrow, once settled (paid out or refunded): no hold is taken into it any more. left_over is the
-- escrow's balance after the settlement's transfers, in the same batch: the CHECK rolls a settlement back that
-- would leave coins behind (a hold that arrived between its read and its write), and the outbox retries it.
CREATE TABLE coin_escrows (
  table_id TEXT PRIMARY KEY,
  outcome TEXT NOT NULL CHECK (outcome IN ('payout', 'refund')),
  closed_at INTEGER NOT NULL,
  left_over INTEGER NOT NULL CHECK (left_over = 0)
);

INSERT INTO coin_accounts (id, balance) VALUES ('house', 0);
