/**
 * How long a finished table is kept before its alarm deletes it: the operator's `FINISHED_TABLE_RETENTION_DAYS`
 * (`[vars]` in wrangler.toml; days, fractions allowed), 30 days when unset. A value that is not a positive number
 * is a configuration error and fails loudly rather than keeping (or deleting) tables on a guess.
 */
import * as z from "zod";
import type { Env } from "../env";

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const RetentionDaysSchema = z.coerce.number().positive().finite().default(DEFAULT_RETENTION_DAYS);

export function retentionMs(env: Pick<Env, "FINISHED_TABLE_RETENTION_DAYS">): number {
  const days = RetentionDaysSchema.safeParse(env.FINISHED_TABLE_RETENTION_DAYS);
  if (!days.success) throw new Error(`FINISHED_TABLE_RETENTION_DAYS must be a positive number of days, not ${JSON.stringify(env.FINISHED_TABLE_RETENTION_DAYS)}`);
  return Math.round(days.data * DAY_MS);
}
