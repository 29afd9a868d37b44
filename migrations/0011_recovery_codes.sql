-- Recovery codes (docs/players.md#recovery-codes): there is no email, so a member resets a forgotten password with
-- a one-time code given at claim time. One row per member that has had a code; members who claimed before this
-- migration have none until they ask for one (POST /v1/me/recovery-code).
-- code_hash: the working code, hashed like a password (PBKDF2, src/server/identity/password.ts); never the code.
-- used_hash: the code that last reset the password, kept only so that trying it again answers RECOVERY_CODE_USED.
-- A deleted account's row goes with its password.
CREATE TABLE recovery_codes (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  code_hash TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  used_hash TEXT,
  used_at INTEGER
);
