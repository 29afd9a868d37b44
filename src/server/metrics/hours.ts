/** Counter buckets: UTC hours and days as the epoch ms of their start. */
import type { MetricsPeriod } from "../../protocol";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export function hourOf(at: number): number {
  return Math.floor(at / HOUR_MS) * HOUR_MS;
}

export function bucketMs(period: MetricsPeriod): number {
  return period === "hour" ? HOUR_MS : DAY_MS;
}

export function bucketOf(at: number, period: MetricsPeriod): number {
  const size = bucketMs(period);
  return Math.floor(at / size) * size;
}
