/**
 * Match analysis against a real `wrangler dev` (its own, since it is killed): the queue runs locally, so a match
 * played over sockets to its end gets its analysis within seconds; and a server killed with SIGKILL after the record
 * reached D1, while the analysis's message waited in the queue (which `wrangler dev` keeps in memory), still ends
 * with exactly one analysis: the Monitor's sweep sends the owed message again after the restart.
 *
 * The server holds every message ANALYSIS_DELAY_SECONDS in the queue (so the kill lands while it waits) and sweeps
 * every ANALYSIS_SWEEP_SECONDS.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, type CreateTableBody } from "../../src/client";
import { AnalysisSchema, type Analysis } from "../../src/protocol/analysis";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { recordOf, sleep } from "../support/tables";
import { d1Execute, startDevServer, type DevServer } from "../support/wrangler-dev";

let server: DevServer;
let client: NardiClient;

beforeAll(async () => {
  server = await startDevServer({ vars: { ANALYSIS_DELAY_SECONDS: "20", ANALYSIS_SWEEP_SECONDS: "2" } });
  client = new NardiClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

/** Two guests play a match to its end with random legal plays; its id once the record is in D1. */
async function finishedMatch(body: CreateTableBody, seed: number): Promise<string> {
  const a = await client.createGuest();
  const b = await client.createGuest();
  const white = await client.withSession(a.token).createTable(body);
  const black = await client.withSession(b.token).joinTable(white.tableId);
  const run = await playRandomMatch(client, white, black, seededRng(seed));
  run.white.close();
  run.black.close();
  expect(run.table.status).toBe("over");
  await recordOf(client, white.tableId);
  return white.tableId;
}

async function getAnalysis(tableId: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.baseUrl}/v1/matches/${tableId}/analysis`);
  return { status: res.status, body: await res.json() };
}

function storedRows(tableId: string): { analyses: number; requests: number } {
  const [a, r] = d1Execute(
    server.stateDir,
    `SELECT count(*) AS n FROM analyses WHERE table_id = '${tableId}'; SELECT count(*) AS n FROM analysis_requests WHERE table_id = '${tableId}'`,
  );
  return { analyses: Number(a!.n), requests: Number(r!.n) };
}

describe.sequential("analysis through the local queue", () => {
  test("a match played to its end: pending first, then its analysis, with every decision of both players", async () => {
    const tableId = await finishedMatch({ preset: "georgian-short", length: 1 }, 11);
    expect(await getAnalysis(tableId)).toMatchObject({ status: 202, body: { status: "pending", tableId } });
    let answer = await getAnalysis(tableId);
    for (let i = 0; i < 180 && answer.status === 202; i++) {
      await sleep(500);
      answer = await getAnalysis(tableId);
    }
    expect(answer.status).toBe(200);
    const analysis: Analysis = AnalysisSchema.parse(answer.body);
    expect(analysis).toMatchObject({ status: "ready", tableId, variant: "short" });
    expect(analysis.decisions.length).toBeGreaterThan(0);
    expect(analysis.players.white.decisions).toBeGreaterThan(0);
    expect(analysis.players.black.decisions).toBeGreaterThan(0);
    expect(storedRows(tableId)).toEqual({ analyses: 1, requests: 0 });
  }, 180_000);

  test("the server killed while the message waits in the queue: after the restart the sweep sends it again, one analysis", async () => {
    const tableId = await finishedMatch({ preset: "federation-long", length: 1 }, 12);
    // The outbox sends right after the record's batch; the message then waits ANALYSIS_DELAY_SECONDS (20) in the
    // queue: long enough for the row count below (a wrangler process) on a loaded machine, which 4 s was not.
    await sleep(1000);
    expect(storedRows(tableId)).toEqual({ analyses: 0, requests: 1 });
    await server.restart();
    // Nobody asks for it (no GET …/analysis, which would send it too): only the Monitor's stored alarm can.
    let rows = storedRows(tableId);
    for (let i = 0; i < 90 && rows.analyses === 0; i++) {
      await sleep(1000);
      rows = storedRows(tableId);
    }
    expect(rows).toEqual({ analyses: 1, requests: 0 });
    const answer = await getAnalysis(tableId);
    expect(answer.status).toBe(200);
    expect(AnalysisSchema.parse(answer.body)).toMatchObject({ tableId, variant: "long" });
  }, 240_000);
});
