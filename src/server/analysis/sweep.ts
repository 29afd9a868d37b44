/**
 * The sweep (docs/analysis.md, "Restarts and outages"): an analysis owed but not stored — its message lost in a
 * local restart (`wrangler dev` keeps the queue in memory), a queue outage, a send that failed, or every retry of a
 * message used up — is sent again. It runs from the Monitor's alarm every ANALYSIS_SWEEP_SECONDS (default 60) while
 * any request is open: each request row whose last send is older than one period is sent again, at most MAX_SENDS
 * sends in all. The outbox arms it (./queue.ts); it stops by itself when nothing is owed.
 */
import { AnalysisDb } from "../db/analysis";
import type { Env } from "../env";
import type { Logger } from "../log";
import { MAX_SENDS, requestAnalysis, sweepMs } from "./queue";

/** Requests sent again per sweep at most (the rest wait for the next). */
const PER_SWEEP = 100;

/** One sweep. True while requests remain that a later sweep may still send. */
export async function sweepAnalyses(env: Env, now: number, log: Logger): Promise<boolean> {
  const db = new AnalysisDb(env.DB);
  const overdue = await db.overdue(now, now - sweepMs(env), MAX_SENDS, PER_SWEEP);
  if (overdue.length > 0) {
    log.warn("analysis: owed analyses sent again", { tables: overdue.length });
    await requestAnalysis(env, overdue, log);
  }
  return (await db.pendingRequests(MAX_SENDS)) > 0;
}
