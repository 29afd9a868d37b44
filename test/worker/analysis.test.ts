/**
 * Match analysis (docs/analysis.md, docs/replays.md "Analysis"): the request written with the record, the queue's
 * consumer (one analysis however often a message comes, a failure retried with a delay), the route's pending /
 * ready / 404 / 403, the sweep that sends a lost message again, and the profile's PR.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlayerProfile } from "../../src/protocol";
import type { Analysis, AnalysisPending } from "../../src/protocol/analysis";
import { analyseMatch } from "../../src/analysis";
import { AnalysisSchema } from "../../src/protocol/analysis";
import { analyseOne, type Analyser } from "../../src/server/analysis/consumer";
import { MAX_SENDS } from "../../src/server/analysis/queue";
import { AnalysisDb } from "../../src/server/db/analysis";
import type { Monitor } from "../../src/server/metrics/monitor";
import { analysisWith, consume, playedMatch, recordedMatch } from "./analysis-support";
import type { Env } from "../../src/server/env";
import type { MatchRoom } from "../../src/server/match-room";
import { commandId, connect, stubOf } from "./helpers";
import { call, d1Count, delivered, guest, member, outbox, profile, runDeliveryNow, tableBetween } from "./players-support";

const even: Analyser = (record) => analysisWith(record, { white: { pr: 6, decisions: 30 }, black: { pr: 14, decisions: 28 } });

async function request(tableId: string) {
  return env.DB.prepare("SELECT sent_at, sends FROM analysis_requests WHERE table_id = ?").bind(tableId).first<{ sent_at: number; sends: number }>();
}

async function analysisOf(tableId: string, token?: string) {
  const res = await call("GET", `/v1/matches/${tableId}/analysis`, { token });
  return { status: res.status, body: (await res.json()) as Analysis | AnalysisPending | { code: string }, retryAfter: res.headers.get("retry-after") };
}

/** A minimal recorded match (the analyses table refers to its row) for `playerId` at `side`, ended at `endedAt`. */
async function bareMatch(tableId: string, endedAt: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO matches (table_id, pool, length, rated, winner, reason, score_white, score_black, started_at, ended_at, record, ratings_ok)
     VALUES (?, 'backgammon', 1, 0, 'white', 'resign', 1, 0, ?, ?, '{}', 1)`,
  )
    .bind(tableId, endedAt - 60_000, endedAt)
    .run();
}

describe("the analysis queue", () => {
  it("the record's delivery writes the analysis's request in its batch; the consumer stores one analysis and clears it", async () => {
    const a = await member();
    const b = await member();
    const { id } = await recordedMatch(a.token, b.token);
    expect(await request(id)).toMatchObject({ sends: 1 });

    const first = await consume(id, even);
    expect(first.explicitAcks).toEqual([expect.any(String)]);
    expect(first.retryMessages).toEqual([]);
    expect(await request(id)).toBeNull();
    const row = await env.DB.prepare("SELECT * FROM analyses WHERE table_id = ?").bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ variant: "short", white_player_id: a.player.id, black_player_id: b.player.id, white_pr: 6, black_pr: 14, white_decisions: 30, black_decisions: 28 });
  });

  it("the outbox sends {tableId} once the record is in D1, also when an earlier attempt had recorded it (a lost acknowledgement)", async () => {
    const a = await member();
    const table = await tableBetween(a.token, null);
    const sent: unknown[] = [];
    let lose = true;
    await runInDurableObject(stubOf(table.id), (room: MatchRoom) => {
      const core = room.room as unknown as { env: Env; d1: D1Database };
      const queue = { send: async (body: unknown) => void sent.push(body), sendBatch: async () => undefined };
      Object.defineProperty(core, "env", { value: { ...core.env, ANALYSIS_QUEUE: queue } });
      // D1 commits the record's batch, but its answer is lost the first time.
      const real = env.DB;
      core.d1 = {
        prepare: (sql: string) => real.prepare(sql),
        batch: async (statements: D1PreparedStatement[]) => {
          const results = await real.batch(statements);
          if (lose) {
            lose = false;
            throw new Error("acknowledgement lost (injected)");
          }
          return results;
        },
      } as unknown as D1Database;
    });
    const socket = await connect(table.id, { token: table.white.token });
    await socket.next("welcome");
    socket.send({ type: "resign", id: commandId() });
    expect((await socket.answer()).type).toBe("ack");
    socket.close();
    await runDeliveryNow(table.id);
    expect(await outbox(table.id)).toHaveLength(1);
    expect(sent).toEqual([]);
    expect(await request(table.id)).toMatchObject({ sends: 1 });
    await delivered(table.id);
    expect(sent).toEqual([{ tableId: table.id }]);
  });

  it("a consumer that fails once is retried with a delay; the retry stores the analysis, a duplicate message stores nothing", async () => {
    const a = await member();
    const { id } = await recordedMatch(a.token, null);
    let calls = 0;
    const flaky: Analyser = (record) => {
      calls++;
      if (calls === 1) throw new Error("the evaluator ran out of time");
      return even(record);
    };
    const failed = await consume(id, flaky, 1);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages).toEqual([{ msgId: expect.any(String) }]);
    expect(failed.retryDelays).toEqual([5]);
    expect(await d1Count("SELECT count(*) AS n FROM analyses WHERE table_id = ?", id)).toBe(0);
    expect(await request(id)).not.toBeNull();

    const retried = await consume(id, flaky, 2);
    expect(retried.explicitAcks).toHaveLength(1);
    // The same message again (a queue delivers at least once) or sent again by the sweep: D1 is asked first.
    const again = await consume(id, flaky, 1);
    expect(again.explicitAcks).toHaveLength(1);
    expect(calls).toBe(2);
    expect(await d1Count("SELECT count(*) AS n FROM analyses WHERE table_id = ?", id)).toBe(1);
  });

  it("a played match, with the real analyser failing once: retried, then exactly one analysis, served as the Analysis document", async () => {
    const a = await member();
    const b = await member();
    const { id } = await playedMatch(a.token, b.token, 24);
    let calls = 0;
    const flaky: Analyser = (record) => {
      calls++;
      if (calls === 1) throw new Error("D1 went away mid-analysis");
      return analyseMatch(record);
    };
    expect((await consume(id, flaky, 1)).retryDelays).toEqual([5]);
    expect((await consume(id, flaky, 2)).explicitAcks).toHaveLength(1);
    expect((await consume(id, flaky, 3)).explicitAcks).toHaveLength(1);
    expect(calls).toBe(2);
    expect(await d1Count("SELECT count(*) AS n FROM analyses WHERE table_id = ?", id)).toBe(1);

    const served = await analysisOf(id);
    expect(served.status).toBe(200);
    const analysis = AnalysisSchema.parse(served.body);
    expect(analysis).toMatchObject({ status: "ready", tableId: id, variant: "short" });
    expect(analysis.decisions.length).toBeGreaterThan(0);
    expect(analysis.players.white.decisions + analysis.players.black.decisions).toBeGreaterThan(0);
    // The stored per-player columns are the document's figures.
    const row = await env.DB.prepare("SELECT white_pr, black_pr, white_decisions, black_decisions FROM analyses WHERE table_id = ?").bind(id).first();
    expect(row).toEqual({
      white_pr: analysis.players.white.pr,
      black_pr: analysis.players.black.pr,
      white_decisions: analysis.players.white.decisions,
      black_decisions: analysis.players.black.decisions,
    });
  });

  it("two consumers of the same match at once: one analysis stored", async () => {
    const { id } = await recordedMatch((await guest()).token, null);
    const outcomes = await Promise.all([analyseOne(env.DB, id, even, Date.now()), analyseOne(env.DB, id, even, Date.now())]);
    expect(outcomes.filter((o) => o === "stored").length).toBeLessThanOrEqual(1);
    expect(await d1Count("SELECT count(*) AS n FROM analyses WHERE table_id = ?", id)).toBe(1);
  });

  it("a message that is not {tableId} is dropped (acknowledged, never retried); one for an unknown match changes nothing", async () => {
    const bad = await consume("not a table id", even);
    expect(bad.explicitAcks).toHaveLength(1);
    const unknown = await consume("a".repeat(22), even);
    expect(unknown.explicitAcks).toHaveLength(1);
    expect(await d1Count("SELECT count(*) AS n FROM analyses WHERE table_id = ?", "a".repeat(22))).toBe(0);
  });
});

describe("GET /v1/matches/{id}/analysis", () => {
  it("is in the OpenAPI document with its answers and the protocol's schemas", async () => {
    const doc = (await (await call("GET", "/v1/openapi.json")).json()) as {
      paths: Record<string, { get?: { operationId: string; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, unknown> };
    };
    const route = doc.paths["/v1/matches/{id}/analysis"]?.get;
    expect(route?.operationId).toBe("getMatchAnalysis");
    expect(Object.keys(route!.responses).sort()).toEqual(["200", "202", "400", "403", "404"]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["Analysis", "AnalysisPending", "Decision", "PlayerAnalysis", "Performance"]));
  });

  it("404 before the record, 202 pending once recorded, 200 the analysis once stored", async () => {
    expect((await analysisOf("b".repeat(22))).body).toMatchObject({ code: "MATCH_NOT_FOUND" });
    expect((await analysisOf("b".repeat(22))).status).toBe(404);
    expect((await analysisOf("bad!id")).status).toBe(400);

    const { id } = await recordedMatch((await guest()).token, null);
    const pending = await analysisOf(id);
    expect(pending).toMatchObject({ status: 202, body: { status: "pending", tableId: id }, retryAfter: "2" });
    // Asked within the sweep period of the record's own send: nothing is sent again.
    expect(await request(id)).toMatchObject({ sends: 1 });

    await consume(id, even);
    const ready = await analysisOf(id);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "ready", tableId: id, variant: "short", players: { white: { pr: 6 }, black: { pr: 14 } } });
  });

  it("a match played without spectators: 403 for anyone but its players' sessions, pending and ready alike", async () => {
    const a = await member();
    const b = await member();
    const stranger = await member();
    const { id } = await recordedMatch(a.token, b.token, { spectators: false });
    expect((await analysisOf(id)).body).toMatchObject({ code: "SPECTATORS_DISABLED" });
    expect((await analysisOf(id, stranger.token)).status).toBe(403);
    expect((await analysisOf(id, b.token)).status).toBe(202);
    await consume(id, even);
    expect((await analysisOf(id)).status).toBe(403);
    expect((await analysisOf(id, a.token)).status).toBe(200);
  });

  it("a recorded match whose request is older than the sweep period, or has none, is queued again by the GET", async () => {
    const { id } = await recordedMatch((await guest()).token, null);
    await env.DB.prepare("UPDATE analysis_requests SET sent_at = ? WHERE table_id = ?").bind(Date.now() - 120_000, id).run();
    expect((await analysisOf(id)).status).toBe(202);
    expect(await request(id)).toMatchObject({ sends: 2 });
    expect((await request(id))!.sent_at).toBeGreaterThan(Date.now() - 60_000);
    // A record from before analyses existed: no request at all.
    await env.DB.prepare("DELETE FROM analysis_requests WHERE table_id = ?").bind(id).run();
    expect((await analysisOf(id)).status).toBe(202);
    expect(await request(id)).toMatchObject({ sends: 1 });
  });
});

describe("the sweep", () => {
  const monitor = () => env.MONITOR.getByName("monitor");

  /** The sweep comes due, and the Monitor's alarm handler runs in the test's call (not an alarm workerd could fire at any moment). */
  async function sweepNow(): Promise<void> {
    await runInDurableObject(monitor(), async (m: Monitor, state) => {
      await state.storage.put("analysisSweepDue", Date.now() - 1);
      await m.alarm();
    });
  }

  it("sends a request no analysis answered within a period again, at most MAX_SENDS times, and stops when none is open", async () => {
    const { id } = await recordedMatch((await guest()).token, null);
    await monitor().armAnalysisSweep();
    // Young requests are left alone.
    await sweepNow();
    expect(await request(id)).toMatchObject({ sends: 1 });
    for (let sends = 2; sends <= MAX_SENDS + 1; sends++) {
      await env.DB.prepare("UPDATE analysis_requests SET sent_at = ? WHERE table_id = ?").bind(Date.now() - 120_000, id).run();
      await sweepNow();
      expect(await request(id)).toMatchObject({ sends: Math.min(sends, MAX_SENDS) });
    }
    // Nothing it may still send (this file's other tests' requests answered): the sweep stops (the next send arms it again).
    await env.DB.prepare("DELETE FROM analysis_requests WHERE table_id != ?").bind(id).run();
    await sweepNow();
    const due = await runInDurableObject(monitor(), (_m: Monitor, state) => state.storage.get("analysisSweepDue"));
    expect(due).toBeUndefined();
  });

  it("goes on while a request is open", async () => {
    await recordedMatch((await guest()).token, null);
    await monitor().armAnalysisSweep();
    await sweepNow();
    const due = await runInDurableObject(monitor(), (_m: Monitor, state) => state.storage.get<number>("analysisSweepDue"));
    expect(due).toBeGreaterThan(Date.now());
  });
});

describe("the profile's PR", () => {
  it("per variant, over the most recent 20 analysed matches with a counted decision, weighted by decisions", async () => {
    const a = await member();
    const db = new AnalysisDb(env.DB);
    const now = Date.now();
    // 22 short matches: the two oldest (PR 90) fall outside the 20; one with no decision of a's is not counted.
    for (let i = 0; i < 23; i++) {
      const tableId = `short-${String(i).padStart(2, "0")}-${"x".repeat(10)}`;
      await bareMatch(tableId, now - (23 - i) * 60_000);
      const pr = i < 2 ? 90 : i % 2 === 0 ? 4 : 10;
      const decisions = i === 22 ? 0 : i % 2 === 0 ? 30 : 10;
      await db.store(analysisWith({ tableId }, { white: { pr, decisions }, black: { pr: 20, decisions: 20 } }, "short"), { tableId, endedAt: now - (23 - i) * 60_000, players: { white: a.player.id, black: null } }, now);
    }
    const longId = `long-${"y".repeat(16)}`;
    await bareMatch(longId, now);
    await db.store(analysisWith({ tableId: longId }, { white: { pr: 30, decisions: 12 }, black: { pr: 8, decisions: 40 } }, "long"), { tableId: longId, endedAt: now, players: { white: null, black: a.player.id } }, now);

    const seen: PlayerProfile = await profile(a.player.id);
    expect(seen.performance).toHaveLength(2);
    expect(seen.performance[0]).toEqual({ variant: "long", pr: 8, matches: 1, decisions: 40 });
    // Matches 2..21: ten with PR 4 × 30 decisions, ten with PR 10 × 10 decisions.
    expect(seen.performance[1]).toMatchObject({ variant: "short", matches: 20, decisions: 400 });
    expect(seen.performance[1]!.pr).toBeCloseTo((10 * 4 * 30 + 10 * 10 * 10) / 400, 9);
    // A player with no analysed match: an empty list.
    expect((await profile((await member()).player.id)).performance).toEqual([]);
  });
});
