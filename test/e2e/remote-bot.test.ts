/**
 * `npm run bot`: two bots sit at one table as ordinary clients over the public protocol (separate processes,
 * real sockets against `wrangler dev`) and play a match to its end.
 */
import { expect, inject, test } from "vitest";
import { NardiClient } from "../../src/client";
import { runProcess, type Run } from "../support/processes";

const startBot = (args: string[], onLine?: (line: string) => void) =>
  runProcess("npx", ["tsx", "src/bot/remote.ts", "--url", baseUrl, "--delay", "0", ...args], onLine);

const baseUrl = inject("baseUrl");


test("two bots over the public protocol play a 3-point backgammon match on a blitz clock to its end, never flagging", async () => {
  let tableId: string | null = null;
  let joined: Promise<Run> | null = null;
  const host = startBot(["--create", "--preset", "backgammon", "--length", "3", "--time", "blitz", "--level", "expert", "--seed", "7"], (line) => {
    const m = /created table ([A-Za-z0-9_-]+)/.exec(line);
    if (m?.[1] && !joined) {
      tableId = m[1];
      joined = startBot(["--table", tableId, "--level", "random", "--seed", "8"]);
    }
  });
  const hostRun = await host;
  expect(joined, hostRun.output).not.toBeNull();
  const guestRun = await joined!;
  expect(hostRun.code, hostRun.output).toBe(0);
  expect(guestRun.code, guestRun.output).toBe(0);

  const table = await new NardiClient(baseUrl).getTable(tableId!);
  expect(table.status).toBe("over");
  const winner = table.match?.winner;
  expect(winner === "white" || winner === "black").toBe(true);
  expect(table.match!.score[winner!]).toBeGreaterThanOrEqual(3);
  expect(table.match!.endReason).toBe("score");
  expect(table.timeControl.name).toBe("blitz");
  const log = await new NardiClient(baseUrl).getEvents(tableId!);
  expect(log.events.some((e) => e.event.type === "timed-out")).toBe(false);
  // Both bots kept time: neither reserve was touched by more than their (instant) decisions.
  for (const side of ["white", "black"] as const) expect(table.clock!.remaining[side].reserveMs).toBeGreaterThan(0);
});

test("a bot asked to join a table that does not exist exits with 1", async () => {
  const run = await startBot(["--table", "AAAAAAAAAAAAAAAAAAAAAA"]);
  expect(run.code).toBe(1);
  expect(run.output).toMatch(/TABLE_NOT_FOUND|not found/i);
});
