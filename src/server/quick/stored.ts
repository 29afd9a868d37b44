/**
 * The rows a pool and the seeker registry keep in SQLite, as zod schemas: every row read is parsed with these (a
 * row that does not fit is a bug or a missed migration, and fails loudly). ./migrations.ts makes the tables.
 */
import * as z from "zod";
import { SeekQuerySchema } from "../../protocol";

/** A seeker with their last opponent in this pool (the join of `seekers` and `last_opponents`). */
export const SeekerRowSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  rating: z.number(),
  since: z.number(),
  /** "waiting", or "pairing" while a table is being made for them (a cancel then comes too late). */
  state: z.enum(["waiting", "pairing"]),
  /** When the last socket closed (ms); null while connected. */
  gone_at: z.number().nullable(),
  /** The table a pairing under way is making. */
  table_id: z.string().nullable(),
  last_opponent: z.string().nullable(),
  /** Players this seeker is never paired with: a block either way (a JSON array of ids). */
  avoid: z.string().transform((text) => z.array(z.string()).parse(JSON.parse(text))),
});
export type SeekerRow = z.infer<typeof SeekerRowSchema>;

/** The pool's choices, kept as the query the Worker's route wrote (the same for every seeker of the pool). */
export const PoolRowSchema = z.object({
  query: z.string().transform((query, ctx) => {
    const choice = SeekQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
    if (choice.success) return choice.data;
    ctx.addIssue({ code: "custom", message: `the pool's query does not fit the seek's choices: ${choice.error.message}` });
    return z.NEVER;
  }),
});

/** An aggregate: `COUNT(*)` is a number, `MIN(…)` over no rows is null. */
export const CountRowSchema = z.object({ n: z.number().int() });
export const EarliestRowSchema = z.object({ at: z.number().nullable() });

/** A pool the registry saw a player seek in. */
export const SeekRowSchema = z.object({ pool: z.string() });

/** A column of a table, as `pragma_table_info` lists it (the migrations look for columns added later). */
export const ColumnRowSchema = z.object({ name: z.string() });
