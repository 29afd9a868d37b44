/**
 * What operators read (docs/observability.md): the counters of GET /v1/admin/metrics as chartable series, and the
 * health answer of GET /v1/health.
 */
import * as z from "zod";

/**
 * The counters. Each is counted per `key` (what it is split by, "" when nothing): matches by preset (`started`,
 * `finished`), endings by reason, commands, flags, reconnects and abandonments by preset, errors by code.
 */
export const CounterNameSchema = z
  .enum(["matches.started", "matches.finished", "matches.ended", "commands", "errors", "flags", "reconnects", "abandonments", "guests.created", "claims"])
  .meta({ id: "CounterName" });
export type CounterName = z.infer<typeof CounterNameSchema>;

export const MetricsPeriodSchema = z.enum(["hour", "day"]).meta({ id: "MetricsPeriod" });
export type MetricsPeriod = z.infer<typeof MetricsPeriodSchema>;

export const MetricsQuerySchema = z.object({
  period: MetricsPeriodSchema.default("hour").meta({ description: "Bucket size: an hour or a UTC day." }),
  since: z
    .string()
    .regex(/^\d{1,15}$/, "since is epoch milliseconds")
    .transform(Number)
    .optional()
    .meta({ description: "Epoch ms; rounded down to its bucket. Default: 48 buckets before now. At most 400 buckets are served." }),
});

export const MetricSeriesSchema = z
  .object({
    name: CounterNameSchema,
    /** What the counter is split by: a preset, an end reason, an error code; "" for none. */
    key: z.string(),
    /** One value per bucket, aligned with `buckets` (0 where nothing was counted). */
    values: z.array(z.number().int().min(0)),
    total: z.number().int().min(0),
  })
  .meta({ id: "MetricSeries" });
export type MetricSeries = z.infer<typeof MetricSeriesSchema>;

export const MetricsReportSchema = z
  .object({
    period: MetricsPeriodSchema,
    /** Start of each bucket, epoch ms (UTC hours or days), oldest first; the last one holds now. */
    buckets: z.array(z.number().int()),
    series: z.array(MetricSeriesSchema),
    /** Figures of the moment, computed when asked. */
    now: z.object({
      at: z.number().int(),
      reportsOpen: z.number().int().min(0).nullable().meta({ description: "Open abuse reports; null while this server has no reports table." }),
      guests: z.number().int().min(0).meta({ description: "Players who are guests now (never claimed a name)." }),
      members: z.number().int().min(0).meta({ description: "Players who claimed a name." }),
      coinsInCirculation: z.number().int().min(0).meta({ description: "Domino Coins held by players and in table escrows (not the house)." }),
      coinsInEscrow: z.number().int().min(0),
      outboxBacklog: z.number().int().min(0),
    }),
  })
  .meta({ id: "MetricsReport" });
export type MetricsReport = z.infer<typeof MetricsReportSchema>;

export const HealthSchema = z
  .object({
    /** True when every check passed: the status is then 200, else 503. */
    ok: z.boolean(),
    d1: z.object({ ok: z.boolean(), latencyMs: z.number().int().min(0).nullable() }),
    outbox: z.object({
      ok: z.boolean(),
      /** Match records known to be waiting for D1 (a delivery deferred or failed at least once). */
      backlog: z.number().int().min(0).nullable(),
      /** When the oldest of them ended (epoch ms), and how long ago. */
      oldestPendingAt: z.number().int().nullable(),
      oldestPendingAgeMs: z.number().int().min(0).nullable(),
    }),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
