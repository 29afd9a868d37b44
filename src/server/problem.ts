/**
 * Errors as RFC 9457 problem details (`application/problem+json`) with our stable `code`. Handlers throw an
 * `HttpRefusal` (or return an `Outcome` from the match object, which the routes turn into one); `app.onError`
 * renders it, so every rejection a client sees has the same shape. (The client's own `ApiError` is what a client
 * catches from such an answer: another class, on the other side of the wire.)
 *
 * One word for the text: `message`, as the engine's `RuleError` and the socket's `error` frame have it. Only the
 * problem body calls it `detail`, because RFC 9457 does.
 */
import type * as z from "zod";
import type { Result } from "../engine";
import { httpStatusFor, type ErrorCode, type Problem } from "../protocol";
import { objectLog } from "./log";

/** A refusal as a value: a stable code and a sentence for developers (an engine `RuleError` is one). */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
}

/** A refusal thrown in a request: rendered as problem+json by `app.onError`. */
export class HttpRefusal extends Error implements Refusal {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    status?: number,
    /** Extra response headers (e.g. `retry-after`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpRefusal";
    this.status = status ?? httpStatusFor(code);
  }
}

/** What a Durable Object method returns across RPC: a value, or a coded refusal (exceptions lose their class on the way). */
export type Outcome<T> = Result<T, Refusal>;

export function refuse(code: ErrorCode, message: string): { ok: false; error: Refusal } {
  return { ok: false, error: { code, message } };
}

/** The value of an outcome, or the HttpRefusal its refusal stands for. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new HttpRefusal(outcome.error.code, outcome.error.message);
}

/**
 * What the server wrote itself (a D1 row, a Durable Object's RPC answer) parsed with its schema. Only a bug or a
 * missed migration makes it not fit: that is logged with the schema's complaint and answered as INTERNAL, never
 * passed on as a wrong type.
 */
export function ownData<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  objectLog("server").error(`${what} does not fit its schema`, parsed.error, { what });
  throw new HttpRefusal("INTERNAL", `${what} does not fit its schema`);
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

function problemOf(code: ErrorCode, message: string, status = httpStatusFor(code)): Problem {
  return {
    // A stable identifier, not a page: clients match on `code`; `type` names the same thing as a URI (RFC 9457).
    type: `urn:nardi:problem:${code.toLowerCase().replaceAll("_", "-")}`,
    title: TITLES[code] ?? code,
    status,
    code,
    detail: message,
  };
}

export function problemResponse(code: ErrorCode, message: string, status = httpStatusFor(code), headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problemOf(code, message, status)), {
    status,
    headers: { ...headers, "content-type": "application/problem+json" },
  });
}
