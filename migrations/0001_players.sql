-- Players, sessions, ratings and match records: the facts that outlive a table.
-- Applied by `wrangler d1 migrations apply DB --local` (npm start, e2e) and by the worker tests (applyD1Migrations).

-- kind: guest (zero-click, generated name), member (claimed a name with a password), deleted (name and
-- credentials gone; their records stay). name_key is the lower-cased name, unique among players that have one.
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT,
  name_key TEXT UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('guest', 'member', 'deleted')),
  password TEXT,
  created_at INTEGER NOT NULL,
  CHECK ((kind = 'deleted') = (name IS NULL)),
  CHECK ((kind = 'member') = (password IS NOT NULL))
);

-- Only the SHA-256 of a session token is stored.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_player ON sessions (player_id);

-- One Glicko-2 rating per player and pool (pool = preset). rev counts updates: a delivery writes a rating only
-- if it is still at the rev it was computed from.
CREATE TABLE ratings (
  player_id TEXT NOT NULL REFERENCES players (id),
  pool TEXT NOT NULL,
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  rated_at INTEGER NOT NULL,
  rev INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (player_id, pool)
);
CREATE INDEX ratings_by_pool ON ratings (pool, rating DESC);

-- One row per finished match, keyed by the table id: a re-delivered outbox row changes nothing.
-- record: the full event log (JSON). ratings_ok is 1 when the match's rating updates were applied in the same
-- batch (the CHECK rolls the whole batch back when one of them lost a race).
CREATE TABLE matches (
  table_id TEXT PRIMARY KEY,
  pool TEXT NOT NULL,
  length INTEGER NOT NULL,
  rated INTEGER NOT NULL,
  winner TEXT,
  reason TEXT NOT NULL,
  score_white INTEGER NOT NULL,
  score_black INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  ratings_ok INTEGER NOT NULL CHECK (ratings_ok = 1)
);

-- Who sat where in a recorded match (players with an id only), with their rating before and after if rated.
CREATE TABLE match_players (
  table_id TEXT NOT NULL REFERENCES matches (table_id),
  player_id TEXT NOT NULL REFERENCES players (id),
  side TEXT NOT NULL CHECK (side IN ('white', 'black')),
  name TEXT NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'none')),
  ended_at INTEGER NOT NULL,
  rating_before REAL,
  rating_after REAL,
  PRIMARY KEY (table_id, side)
);
CREATE INDEX match_players_history ON match_players (player_id, ended_at DESC, table_id DESC);
