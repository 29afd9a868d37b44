/**
 * Errors by code, counted where they are answered (the Worker's problem responses, the match objects' `error`
 * frames) and handed to the Monitor in sums: the first error after a quiet spell starts a flush that waits
 * METRICS_FLUSH_MS (default 5 s; 0 in the tests) and then sends everything counted meanwhile in one call, in the
 * background (`waitUntil`). So an error never waits on the Monitor, and a burst of errors costs one call per
 * isolate per flush. A flush that fails puts its counts back for the next one (at most MAX_PENDING keys are kept).
 */
import type { Env } from "../env";
import { objectLog } from "../log";
import { hourOf } from "./hours";
import type { ErrorCount } from "./monitor";

const DEFAULT_FLUSH_MS = 5_000;
const MAX_PENDING = 1_000;

/** `${hour} ${code}` → count, not yet sent. Isolate-wide: every request and object in this isolate adds here. */
const pending = new Map<string, number>();
let flushing = false;

export interface Background {
  waitUntil(promise: Promise<unknown>): void;
}

export function countError(env: Env, background: Background, code: string, at = Date.now()): void {
  const key = `${hourOf(at)} ${code}`;
  if (pending.size >= MAX_PENDING && !pending.has(key)) return;
  pending.set(key, (pending.get(key) ?? 0) + 1);
  if (flushing) return;
  flushing = true;
  background.waitUntil(flush(env));
}

async function flush(env: Env): Promise<void> {
  const ms = Number(env.METRICS_FLUSH_MS ?? DEFAULT_FLUSH_MS);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  const counts: ErrorCount[] = [...pending].map(([key, n]) => {
    const [hour, code] = key.split(" ");
    return { hour: Number(hour), code: code ?? "", n };
  });
  pending.clear();
  flushing = false;
  if (counts.length === 0) return;
  try {
    await env.MONITOR.getByName("monitor").countErrors(counts);
  } catch (error) {
    objectLog("monitor").warn("error counts not delivered; kept for the next flush", { error, keys: counts.length });
    for (const c of counts) {
      const key = `${c.hour} ${c.code}`;
      pending.set(key, (pending.get(key) ?? 0) + c.n);
    }
  }
}
