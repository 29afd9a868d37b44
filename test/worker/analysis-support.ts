/**
 * Helpers for the analysis worker tests: finished matches recorded through the real outbox, the queue's consumer
 * driven with a message batch of the test's making, and analyses with chosen figures for the profile and the signal
 * (those read only the stored per-player columns, not how the figures were reached).
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { Side } from "../../src/engine";
import type { MatchRecord } from "../../src/protocol";
import { ANALYSIS_VERSION, prWordOf, type Analysis, type PlayerAnalysis } from "../../src/protocol/analysis";
import { consumeAnalyses, type Analyser } from "../../src/server/analysis/consumer";
import { commandId, connect, connectSeats, playOne } from "./helpers";
import { delivered, tableBetween } from "./players-support";

/** Both seats connected, then `loser` resigns; the record is delivered to D1. */
export async function recordedMatch(white: string | null, black: string | null, options: { spectators?: boolean; loser?: Side } = {}) {
  const table = await tableBetween(white, black, options.spectators === false ? { spectators: false } : {});
  const socket = await connect(table.id, { token: table[options.loser ?? "black"].token });
  await socket.next("welcome");
  socket.send({ type: "resign", id: commandId() });
  const answer = await socket.answer();
  if (answer.type !== "ack") throw new Error(`resign refused: ${answer.code}`);
  socket.close();
  await delivered(table.id);
  return table;
}

/** `commands` rolls and plays (the first legal play each time), then White resigns; the record is delivered. */
export async function playedMatch(white: string, black: string, commands: number) {
  const table = await tableBetween(white, black);
  const clients = await connectSeats(table.id, { white: table.white.token, black: table.black.token });
  clients.white.skipAll();
  clients.black.skipAll();
  for (let i = 0; i < commands; i++) if (!(await playOne(clients))) break;
  clients.white.send({ type: "resign", id: commandId() });
  const answer = await clients.white.answer();
  if (answer.type !== "ack") throw new Error(`resign refused: ${answer.code}`);
  clients.white.close();
  clients.black.close();
  await delivered(table.id);
  return table;
}

let messageNo = 0;

/**
 * One delivery of `{tableId}` to the consumer (`attempts`: the queue's count, 1 at the first): the message's fate,
 * and the delays its retries asked for (the plugin's result does not keep them).
 */
export async function consume(tableId: string, analyse: Analyser, attempts = 1) {
  const batch = createMessageBatch("nardi-analysis", [{ id: `m${++messageNo}`, timestamp: Date.now(), attempts, body: { tableId } }]);
  const retryDelays: Array<number | undefined> = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, "retry", {
      value: (options?: QueueRetryOptions) => {
        retryDelays.push(options?.delaySeconds);
        retry(options);
      },
    });
  }
  const ctx = createExecutionContext();
  await consumeAnalyses(batch, env, analyse);
  return { ...(await getQueueResult(batch, ctx)), retryDelays };
}

function player(pr: number, decisions: number): PlayerAnalysis {
  const errorRate = pr * 2;
  return {
    decisions,
    checkerDecisions: decisions,
    cubeDecisions: 0,
    errorRate,
    checkerErrorRate: errorRate,
    cubeErrorRate: 0,
    pr,
    prWord: prWordOf(pr),
    marks: { doubtful: 0, bad: 0, veryBad: 0 },
    luck: 0,
    luckAdjusted: 0,
  };
}

/** An analysis with these figures per side (no decision list): for tests of what is done with the figures. */
export function analysisWith(record: Pick<MatchRecord, "tableId">, figures: Record<Side, { pr: number; decisions: number }>, variant: "long" | "short" = "short"): Analysis {
  return {
    status: "ready",
    tableId: record.tableId,
    version: ANALYSIS_VERSION,
    variant,
    depth: { checker: "test", cube: "test" },
    players: { white: player(figures.white.pr, figures.white.decisions), black: player(figures.black.pr, figures.black.decisions) },
    decisions: [],
  };
}
