/**
 * The analysis queue's producer side (docs/analysis.md, docs/storage.md): the message, who sends it, and the
 * sweep's timing. The outbox sends `{tableId}` once the match record is in D1 (with a request row written in the
 * record's batch); GET /v1/matches/{id}/analysis and the Monitor's sweep send it again for a request no analysis
 * answered within the sweep period. Sending never waits on the analysis, and a send that fails is only logged:
 * the request row stays, and the sweep sends it again.
 */
import * as z from "zod";
import { TableIdParamSchema } from "../../protocol";
import type { Env } from "../env";
import type { Logger } from "../log";

export const AnalysisMessageSchema = z.object({ tableId: TableIdParamSchema.shape.id }).strict();
export type AnalysisMessage = z.infer<typeof AnalysisMessageSchema>;

/** Sends per request the sweep makes at most (the outbox's first one included); each send is retried by the queue. */
export const MAX_SENDS = 4;

/** The sweep's period, and how old a request's last send must be before it is sent again (ANALYSIS_SWEEP_SECONDS, default 60 s). */
export function sweepMs(env: Pick<Env, "ANALYSIS_SWEEP_SECONDS">): number {
  const seconds = Number(env.ANALYSIS_SWEEP_SECONDS ?? 60);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
}

function delaySeconds(env: Pick<Env, "ANALYSIS_DELAY_SECONDS">): number {
  const seconds = Math.floor(Number(env.ANALYSIS_DELAY_SECONDS ?? 0));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 43_200) : 0;
}

/** When this isolate last made sure the Monitor's sweep is running. */
let sweepArmedAt = -Infinity;

/**
 * Sends `{tableId}` to the analysis queue and makes sure the sweep runs (at most once per sweep period per
 * isolate: one call to the Monitor, whatever the number of matches). Never throws: a failure is logged.
 */
export async function requestAnalysis(env: Env, tableIds: readonly string[], log: Logger): Promise<void> {
  if (tableIds.length === 0) return;
  const delay = delaySeconds(env);
  try {
    const options = { contentType: "json" as const, ...(delay > 0 ? { delaySeconds: delay } : {}) };
    if (tableIds.length === 1) await env.ANALYSIS_QUEUE.send({ tableId: tableIds[0]! }, options);
    else await env.ANALYSIS_QUEUE.sendBatch(tableIds.map((tableId) => ({ body: { tableId }, ...options })));
  } catch (error) {
    log.error("analysis: could not be queued (the sweep sends it again)", error, { tables: tableIds.length });
  }
  await armSweep(env, log);
}

async function armSweep(env: Env, log: Logger): Promise<void> {
  const now = Date.now();
  if (now - sweepArmedAt < sweepMs(env)) return;
  sweepArmedAt = now;
  try {
    await env.MONITOR.getByName("monitor").armAnalysisSweep();
  } catch (error) {
    sweepArmedAt = -Infinity;
    log.warn("analysis: the sweep could not be armed", { error });
  }
}
