/**
 * docs/examples/nardi_bot.py (a bot in Python 3, standard library only, with its own WebSocket client) against the
 * shared `wrangler dev`: it creates a table, `npm run bot` joins it, and the two play a 1-point match to its end.
 */
import { spawn } from "node:child_process";
import { expect, inject, test } from "vitest";
import { NardiClient, type MatchRecord } from "../../src/client";

const baseUrl = inject("baseUrl");

interface Run {
  code: number | null;
  output: string;
}

function run(command: string, args: string[], onLine?: (line: string) => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
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

const python = (args: string[], onLine?: (line: string) => void) =>
  run("python3", ["docs/examples/nardi_bot.py", "--url", baseUrl, ...args], onLine);

/** The finished match as a file (docs/protocol.md, `GET /v1/tables/{id}/record`): refused while the match runs. */
async function matchRecord(tableId: string): Promise<MatchRecord> {
  const res = await fetch(`${baseUrl}/v1/tables/${tableId}/record?format=json`);
  expect(res.status).toBe(200);
  return (await res.json()) as MatchRecord;
}

test("the Python bot creates a table, npm run bot joins it, and they play a 1-point match to its end", async () => {
  let tableId: string | null = null;
  let guest: Promise<Run> | null = null;
  const host = python(["--create", "--preset", "georgian-short", "--length", "1", "--seed", "3"], (line) => {
    const m = /created table ([A-Za-z0-9_-]+)/.exec(line);
    if (m?.[1] && !guest) {
      tableId = m[1];
      guest = run("npx", ["tsx", "src/bot/remote.ts", "--url", baseUrl, "--delay", "0", "--table", tableId, "--level", "beginner", "--seed", "4"]);
    }
  });
  const hostRun = await host;
  expect(guest, hostRun.output).not.toBeNull();
  const guestRun = await guest!;
  expect(hostRun.code, hostRun.output).toBe(0);
  expect(guestRun.code, guestRun.output).toBe(0);
  expect(hostRun.output).toMatch(/match over at/);

  const client = new NardiClient(baseUrl);
  const table = await client.getTable(tableId!);
  expect(table.status).toBe("over");
  expect(table.match!.endReason).toBe("score");
  const record = await matchRecord(tableId!);
  expect(record.events.some((e) => e.event.type === "match-ended")).toBe(true);
  // The Python side made real choices: at least one play of its own (White's), not only forced ones.
  expect(record.events.some((e) => e.event.type === "played" && e.event.side === "white" && !e.event.forced)).toBe(true);
});

test("the Python bot asked to join a table that does not exist exits with 1 and names the code", async () => {
  const result = await python(["--table", "AAAAAAAAAAAAAAAAAAAAAA"]);
  expect(result.code).toBe(1);
  expect(result.output).toMatch(/TABLE_NOT_FOUND/);
});
