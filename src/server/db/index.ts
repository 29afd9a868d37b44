/**
 * Every D1 query of the server, typed. Rows are parsed here and nowhere else; handlers and the match object's
 * outbox call these methods and never see SQL. Schema: migrations/0001_players.sql (+ 0004_dice_stats.sql).
 */
import type { PresetName, Side } from "../../engine";
import { countRolls, MatchRecordSchema, nameSkeleton, noDice, type DiceCounts, type LoggedEvent, type MatchRecord, type MatchSummary, type PlayerKind } from "../../protocol";
import type { Count } from "../metrics/match";
import { ownData } from "../problem";
import { GLICKO, GLICKO_SCALE, type Glicko } from "../ratings/glicko2";
import type { MatchFacts } from "../record/facts";
import { matchCountStatements } from "./metrics";
import {
  CountsRowSchema,
  DiceRowSchema,
  LeaderRowSchema,
  MatchPlayerRowSchema,
  MatchRowSchema,
  PlayerRowSchema,
  RatingRowSchema,
  StoredPlayersSchema,
  StoredRecordSchema,
} from "./rows";
import { forgetCodes } from "./recovery";
import { tableFinished } from "./seats";

export interface PlayerRow {
  id: string;
  name: string | null;
  kind: PlayerKind;
  password: string | null;
  createdAt: number;
  /** A bot account (migrations/0014_bot_accounts.sql): signs in with API tokens only, marked as a bot everywhere. */
  bot: boolean;
}

export interface RatingRow extends Glicko {
  pool: PresetName;
  games: number;
  ratedAt: number;
  rev: number;
}

export interface LeaderRow extends RatingRow {
  playerId: string;
  name: string;
}

/** A rating a delivery writes: computed from the row at `rev` (or a missing row, rev 0). */
export interface RatingWrite {
  playerId: string;
  pool: PresetName;
  before: RatingRow;
  after: Glicko;
}

export const DELETED_NAME = "deleted player";

const UNIQUE = /UNIQUE constraint failed/i;

type Row = Record<string, unknown>;

function playerOf(row: Row): PlayerRow {
  return ownData(PlayerRowSchema, row, "a D1 players row");
}

function ratingOf(row: Row): RatingRow {
  return ownData(RatingRowSchema, row, "a D1 ratings row");
}

export function newRatingRow(pool: PresetName, now: number): RatingRow {
  return { pool, rating: GLICKO.rating, rd: GLICKO.rd, volatility: GLICKO.volatility, games: 0, ratedAt: now, rev: 0 };
}

/** D1 itself (the primary) or one of its Sessions API sessions (./replica.ts): all the queries here need. */
export type D1Reader = Pick<D1Database, "prepare" | "batch">;

export class Db {
  constructor(private readonly d1: D1Reader) {}

  /** The D1 (or replica session) this Db reads, for the other query modules (./analysis.ts). */
  get reader(): D1Reader {
    return this.d1;
  }

  // Players.

  /** False when the name is taken. */
  async createPlayer(id: string, name: string, nameKey: string, now: number): Promise<boolean> {
    return this.#unique(
      this.d1
        .prepare("INSERT INTO players (id, name, name_key, name_skeleton, kind, created_at) VALUES (?, ?, ?, ?, 'guest', ?)")
        .bind(id, name, nameKey, nameSkeleton(name), now)
        .run(),
    );
  }

  async player(id: string): Promise<PlayerRow | null> {
    const row = await this.d1.prepare("SELECT * FROM players WHERE id = ?").bind(id).first<Row>();
    return row ? playerOf(row) : null;
  }

  async playerByName(nameKey: string): Promise<PlayerRow | null> {
    const row = await this.d1.prepare("SELECT * FROM players WHERE name_key = ?").bind(nameKey).first<Row>();
    return row ? playerOf(row) : null;
  }

  /**
   * A guest becomes a member under `name`. "taken": another player has the name; "claimed": not a guest any more.
   * `also`: statements written in the same batch (the first recovery code, ./recovery.ts).
   */
  async claim(id: string, name: string, nameKey: string, password: string, also: D1PreparedStatement[] = []): Promise<"ok" | "taken" | "claimed"> {
    const update = this.d1
      .prepare("UPDATE players SET name = ?, name_key = ?, name_skeleton = ?, kind = 'member', password = ? WHERE id = ? AND kind = 'guest'")
      .bind(name, nameKey, nameSkeleton(name), password, id);
    const run = this.d1.batch([update, ...also]);
    try {
      return (await run)[0]?.meta.changes === 1 ? "ok" : "claimed";
    } catch (error) {
      if (UNIQUE.test(String(error))) return "taken";
      throw error;
    }
  }

  async rename(id: string, name: string, nameKey: string): Promise<boolean> {
    return this.#unique(
      this.d1
        .prepare("UPDATE players SET name = ?, name_key = ?, name_skeleton = ? WHERE id = ? AND kind != 'deleted'")
        .bind(name, nameKey, nameSkeleton(name), id)
        .run(),
    );
  }

  /** The account goes (name, password, recovery code, sessions); its ratings and match records stay, shown as deleted. */
  async deletePlayer(id: string): Promise<void> {
    await this.d1.batch([
      this.d1.prepare("DELETE FROM sessions WHERE player_id = ?").bind(id),
      forgetCodes(this.d1, id),
      this.d1.prepare("UPDATE players SET name = NULL, name_key = NULL, name_skeleton = NULL, password = NULL, kind = 'deleted' WHERE id = ?").bind(id),
    ]);
  }

  async #unique(run: Promise<D1Result>): Promise<boolean> {
    try {
      await run;
      return true;
    } catch (error) {
      if (UNIQUE.test(String(error))) return false;
      throw error;
    }
  }

  // Sessions.

  async createSession(tokenHash: string, playerId: string, now: number): Promise<void> {
    await this.d1.prepare("INSERT INTO sessions (token_hash, player_id, created_at) VALUES (?, ?, ?)").bind(tokenHash, playerId, now).run();
  }

  /** The live player a session belongs to (never a deleted one). */
  async sessionPlayer(tokenHash: string): Promise<PlayerRow | null> {
    const row = await this.d1
      .prepare("SELECT players.* FROM sessions JOIN players ON players.id = sessions.player_id WHERE token_hash = ? AND kind != 'deleted'")
      .bind(tokenHash)
      .first<Row>();
    return row ? playerOf(row) : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.d1.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(tokenHash).run();
  }

  async deleteSessions(playerId: string): Promise<void> {
    await this.d1.prepare("DELETE FROM sessions WHERE player_id = ?").bind(playerId).run();
  }

  // Ratings.

  async ratings(playerId: string): Promise<RatingRow[]> {
    const { results } = await this.d1.prepare("SELECT * FROM ratings WHERE player_id = ? ORDER BY pool").bind(playerId).all<Row>();
    return results.map(ratingOf);
  }

  async rating(playerId: string, pool: PresetName, now: number): Promise<RatingRow> {
    const row = await this.d1.prepare("SELECT * FROM ratings WHERE player_id = ? AND pool = ?").bind(playerId, pool).first<Row>();
    return row ? ratingOf(row) : newRatingRow(pool, now);
  }

  /** Established (not provisional at `now`) ratings of live players in a pool, best first; bot accounts are left off. */
  async leaders(pool: PresetName, offset: number, limit: number, now: number): Promise<LeaderRow[]> {
    // The RD aged to `now` (ratings/glicko2.ts ageRating), squared, must stay within the provisional bound.
    const { results } = await this.d1
      .prepare(
        `SELECT ratings.*, players.name FROM ratings JOIN players ON players.id = ratings.player_id
         WHERE pool = ? AND kind != 'deleted' AND bot = 0
           AND rd * rd + (volatility * ?) * (volatility * ?) * ((? - rated_at) / 86400000.0) * ? <= ? * ?
         ORDER BY rating DESC, player_id LIMIT ? OFFSET ?`,
      )
      .bind(pool, GLICKO_SCALE, GLICKO_SCALE, now, GLICKO.periodsPerDay, GLICKO.provisionalRd, GLICKO.provisionalRd, limit, offset)
      .all<Row>();
    return results.map((row) => ownData(LeaderRowSchema, row, "a D1 leaderboard row"));
  }

  // Match records.

  async matchExists(tableId: string): Promise<boolean> {
    return (await this.d1.prepare("SELECT 1 FROM matches WHERE table_id = ?").bind(tableId).first()) !== null;
  }

  /**
   * Stores a finished match and its rating updates in one atomic batch. The rating updates run only while no
   * record of this table exists, and each only if its row is still at the rev it was computed from; the record's
   * `ratings_ok` CHECK fails (and rolls the whole batch back) if any of them did not apply. So a re-delivery
   * changes nothing, and a race with another match's update is retried from fresh ratings. `counts`: what the
   * match adds to the hourly counters (./metrics.ts), added under the same guard.
   */
  async recordMatch(facts: MatchFacts, writes: RatingWrite[], counts: readonly Count[] = [], also: D1PreparedStatement[] = []): Promise<void> {
    const d1 = this.d1;
    const statements: D1PreparedStatement[] = [];
    for (const w of writes) {
      statements.push(
        d1
          .prepare("INSERT INTO ratings (player_id, pool, rating, rd, volatility, games, rated_at, rev) VALUES (?, ?, ?, ?, ?, 0, ?, 0) ON CONFLICT DO NOTHING")
          .bind(w.playerId, w.pool, w.before.rating, w.before.rd, w.before.volatility, w.before.ratedAt),
        d1
          .prepare(
            `UPDATE ratings SET rating = ?, rd = ?, volatility = ?, games = games + 1, rated_at = ?, rev = rev + 1
             WHERE player_id = ? AND pool = ? AND rev = ? AND NOT EXISTS (SELECT 1 FROM matches WHERE table_id = ?)`,
          )
          .bind(w.after.rating, w.after.rd, w.after.volatility, facts.endedAt, w.playerId, w.pool, w.before.rev, facts.tableId),
      );
    }
    statements.push(...this.#diceCounts(facts), ...matchCountStatements(d1, facts.tableId, counts));
    // Fair play's rows of this match (./fairplay.ts): idempotent on their own, and in the batch so they are written
    // exactly when the record is.
    statements.push(...also);
    const guard = writes.map(() => "(player_id = ? AND pool = ? AND rev = ?)").join(" OR ");
    const ratingsOk = writes.length === 0 ? "1" : `(SELECT count(*) FROM ratings WHERE ${guard}) = ${writes.length}`;
    const { events, players, ...summary } = facts;
    statements.push(
      d1
        .prepare(
          `INSERT INTO matches (table_id, pool, length, rated, winner, reason, score_white, score_black, started_at, ended_at, record, ratings_ok)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${ratingsOk}) ON CONFLICT DO NOTHING`,
        )
        .bind(
          summary.tableId,
          summary.pool,
          summary.length,
          summary.rated ? 1 : 0,
          summary.winner,
          summary.reason,
          summary.score.white,
          summary.score.black,
          summary.startedAt,
          summary.endedAt,
          JSON.stringify({ players, events }),
          ...writes.flatMap((w) => [w.playerId, w.pool, w.before.rev + 1]),
        ),
    );
    for (const side of ["white", "black"] as const) {
      const player = players[side];
      if (player.playerId === null) continue;
      const write = writes.find((w) => w.playerId === player.playerId);
      const result = facts.winner === null ? "none" : facts.winner === side ? "win" : "loss";
      statements.push(
        d1
          .prepare(
            `INSERT INTO match_players (table_id, player_id, side, name, result, ended_at, rating_before, rating_after)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          )
          .bind(facts.tableId, player.playerId, side, player.name, result, facts.endedAt, write?.before.rating ?? null, write?.after.rating ?? null),
      );
    }
    // The table's seats are over: a later moderation action no longer looks for them here (./seats.ts).
    statements.push(tableFinished(d1, facts.tableId));
    await d1.batch(statements);
  }

  /** Adds each player's rolls of this match to their dice counters, only while the match is not recorded yet. */
  #diceCounts(facts: MatchFacts): D1PreparedStatement[] {
    const counts = countRolls(facts.events.map((e) => e.event));
    return (["white", "black"] as const).flatMap((side) => {
      const playerId = facts.players[side].playerId;
      const c = counts[side];
      if (playerId === null || c.rolls === 0) return [];
      return [
        this.d1.prepare("INSERT INTO dice_stats (player_id) VALUES (?) ON CONFLICT DO NOTHING").bind(playerId),
        this.d1
          .prepare(
            `UPDATE dice_stats SET rolls = rolls + ?, doubles = doubles + ?, face1 = face1 + ?, face2 = face2 + ?, face3 = face3 + ?,
               face4 = face4 + ?, face5 = face5 + ?, face6 = face6 + ?
             WHERE player_id = ? AND NOT EXISTS (SELECT 1 FROM matches WHERE table_id = ?)`,
          )
          .bind(c.rolls, c.doubles, ...c.faces, playerId, facts.tableId),
      ];
    });
  }

  /** A player's dice counters (all zero before their first recorded roll). */
  async diceCounts(playerId: string): Promise<DiceCounts> {
    const row = await this.d1.prepare("SELECT * FROM dice_stats WHERE player_id = ?").bind(playerId).first<Row>();
    return row ? ownData(DiceRowSchema, row, "a D1 dice_stats row") : noDice();
  }

  async matchRecord(tableId: string): Promise<MatchRecord | null> {
    const row = await this.d1.prepare("SELECT * FROM matches WHERE table_id = ?").bind(tableId).first<Row>();
    if (!row) return null;
    const [record] = await this.#withPlayers([row], true);
    return record ? MatchRecordSchema.parse(record) : null;
  }

  /** A player's matches, newest first, `limit` from after `cursor` (the `ended_at:table_id` of the last one seen). */
  async matchesOf(playerId: string, cursor: { endedAt: number; tableId: string } | null, limit: number): Promise<MatchSummary[]> {
    const { results } = await this.d1
      .prepare(
        `SELECT matches.* FROM match_players JOIN matches USING (table_id)
         WHERE player_id = ? AND (? IS NULL OR (match_players.ended_at, table_id) < (?, ?))
         ORDER BY match_players.ended_at DESC, table_id DESC LIMIT ?`,
      )
      .bind(playerId, cursor?.endedAt ?? null, cursor?.endedAt ?? 0, cursor?.tableId ?? "", limit)
      .all<Row>();
    return this.#withPlayers(results, false);
  }

  async counts(playerId: string): Promise<{ matches: number; wins: number; losses: number }> {
    const row = await this.d1
      .prepare(
        "SELECT count(*) AS matches, coalesce(sum(result = 'win'), 0) AS wins, coalesce(sum(result = 'loss'), 0) AS losses FROM match_players WHERE player_id = ?",
      )
      .bind(playerId)
      .first<Row>();
    return ownData(CountsRowSchema, row, "a player's D1 match counts");
  }

  /** Match rows → summaries (or records, with events), with each seat's rating change and deleted players' names withheld. */
  async #withPlayers(rows: Row[], withEvents: boolean): Promise<Array<MatchSummary & { events?: LoggedEvent[] }>> {
    if (rows.length === 0) return [];
    const matches = rows.map((row) => ownData(MatchRowSchema, row, "a D1 matches row"));
    const { results } = await this.d1
      .prepare(
        `SELECT match_players.*, players.kind FROM match_players JOIN players ON players.id = match_players.player_id
         WHERE table_id IN (${matches.map(() => "?").join(", ")})`,
      )
      .bind(...matches.map((m) => m.tableId))
      .all<Row>();
    const seated = results.map((row) => ownData(MatchPlayerRowSchema, row, "a D1 match_players row"));
    return matches.map(({ record, ...match }) => {
      const what = `the record column of match ${match.tableId}`;
      const stored = withEvents ? ownData(StoredRecordSchema, record, what) : { ...ownData(StoredPlayersSchema, record, what), events: [] };
      const seat = (side: Side) => {
        const player = stored.players[side];
        const joined = seated.find((r) => r.tableId === match.tableId && r.side === side);
        const deleted = joined?.deleted ?? false;
        return {
          ...player,
          name: deleted ? DELETED_NAME : player.name,
          deleted,
          ratingBefore: joined?.ratingBefore ?? null,
          ratingAfter: joined?.ratingAfter ?? null,
        };
      };
      const players = { white: seat("white"), black: seat("black") };
      if (!withEvents) return { ...match, players };
      return { ...match, players, events: stored.events.map((logged) => withoutDeletedNames(logged, players)) };
    });
  }
}

/** A deleted player's name also leaves the record's `player-joined` event. */
function withoutDeletedNames(logged: LoggedEvent, players: Record<Side, { deleted: boolean }>): LoggedEvent {
  const { event } = logged;
  if (event.type === "player-joined" && players[event.seat].deleted) return { ...logged, event: { ...event, name: DELETED_NAME } };
  return logged;
}
export * from "./ledger";
export * from "./replica";
export * from "./fairplay";
export * from "./audit";
