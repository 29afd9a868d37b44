-- Players who find each other (docs/players-channel.md): one-way follows (two follows make friends) and one-way
-- blocks. A block ends the blocked player's follow of the blocker (the route deletes it in the same batch).
CREATE TABLE follows (
  follower_id TEXT NOT NULL REFERENCES players (id),
  followee_id TEXT NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX follows_by_followee ON follows (followee_id, follower_id);

CREATE TABLE blocks (
  blocker_id TEXT NOT NULL REFERENCES players (id),
  blocked_id TEXT NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked_id, blocker_id);
