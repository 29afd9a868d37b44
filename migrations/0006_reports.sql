-- Players' reports of other players (docs/reports.md): filed by a player, with the evidence the SERVER captured
-- when it was filed (the table's chat lines, the reported player's name then, the match's seq and status), and
-- closed by a moderator as handled or dismissed. A report is the one row here that changes: open → handled |
-- dismissed, once. The moderator's resolution is also an append-only `moderation_log` row (action
-- 'resolve-report'), whose id is kept in `resolution_id`; `action_id` is the action the report led to, if any.
CREATE TABLE reports (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  reporter_id TEXT NOT NULL REFERENCES players (id),
  reported_id TEXT NOT NULL REFERENCES players (id),
  -- The table the report is about; NULL for a report from a profile page.
  table_id TEXT,
  reason TEXT NOT NULL CHECK (reason IN ('chat-abuse', 'name', 'stalling', 'leaving', 'assistance', 'other')),
  text TEXT NOT NULL DEFAULT '',
  -- JSON (ReportEvidence in src/protocol/reports.ts): what the server saw at filing time.
  evidence TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled', 'dismissed')),
  handled_by TEXT REFERENCES players (id),
  handled_at INTEGER,
  note TEXT NOT NULL DEFAULT '',
  action_id TEXT REFERENCES moderation_log (id),
  resolution_id TEXT REFERENCES moderation_log (id),
  CHECK (reporter_id != reported_id),
  -- Open reports carry no resolution; closed ones say who closed them and when.
  CHECK ((status = 'open') = (handled_by IS NULL AND handled_at IS NULL AND resolution_id IS NULL))
);

-- One open report per reporter, reported player and table (a profile report counts as the table ''): a repeat
-- finds the existing one.
CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, reported_id, coalesce(table_id, '')) WHERE status = 'open';
-- The moderators' queue, oldest open first; per reported player; a reporter's own list.
CREATE INDEX reports_by_status ON reports (status, at, id);
CREATE INDEX reports_by_reported ON reports (reported_id, status, at);
CREATE INDEX reports_by_reporter ON reports (reporter_id, at DESC);

-- A report is resolved once: a closed report never changes again (and is never deleted).
CREATE TRIGGER reports_closed_stay_closed BEFORE UPDATE ON reports WHEN OLD.status != 'open'
BEGIN
  SELECT RAISE(ABORT, 'a resolved report does not change');
END;

CREATE TRIGGER reports_no_delete BEFORE DELETE ON reports
BEGIN
  SELECT RAISE(ABORT, 'reports are kept');
END;
