-- Operating the site in public (docs/operations.md): roles, the moderation log, each player's standing
-- sanctions, the tables a player sits at now, and the site-wide settings (the "defcon" level).

-- Roles a player holds. Granted by an admin through /v1/admin (or, for the first admin, by `npm run admin`).
CREATE TABLE player_roles (
  player_id TEXT NOT NULL REFERENCES players (id),
  role TEXT NOT NULL CHECK (role IN ('moderator', 'admin')),
  granted_by TEXT,
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (player_id, role)
);

-- Every moderation action (and every automatic flag) as one append-only row: who (actor_id; NULL for the system
-- or the operator's command line), when, what, why (a reason code and free text), until when, and which earlier
-- action it undoes. Nothing is ever edited: an action is undone by a later one.
CREATE TABLE moderation_log (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  actor_id TEXT,
  action TEXT NOT NULL,
  player_id TEXT,
  table_id TEXT,
  reason TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  until INTEGER,
  undoes TEXT REFERENCES moderation_log (id),
  detail TEXT
);
CREATE INDEX moderation_log_by_player ON moderation_log (player_id, at DESC);
CREATE INDEX moderation_log_by_time ON moderation_log (at DESC, id DESC);

CREATE TRIGGER moderation_log_no_update BEFORE UPDATE ON moderation_log
BEGIN
  SELECT RAISE(ABORT, 'the moderation log is append-only');
END;

CREATE TRIGGER moderation_log_no_delete BEFORE DELETE ON moderation_log
BEGIN
  SELECT RAISE(ABORT, 'the moderation log is append-only');
END;

-- A player's standing sanctions, as the latest actions of the log left them (written in the same batch as the
-- log row). A past `until` is no sanction. banned: 1 while a ban stands.
CREATE TABLE sanctions (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  muted_until INTEGER,
  suspended_until INTEGER,
  banned INTEGER NOT NULL DEFAULT 0 CHECK (banned IN (0, 1))
);

-- The tables a player holds a seat at, written by the Worker when a create, join or pairing binds a seat to a
-- session's player; removed when the match's record is delivered. A ban or a mute reaches the player's live
-- sockets through it. A row may outlive its table (a table that expired unjoined): acting on it finds no table.
CREATE TABLE player_tables (
  player_id TEXT NOT NULL REFERENCES players (id),
  table_id TEXT NOT NULL,
  seat TEXT NOT NULL CHECK (seat IN ('white', 'black')),
  since INTEGER NOT NULL,
  PRIMARY KEY (player_id, table_id)
);
CREATE INDEX player_tables_by_table ON player_tables (table_id);

-- Site-wide settings an admin changes at once, e.g. key 'defcon' (docs/operations.md).
CREATE TABLE site_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT
);
