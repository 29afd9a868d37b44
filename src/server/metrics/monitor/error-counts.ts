/**
 * Errors by code, per UTC hour: the Worker and the match objects add up the problems they answer and hand the
 * sums over at most every few seconds (../errors.ts), never one call per error.
 */
import { hourOf } from "../hours";
import { ErrorCountRowSchema, type ErrorCount } from "./stored";

/** Adds error counts (each `hour` the start of a UTC hour). */
export function addErrorCounts(sql: SqlStorage, counts: ErrorCount[]): void {
  for (const c of counts) {
    sql.exec(
      "INSERT INTO error_counts (hour, code, n) VALUES (?, ?, ?) ON CONFLICT (hour, code) DO UPDATE SET n = n + excluded.n",
      hourOf(c.hour),
      c.code,
      c.n,
    );
  }
}

/** Error counts of the hours in [since, until). */
export function errorCounts(sql: SqlStorage, since: number, until: number): ErrorCount[] {
  return sql
    .exec("SELECT hour, code, n FROM error_counts WHERE hour >= ? AND hour < ? ORDER BY hour, code", since, until)
    .toArray()
    .map((row) => ErrorCountRowSchema.parse(row));
}
