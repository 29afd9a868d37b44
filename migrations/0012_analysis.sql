-- Match analysis (docs/analysis.md, docs/storage.md): one row per analysed match, written by the analysis queue's
-- consumer (src/server/analysis/) with INSERT OR IGNORE, so a message delivered twice stores one analysis. The
-- per-side columns are what the profile's PR and the assistance signal read without parsing the JSON; `analysis` is
-- the Analysis document GET /v1/matches/{id}/analysis serves. `ended_at`: the match's, for "recent matches first".
CREATE TABLE analyses (
  table_id TEXT PRIMARY KEY REFERENCES matches (table_id),
  version INTEGER NOT NULL,
  variant TEXT NOT NULL CHECK (variant IN ('long', 'short')),
  ended_at INTEGER NOT NULL,
  white_player_id TEXT,
  black_player_id TEXT,
  white_pr REAL NOT NULL,
  black_pr REAL NOT NULL,
  white_decisions INTEGER NOT NULL,
  black_decisions INTEGER NOT NULL,
  analysis TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX analyses_by_white ON analyses (white_player_id, variant, ended_at DESC) WHERE white_player_id IS NOT NULL;
CREATE INDEX analyses_by_black ON analyses (black_player_id, variant, ended_at DESC) WHERE black_player_id IS NOT NULL;

-- Matches whose analysis was asked for and is not stored yet: written with the match record (the same D1 batch),
-- or by GET /v1/matches/{id}/analysis for a recorded match without one; deleted in the batch that stores the
-- analysis. The Monitor's sweep sends a message again for a row older than its period (a message lost in a local
-- restart or a queue outage), at most `sends` < 4 times; `sent_at`: the last send.
CREATE TABLE analysis_requests (
  table_id TEXT PRIMARY KEY,
  sent_at INTEGER NOT NULL,
  sends INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX analysis_requests_by_sent ON analysis_requests (sent_at);
