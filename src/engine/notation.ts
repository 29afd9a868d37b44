/**
 * Move notation (docs/rules.md §1): steps `from/to` in the mover's own numbering, `bar` and `off`, chains
 * `24/18/13`, hits `13/7*`, and gnubg's repetition suffix `24/18(2)`.
 */
import { fail, ok } from "./errors";
import type { Result, Step } from "./types";
import { BAR, OFF } from "./types";

export interface ParsedStep {
  from: number;
  to: number;
  hit: boolean;
}

/** At most four steps are ever played; more repetitions than that cannot be a play. */
const MAX_REPEAT = 4;

const POINT = /^(bar|off|\d{1,2})(\*?)$/;

function parsePoint(text: string): { point: number; hit: boolean } | null {
  const m = POINT.exec(text);
  if (!m) return null;
  const name = m[1]!;
  const point = name === "bar" ? BAR : name === "off" ? OFF : Number(name);
  if (point < OFF || point > BAR) return null;
  return { point, hit: m[2] === "*" };
}

/** Parses a play; a chain becomes one step per die (`24/18/13` → 24/18, 18/13). `""` is the empty play. */
export function parsePlay(text: string): Result<ParsedStep[]> {
  if (typeof text !== "string") return fail("BAD_NOTATION", "a play is a string");
  const steps: ParsedStep[] = [];
  const tokens = text.trim().toLowerCase().split(/[\s,]+/).filter((t) => t !== "");
  for (const token of tokens) {
    const rep = /^(.*?)\((\d)\)$/.exec(token);
    const chain = rep ? rep[1]! : token;
    const times = rep ? Number(rep[2]) : 1;
    if (times < 1 || times > MAX_REPEAT) return fail("BAD_NOTATION", `bad repetition in "${token}"`);
    const parts = chain.split("/");
    if (parts.length < 2) return fail("BAD_NOTATION", `"${token}" is not a step like 24/18`);
    const points = parts.map(parsePoint);
    const chainSteps: ParsedStep[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const from = points[i];
      const to = points[i + 1];
      if (!from || !to) return fail("BAD_NOTATION", `"${token}" is not a step like 24/18`);
      if (from.point === OFF || to.point === BAR) return fail("BAD_NOTATION", `"${token}": bar is only a start, off only an end`);
      if (i === 0 && from.hit) return fail("BAD_NOTATION", `"${token}": * marks a hit on a landing point`);
      chainSteps.push({ from: from.point, to: to.point, hit: to.hit });
    }
    for (let r = 0; r < times; r++) steps.push(...chainSteps.map((s) => ({ ...s })));
  }
  return ok(steps);
}

export function formatStep(step: Pick<Step, "from" | "to"> & { hit?: boolean }): string {
  const from = step.from === BAR ? "bar" : String(step.from);
  const to = step.to === OFF ? "off" : String(step.to);
  return `${from}/${to}${step.hit ? "*" : ""}`;
}

/** A play step by step, separated by spaces (`""` for a burned roll). */
export function formatPlay(steps: ReadonlyArray<Pick<Step, "from" | "to"> & { hit?: boolean }>): string {
  return steps.map(formatStep).join(" ");
}
