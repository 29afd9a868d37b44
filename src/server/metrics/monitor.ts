/**
 * The Monitor: one Durable Object (`env.MONITOR.getByName("monitor")`) that knows what no single match object or
 * D1 row shows (docs/observability.md):
 *
 * - the outbox backlog: each match object keeps its undelivered record in its own storage; it tells the Monitor,
 *   in the background, when a delivery is deferred or fails (`pending`) and when such a late record is delivered
 *   (`delivered`). A record delivered at its first attempt, the normal case, costs the Monitor nothing
 *   (./monitor/deliveries.ts);
 * - errors by code, per UTC hour (./monitor/error-counts.ts);
 * - the analysis sweep (../analysis/sweep.ts): while analyses are owed, the alarm sends their messages again;
 * - the challenge sweep (../social/challenges.ts): at the earliest open challenge's expiry, the alarm expires
 *   what is due and tells both players.
 *
 * Rows of delivered records go after two days, error counts after ERROR_RETENTION_DAYS; the alarm deletes them.
 * Its entry points only hand over to the named handlers in ./monitor, as the match object's do.
 */
import { DurableObject } from "cloudflare:workers";
import { sweepAnalyses } from "../analysis/sweep";
import { sweepMs } from "../analysis/queue";
import { sweepChallenges } from "../social/challenges";
import type { Env } from "../env";
import { objectLog } from "../log";
import { backlog, noteDelivered, notePending, type Backlog } from "./monitor/deliveries";
import { addErrorCounts, errorCounts } from "./monitor/error-counts";
import { migrateMonitor } from "./monitor/migrations";
import type { ErrorCount } from "./monitor/stored";

export type { Backlog } from "./monitor/deliveries";
export type { ErrorCount } from "./monitor/stored";

/** How long error counts are kept (the admin page charts at most 400 days; a team looks back weeks). */
export const ERROR_RETENTION_DAYS = 400;
const DELIVERED_KEPT_MS = 48 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
/** Storage key: when the next analysis sweep is due (absent: no sweep running). */
const SWEEP_KEY = "analysisSweepDue";
/** Storage key: when the challenge sweep runs next (absent: no open challenge known). */
const CHALLENGE_KEY = "challengeSweepDue";
/** A challenge sweep that failed is tried again this much later. */
const CHALLENGE_RETRY_MS = 30_000;

export class Monitor extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrateMonitor(ctx.storage.sql);
  }

  /** A match record is waiting for D1 (its delivery was deferred or failed `attempts` times). */
  async pending(tableId: string, endedAt: number, attempts: number, stake: boolean): Promise<void> {
    notePending(this.ctx.storage.sql, tableId, endedAt, attempts, stake);
    await this.#tidyLater();
  }

  /** A late record reached D1. */
  async delivered(tableId: string, endedAt: number): Promise<void> {
    noteDelivered(this.ctx.storage.sql, tableId, endedAt, Date.now());
    await this.#tidyLater();
  }

  /** The records still waiting, after healing those D1 shows delivered. */
  backlog(): Promise<Backlog> {
    return backlog(this.ctx.storage.sql, this.env.DB);
  }

  /** Adds error counts (each `hour` the start of a UTC hour). */
  async countErrors(counts: ErrorCount[]): Promise<void> {
    addErrorCounts(this.ctx.storage.sql, counts);
    await this.#tidyLater();
  }

  /** Error counts of the hours in [since, until). */
  errors(since: number, until: number): ErrorCount[] {
    return errorCounts(this.ctx.storage.sql, since, until);
  }

  /** Analyses may be owed: the sweep runs one period from now unless it already runs (../analysis/sweep.ts). */
  async armAnalysisSweep(): Promise<void> {
    if ((await this.ctx.storage.get<number>(SWEEP_KEY)) !== undefined) return;
    const due = Date.now() + sweepMs(this.env);
    await this.ctx.storage.put(SWEEP_KEY, due);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > due) await this.ctx.storage.setAlarm(due);
  }

  /** A challenge expires at `at`: the challenge sweep runs then, unless it runs earlier already. */
  async armChallengeSweep(at: number): Promise<void> {
    const due = await this.ctx.storage.get<number>(CHALLENGE_KEY);
    if (due !== undefined && due <= at) return;
    await this.ctx.storage.put(CHALLENGE_KEY, at);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > at) await this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    sql.exec("DELETE FROM deliveries WHERE delivered_at IS NOT NULL AND delivered_at < ?", now - DELIVERED_KEPT_MS);
    sql.exec("DELETE FROM error_counts WHERE hour < ?", now - ERROR_RETENTION_DAYS * 86_400_000);
    const sweepDue = await this.#sweep(now);
    const challengesDue = await this.#sweepChallenges(now);
    await this.ctx.storage.setAlarm(Math.min(now + DAY_MS, sweepDue ?? Infinity, challengesDue ?? Infinity));
  }

  /** Expires the challenges due (../social/challenges.ts); the next expiry, or null when none is open. */
  async #sweepChallenges(now: number): Promise<number | null> {
    const due = await this.ctx.storage.get<number>(CHALLENGE_KEY);
    if (due === undefined || due > now) return due ?? null;
    let next: number | null;
    try {
      next = await sweepChallenges(this.env, now);
    } catch (error) {
      objectLog("monitor").error("challenge sweep failed", error);
      next = now + CHALLENGE_RETRY_MS;
    }
    // Armed meanwhile by a new challenge: the earlier of the two.
    const armed = await this.ctx.storage.get<number>(CHALLENGE_KEY);
    if (armed !== undefined && armed !== due && (next === null || armed < next)) next = armed;
    if (next === null) await this.ctx.storage.delete(CHALLENGE_KEY);
    else await this.ctx.storage.put(CHALLENGE_KEY, Math.max(next, now + 1000));
    return next === null ? null : Math.max(next, now + 1000);
  }

  /** Runs the analysis sweep if due; the next sweep's time, or null when it stops. A failed sweep is tried next period. */
  async #sweep(now: number): Promise<number | null> {
    const due = await this.ctx.storage.get<number>(SWEEP_KEY);
    if (due === undefined || due > now) return due ?? null;
    let more = true;
    try {
      more = await sweepAnalyses(this.env, now, objectLog("monitor"));
    } catch (error) {
      objectLog("monitor").error("analysis sweep failed", error);
    }
    if (!more) {
      await this.ctx.storage.delete(SWEEP_KEY);
      return null;
    }
    const next = now + sweepMs(this.env);
    await this.ctx.storage.put(SWEEP_KEY, next);
    return next;
  }

  /** A daily tidy-up runs while there is anything to tidy. */
  async #tidyLater(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + DAY_MS);
  }
}
