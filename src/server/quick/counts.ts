/**
 * The quick-match pools' index of who waits where (`env.POOL_COUNTS.getByName("counts")`): each pool reports the
 * players waiting in it whenever that set changes (../quick/core.ts `reportWaiting`, in the background), and
 * `GET /v1/seek/pools` reads the counts from here in one call instead of asking every pool. A report replaces the
 * pool's row; an older report (by the pool's clock) than the row's is ignored. A row not refreshed for
 * SEEK_LIMITS.maxSeekMs is not listed (every seek it counted has ended by then) and is deleted at the next report.
 * One object serves every pool: a report is one indexed write, a read one scan of the pools that have seekers.
 * docs/matchmaking.md ("Pool counts") is the contract.
 */
import { DurableObject } from "cloudflare:workers";
import * as z from "zod";
import { SEEK_LIMITS, SeekQuerySchema, type SeekChoice } from "../../protocol";
import type { Env } from "../env";

/** What the index keeps of a pool: its choices and the players waiting there. */
export interface PoolWaiting {
  choice: SeekChoice;
  players: string[];
}

const CountRowSchema = z.object({
  choice: z.string().transform((text) => SeekQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)))),
  players: z.string().transform((text) => z.array(z.string()).parse(JSON.parse(text))),
});

export class PoolCounts extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS pools (pool TEXT PRIMARY KEY, choice TEXT NOT NULL, players TEXT NOT NULL, at INTEGER NOT NULL)",
    );
  }

  /** The pool `pool` (its choices as the seek's query) has these players waiting, as of `at` (the pool's clock). */
  report(pool: string, query: string, players: string[], at: number): void {
    const sql = this.ctx.storage.sql;
    if (players.length === 0) {
      sql.exec("DELETE FROM pools WHERE pool = ? AND at <= ?", pool, at);
    } else {
      sql.exec(
        `INSERT INTO pools (pool, choice, players, at) VALUES (?, ?, ?, ?)
           ON CONFLICT (pool) DO UPDATE SET choice = excluded.choice, players = excluded.players, at = excluded.at WHERE excluded.at >= pools.at`,
        pool,
        query,
        JSON.stringify(players),
        at,
      );
    }
    sql.exec("DELETE FROM pools WHERE at < ?", Date.now() - SEEK_LIMITS.maxSeekMs);
  }

  /** Every pool with someone waiting, by name. */
  waiting(): PoolWaiting[] {
    return this.ctx.storage.sql
      .exec("SELECT choice, players FROM pools WHERE at >= ? ORDER BY pool", Date.now() - SEEK_LIMITS.maxSeekMs)
      .toArray()
      .map((row) => {
        const parsed = CountRowSchema.parse(row);
        return { choice: parsed.choice, players: parsed.players };
      });
  }
}
