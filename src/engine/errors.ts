/** Building `Result` values: a broken rule is a value with a stable code, never an exception. */
import type { Result, RuleErrorCode } from "./types";

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: RuleErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
