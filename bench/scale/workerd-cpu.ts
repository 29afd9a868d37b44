/**
 * CPU seconds of a `wrangler dev` process group, read from /proc (Linux; zero elsewhere): the workerd that runs
 * the Worker apart from wrangler's dev proxy in front of it (which Cloudflare does not have) and from wrangler's
 * node. CPU time per request depends far less on the machine's neighbours than wall-clock figures do.
 */
import { readFileSync, readdirSync } from "node:fs";

export interface GroupCpu {
  /** The Worker's workerd, user + system. */
  worker: number;
  /** wrangler's dev proxy (a second workerd) and wrangler's node. */
  other: number;
}

/** One process of the group: its name, whether it is wrangler's dev proxy, and its CPU seconds. */
export interface ProcessCpu {
  name: string;
  /** A workerd listening on the public port (`--socket-addr=entry=<host>:<public port>`): wrangler's dev proxy. */
  proxy: boolean;
  user: number;
  system: number;
}

/** Every live process of the process group `pgid` with its CPU so far (none without a pgid or a /proc). */
export function groupProcesses(pgid: number | undefined, publicPort: number | string): ProcessCpu[] {
  if (pgid === undefined) return [];
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const processes: ProcessCpu[] = [];
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the name: state(0) ppid(1) pgrp(2) ... utime(11) stime(12), in clock ticks (100 per second).
      if (Number(fields[2]) !== pgid) continue;
      const proxy = name === "workerd" && readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").some((arg) => arg.startsWith("--socket-addr=entry=") && arg.endsWith(`:${publicPort}`));
      processes.push({ name, proxy, user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 });
    } catch {
      // the process ended meanwhile
    }
  }
  return processes;
}

/** The group's CPU split into the Worker's workerd and the rest. */
export function groupCpu(pgid: number | undefined, publicPort: number | string): GroupCpu {
  const cpu = { worker: 0, other: 0 };
  for (const p of groupProcesses(pgid, publicPort)) {
    if (p.name === "workerd" && !p.proxy) cpu.worker += p.user + p.system;
    else cpu.other += p.user + p.system;
  }
  return cpu;
}

export function cpuSince(before: GroupCpu, after: GroupCpu): GroupCpu {
  return { worker: after.worker - before.worker, other: after.other - before.other };
}

/** The q-quantile (0..1) of a list of numbers. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
