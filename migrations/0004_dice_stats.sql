-- Per-player dice counters (docs/fair-dice.md, "Your dice statistics"): every roll made for the player's seat in
-- a recorded match (not the opening rolls, which belong to both). Added to in the same D1 batch as the match
-- record, and only while that record does not exist yet, so a re-delivered outbox row counts nothing twice.
CREATE TABLE dice_stats (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  rolls INTEGER NOT NULL DEFAULT 0,
  doubles INTEGER NOT NULL DEFAULT 0,
  face1 INTEGER NOT NULL DEFAULT 0,
  face2 INTEGER NOT NULL DEFAULT 0,
  face3 INTEGER NOT NULL DEFAULT 0,
  face4 INTEGER NOT NULL DEFAULT 0,
  face5 INTEGER NOT NULL DEFAULT 0,
  face6 INTEGER NOT NULL DEFAULT 0
);
