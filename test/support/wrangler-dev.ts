/**
 * Vitest global setup for the end-to-end and browser tests: starts `wrangler dev` on a free local port
 * with its own throw-away state folder, waits until it answers, and provides its base URL to the tests
 * (`inject("baseUrl")`). The server is stopped when the run ends. Also used by the server benchmark.
 *
 * By default it serves a SNAPSHOT: the Worker is bundled once (`wrangler deploy --dry-run`, the same bundle a
 * deploy would upload) and the built web client copied, into a temporary folder that `wrangler dev` runs from.
 * `wrangler dev` watches its sources and restarts the Worker on every change (dropping every socket with
 * "Your worker restarted mid-request"), so a run against the live tree breaks whenever a file is saved during
 * it; the snapshot keeps a test run or a benchmark on one version of the code.
 *
 * A server may also be started from another source folder (`source`: an older release extracted with `git archive`,
 * for the deploy rehearsal) and have its code swapped for another folder's on the same state (`swap`), and a test
 * may halt it, work on its state folder (wipe the D1 database, apply migrations) and start it again.
 *
 * The global setup bundles and migrates once for the whole run (`prepareServe`) and leaves the result for every
 * server the run starts: a test file that needs a server of its own (one it restarts, wipes, or runs with its own
 * `--var`s) copies the bundle and the freshly migrated state instead of bundling and migrating again, which took
 * 15–40 s of a loaded machine per file (a `wrangler d1 migrations apply` alone starts a whole workerd). The folder
 * is named in the environment (TEMPLATE_ENV), which Vitest's test processes inherit from the main one.
 *
 * The throw-away folder (snapshot and Durable Object state) goes to /dev/shm when it is a roomy tmpfs: every
 * accepted command ends with a SQLite commit, and on a disk shared with busy neighbours the fsyncs alone made
 * commands take hundreds of milliseconds and setting up 200 tables take 45 s. The state is thrown away anyway.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's `--persist-to` folder: tests write D1 rows an operator would (e.g. a first admin's role). */
    stateDir: string;
  }
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
/**
 * Offline, no metrics, no browser; and without wrangler's local observability (X_LOCAL_OBSERVABILITY, on by
 * default), which streams a trace of every invocation to its local explorer: about a third of the Worker
 * process's CPU per command under load, and nothing Cloudflare runs for a Worker without observability configured.
 */
const OFFLINE_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", X_LOCAL_OBSERVABILITY: "false", BROWSER: "none" };

/** /dev/shm if it exists with at least 2 GB free (Linux), else the OS temp folder. */
function scratchRoot(): string {
  try {
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize >= 2 * 1024 ** 3) return "/dev/shm";
  } catch {
    // not Linux, or no /dev/shm
  }
  return tmpdir();
}

/**
 * Runs SQL against a dev server's local D1 (its `--persist-to` state folder) as an operator would, with
 * `wrangler d1 execute DB --local`: the way in before any admin exists (roles, the site switch). The rows of
 * every statement's result, in order.
 */
export function d1Execute(stateDir: string, sql: string): Array<Record<string, unknown>> {
  const run = spawnSync(process.execPath, [WRANGLER, "d1", "execute", "DB", "--local", "--json", "--persist-to", stateDir, "--command", sql], {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV, CI: "1" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed:\n${run.stdout}\n${run.stderr}`);
  return (JSON.parse(run.stdout) as Array<{ results: Array<Record<string, unknown>> }>).flatMap((a) => a.results);
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
  /** The process group of wrangler and its workerd (for CPU accounting in the benchmark). */
  pid: number | undefined;
  /**
   * Kills wrangler and its workerd (SIGKILL: a crash, nothing is shut down gracefully) and starts them again on
   * the same port with the same persisted state folder; resolves once the new server answers.
   */
  restart(): Promise<void>;
  /** The folder `--persist-to` keeps the Durable Objects' SQLite files in (tests may read them, never write). */
  stateDir: string;
  /** The wrangler.toml the server runs with (its D1 binding is the one `wrangler d1 … --config` should name). */
  readonly config: string;
  stop(): Promise<void>;
  /** Kills the server (SIGKILL) and keeps its state folder; `resume()` starts it again on the same port. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  /** Deletes the D1 database from the state folder (the server must be halted): the next migrate starts empty. */
  wipeD1(): void;
  /** Applies the served code's migrations/ to the state folder's D1 database (what a deploy does first). */
  migrate(): void;
  /**
   * A deploy: bundles the code in `source` (a project folder), applies ITS migrations to the state folder while
   * the old code still serves (the order of a real deploy: `migrations apply --remote` first), then kills the old
   * server (SIGKILL: every socket drops, as a deploy drops them) and starts the new code on the same port and state.
   */
  swap(source: string): Promise<void>;
}

export interface DevServerOptions {
  /**
   * `--var`s for the Worker, on top of RATE_LIMIT_EXEMPT=127.0.0.1 (which they may override), since every local client (tests, benchmark,
   * browser) comes from that address; tests of the per-client limits send their own CF-Connecting-IP, which
   * `wrangler dev` passes through, and meet the real Rate Limiting bindings.
   */
  vars?: Record<string, string>;
  /** Serve a bundled copy of the code instead of the live tree (default true; see the file comment). */
  snapshot?: boolean;
  /** Open the Worker's DevTools inspector on this local port (the benchmark's CPU profile); none by default. */
  inspectorPort?: number;
  /**
   * The project folder to serve (default: this checkout). Another folder (an older release, with node_modules
   * linked in) is bundled the same way, with its own wrangler.toml, migrations and web client; needs `snapshot`.
   */
  source?: string;
}

/**
 * Bundles the Worker and copies the web client into `dir`, with a wrangler.toml pointing at them.
 * Returns the config path.
 */
function makeSnapshot(dir: string, source = ROOT): string {
  const web = join(source, "dist", "web");
  // This checkout's web client is built by `npm run build:web`; another folder's by its own `[build]` step below.
  if (source === ROOT && !existsSync(web)) throw new Error("dist/web is missing: run `npm run build:web` first (npm test does)");
  const built = spawnSync(process.execPath, [join(source, "node_modules", "wrangler", "bin", "wrangler.js"), "deploy", "--dry-run", "--outdir", join(dir, "bundle")], {
    cwd: source,
    env: { ...process.env, ...OFFLINE_ENV },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`bundling the Worker failed:\n${built.stdout}\n${built.stderr}`);
  if (!existsSync(web)) throw new Error(`${web} is missing after bundling`);
  cpSync(web, join(dir, "web"), { recursive: true });
  cpSync(join(source, "migrations"), join(dir, "migrations"), { recursive: true });
  // The bundle and the web client are built already: drop the `[build]` step, which would run in the snapshot folder.
  const config = readFileSync(join(source, "wrangler.toml"), "utf8")
    .replace(/^\[build\]\n(?:[^[\n].*\n|\n)*/m, "")
    .replace(/^main\s*=.*$/m, 'main = "bundle/index.js"')
    .replace(/^directory\s*=.*$/m, 'directory = "web"');
  const path = join(dir, "wrangler.toml");
  writeFileSync(path, config);
  return path;
}

/** Where the global setup's bundled-and-migrated template is, for the test processes (see the file comment). */
const TEMPLATE_ENV = "NARDI_TEST_SERVE_TEMPLATE";

/**
 * A snapshot of this checkout (`snapshot/`) and a state folder with the migrations applied (`state/`), both left
 * untouched: servers copy them. Returns the folder; the caller removes it.
 */
function prepareServe(): string {
  const template = mkdtempSync(join(scratchRoot(), "nardi-template-"));
  try {
    mkdirSync(join(template, "snapshot"));
    const config = makeSnapshot(join(template, "snapshot"));
    applyMigrations(config, join(template, "state"));
  } catch (err) {
    rmSync(template, { recursive: true, force: true });
    throw err;
  }
  return template;
}

/** The run's template, when this server serves this checkout's code the default way and the global setup made one. */
function templateFor(opts: DevServerOptions): string | null {
  const template = process.env[TEMPLATE_ENV];
  if (template === undefined || opts.source !== undefined || opts.snapshot === false) return null;
  return existsSync(join(template, "state")) ? template : null;
}

/** Applies migrations/ to the D1 database kept in `state` (what `npm start` does with `npm run db:migrate`). */
function applyMigrations(config: string, state: string): void {
  const applied = spawnSync(process.execPath, [WRANGLER, "d1", "migrations", "apply", "DB", "--local", "--config", config, "--persist-to", state], {
    cwd: dirname(config),
    env: { ...process.env, ...OFFLINE_ENV, CI: "1" },
    encoding: "utf8",
  });
  if (applied.status !== 0) throw new Error(`applying the D1 migrations failed:\n${applied.stdout}\n${applied.stderr}`);
}

/** Signals a process group, ignoring one that is already gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Starts `wrangler dev` (offline, no metrics) and resolves once it serves /v1/health. */
export async function startDevServer(opts: DevServerOptions = {}): Promise<DevServer> {
  const port = await freePort();
  let dir = mkdtempSync(join(scratchRoot(), "nardi-wrangler-"));
  // The state lives beside the snapshot, not in it: wrangler watches the folder of its config, and every
  // commit touching SQLite files in there kept its file watcher busy.
  const state = mkdtempSync(join(scratchRoot(), "nardi-state-"));
  let config: string;
  try {
    if (opts.source !== undefined && opts.snapshot === false) throw new Error("a source folder is served from a snapshot only");
    const template = templateFor(opts);
    if (template !== null) {
      cpSync(join(template, "snapshot"), dir, { recursive: true });
      cpSync(join(template, "state"), state, { recursive: true });
      config = join(dir, "wrangler.toml");
    } else {
      config = opts.snapshot === false ? join(ROOT, "wrangler.toml") : makeSnapshot(dir, opts.source);
      applyMigrations(config, state);
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
    throw err;
  }
  const devArgs = (): string[] => {
    const args = [WRANGLER, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--log-level", "warn"];
    // Profiling serves the snapshot's bundle as it is (`--no-bundle`), so the profile's lines fall in its modules.
    if (opts.inspectorPort !== undefined) args.push("--inspector-ip", "127.0.0.1", "--inspector-port", String(opts.inspectorPort), ...(opts.snapshot === false ? [] : ["--no-bundle"]));
    for (const [k, v] of Object.entries({ RATE_LIMIT_EXEMPT: "127.0.0.1", ...opts.vars })) args.push("--var", `${k}:${v}`);
    return args;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  let child: ChildProcess;

  const launch = (): ChildProcess => {
    // process.execPath: the Node that runs the tests (22, from the dev dependency), which wrangler needs.
    const launched = spawn(process.execPath, devArgs(), {
      cwd: opts.snapshot === false ? ROOT : dir,
      env: { ...process.env, ...OFFLINE_ENV },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const collect = (d: Buffer): void => {
      output += d.toString();
    };
    launched.stdout?.on("data", collect);
    launched.stderr?.on("data", collect);
    return launched;
  };

  // wrangler runs in its own process group (so one signal reaches workerd too); if this process ends
  // without calling stop(), take the group down with it rather than leave a server behind.
  const killGroup = (): void => signalGroup(child, "SIGKILL");
  process.once("exit", killGroup);

  const exited = (): Promise<void> =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));

  const stop = async (): Promise<void> => {
    process.removeListener("exit", killGroup);
    signalGroup(child, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    signalGroup(child, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  };

  const ready = async (limitMs = 60_000): Promise<void> => {
    const deadline = Date.now() + limitMs;
    for (;;) {
      if (child.exitCode !== null) {
        await stop();
        throw new Error(`wrangler dev exited early:\n${output}`);
      }
      try {
        const r = await fetch(`${baseUrl}/v1/health`);
        if (r.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`wrangler dev did not become ready in ${limitMs / 1000} s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const halt = async (): Promise<void> => {
    signalGroup(child, "SIGKILL");
    await exited();
  };

  const resume = async (): Promise<void> => {
    child = launch();
    // A restart on a busy machine has taken over half a minute.
    await ready(120_000);
  };

  const restart = async (): Promise<void> => {
    await halt();
    await resume();
  };

  const running = (): boolean => child.exitCode === null && child.signalCode === null;

  const swap = async (source: string): Promise<void> => {
    if (opts.snapshot === false) throw new Error("swapping the code needs a server started from a snapshot");
    const next = mkdtempSync(join(scratchRoot(), "nardi-wrangler-"));
    let nextConfig: string;
    try {
      nextConfig = makeSnapshot(next, source);
      applyMigrations(nextConfig, state);
    } catch (err) {
      rmSync(next, { recursive: true, force: true });
      throw err;
    }
    await halt();
    rmSync(dir, { recursive: true, force: true });
    dir = next;
    config = nextConfig;
    await resume();
  };

  child = launch();
  await ready();
  return {
    baseUrl,
    get pid() {
      return child.pid;
    },
    stateDir: state,
    get config() {
      return config;
    },
    restart,
    stop,
    halt,
    resume,
    swap,
    wipeD1: () => {
      if (running()) throw new Error("halt the server before wiping its D1 database");
      rmSync(join(state, "v3", "d1"), { recursive: true, force: true });
    },
    migrate: () => applyMigrations(config, state),
  };
}

/** For scripts: stop the server on Ctrl-C or SIGTERM before exiting (an `exit` hook alone never runs then). */
export function stopOnSignals(server: DevServer): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void server.stop().finally(() => process.exit(130));
    });
  }
}

/** For a benchmark: the server at `url` (already running), or a `wrangler dev` started here and stopped on SIGINT/SIGTERM. */
export async function benchServer(url: string | null, opts: DevServerOptions = {}): Promise<{ baseUrl: string; server: DevServer | null }> {
  if (url !== null) return { baseUrl: url, server: null };
  process.stdout.write("starting wrangler dev ... ");
  const server = await startDevServer(opts);
  stopOnSignals(server);
  console.log(server.baseUrl);
  return { baseUrl: server.baseUrl, server };
}

/**
 * The global setup of the `e2e-own` project (files that start servers of their own and never use the shared one):
 * the template alone, no shared server.
 */
export async function setupTemplateOnly(): Promise<() => Promise<void>> {
  const template = prepareServe();
  process.env[TEMPLATE_ENV] = template;
  return async () => rmSync(template, { recursive: true, force: true });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = prepareServe();
  process.env[TEMPLATE_ENV] = template;
  let server: DevServer;
  try {
    server = await startDevServer();
  } catch (err) {
    rmSync(template, { recursive: true, force: true });
    throw err;
  }
  project.provide("baseUrl", server.baseUrl);
  project.provide("stateDir", server.stateDir);
  return async () => {
    await server.stop();
    rmSync(template, { recursive: true, force: true });
  };
}
