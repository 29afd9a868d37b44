/**
 * `npm run analyse` (src/cli/analyse.ts, docs/analysis.md): the Analysis JSON of a record file, the same document
 * analyseMatch gives; `--summary`; and clear errors with their exit codes.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyseMatch } from "../../src/analysis";
import { AnalysisSchema } from "../../src/protocol/analysis";
import { botMatch } from "../../scripts/bot-match";

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/analyse.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run analyse", () => {
  const dir = mkdtempSync(join(tmpdir(), "analyse-"));
  const events = botMatch({ preset: "backgammon", length: 3, seed: 2 });
  const record = join(dir, "record.json");
  writeFileSync(record, JSON.stringify({ tableId: "tbl-1", pool: "backgammon", events }));

  it("prints the record's Analysis JSON, the same as analyseMatch", async () => {
    const { code, stdout, stderr } = await run(record);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const printed = AnalysisSchema.parse(JSON.parse(stdout));
    expect(printed).toEqual(analyseMatch({ events, tableId: "tbl-1" }));
    expect(printed.tableId).toBe("tbl-1");
  });

  it("reads the record from a URL (as /v1/matches/{id} serves it); an error status is exit 3", async () => {
    const body = JSON.stringify({ tableId: "tbl-1", events });
    const server = createServer((req, res) => {
      if (req.url === "/v1/matches/tbl-1") res.writeHead(200, { "content-type": "application/json" }).end(body);
      else res.writeHead(404, { "content-type": "application/json" }).end('{"code":"MATCH_NOT_FOUND"}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const ok = await run(`http://127.0.0.1:${port}/v1/matches/tbl-1`);
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.stdout)).toEqual(analyseMatch({ events, tableId: "tbl-1" }));
      const missing = await run(`http://127.0.0.1:${port}/v1/matches/other`);
      expect(missing).toMatchObject({ code: 3, stdout: "", stderr: expect.stringMatching(/HTTP_ERROR.*404/) });
    } finally {
      server.close();
    }
  });

  it("--summary prints a table per player", async () => {
    const { code, stdout } = await run(record, "--summary");
    expect(code).toBe(0);
    expect(stdout).toMatch(/White\s+Black/);
    expect(stdout).toMatch(/^PR\s+\d/m);
  });

  it("errors: usage 2, an unreadable source 3, a record that is no match log 1", async () => {
    const notJson = join(dir, "bad.json");
    writeFileSync(notJson, "{");
    const noEvents = join(dir, "none.json");
    writeFileSync(noEvents, JSON.stringify({ tableId: "x" }));
    const broken = join(dir, "broken.json");
    writeFileSync(broken, JSON.stringify({ events: events.slice(1) }));
    // Seven processes that do not depend on each other, started together.
    const [usage, unknownFlag, missing, unreachable, badJson, badRecord, badLog] = await Promise.all([
      run(),
      run(record, "--bogus"),
      run(join(dir, "nope.json")),
      run("http://127.0.0.1:9/v1/matches/x"),
      run(notJson),
      run(noEvents),
      run(broken),
    ]);
    expect(usage.code).toBe(2);
    expect(unknownFlag.code).toBe(2);
    expect(missing).toMatchObject({ code: 3, stdout: "" });
    expect(missing.stderr).toMatch(/NOT_FOUND.*no such file/);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/FETCH_FAILED/);
    expect(badJson).toMatchObject({ code: 1, stderr: expect.stringMatching(/BAD_JSON/) });
    expect(badRecord).toMatchObject({ code: 1, stderr: expect.stringMatching(/BAD_RECORD/) });
    expect(badLog).toMatchObject({ code: 1, stderr: expect.stringMatching(/BAD_LOG/) });
  }, 120_000);
});
