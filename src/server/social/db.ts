/**
 * The D1 queries of follows, blocks, challenge policies and challenges (migrations/0013_social.sql). Each write
 * that must hold under races is one conditional statement (a limit counted in the INSERT's own SELECT, an answer
 * that only changes an open, unexpired row), so two requests at once can never both pass.
 */
import * as z from "zod";
import { ChallengePolicySchema, ChallengeSettingsSchema, ChallengeStatusSchema, type ChallengePolicy, type ChallengeSettings, type ChallengeStatus } from "../../protocol";
import { DELETED_NAME, type D1Reader } from "../db";
import { ownData } from "../problem";

const int = z.number().int();

/** A player as a list names them (the presence is added by ./links.ts). */
export interface NamedPlayer {
  id: string;
  name: string;
}

const NamedRowSchema = z
  .object({ id: z.string(), name: z.string().nullable(), created_at: int })
  .transform((r) => ({ id: r.id, name: r.name ?? DELETED_NAME, createdAt: r.created_at }));

export const ChallengeRowSchema = z
  .object({
    id: z.string(),
    from_id: z.string(),
    to_id: z.string(),
    from_name: z.string().nullable(),
    to_name: z.string().nullable(),
    settings: z.string().transform((text) => ChallengeSettingsSchema.parse(JSON.parse(text))),
    status: ChallengeStatusSchema,
    created_at: int,
    expires_at: int,
    answered_at: int.nullable(),
    table_id: z.string().nullable(),
    seat_secret: z.string(),
  })
  .transform((r) => ({
    id: r.id,
    from: { id: r.from_id, name: r.from_name ?? DELETED_NAME },
    to: { id: r.to_id, name: r.to_name ?? DELETED_NAME },
    settings: r.settings,
    status: r.status,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    answeredAt: r.answered_at,
    tableId: r.table_id,
    seatSecret: r.seat_secret,
  }));
export type ChallengeRow = z.output<typeof ChallengeRowSchema>;

/** A challenge row with both players' names (the one SELECT every challenge read goes through). */
const CHALLENGE_SELECT = `SELECT c.*, f.name AS from_name, t.name AS to_name FROM challenges c
  JOIN players f ON f.id = c.from_id JOIN players t ON t.id = c.to_id`;

function challengeOf(row: Record<string, unknown>): ChallengeRow {
  return ownData(ChallengeRowSchema, row, "a D1 challenges row");
}

export interface NewChallenge {
  id: string;
  fromId: string;
  toId: string;
  settings: ChallengeSettings;
  createdAt: number;
  expiresAt: number;
  seatSecret: string;
}

export class SocialDb {
  constructor(private readonly d1: D1Reader) {}

  // Follows.

  /**
   * `follower` follows `followee` (again: nothing changes). "limit": they follow `max` players already. A follow of
   * a player who blocked the follower is not stored (and not told: the answer is the same).
   */
  async follow(follower: string, followee: string, now: number, max: number): Promise<"ok" | "limit"> {
    const inserted = await this.d1
      .prepare(
        `INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at)
         SELECT ?1, ?2, ?3 WHERE (SELECT COUNT(*) FROM follows WHERE follower_id = ?1) < ?4
           AND NOT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?2 AND blocked_id = ?1)`,
      )
      .bind(follower, followee, now, max)
      .run();
    if (inserted.meta.changes > 0) return "ok";
    const row = await this.d1
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ?1 AND followee_id = ?2) AS following,
                EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?2 AND blocked_id = ?1) AS blocked`,
      )
      .bind(follower, followee)
      .first<{ following: number; blocked: number }>();
    return row?.following || row?.blocked ? "ok" : "limit";
  }

  async unfollow(follower: string, followee: string): Promise<void> {
    await this.d1.prepare("DELETE FROM follows WHERE follower_id = ? AND followee_id = ?").bind(follower, followee).run();
  }

  /** Whom the player follows (with whether they follow back) and who follows them, newest first. */
  async follows(playerId: string): Promise<{ following: Array<NamedPlayer & { friend: boolean }>; followers: NamedPlayer[] }> {
    const [following, followers] = await this.d1.batch([
      this.d1
        .prepare(
          `SELECT p.id, p.name, f.created_at,
                  EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = f.followee_id AND b.followee_id = f.follower_id) AS friend
           FROM follows f JOIN players p ON p.id = f.followee_id WHERE f.follower_id = ? ORDER BY f.created_at DESC, p.id`,
        )
        .bind(playerId),
      this.d1
        .prepare("SELECT p.id, p.name, f.created_at FROM follows f JOIN players p ON p.id = f.follower_id WHERE f.followee_id = ? ORDER BY f.created_at DESC, p.id")
        .bind(playerId),
    ]);
    return {
      following: (following!.results as Array<Record<string, unknown>>).map((row) => ({
        ...ownData(NamedRowSchema, row, "a D1 follows row"),
        friend: Boolean(row.friend),
      })),
      followers: (followers!.results as Array<Record<string, unknown>>).map((row) => ownData(NamedRowSchema, row, "a D1 follows row")),
    };
  }

  /** Each follows the other. */
  async friends(a: string, b: string): Promise<boolean> {
    const row = await this.d1
      .prepare("SELECT COUNT(*) AS n FROM follows WHERE (follower_id = ?1 AND followee_id = ?2) OR (follower_id = ?2 AND followee_id = ?1)")
      .bind(a, b)
      .first<{ n: number }>();
    return row?.n === 2;
  }

  // Blocks.

  /**
   * `blocker` blocks `blocked` (again: nothing changes); in the same batch the blocked player's follow of the
   * blocker ends. "limit": they block `max` players already.
   */
  async block(blocker: string, blocked: string, now: number, max: number): Promise<"ok" | "limit"> {
    const [inserted] = await this.d1.batch([
      this.d1
        .prepare(
          `INSERT OR IGNORE INTO blocks (blocker_id, blocked_id, created_at)
           SELECT ?1, ?2, ?3 WHERE (SELECT COUNT(*) FROM blocks WHERE blocker_id = ?1) < ?4`,
        )
        .bind(blocker, blocked, now, max),
      this.d1
        .prepare(
          "DELETE FROM follows WHERE follower_id = ?2 AND followee_id = ?1 AND EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2)",
        )
        .bind(blocker, blocked),
    ]);
    if (inserted!.meta.changes > 0) return "ok";
    return (await this.blocks(blocker, blocked)) ? "ok" : "limit";
  }

  async unblock(blocker: string, blocked: string): Promise<void> {
    await this.d1.prepare("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?").bind(blocker, blocked).run();
  }

  /** `blocker` blocks `blocked` (one way). */
  async blocks(blocker: string, blocked: string): Promise<boolean> {
    const row = await this.d1.prepare("SELECT 1 AS n FROM blocks WHERE blocker_id = ? AND blocked_id = ?").bind(blocker, blocked).first();
    return row !== null;
  }

  /** The players this player blocked, newest first. */
  async blocked(playerId: string): Promise<NamedPlayer[]> {
    const rows = await this.d1
      .prepare("SELECT p.id, p.name, b.created_at FROM blocks b JOIN players p ON p.id = b.blocked_id WHERE b.blocker_id = ? ORDER BY b.created_at DESC, p.id")
      .bind(playerId)
      .all<Record<string, unknown>>();
    return rows.results.map((row) => ownData(NamedRowSchema, row, "a D1 blocks row"));
  }

  /** Everyone this player blocked or is blocked by (quick match pairs none of them with the player). */
  async blockedEitherWay(playerId: string): Promise<string[]> {
    const rows = await this.d1
      .prepare("SELECT blocked_id AS id FROM blocks WHERE blocker_id = ?1 UNION SELECT blocker_id AS id FROM blocks WHERE blocked_id = ?1")
      .bind(playerId)
      .all<{ id: string }>();
    return rows.results.map((row) => row.id);
  }

  // Challenge policies.

  async policy(playerId: string): Promise<ChallengePolicy> {
    const row = await this.d1.prepare("SELECT policy FROM challenge_policies WHERE player_id = ?").bind(playerId).first<{ policy: string }>();
    return row ? ownData(ChallengePolicySchema, row.policy, "a D1 challenge_policies row") : "everyone";
  }

  async setPolicy(playerId: string, policy: ChallengePolicy, now: number): Promise<void> {
    await this.d1
      .prepare(
        `INSERT INTO challenge_policies (player_id, policy, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET policy = excluded.policy, updated_at = excluded.updated_at`,
      )
      .bind(playerId, policy, now)
      .run();
  }

  /**
   * What decides whether `from` may challenge `to`, in one round trip: a block either way, `to`'s policy, and
   * whether the two are friends.
   */
  async challengeTerms(from: string, to: string): Promise<{ blocked: boolean; policy: ChallengePolicy; friends: boolean }> {
    const row = await this.d1
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1)) AS blocked,
                (SELECT policy FROM challenge_policies WHERE player_id = ?2) AS policy,
                (SELECT COUNT(*) FROM follows WHERE (follower_id = ?1 AND followee_id = ?2) OR (follower_id = ?2 AND followee_id = ?1)) AS follows`,
      )
      .bind(from, to)
      .first<{ blocked: number; policy: string | null; follows: number }>();
    return {
      blocked: Boolean(row?.blocked),
      policy: row?.policy == null ? "everyone" : ownData(ChallengePolicySchema, row.policy, "a D1 challenge_policies row"),
      friends: row?.follows === 2,
    };
  }

  // Challenges.

  /** Stores an open challenge unless its sender has `max` open (unexpired) ones already: false then. */
  async createChallenge(c: NewChallenge, max: number): Promise<boolean> {
    const result = await this.d1
      .prepare(
        `INSERT INTO challenges (id, from_id, to_id, settings, status, created_at, expires_at, seat_secret)
         SELECT ?1, ?2, ?3, ?4, 'open', ?5, ?6, ?7
         WHERE (SELECT COUNT(*) FROM challenges WHERE from_id = ?2 AND status = 'open' AND expires_at > ?5) < ?8`,
      )
      .bind(c.id, c.fromId, c.toId, JSON.stringify(c.settings), c.createdAt, c.expiresAt, c.seatSecret, max)
      .run();
    return result.meta.changes > 0;
  }

  async challenge(id: string): Promise<ChallengeRow | null> {
    const row = await this.d1.prepare(`${CHALLENGE_SELECT} WHERE c.id = ?`).bind(id).first<Record<string, unknown>>();
    return row ? challengeOf(row) : null;
  }

  /** The player's open, unexpired challenges, received and sent, newest first. */
  async openChallenges(playerId: string, now: number): Promise<{ incoming: ChallengeRow[]; outgoing: ChallengeRow[] }> {
    const [incoming, outgoing] = await this.d1.batch([
      this.d1.prepare(`${CHALLENGE_SELECT} WHERE c.to_id = ? AND c.status = 'open' AND c.expires_at > ? ORDER BY c.created_at DESC, c.id`).bind(playerId, now),
      this.d1.prepare(`${CHALLENGE_SELECT} WHERE c.from_id = ? AND c.status = 'open' AND c.expires_at > ? ORDER BY c.created_at DESC, c.id`).bind(playerId, now),
    ]);
    const rows = (result: D1Result | undefined) => ((result?.results ?? []) as Array<Record<string, unknown>>).map(challengeOf);
    return { incoming: rows(incoming), outgoing: rows(outgoing) };
  }

  /**
   * Answers an open, unexpired challenge: `by` must be its sender (`side` from) or receiver (to). The one row that
   * changed, or null when none did (answered, expired, or not theirs): of two answers at once only one changes it.
   */
  async answer(id: string, by: { side: "from" | "to"; playerId: string }, status: Exclude<ChallengeStatus, "open" | "expired">, now: number, tableId: string | null = null): Promise<boolean> {
    const column = by.side === "from" ? "from_id" : "to_id";
    const result = await this.d1
      .prepare(`UPDATE challenges SET status = ?, answered_at = ?, table_id = ? WHERE id = ? AND ${column} = ? AND status = 'open' AND expires_at > ?`)
      .bind(status, now, tableId, id, by.playerId, now)
      .run();
    return result.meta.changes > 0;
  }

  /**
   * A block ends the open challenges between the two: those the blocker received are declined, those they sent
   * cancelled. The ids that changed.
   */
  async closeBetween(blocker: string, blocked: string, now: number): Promise<string[]> {
    const close = (status: "declined" | "cancelled", from: string, to: string) =>
      this.d1
        .prepare("UPDATE challenges SET status = ?, answered_at = ? WHERE from_id = ? AND to_id = ? AND status = 'open' AND expires_at > ? RETURNING id")
        .bind(status, now, from, to, now);
    const results = await this.d1.batch<{ id: string }>([close("declined", blocked, blocker), close("cancelled", blocker, blocked)]);
    return results.flatMap((result) => result.results.map((row) => row.id));
  }

  /** An accept whose table could not be made (coins): the challenge is open again, as it was. */
  async reopen(id: string): Promise<void> {
    await this.d1.prepare("UPDATE challenges SET status = 'open', answered_at = NULL, table_id = NULL WHERE id = ? AND status = 'accepted'").bind(id).run();
  }

  /** Writes `expired` on up to `limit` open challenges past their expiry; the ids that changed. */
  async expireDue(now: number, limit: number): Promise<string[]> {
    const rows = await this.d1
      .prepare(
        `UPDATE challenges SET status = 'expired', answered_at = expires_at
         WHERE id IN (SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ? ORDER BY expires_at LIMIT ?) RETURNING id`,
      )
      .bind(now, limit)
      .all<{ id: string }>();
    return rows.results.map((row) => row.id);
  }

  /** The earliest expiry of an open challenge, or null when none is open. */
  async nextExpiry(): Promise<number | null> {
    const row = await this.d1.prepare("SELECT MIN(expires_at) AS at FROM challenges WHERE status = 'open'").first<{ at: number | null }>();
    return row?.at ?? null;
  }
}
