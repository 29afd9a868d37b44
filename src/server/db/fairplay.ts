/**
 * Fair play's queries (migrations/0007_fairplay.sql): the abandonments the cooldown counts, the results between
 * pairs of players the farming flag sums, and the name skeletons that protect claimed names. The delivery's
 * statements are returned, not run: they join the match record's one D1 batch (Db.recordMatch), so they are
 * written exactly when the record is, and a re-delivery adds nothing (each row is keyed by its table).
 */
import { nameSkeleton, type AbandonmentCause } from "../../protocol";

type Row = Record<string, unknown>;

/** A match a player abandoned (../fairplay/cooldown.ts decides which). */
export interface AbandonmentRow {
  tableId: string;
  playerId: string;
  cause: AbandonmentCause;
  at: number;
}

/** A decided rated or stake match between two players: what flowed from the loser to the winner. */
export interface PairResult {
  tableId: string;
  winnerId: string;
  loserId: string;
  rated: boolean;
  /** The stake the loser lost (0 at a table without one). */
  coins: number;
  at: number;
}

/** When the flow between one pair is flagged (../fairplay/flags.ts holds the values; docs/fair-play.md). */
export interface FlagThresholds {
  windowMs: number;
  minMatches: number;
  netCoins: number;
  netRatedWins: number;
}

const DAY_MS = 86_400_000;

function causeOf(value: unknown): AbandonmentCause {
  if (value === "left" || value === "clock") return value;
  throw new Error(`abandonments: unknown cause ${String(value)}`);
}

export class FairPlayDb {
  constructor(private readonly d1: D1Database) {}

  /** The abandonment's row, once per table and player. */
  abandonmentStatement(a: AbandonmentRow): D1PreparedStatement {
    return this.d1
      .prepare("INSERT INTO abandonments (table_id, player_id, cause, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
      .bind(a.tableId, a.playerId, a.cause, a.at);
  }

  /**
   * The pair's result row, then (in the same batch, so it sees that row) the flag: one `flag` row of the
   * moderation log when, over the window up to this match, the pair played at least `minMatches` such matches and
   * one of them won at least `netCoins` coins or `netRatedWins` rated matches more than the other. Its id is the
   * pair and the UTC day, so a pair is flagged at most once a day however many matches pass the line.
   */
  pairStatements(p: PairResult, t: FlagThresholds): D1PreparedStatement[] {
    const [low, high] = p.winnerId < p.loserId ? [p.winnerId, p.loserId] : [p.loserId, p.winnerId];
    const day = new Date(Math.floor(p.at / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
    const since = p.at - t.windowMs;
    return [
      this.d1
        .prepare(
          "INSERT INTO pair_results (table_id, pair_low, pair_high, winner_id, rated, coins, at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(p.tableId, low, high, p.winnerId, p.rated ? 1 : 0, p.coins, p.at),
      // s: the figures seen from `low` (positive: low gained); b: the same, seen from the one who gained.
      this.d1
        .prepare(
          `INSERT INTO moderation_log (id, at, actor_id, action, player_id, table_id, reason, note, detail)
           SELECT ?1, ?2, NULL, 'flag', b.beneficiary, ?3, 'farming', 'automatic: coins or rated wins flow between one pair of players',
             json_object('pair', json_array(?4, ?5), 'beneficiary', b.beneficiary, 'opponent', b.opponent, 'netCoins', b.net_coins,
               'netRatedWins', b.net_wins, 'matches', b.matches, 'windowDays', ?10, 'since', ?6, 'to', ?2)
           FROM (
             SELECT CASE WHEN (abs(s.coins) >= ?8 AND s.coins > 0) OR (abs(s.coins) < ?8 AND s.wins > 0) THEN ?4 ELSE ?5 END AS beneficiary,
                    CASE WHEN (abs(s.coins) >= ?8 AND s.coins > 0) OR (abs(s.coins) < ?8 AND s.wins > 0) THEN ?5 ELSE ?4 END AS opponent,
                    CASE WHEN (abs(s.coins) >= ?8 AND s.coins > 0) OR (abs(s.coins) < ?8 AND s.wins > 0) THEN 1 ELSE -1 END * s.coins AS net_coins,
                    CASE WHEN (abs(s.coins) >= ?8 AND s.coins > 0) OR (abs(s.coins) < ?8 AND s.wins > 0) THEN 1 ELSE -1 END * s.wins AS net_wins,
                    s.matches
             FROM (
               SELECT coalesce(sum(CASE WHEN winner_id = ?4 THEN coins ELSE -coins END), 0) AS coins,
                      coalesce(sum(CASE WHEN rated = 1 THEN (CASE WHEN winner_id = ?4 THEN 1 ELSE -1 END) ELSE 0 END), 0) AS wins,
                      count(*) AS matches
               FROM pair_results WHERE pair_low = ?4 AND pair_high = ?5 AND at > ?6 AND at <= ?2
             ) AS s
             WHERE s.matches >= ?7 AND (abs(s.coins) >= ?8 OR abs(s.wins) >= ?9)
           ) AS b
           WHERE true
           ON CONFLICT DO NOTHING`,
        )
        .bind(`flag:farming:${low}:${high}:${day}`, p.at, p.tableId, low, high, since, t.minMatches, t.netCoins, t.netRatedWins, t.windowMs / DAY_MS),
    ];
  }

  /** What flowed between `playerId` and each opponent since `since`, seen from `playerId`; most matches first. */
  async pairFlows(playerId: string, since: number): Promise<Array<{ opponentId: string; matches: number; netCoins: number; netRatedWins: number }>> {
    const { results } = await this.d1
      .prepare(
        `SELECT CASE WHEN pair_low = ?1 THEN pair_high ELSE pair_low END AS opponent_id, count(*) AS matches,
                coalesce(sum(CASE WHEN winner_id = ?1 THEN coins ELSE -coins END), 0) AS net_coins,
                coalesce(sum(CASE WHEN rated = 1 THEN (CASE WHEN winner_id = ?1 THEN 1 ELSE -1 END) ELSE 0 END), 0) AS net_wins
         FROM pair_results WHERE (pair_low = ?1 OR pair_high = ?1) AND at > ?2
         GROUP BY opponent_id ORDER BY matches DESC, opponent_id LIMIT 100`,
      )
      .bind(playerId, since)
      .all<Row>();
    return results.map((row) => ({
      opponentId: String(row.opponent_id),
      matches: Number(row.matches),
      netCoins: Number(row.net_coins),
      netRatedWins: Number(row.net_wins),
    }));
  }

  /** A player's abandonments since `since` (ms), newest first. */
  async abandonments(playerId: string, since: number): Promise<AbandonmentRow[]> {
    const { results } = await this.d1
      .prepare("SELECT * FROM abandonments WHERE player_id = ? AND at > ? ORDER BY at DESC, table_id DESC LIMIT 500")
      .bind(playerId, since)
      .all<Row>();
    return results.map((row) => ({ tableId: String(row.table_id), playerId: String(row.player_id), cause: causeOf(row.cause), at: Number(row.at) }));
  }

  /**
   * The member whose claimed name has this skeleton, or null. Members from before the skeleton column have
   * NULL there: their skeletons are computed and stored first (a few hundred at a time, until none is left), so
   * the answer is the same as if the column had always been filled.
   */
  async memberBySkeleton(skeleton: string): Promise<{ id: string; name: string } | null> {
    // Each round stores one batch; the loop ends once every member has one (bounded, should a row never take it).
    for (let round = 0; round < 100 && (await this.#fillSkeletons()); round++) {
      // next batch
    }
    const row = await this.d1
      .prepare("SELECT id, name FROM players WHERE name_skeleton = ? AND kind = 'member' ORDER BY created_at LIMIT 1")
      .bind(skeleton)
      .first<Row>();
    return row ? { id: String(row.id), name: String(row.name) } : null;
  }

  /** Stores the skeleton of up to 200 members that have none yet; false when there were none. */
  async #fillSkeletons(): Promise<boolean> {
    const { results } = await this.d1.prepare("SELECT id, name FROM players WHERE name_skeleton IS NULL AND kind = 'member' LIMIT 200").all<Row>();
    if (results.length === 0) return false;
    await this.d1.batch(
      results.map((row) =>
        this.d1.prepare("UPDATE players SET name_skeleton = ? WHERE id = ? AND name = ?").bind(nameSkeleton(String(row.name)), String(row.id), String(row.name)),
      ),
    );
    return true;
  }
}
