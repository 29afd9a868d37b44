-- Counters the team looks at daily (docs/observability.md), per UTC hour. A row is (hour, counter, key) → value:
-- `hour` is the epoch ms of the hour's start, `key` what the counter is split by (a preset, an end reason; '' for
-- none). Rows are only ever incremented, and only by a write D1 gets anyway: the batch that records a finished
-- match (its starts, endings, commands, flags, reconnects and abandonments, guarded so a re-delivery adds
-- nothing) or a claim. Guests, reports and coins are counted from their own tables when read; errors by code live
-- in the Monitor object. On Cloudflare every event is also a Workers Analytics Engine datapoint.
CREATE TABLE metric_counts (
  hour INTEGER NOT NULL,
  name TEXT NOT NULL,
  key TEXT NOT NULL DEFAULT '',
  value INTEGER NOT NULL CHECK (value >= 0),
  PRIMARY KEY (hour, name, key)
) WITHOUT ROWID;

-- Guests created per hour are read from players.created_at (every player starts as a guest).
CREATE INDEX players_by_created ON players (created_at);
