/**
 * `npm run bot`: two bots sit at one table as ordinary clients over the public protocol (separate processes,
 * real sockets against `wrangler dev`) and play a match to its end.
 */
import { spawn } from "node:child_process";
import { expect, inject, test } from "vitest";
import { NardiClient } from "../../src/client";

const baseUrl = inject("baseUrl");

interface Run {
  code: number | null;
  output: string;
}

function startBot(args: string[], onLine?: (line: string) => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", "src/bot/remote.ts", "--url", baseUrl, "--delay", "0", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const take = (d: Buffer) => {
      const text = d.toString();
      output += text;
      for (const line of text.split("\n")) if (line) onLine?.(line);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const killer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.on("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

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
