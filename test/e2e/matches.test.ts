/**
 * Whole matches of every preset over real WebSockets against `wrangler dev`: random legal plays from the
 * server's own list, random cube actions where the table allows them, until the match is over. The final
 * score must be the sum of the hand results in the log, the winner must have reached the match length,
 * and both seats' logs and the stored `/events` must be the same log.
 */
import { describe, expect, inject, test } from "vitest";
import { NardiClient, type CreateTableBody } from "../../src/client";
import { opponent } from "../../src/engine";
import { playRandomMatch } from "../support/random-match";
import { pick, seededRng } from "../support/rng";
import { eventsOfType, handPoints, seatedTable } from "../support/tables";

const client = new NardiClient(inject("baseUrl"));

const cases: Array<{ preset: CreateTableBody["preset"]; length: number; seed: number; cube: boolean }> = [
  { preset: "georgian-short", length: 3, seed: 11, cube: false },
  { preset: "backgammon", length: 3, seed: 22, cube: true },
  { preset: "federation-long", length: 3, seed: 33, cube: true },
  { preset: "armenian-long", length: 1, seed: 44, cube: false },
];

describe.concurrent("whole matches with random legal plays", () => {
  for (const c of cases) {
    test(`${c.preset} to ${c.length}`, { timeout: 240_000 }, async () => {
      const { white, black } = await seatedTable(client, { preset: c.preset, length: c.length, name: "White" });
      expect(white.seat).toBe("white");
      expect(black.seat).toBe("black");
      expect(black.table.status).toBe("playing");
      expect(black.table.ruleset.preset).toBe(c.preset);

      const run = await playRandomMatch(client, white, black, seededRng(c.seed));
      try {
        const m = run.table.match;
        expect(run.table.status).toBe("over");
        expect(m?.phase).toBe("over");
        expect(m?.endReason).toBe("score");
        const winner = m?.winner;
        if (!m || !winner) throw new Error("no winner");
        expect(m.score[winner]).toBeGreaterThanOrEqual(c.length);
        expect(m.score[opponent(winner)]).toBeLessThan(c.length);

        // The score is exactly what the hands earned.
        const log = run.white.events;
        expect(handPoints(log)).toEqual(m.score);
        const ended = eventsOfType(log, "match-ended");
        expect(ended).toEqual([{ type: "match-ended", winner, reason: "score", score: m.score, serverSeed: expect.any(String) }]);
        const hands = eventsOfType(log, "hand-ended");
        expect(hands.length).toBeGreaterThanOrEqual(1);
        expect(hands.at(-1)?.score).toEqual(m.score);
        for (const h of hands) expect(h.value).toBe(h.result.points * h.cube);
        // Koks only where the preset scores it; the cube only where the preset has one.
        if (c.preset === "armenian-long") for (const h of hands) expect(h.result.kind).not.toBe("koks");
        if (!c.cube) expect(eventsOfType(log, "doubled")).toEqual([]);

        // Both seats saw the same log, which is the stored one, seq 1, 2, 3, ... without gaps.
        const stored = await client.getEvents(white.tableId);
        expect(stored.seq).toBe(run.table.seq);
        expect(run.black.events.map((e) => e.seq)).toEqual(log.map((e) => e.seq));
        expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
        expect(stored.events).toEqual(log);
        expect(handPoints(stored.events)).toEqual(m.score);

        // The public view agrees, and `?after=` gives the tail.
        const view = await client.getTable(white.tableId);
        expect(view.match?.score).toEqual(m.score);
        expect(view.status).toBe("over");
        const tail = await client.getEvents(white.tableId, log.length - 2);
        expect(tail.events).toEqual(log.slice(-2));
      } finally {
        run.white.close();
        run.black.close();
      }
    });
  }
});

describe("a match against the server's bot", () => {
  test("georgian-short to 1 against the random bot, played to the end", { timeout: 120_000 }, async () => {
    const grant = await client.createTable({ preset: "georgian-short", length: 1, opponent: "bot", botLevel: "random", name: "Human" });
    expect(grant.table.status).toBe("playing");
    expect(grant.table.players.black).toMatchObject({ kind: "bot", botLevel: "random", connected: true });
    const rng = seededRng(55);
    const conn = client.connect(grant.tableId, { token: grant.token, seq: 0 });
    try {
      for (let guard = 0; guard < 2000; guard++) {
        // Wait until the human must act or the match is over; the bot's moves arrive as updates meanwhile.
        const m = await conn.waitFor((c) => {
          const match = c.status === "connected" ? c.table?.match : null;
          if (!match) return null;
          if (match.phase === "over") return match;
          if (match.toAct !== "white") return null;
          return match.phase !== "moving" || c.legalPlays ? match : null;
        }, 20_000, "the human's turn");
        if (m.phase === "over") break;
        if (m.phase === "awaiting-roll") await conn.roll();
        else if (m.phase === "cube-offered") await conn.take();
        else {
          const plays = conn.legalPlays ?? [];
          await conn.play(plays.length === 0 ? "" : pick(rng, plays).play);
        }
      }
      const m = conn.table?.match;
      expect(m?.phase).toBe("over");
      expect(m?.endReason).toBe("score");
      expect(handPoints(conn.events)).toEqual(m?.score);
      expect(eventsOfType(conn.events, "played").some((p) => p.side === "black")).toBe(true);
      expect((await client.getEvents(grant.tableId)).events).toEqual(conn.events);
    } finally {
      conn.close();
    }
  });
});
