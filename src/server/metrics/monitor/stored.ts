/**
 * The rows the Monitor reads from its SQLite and from D1, as zod schemas (a row that does not fit is a bug or a
 * missed migration, and fails loudly). ./migrations.ts makes the tables.
 */
import * as z from "zod";

/** A pending delivery, as the healing reads it: `stake` is 1 for a stake table (its escrow must be settled too). */
export const PendingRowSchema = z.object({ table_id: z.string(), stake: z.number().int() });

/** The backlog: how many records wait, and when the oldest of their matches ended (null when none waits). */
export const BacklogRowSchema = z.object({ n: z.number().int(), oldest: z.number().int().nullable() });

export const ErrorCountRowSchema = z.object({ hour: z.number().int(), code: z.string(), n: z.number().int() });
export type ErrorCount = z.infer<typeof ErrorCountRowSchema>;

/** A D1 row naming a table (`matches`, `coin_escrows`). */
export const TableIdRowSchema = z.object({ table_id: z.string() });
