/**
 * A CPU profile of the Worker's isolate (the Worker and its Durable Objects share one) taken through `wrangler
 * dev`'s DevTools inspector (Chrome DevTools Protocol: Profiler.enable/start/stop), and its summary: where the
 * isolate's time went, by source module of the bundle (esbuild writes a `// path` line before each module).
 *
 * The profile is V8's sampler: every sample says what the isolate's thread was doing at that moment, and its
 * time is the wall-clock interval since the previous sample. Samples in JavaScript, in the garbage collector or
 * in "(program)" (V8 running but not in a script function: compiling, native built-ins) are the isolate's own
 * work; "(idle)" is waiting for the next event. What the runtime does outside V8 (sockets, SQLite, wrangler's
 * proxy worker, which is another isolate) is not in it.
 */
interface CallFrame {
  functionName: string;
  scriptId: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  /** Added here: the source of each script the samples are in (by scriptId), read from the inspector. */
  sources?: Record<string, string>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

/** One DevTools session on the inspector at `port` (wrangler's proxy checks that an Origin is sent). */
export async function connectInspector(port: number): Promise<{ send(method: string, params?: object, needsResult?: boolean): Promise<unknown>; close(): void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: `http://127.0.0.1:${port}` } } as unknown as string[]);
  const pending = new Map<number, { needsResult: boolean; resolve(v: unknown): void; reject(e: Error): void }>();
  ws.addEventListener("message", (e) => {
    const reply = JSON.parse(String(e.data)) as Reply;
    // wrangler's proxy also echoes requests back (and for some methods nothing else): a waiter that needs the
    // result waits for a message carrying one, the others take the first message with their id.
    const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiter || (waiter.needsResult && !("result" in reply || "error" in reply))) return;
    pending.delete(reply.id as number);
    if (reply.error) waiter?.reject(new Error(reply.error.message));
    else waiter?.resolve(reply.result);
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error(`cannot open the inspector on port ${port}`)), { once: true });
  });
  let next = 0;
  return {
    send: (method, params = {}, needsResult = false) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        pending.set(id, { needsResult, resolve, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** Starts sampling (every `intervalUs` µs); the returned function stops and hands back the profile. */
export async function startProfile(port: number, intervalUs = 250): Promise<() => Promise<CpuProfile>> {
  const session = await connectInspector(port);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await session.send("Profiler.start");
  return async () => {
    const { profile } = (await session.send("Profiler.stop", {}, true)) as { profile: CpuProfile };
    // The profile's line numbers are those of the script wrangler dev runs (its own re-bundle of our bundle).
    await session.send("Debugger.enable", {}, true);
    profile.sources = {};
    for (const scriptId of new Set(profile.nodes.map((n) => n.callFrame.scriptId).filter((id) => id !== "0"))) {
      const reply = (await session.send("Debugger.getScriptSource", { scriptId }, true).catch(() => null)) as { scriptSource: string } | null;
      if (reply) profile.sources[scriptId] = reply.scriptSource;
    }
    await session.send("Debugger.disable", {}, true);
    session.close();
    return profile;
  };
}

export interface ProfileSummary {
  /** Milliseconds the isolate was busy (everything but idle). */
  busyMs: number;
  idleMs: number;
  /** Busy milliseconds by group: a source folder (`src/server/room`, `node_modules/zod`, ...) or a V8 state. */
  groups: Array<[string, number]>;
  /** Busy milliseconds by source module (`src/server/room/store.ts`, ...), V8 state or runtime built-in. */
  modules: Array<[string, number]>;
  /** Self milliseconds of our `sendText` (it only calls the runtime's `WebSocket.send`) and of `send` itself. */
  socketMs: number;
  /** Self milliseconds of the busiest functions, as `name (module)`. */
  functions: Array<[string, number]>;
}

/** The group of a bundle module path: src/<two levels>, or node_modules/<package>. */
function groupOf(module: string): string {
  const parts = module.split("/");
  if (parts[0] === "node_modules") return parts.slice(0, parts[1]?.startsWith("@") ? 3 : 2).join("/");
  if (parts[0] === "src") return parts.slice(0, Math.min(3, parts.length - 1)).join("/");
  return module;
}

/** Module boundaries of a bundle: esbuild starts each module with a comment line naming its path. */
function moduleStarts(source: string): Array<[number, string]> {
  const starts: Array<[number, string]> = [];
  source.split("\n").forEach((line, i) => {
    const m = /^\/\/ (?:\S*\/)?((?:src|node_modules)\/\S+)$/.exec(line);
    if (m) starts.push([i, m[1] as string]);
  });
  return starts;
}

/** Sums the profile's sample times by group and by function (source modules from the scripts' own text). */
export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const tables = new Map(Object.entries(profile.sources ?? {}).map(([id, src]) => [id, moduleStarts(src)]));
  const moduleAt = (scriptId: string, line: number): string => {
    const starts = tables.get(scriptId) ?? [];
    let lo = 0;
    let hi = starts.length - 1;
    let found = "(bundle)";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [start, name] = starts[mid] as [number, string];
      if (start <= line) {
        found = name;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const groups = new Map<string, number>();
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  let socketUs = 0;
  profile.samples.forEach((id, i) => {
    // A sample's time is the interval up to the next sample (the last one gets the previous interval).
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    const name = frame?.functionName ?? "";
    if (name === "(idle)") {
      idleUs += us;
      return;
    }
    busyUs += us;
    let group: string;
    let module: string;
    let fn: string;
    if (name.startsWith("(")) {
      group = module = fn = name;
    } else if (frame && tables.get(frame.scriptId)?.length && frame.lineNumber >= 0) {
      module = moduleAt(frame.scriptId, frame.lineNumber);
      group = groupOf(module);
      fn = `${name || "(anonymous)"} (${module})`;
    } else {
      // Functions of the runtime itself (WebSocket send, Response, ...), implemented outside our bundle.
      group = module = name === "send" ? "(WebSocket send)" : "(runtime built-ins)";
      fn = `${name || "(anonymous)"} ${frame?.url ?? ""}`.trim();
    }
    if (name === "send" || name === "sendText") socketUs += us;
    groups.set(group, (groups.get(group) ?? 0) + us);
    modules.set(module, (modules.get(module) ?? 0) + us);
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  });
  const ms = (m: Map<string, number>): Array<[string, number]> => [...m].map(([k, us]) => [k, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
  return { busyMs: busyUs / 1000, idleMs: idleUs / 1000, socketMs: socketUs / 1000, groups: ms(groups), modules: ms(modules), functions: ms(functions).slice(0, 15) };
}
