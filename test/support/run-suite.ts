/**
 * `npm test`'s runner: the whole suite as three Vitest runs side by side: the engine and worker projects, the e2e
 * project (real sockets against a shared `wrangler dev`, and Chromium), and the e2e-own project (the end-to-end files
 * that start, kill or wipe servers of their own; vitest.config.mts lists them). Vitest alone runs one file at a time
 * on a 2-core machine (its default is a worker per core but one), so the end-to-end files, which mostly wait on the
 * server and the browser, ran after the CPU-bound ones instead of beside them. Each run keeps Vitest's default
 * worker count (one on 2 cores), so on this machine the e2e files still meet their shared server one at a time,
 * as they always have. Each run's lines are prefixed with its name; the exit status fails when either run fails,
 * and a failed run's report (its failed tests and errors) is printed again at the very end.
 *
 * With arguments (`npm test -- test/engine/play.test.ts`), one plain `vitest run` with those arguments.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const VITEST = join(ROOT, "node_modules", "vitest", "vitest.mjs");

interface Run {
  name: string;
  args: string[];
}

/** The lines of a run's failure report kept for the end of the output (CI logs are often read from their tail). */
const REPORT_LINES = 200;
const reports = new Map<string, string[]>();

/** Keeps `line` when it belongs to Vitest's failure report (the "Failed Tests" section, up to the totals) or names a failed file. */
function keepForReport(name: string, line: string, state: { inReport: boolean }): void {
  const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
  if (/Failed Tests \d+/.test(plain) || /Unhandled Errors?/.test(plain)) state.inReport = true;
  if (/^\s*Test Files\s/.test(plain)) state.inReport = false;
  if (!state.inReport && !/^\s*(FAIL|×|Test Files|Tests)\s/.test(plain) && !/❯.*\d+ failed\)/.test(plain)) return;
  const kept = reports.get(name) ?? [];
  if (kept.length < REPORT_LINES) kept.push(plain);
  reports.set(name, kept);
}

/** Runs vitest with `args`, its output line by line behind `name` (or as it is, without a name); resolves with its exit code. */
function vitest(run: Run, prefixed: boolean): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [VITEST, "run", ...run.args], { cwd: ROOT, stdio: prefixed ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (prefixed) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        if (from === null) continue;
        let partial = "";
        const state = { inReport: false };
        from.setEncoding("utf8");
        from.on("data", (chunk: string) => {
          const lines = (partial + chunk).split("\n");
          partial = lines.pop() ?? "";
          for (const line of lines) {
            to.write(`[${run.name}] ${line}\n`);
            keepForReport(run.name, line, state);
          }
        });
        from.on("end", () => {
          if (partial) to.write(`[${run.name}] ${partial}\n`);
        });
      }
    }
    child.on("close", (code, signal) => {
      if (prefixed) console.log(`[${run.name}] ${code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code ?? 1);
    });
  });
}

const extra = process.argv.slice(2);
if (extra.length > 0) {
  process.exitCode = await vitest({ name: "vitest", args: extra }, false);
} else {
  const runs: Run[] = [
    { name: "engine+worker", args: ["--project", "engine", "--project", "worker"] },
    { name: "e2e", args: ["--project", "e2e"] },
    { name: "e2e-own", args: ["--project", "e2e-own"] },
  ];
  const codes = await Promise.all(runs.map((run) => vitest(run, true)));
  const failed = runs.filter((_, i) => codes[i] !== 0).map((run) => run.name);
  // The failures again at the very end, where a truncated log still shows them.
  for (const name of failed) {
    console.error(`\n== ${name}: what failed (repeated from above)`);
    for (const line of reports.get(name) ?? ["(no failure report was printed: see the run's output above)"]) console.error(`[${name}] ${line}`);
  }
  if (failed.length > 0) console.error(`npm test: ${failed.join(" and ")} failed`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}
