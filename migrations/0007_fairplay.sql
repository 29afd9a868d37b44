-- Fair play without a moderator awake (docs/fair-play.md): the abandonments the cooldown ladder counts, the
-- results between pairs of players the farming flag sums, and the look-alike skeleton of every name.

-- One row per match a player abandoned: left it (the match ended by `forfeit` against them: their reconnect or
-- arrival window ran out) or let their clock run out in a lost position (`clock`). Written by the match
-- record's delivery, in the same D1 batch, keyed by table and player: a re-delivery adds nothing.
CREATE TABLE abandonments (
  table_id TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  cause TEXT NOT NULL CHECK (cause IN ('left', 'clock')),
  at INTEGER NOT NULL,
  PRIMARY KEY (table_id, player_id)
);
CREATE INDEX abandonments_by_player ON abandonments (player_id, at DESC);

-- One row per decided rated or stake match between two players, from the winner's and the loser's ids: what
-- flowed between them (the stake the loser lost; whether the winner gained rating). Written by the delivery, in
-- the same batch, keyed by table. pair_low/pair_high: the two ids in order, so a pair has one key.
CREATE TABLE pair_results (
  table_id TEXT PRIMARY KEY,
  pair_low TEXT NOT NULL,
  pair_high TEXT NOT NULL,
  winner_id TEXT NOT NULL,
  rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
  coins INTEGER NOT NULL CHECK (coins >= 0),
  at INTEGER NOT NULL
);
CREATE INDEX pair_results_by_pair ON pair_results (pair_low, pair_high, at DESC);

-- The look-alike skeleton of a player's name (src/protocol/names.ts `nameSkeleton`): a display name at a table
-- that folds to a member's skeleton is refused, and no two members share one. Rows from before this migration
-- have NULL until their name is next written; the server computes the skeleton on read for them
-- (docs/fair-play.md, "Names from before the skeleton").
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
CREATE INDEX players_by_skeleton ON players (name_skeleton, kind);
