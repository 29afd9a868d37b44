/**
 * Structured logs (docs/observability.md): one JSON object per line, `{ level, msg, requestId | tableId, … }`, so
 * Workers Logs (`[observability]` in wrangler.toml) indexes every field and `wrangler tail` can be filtered on them.
 *
 * - Every line names what it is about: the HTTP request (`requestId`: the `cf-ray` header when Cloudflare sent
 *   one, else a fresh id) or the table (`tableId`), or, for the objects that serve no one table, a fresh
 *   `requestId` per call.
 * - Nothing secret is written: fields named like a credential (authorization, token, session, password, secret,
 *   invite, cookie, sec-websocket-protocol) are replaced by "[redacted]", and so are bearer tokens, `token=` /
 *   `invite=` query values and the `token.…` subprotocol inside any text (messages, error messages, stacks).
 * - An error is written once, as `error: { name, message, stack }` (its `cause` nested the same way): the stack
 *   appears on that one line only.
 */

export type Level = "debug" | "info" | "warn" | "error";

/** Field values a line may carry (anything else is written through `String`). */
export type Fields = Record<string, unknown>;

const REDACTED = "[redacted]";

/** Field names that hold credentials, whatever their case or separators (`seatToken`, `invite_secret`, …). */
const SECRET_KEY = /authorization|token|session|password|secret|invite|cookie|sec-websocket-protocol/i;

/** Credentials inside free text: bearer tokens, secrets in query strings, the socket's token subprotocol. */
const SECRET_TEXT: Array<[RegExp, string]> = [
  [/\b(bearer)\s+[^\s,;"']+/gi, `$1 ${REDACTED}`],
  [/([?&](?:token|invite|secret|session)=)[^&\s"']*/gi, `$1${REDACTED}`],
  [/(\btoken\.)[^\s,;"']+/gi, `$1${REDACTED}`],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** A value made safe to write: secrets by key or in text redacted, errors flattened, depth and size bounded. */
export function scrub(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return errorFields(value, depth);
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" || typeof value === "symbol" || typeof value === "function" ? String(value) : value;
  }
  if (depth >= 6) return "[deep]";
  if (value instanceof Headers) return scrub(Object.fromEntries(value.entries()), depth);
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : scrub(item, depth + 1);
  return out;
}

function errorFields(error: Error, depth: number): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name, message: scrubText(error.message) };
  // A coded refusal (../problem.ts HttpRefusal) keeps its code apart from its text: write it too.
  if ("code" in error && typeof error.code === "string") fields.code = error.code;
  if (error.stack) fields.stack = scrubText(error.stack);
  if (error.cause !== undefined && depth < 6) fields.cause = scrub(error.cause, depth + 1);
  return fields;
}

/** The line a logger writes: context first (so `level`, `msg` and the id lead), then the fields, scrubbed. */
export function formatLine(level: Level, msg: string, context: Fields, fields: Fields = {}): string {
  const body = scrub({ ...context, ...fields });
  return JSON.stringify({ level, msg: scrubText(msg), ...(body as Fields) });
}

export class Logger {
  constructor(readonly context: Fields) {}

  /** A logger for the same request or table with more context on every line. */
  with(fields: Fields): Logger {
    return new Logger({ ...this.context, ...fields });
  }

  debug(msg: string, fields?: Fields): void {
    console.debug(formatLine("debug", msg, this.context, fields));
  }
  info(msg: string, fields?: Fields): void {
    console.log(formatLine("info", msg, this.context, fields));
  }
  warn(msg: string, fields?: Fields): void {
    console.warn(formatLine("warn", msg, this.context, fields));
  }
  /** `error`: the failure (an Error's stack is written once, on this line), or any value that says what went wrong. */
  error(msg: string, error?: unknown, fields?: Fields): void {
    console.error(formatLine("error", msg, this.context, error === undefined ? fields : { ...fields, error }));
  }
}

/** A fresh id for a line or a call that no HTTP request or table names. */
export function newRequestId(): string {
  return crypto.randomUUID();
}

const byRequest = new WeakMap<Request, Logger>();

/** The logger of an HTTP request: `requestId` is its `cf-ray` (Cloudflare's own id, shown in its dashboard) or a fresh one. */
export function requestLog(request: Request): Logger {
  let log = byRequest.get(request);
  if (!log) {
    log = new Logger({ requestId: request.headers.get("cf-ray") ?? newRequestId() });
    byRequest.set(request, log);
  }
  return log;
}

/** The logger of a table's match object (and of anything done for that table). */
export function tableLog(tableId: string): Logger {
  return new Logger({ tableId });
}

/** The logger of an object that serves many tables or none (the lobby, quick match): a fresh id per call. */
export function objectLog(object: string): Logger {
  return new Logger({ requestId: newRequestId(), object });
}
