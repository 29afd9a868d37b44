/** A player as clients see them: name, kind, ratings per pool (RD aged to now), match counts. */
import type { PlayerProfile, Rating } from "../../protocol";
import { DELETED_NAME, type Db, type PlayerRow, type RatingRow } from "../db";
import { ageRating, isProvisional } from "../ratings/glicko2";

const DAY_MS = 86_400_000;

export function ratingView(row: RatingRow, now: number): Rating {
  const aged = ageRating(row, (now - row.ratedAt) / DAY_MS);
  return { pool: row.pool, rating: aged.rating, rd: aged.rd, volatility: aged.volatility, games: row.games, provisional: isProvisional(aged) };
}

export async function profileOf(db: Db, player: PlayerRow, now: number): Promise<PlayerProfile> {
  const [ratings, counts] = await Promise.all([db.ratings(player.id), db.counts(player.id)]);
  return {
    id: player.id,
    name: player.name ?? DELETED_NAME,
    kind: player.kind,
    createdAt: player.createdAt,
    ratings: ratings.map((row) => ratingView(row, now)),
    counts,
  };
}
