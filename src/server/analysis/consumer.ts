/**
 * The analysis queue's consumer (the Worker's `queue()` handler; docs/analysis.md): for each `{tableId}`, D1 is
 * asked first (an analysis already stored is the end: a message delivered twice, or sent again by the sweep, costs
 * one read), then the match record is read as GET /v1/matches/{id} serves it, analysed, and stored with INSERT OR
 * IGNORE in one batch with its request row's deletion and the assistance signal's flag. A failure is retried by the
 * queue with a growing delay (a log the analyser cannot read, AnalysisError, is never retried); after max_retries (wrangler.toml) the message goes to the dead-letter queue and the
 * request row stays, for the sweep. Nothing here is awaited by a match object.
 */
import { AnalysisError } from "../../analysis";
import type { MatchRecord } from "../../protocol";
import type { Analysis } from "../../protocol/analysis";
import { notify } from "../channel/notify";
import { Db } from "../db";
import { AnalysisDb } from "../db/analysis";
import type { Env } from "../env";
import { assistanceStatements } from "../fairplay/assistance";
import { objectLog, tableLog } from "../log";
import { AnalysisMessageSchema } from "./queue";

export type Analyser = (record: MatchRecord) => Analysis;

/** What one message came to. */
export type Outcome = "stored" | "exists" | "no-record";

/** Seconds before the queue delivers a failed message again: 5, 10, 20, 40, 80 … at most 300. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 300);
}

/** The analysis of one recorded match, stored once. */
export async function analyseOne(
  d1: D1Database,
  tableId: string,
  analyse: Analyser,
  now: number,
  onStored: (playerIds: string[]) => Promise<void> = async () => {},
): Promise<Outcome> {
  const analyses = new AnalysisDb(d1);
  if (await analyses.exists(tableId)) return "exists";
  const record = await new Db(d1).matchRecord(tableId);
  if (!record) return "no-record";
  const analysis = analyse(record);
  const flags = await assistanceStatements(d1, record, analysis, now);
  const players = { white: record.players.white.playerId, black: record.players.black.playerId };
  const stored = await analyses.store(analysis, { tableId, endedAt: record.endedAt, players }, now, flags);
  if (stored) await onStored([players.white, players.black].filter((id): id is string => id !== null));
  return stored ? "stored" : "exists";
}

export async function consumeAnalyses(batch: MessageBatch<unknown>, env: Env, analyse: Analyser): Promise<void> {
  for (const message of batch.messages) {
    const parsed = AnalysisMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      // Never retried: it would fail the same way every time.
      objectLog("analysis").error("analysis: a message that is not {tableId} was dropped", undefined, { body: message.body });
      message.ack();
      continue;
    }
    const { tableId } = parsed.data;
    const log = tableLog(tableId);
    const started = Date.now();
    try {
      // Each seated player's channel hears of it (docs/players-channel.md); notify never throws.
      const tell = async (ids: string[]) => void (await Promise.all(ids.map((id) => notify(env, id, { kind: "analysis-ready", tableId }))));
      const outcome = await analyseOne(env.DB, tableId, analyse, started, tell);
      if (outcome === "no-record") log.warn("analysis: no recorded match for this message", { attempt: message.attempts });
      else log.info(`analysis: ${outcome}`, { attempt: message.attempts, ms: Date.now() - started });
      message.ack();
    } catch (error) {
      if (error instanceof AnalysisError) {
        // The stored log does not replay: every attempt would fail the same way (the request row stays, for an operator).
        log.error("analysis: the record's log cannot be analysed; dropped", error, { attempt: message.attempts });
        message.ack();
        continue;
      }
      const delaySeconds = retryDelaySeconds(message.attempts);
      log.error("analysis failed; the queue delivers the message again", error, { attempt: message.attempts, delaySeconds });
      message.retry({ delaySeconds });
    }
  }
}
