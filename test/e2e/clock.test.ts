/**
 * Clocks against a real `wrangler dev`: a player who never moves loses on time, with the documented result and
 * score. The flag's lateness (when the server stored the timeout, against the moment its own clock view named) is
 * printed as a figure; no assertion is made on wall-clock time.
 */
import { expect, inject, test } from "vitest";
import { NardiClient, remainingTime } from "../../src/client";
import { opponent } from "../../src/engine";
import { connected, eventsOfType, seatedTable } from "../support/tables";

const client = new NardiClient(inject("baseUrl"));
const TABLES = 4;

test("a player who never moves loses on time: the opponent wins the points still needed (match to 3 → 3:0)", async () => {
  const lateness = await Promise.all(
    Array.from({ length: TABLES }, async () => {
      const { white, black } = await seatedTable(client, {
        preset: "backgammon",
        length: 3,
        overrides: { opening: "reroll" },
        timeControl: { delaySeconds: 1, reserveSeconds: 2 },
      });
      const w = await connected(client, white.tableId, { token: white.token, seq: 0 });
      const b = await connected(client, white.tableId, { token: black.token, seq: 0 });
      try {
        const clock = w.table!.clock!;
        const idle = clock.running!;
        expect(w.table!.timeControl).toEqual({ name: "custom", delaySeconds: 1, reserveSeconds: 2, matchReserveSeconds: 6 });
        // The clock started with the match (at the join), so some of it may be gone by the time the socket opens.
        const { delayMs, reserveMs } = clock.remaining[idle];
        expect(delayMs + reserveMs).toBeLessThanOrEqual(7000);
        expect(clock.flagAt).toBe(clock.since + 7000 + clock.lagAllowanceMs);
        // The client-side countdown goes on from the server's numbers: 1 s later, 1 s less, the delay first.
        const left = remainingTime(clock, w.tableReceivedAt, w.tableReceivedAt + 1000)[idle];
        expect(left.totalMs).toBe(Math.max(0, delayMs + reserveMs - 1000));
        expect(left.delayMs).toBe(Math.max(0, delayMs - 1000));
        const ended = await b.waitFor((c) => c.events.find((e) => e.event.type === "match-ended"), 20_000, "the flag");
        const winner = opponent(idle);
        expect(ended.event).toEqual({ type: "match-ended", winner, reason: "timeout", score: { [idle]: 0, [winner]: 3 }, serverSeed: expect.any(String) });
        expect(eventsOfType(b.events, "timed-out")).toEqual([{ type: "timed-out", side: idle }]);
        expect(b.table?.match).toMatchObject({ phase: "over", winner, endReason: "timeout" });
        expect(b.table?.clock?.remaining[idle].reserveMs).toBe(0);
        return ended.at - clock.flagAt!;
      } finally {
        w.close();
        b.close();
      }
    }),
  );
  const sorted = [...lateness].sort((a, b) => a - b);
  console.log(`flag fired after its moment by (ms, ${TABLES} tables): ${sorted.join(", ")}; max ${sorted.at(-1)}`);
  for (const ms of lateness) expect(ms).toBeGreaterThanOrEqual(0);
});
