/**
 * Vitest global setup for the end-to-end and browser tests: starts `wrangler dev` on a free local port
 * with its own throw-away state folder, waits until it answers, and provides its base URL to the tests
 * (`inject("baseUrl")`). The server is stopped when the run ends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface DevServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts `wrangler dev` (offline, no metrics) and resolves once it serves /v1/health. */
export async function startDevServer(opts: { vars?: Record<string, string> } = {}): Promise<DevServer> {
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), "nardi-wrangler-"));
  const args = ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--log-level", "warn"];
  for (const [k, v] of Object.entries(opts.vars ?? {})) args.push("--var", `${k}:${v}`);
  const child: ChildProcess = spawn("npx", args, {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", BROWSER: "none" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const r = await fetch(`${baseUrl}/v1/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`wrangler dev did not become ready in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // already gone
        }
        await new Promise((r) => setTimeout(r, 300));
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      rmSync(state, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startDevServer();
  project.provide("baseUrl", server.baseUrl);
  return () => server.stop();
}
