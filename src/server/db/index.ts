/**
 * Every D1 query of the server, typed. Rows are parsed here and nowhere else; handlers and the match object's
 * outbox call these methods and never see SQL. Schema: migrations/0001_players.sql (+ 0004_dice_stats.sql).
 */
import type { PresetName, Side } from "../../engine";
import { countRolls, MatchRecordSchema, noDice, type DiceCounts, type MatchRecord, type MatchSummary, type PlayerKind } from "../../protocol";
import type { Count } from "../metrics/match";
import { GLICKO, GLICKO_SCALE, type Glicko } from "../ratings/glicko2";
import { matchCountStatements } from "./metrics";

export interface PlayerRow {
  id: string;
  name: string | null;
  kind: PlayerKind;
  password: string | null;
  createdAt: number;
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

/** A finished match as the outbox hands it over, before ratings. */
export type MatchFacts = Omit<MatchRecord, "players"> & {
  players: Record<Side, Omit<MatchRecord["players"]["white"], "ratingBefore" | "ratingAfter" | "deleted">>;
};

export const DELETED_NAME = "deleted player";

const UNIQUE = /UNIQUE constraint failed/i;

type Row = Record<string, unknown>;

function playerOf(row: Row): PlayerRow {
  return {
    id: String(row.id),
    name: row.name === null ? null : String(row.name),
    kind: String(row.kind) as PlayerKind,
    password: row.password === null ? null : String(row.password),
    createdAt: Number(row.created_at),
  };
}

function ratingOf(row: Row): RatingRow {
  return {
    pool: String(row.pool) as PresetName,
    rating: Number(row.rating),
    rd: Number(row.rd),
    volatility: Number(row.volatility),
    games: Number(row.games),
    ratedAt: Number(row.rated_at),
    rev: Number(row.rev),
  };
}

export function newRatingRow(pool: PresetName, now: number): RatingRow {
  return { pool, rating: GLICKO.rating, rd: GLICKO.rd, volatility: GLICKO.volatility, games: 0, ratedAt: now, rev: 0 };
}

export class Db {
  constructor(private readonly d1: D1Database) {}

  // Players.

  /** False when the name is taken. */
  async createPlayer(id: string, name: string, nameKey: string, now: number): Promise<boolean> {
    return this.#unique(
      this.d1.prepare("INSERT INTO players (id, name, name_key, kind, created_at) VALUES (?, ?, ?, 'guest', ?)").bind(id, name, nameKey, now).run(),
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

  /** A guest becomes a member under `name`. "taken": another player has the name; "claimed": not a guest any more. */
  async claim(id: string, name: string, nameKey: string, password: string): Promise<"ok" | "taken" | "claimed"> {
    const run = this.d1
      .prepare("UPDATE players SET name = ?, name_key = ?, kind = 'member', password = ? WHERE id = ? AND kind = 'guest'")
      .bind(name, nameKey, password, id)
      .run();
    try {
      return (await run).meta.changes === 1 ? "ok" : "claimed";
    } catch (error) {
      if (UNIQUE.test(String(error))) return "taken";
      throw error;
    }
  }

  async rename(id: string, name: string, nameKey: string): Promise<boolean> {
    return this.#unique(this.d1.prepare("UPDATE players SET name = ?, name_key = ? WHERE id = ? AND kind != 'deleted'").bind(name, nameKey, id).run());
  }

  /** The account goes (name, password, sessions); its ratings and match records stay, shown as deleted. */
  async deletePlayer(id: string): Promise<void> {
    await this.d1.batch([
      this.d1.prepare("DELETE FROM sessions WHERE player_id = ?").bind(id),
      this.d1.prepare("UPDATE players SET name = NULL, name_key = NULL, password = NULL, kind = 'deleted' WHERE id = ?").bind(id),
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

  /** Established (not provisional at `now`) ratings of live players in a pool, best first. */
  async leaders(pool: PresetName, offset: number, limit: number, now: number): Promise<LeaderRow[]> {
    // The RD aged to `now` (ratings/glicko2.ts ageRating), squared, must stay within the provisional bound.
    const { results } = await this.d1
      .prepare(
        `SELECT ratings.*, players.name FROM ratings JOIN players ON players.id = ratings.player_id
         WHERE pool = ? AND kind != 'deleted'
           AND rd * rd + (volatility * ?) * (volatility * ?) * ((? - rated_at) / 86400000.0) * ? <= ? * ?
         ORDER BY rating DESC, player_id LIMIT ? OFFSET ?`,
      )
      .bind(pool, GLICKO_SCALE, GLICKO_SCALE, now, GLICKO.periodsPerDay, GLICKO.provisionalRd, GLICKO.provisionalRd, limit, offset)
      .all<Row>();
    return results.map((row) => ({ ...ratingOf(row), playerId: String(row.player_id), name: String(row.name) }));
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
  async recordMatch(facts: MatchFacts, writes: RatingWrite[], counts: readonly Count[] = []): Promise<void> {
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
    if (!row) return noDice();
    const n = (key: string) => Number(row[key]);
    return { rolls: n("rolls"), doubles: n("doubles"), faces: [n("face1"), n("face2"), n("face3"), n("face4"), n("face5"), n("face6")] };
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
    return { matches: Number(row?.matches ?? 0), wins: Number(row?.wins ?? 0), losses: Number(row?.losses ?? 0) };
  }

  /** Match rows → summaries (or records, with events), with each seat's rating change and deleted players' names withheld. */
  async #withPlayers(rows: Row[], withEvents: boolean): Promise<Array<MatchSummary & { events?: unknown }>> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => String(row.table_id));
    const { results } = await this.d1
      .prepare(
        `SELECT match_players.*, players.kind FROM match_players JOIN players ON players.id = match_players.player_id
         WHERE table_id IN (${ids.map(() => "?").join(", ")})`,
      )
      .bind(...ids)
      .all<Row>();
    return rows.map((row) => {
      const stored = JSON.parse(String(row.record)) as Pick<MatchFacts, "players" | "events">;
      const seat = (side: Side) => {
        const player = stored.players[side];
        const joined = results.find((r) => r.table_id === row.table_id && r.side === side);
        const deleted = joined?.kind === "deleted";
        return {
          ...player,
          name: deleted ? DELETED_NAME : player.name,
          deleted,
          ratingBefore: joined?.rating_before == null ? null : Number(joined.rating_before),
          ratingAfter: joined?.rating_after == null ? null : Number(joined.rating_after),
        };
      };
      const players = { white: seat("white"), black: seat("black") };
      const events = withEvents ? stored.events.map((logged) => withoutDeletedNames(logged, players)) : undefined;
      return {
        tableId: String(row.table_id),
        pool: String(row.pool) as PresetName,
        length: Number(row.length),
        rated: Number(row.rated) === 1,
        winner: row.winner === null ? null : (String(row.winner) as Side),
        reason: String(row.reason) as MatchSummary["reason"],
        score: { white: Number(row.score_white), black: Number(row.score_black) },
        startedAt: Number(row.started_at),
        endedAt: Number(row.ended_at),
        players,
        ...(withEvents ? { events } : {}),
      };
    });
  }
}

/** A deleted player's name also leaves the record's `player-joined` event. */
function withoutDeletedNames<T extends { event: { type: string } }>(logged: T, players: Record<Side, { deleted: boolean }>): T {
  const event = logged.event as { type: string; seat?: Side; name?: string };
  if (event.type === "player-joined" && event.seat && players[event.seat].deleted) return { ...logged, event: { ...event, name: DELETED_NAME } };
  return logged;
}

export * from "./ledger";
export * from "./audit";
