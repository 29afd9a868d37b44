/**
 * The rows the lobby reads from its SQLite, as zod schemas: a summary column is JSON of the wire's own schema
 * (`TableSummary`, `PlayingSummary`), aggregates are numbers (null over no rows). ./migrations.ts makes the tables.
 */
import * as z from "zod";

/** A row's `summary` column: JSON text, parsed by the caller with the summary's wire schema. */
export const SummaryRowSchema = z.object({ summary: z.string() });

/** `COUNT(*)` or `SUM(…)` (null over no rows). */
export const CountRowSchema = z.object({ n: z.number().int().nullable() });

/** `MIN(expires_at)` over the three tables (null when all are empty). */
export const DueRowSchema = z.object({ due: z.number().int().nullable() });

/** A column of a table, as `pragma_table_info` lists it (the migrations look for columns added later). */
export const ColumnRowSchema = z.object({ name: z.string() });

/** A relay of the feed and the sockets it last reported. */
export const RelayRowSchema = z.object({ name: z.string(), sockets: z.number().int() });

/** The feed's last batch number. */
export const SeqRowSchema = z.object({ seq: z.number().int() });
