/**
 * The assistance signal (docs/fair-play.md, "Assistance flags"; src/server/fairplay/assistance.ts): three analysed
 * matches in a row far below a player's usual PR raise one `flag` row of reason `assistance` in the moderation log.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { analyseOne } from "../../src/server/analysis/consumer";
import { AnalysisDb } from "../../src/server/db/analysis";
import { ASSISTANCE, assistanceSignal, median } from "../../src/server/fairplay/assistance";
import { analysisWith, recordedMatch } from "./analysis-support";
import { staff } from "./moderation-support";
import { call, guest, member } from "./players-support";

/** `prs` (oldest first) as earlier analysed short matches of `playerId` at White, with `decisions` each. */
async function history(playerId: string, prs: number[], decisions = 30): Promise<string[]> {
  const db = new AnalysisDb(env.DB);
  const now = Date.now();
  const ids: string[] = [];
  for (const [i, pr] of prs.entries()) {
    const tableId = `h${i}-${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
    const endedAt = now - (prs.length - i) * 3_600_000;
    await env.DB.prepare(
      `INSERT INTO matches (table_id, pool, length, rated, winner, reason, score_white, score_black, started_at, ended_at, record, ratings_ok)
       VALUES (?, 'backgammon', 1, 0, 'white', 'resign', 1, 0, ?, ?, '{}', 1)`,
    )
      .bind(tableId, endedAt - 60_000, endedAt)
      .run();
    await db.store(analysisWith({ tableId }, { white: { pr, decisions }, black: { pr: 10, decisions } }), { tableId, endedAt, players: { white: playerId, black: null } }, now);
    ids.push(tableId);
  }
  return ids;
}

async function flags(playerId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM moderation_log WHERE action = 'flag' AND reason = 'assistance' AND player_id = ?").bind(playerId).all<Record<string, unknown>>();
  return results;
}

/** A real recorded match of `token` (White) against a guest, analysed with White's PR `pr`. */
async function analysedMatch(token: string, pr: number, decisions = 30) {
  const { id } = await recordedMatch(token, (await guest()).token);
  expect(await analyseOne(env.DB, id, (r) => analysisWith(r, { white: { pr, decisions }, black: { pr: 10, decisions: 30 } }), Date.now())).toBe("stored");
  return id;
}

describe("the assistance signal", () => {
  it("the rule: the last 3 each below 40 % of the median of the 10 before them", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const usual = [10, 12, 9, 11, 10, 13, 8, 10, 12, 10];
    expect(assistanceSignal([3, 2, 3.9, ...usual])).toEqual({ usual: 10, recent: [3, 2, 3.9] });
    // One of the three at 40 %: no flag; nine matches of history: no flag.
    expect(assistanceSignal([3, 2, 4, ...usual])).toBeNull();
    expect(assistanceSignal([3, 2, 3, ...usual.slice(1)])).toBeNull();
    // A player who always plays perfectly has nothing to fall below.
    expect(assistanceSignal([0, 0, 0, ...usual.map(() => 0)])).toBeNull();
  });

  it("three analysed matches in a row far below the player's usual PR: one flag, with the matches and figures", async () => {
    const a = await member();
    const earlier = await history(a.player.id, [10, 12, 9, 11, 10, 13, 8, 10, 12, 10, 3, 2.5]);
    const id = await analysedMatch(a.token, 3);
    const rows = await flags(a.player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "flag", reason: "assistance", actor_id: null, player_id: a.player.id, table_id: id });
    expect(JSON.parse(String(rows[0]!.detail))).toEqual({
      variant: "short",
      recent: [
        { tableId: id, pr: 3 },
        { tableId: earlier[11], pr: 2.5 },
        { tableId: earlier[10], pr: 3 },
      ],
      usualPr: 10,
      history: ASSISTANCE.history,
      ratio: ASSISTANCE.ratio,
      minDecisions: ASSISTANCE.minDecisions,
    });
    // Where the moderation tools list flags: the log, filtered by action and player.
    const mod = await staff("moderator");
    const page = (await (await call("GET", `/v1/admin/log?action=flag&player=${a.player.id}`, { token: mod.token })).json()) as { entries: Array<Record<string, unknown>> };
    expect(page.entries).toEqual([expect.objectContaining({ action: "flag", reason: "assistance", playerId: a.player.id, tableId: id, actorId: null })]);
    // A fourth the same day adds nothing (one flag per player, variant and UTC day).
    await analysedMatch(a.token, 2);
    expect(await flags(a.player.id)).toHaveLength(1);
  });

  it("no flag for a player's ordinary match, a short match, or too little history", async () => {
    const a = await member();
    await history(a.player.id, [10, 12, 9, 11, 10, 13, 8, 10, 12, 10, 3, 2.5]);
    await analysedMatch(a.token, 9);
    // Too few decisions of their own: the match does not count.
    await analysedMatch(a.token, 1, ASSISTANCE.minDecisions - 1);
    expect(await flags(a.player.id)).toHaveLength(0);

    const b = await member();
    await history(b.player.id, [10, 12, 9, 11, 10, 13, 8, 10, 3, 2.5]);
    await analysedMatch(b.token, 3);
    expect(await flags(b.player.id)).toHaveLength(0);
  });
});
