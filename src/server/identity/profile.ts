/** A player as clients see them: name, kind, ratings per pool (RD aged to now), match counts. */
import { PERFORMANCE_MATCHES, type PlayerProfile, type Rating } from "../../protocol";
import { DELETED_NAME, type Db, type PlayerRow, type RatingRow } from "../db";
import { AnalysisDb } from "../db/analysis";
import { ageRating, isProvisional } from "../ratings/glicko2";

const DAY_MS = 86_400_000;

export function ratingView(row: RatingRow, now: number): Rating {
  const aged = ageRating(row, (now - row.ratedAt) / DAY_MS);
  return { pool: row.pool, rating: aged.rating, rd: aged.rd, volatility: aged.volatility, games: row.games, provisional: isProvisional(aged) };
}

export async function profileOf(db: Db, player: PlayerRow, now: number): Promise<PlayerProfile> {
  const [ratings, counts, performance] = await Promise.all([
    db.ratings(player.id),
    db.counts(player.id),
    new AnalysisDb(db.reader).performance(player.id, PERFORMANCE_MATCHES),
  ]);
  return {
    id: player.id,
    name: player.name ?? DELETED_NAME,
    kind: player.kind,
    bot: player.bot,
    createdAt: player.createdAt,
    ratings: ratings.map((row) => ratingView(row, now)),
    counts,
    performance,
  };
}
