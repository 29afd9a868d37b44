/**
 * Errors as RFC 9457 problem details (`application/problem+json`) with our stable `code`. Handlers throw an
 * `ApiError` (or return an `Outcome` from the match object, which the routes turn into one); `app.onError`
 * renders it, so every rejection a client sees has the same shape.
 */
import { httpStatusFor, type ErrorCode, type Problem } from "../protocol";

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    status?: number,
    /** Extra response headers (e.g. `retry-after`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${detail}`);
    this.status = status ?? httpStatusFor(code);
  }
}

/** What a Durable Object method returns across RPC: a value, or a coded refusal (exceptions lose their class on the way). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; detail: string };

export function refuse(code: ErrorCode, detail: string): { ok: false; code: ErrorCode; detail: string } {
  return { ok: false, code, detail };
}

/** The value of an outcome, or the ApiError its refusal stands for. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new ApiError(outcome.code, outcome.detail);
}

const TITLES: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: "Bad request",
  BAD_JSON: "Body is not JSON",
  MESSAGE_TOO_LARGE: "Body too large",
  NOT_FOUND: "No such route",
  TABLE_NOT_FOUND: "No such table",
  TABLE_FULL: "Table is full",
  BAD_TOKEN: "Bad seat token",
  BAD_NAME: "Name with hidden characters",
  NAME_RESERVED: "Name reserved for bots",
  SPECTATORS_DISABLED: "Spectators not allowed",
  BAD_INVITE: "Invite secret missing or wrong",
  RATE_LIMITED: "Too many requests",
  INTERNAL: "Internal error",
};

function problemOf(code: ErrorCode, detail: string, status = httpStatusFor(code)): Problem {
  return {
    // A stable identifier, not a page: clients match on `code`; `type` names the same thing as a URI (RFC 9457).
    type: `urn:nardi:problem:${code.toLowerCase().replaceAll("_", "-")}`,
    title: TITLES[code] ?? code,
    status,
    code,
    detail,
  };
}

export function problemResponse(code: ErrorCode, detail: string, status = httpStatusFor(code), headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problemOf(code, detail, status)), {
    status,
    headers: { ...headers, "content-type": "application/problem+json" },
  });
}
