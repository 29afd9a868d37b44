/**
 * Coins or rating flowing between the same pair of accounts, flagged for review (docs/fair-play.md): a player who
 * feeds another their coins (chip-dumping) or their rating (losing on purpose) does it over and over with the
 * same partner. At each delivery of a decided rated or stake match between two players, the pair's figures over
 * the last week are summed; past a threshold one `flag` row (reason `farming`) is appended to the moderation log,
 * at most once per pair per UTC day. Nothing is taken from anyone: a moderator looks (and may reverse matches).
 */
import type { MatchFacts } from "../record/facts";
import { FairPlayDb, type FlagThresholds, type PairResult } from "../db";
import type { Room } from "../room/table";
import { abandonmentOf } from "./cooldown";

export const FARMING: FlagThresholds = {
  windowMs: 7 * 86_400_000,
  /** Fewer matches than this between the pair in the window are never flagged: one big match is not a pattern. */
  minMatches: 3,
  /** Net coins one of the pair took from the other in the window (the stakes the other lost, less those they won). */
  netCoins: 2000,
  /** Net rated wins of one over the other in the window (wins less losses). */
  netRatedWins: 5,
};

/** The flow of a decided rated or stake match between two players, or null. */
export function pairResultOf(room: Room, at: number): PairResult | null {
  const { info, match } = room;
  if (match?.phase !== "over" || !match.winner) return null;
  const winnerId = info.seats[match.winner]?.playerId;
  const loserId = info.seats[match.winner === "white" ? "black" : "white"]?.playerId;
  const rated = info.rated ?? false;
  if (!winnerId || !loserId || winnerId === loserId || (!rated && !info.stake)) return null;
  return { tableId: info.id, winnerId, loserId, rated, coins: info.stake?.amount ?? 0, at };
}

/** Fair play's statements for the match record's D1 batch: the abandonment, the pair's result and its flag. */
export function fairPlayStatements(d1: D1Database, room: Room, facts: Pick<MatchFacts, "endedAt">): D1PreparedStatement[] {
  const db = new FairPlayDb(d1);
  const abandonment = abandonmentOf(room, facts.endedAt);
  const pair = pairResultOf(room, facts.endedAt);
  return [...(abandonment ? [db.abandonmentStatement(abandonment)] : []), ...(pair ? db.pairStatements(pair, FARMING) : [])];
}
