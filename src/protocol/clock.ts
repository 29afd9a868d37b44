/**
 * Time controls and the clock as clients see them (docs/protocol.md, "Clocks"). Every table has a time control:
 * a named preset or custom delay + reserve. Each decision first spends the free delay; then the side's reserve
 * runs, which is set once per match: `reserveSeconds` per match point (a 5-point match has 5 × reserveSeconds).
 * A per-move limit (correspondence, untimed) is a delay with no reserve. There is no table without a limit.
 */
import * as z from "zod";
import type { ClockSettings } from "../engine";

/** The sides, as in views.ts (which imports this file, so it is not imported back). */
const SideSchema = z.enum(["white", "black"]);

export const TIME_CONTROL_NAMES = ["blitz", "standard", "correspondence", "untimed"] as const;
export type TimeControlName = (typeof TIME_CONTROL_NAMES)[number];

const HOUR = 3600;
/** The presets, in seconds; `reserveSeconds` is per match point. */
export const TIME_CONTROL_PRESETS: Readonly<Record<TimeControlName, { delaySeconds: number; reserveSeconds: number }>> = {
  blitz: { delaySeconds: 6, reserveSeconds: 30 },
  standard: { delaySeconds: 12, reserveSeconds: 120 },
  /** Play across days: a day per decision. */
  correspondence: { delaySeconds: 24 * HOUR, reserveSeconds: 0 },
  /** No clock pressure, but nobody can hold a table forever: an hour per decision. */
  untimed: { delaySeconds: HOUR, reserveSeconds: 0 },
};
export const DEFAULT_TIME_CONTROL: TimeControlName = "standard";

export const TIME_LIMITS = { maxDelaySeconds: 7 * 24 * HOUR, maxReserveSecondsPerPoint: HOUR } as const;

export const CustomTimeControlSchema = z
  .object({
    delaySeconds: z.number().int().min(1).max(TIME_LIMITS.maxDelaySeconds),
    reserveSeconds: z.number().int().min(0).max(TIME_LIMITS.maxReserveSecondsPerPoint),
  })
  .strict();

export const TimeControlInputSchema = z
  .union([z.enum(TIME_CONTROL_NAMES), CustomTimeControlSchema])
  .meta({
    id: "TimeControlInput",
    description: "A preset name, or custom { delaySeconds (1..604800), reserveSeconds per match point (0..3600) }.",
  });

export const TimeControlViewSchema = z
  .object({
    name: z.enum([...TIME_CONTROL_NAMES, "custom"]),
    /** Free time at the start of every decision. */
    delaySeconds: z.number().int(),
    /** Reserve per match point. */
    reserveSeconds: z.number().int(),
    /** Each side's reserve for the whole match: reserveSeconds × length. */
    matchReserveSeconds: z.number().int(),
  })
  .meta({ id: "TimeControl" });

const RemainingSchema = z.object({ delayMs: z.number().int(), reserveMs: z.number().int() });

export const ClockViewSchema = z
  .object({
    /** The server's time (epoch ms) when this view was made: `remaining` is as of this moment. */
    serverTime: z.number().int(),
    /** The side whose clock runs (the side that must act), or null. */
    running: SideSchema.nullable(),
    /** When the running side's decision started (epoch ms). */
    since: z.number().int(),
    /** Delay and reserve left per side at `serverTime`. */
    remaining: z.object({ white: RemainingSchema, black: RemainingSchema }),
    /** The running decision's lag allowance: time not charged, added before the flag falls. */
    lagAllowanceMs: z.number().int(),
    /** When the running side runs out of time (epoch ms), or null when no clock runs. */
    flagAt: z.number().int().nullable(),
  })
  .meta({ id: "Clock" });

/** The running clock as the server stores it (engine `ClockState`); not sent to clients as such. */
export const ClockStateSchema = z.object({
  reserveMs: z.object({ white: z.number().int(), black: z.number().int() }),
  lagQuotaMs: z.object({ white: z.number().int(), black: z.number().int() }),
  running: SideSchema.nullable(),
  since: z.number().int(),
});

export type TimeControlInput = z.infer<typeof TimeControlInputSchema>;
export type TimeControlView = z.infer<typeof TimeControlViewSchema>;
export type ClockView = z.infer<typeof ClockViewSchema>;

/** A table's time control for a match to `length` points. */
export function resolveTimeControl(input: TimeControlInput, length: number): TimeControlView {
  const name = typeof input === "string" ? input : "custom";
  const { delaySeconds, reserveSeconds } = typeof input === "string" ? TIME_CONTROL_PRESETS[input] : input;
  return { name, delaySeconds, reserveSeconds, matchReserveSeconds: reserveSeconds * length };
}

export function clockSettings(tc: TimeControlView): ClockSettings {
  return { delayMs: tc.delaySeconds * 1000, reserveMs: tc.matchReserveSeconds * 1000 };
}
