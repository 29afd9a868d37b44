-- Bot accounts and their API tokens (issue 23; docs/bots.md, "Bot accounts").
-- bot: 1 once a member turned the account into a bot account (never back). A bot account keeps its name, ratings
-- and records; it signs in only with API tokens.
ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1));

-- An API token: only its SHA-256 is stored (the token is shown once, when made). scopes: a JSON array of scope
-- names ("play", "challenge"). revoked_at: set when revoked (the row stays, so the list shows it; it opens nothing).
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_tokens_by_player ON api_tokens (player_id, created_at);
