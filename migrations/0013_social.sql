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

-- Who may challenge a player (docs/friends-and-challenges.md): a missing row is `everyone`.
CREATE TABLE challenge_policies (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  policy TEXT NOT NULL CHECK (policy IN ('everyone', 'friends', 'nobody')),
  updated_at INTEGER NOT NULL
);

-- Challenges of a named player. `settings` is the ChallengeSettings JSON. `seat_secret` (never shown) derives both
-- seats' seat keys and who plays White, so a retried accept, and the challenger's read, answer the same seats.
-- An open row past `expires_at` reads as expired; the Monitor's sweep writes `expired` and tells both players.
CREATE TABLE challenges (
  id TEXT PRIMARY KEY,
  from_id TEXT NOT NULL REFERENCES players (id),
  to_id TEXT NOT NULL REFERENCES players (id),
  settings TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  answered_at INTEGER,
  table_id TEXT,
  seat_secret TEXT NOT NULL,
  CHECK (from_id <> to_id)
);
CREATE INDEX challenges_from ON challenges (from_id, status, created_at);
CREATE INDEX challenges_to ON challenges (to_id, status, created_at);
CREATE INDEX challenges_open_by_expiry ON challenges (status, expires_at);
