/** Errors the typed client throws: a refused HTTP request, and a refused (or undeliverable) command. */
import { isErrorCode, type ErrorCode } from "../protocol";

/**
 * Every code a client error can carry: the server's (`ErrorCode`, docs/protocol.md#errors) and the few this
 * client makes itself. A code this client does not know (a newer server's) arrives as BAD_RESPONSE with the code
 * at the start of the text, so `code` never holds a string the type does not name.
 */
export type ClientErrorCode =
  | ErrorCode
  /** The answer was not understood: not the protocol's shape, or a code newer than this client. */
  | "BAD_RESPONSE"
  /** The command was given up: `close()` was called, or reconnecting failed before an answer came. */
  | "CONNECTION_CLOSED"
  /** A non-2xx answer without a problem body (a proxy's error page, say). */
  | `HTTP_${number}`;

/** The server's code as this client's, or BAD_RESPONSE (with the code kept in the text) when it is not one we know. */
export function clientCode(code: unknown, text: string): { code: ClientErrorCode; text: string } {
  return isErrorCode(code) ? { code, text } : { code: "BAD_RESPONSE", text: `${String(code)}: ${text}` };
}

/** A non-2xx HTTP answer, from the server's `application/problem+json` body when it has one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's stable code (TABLE_FULL, BAD_REQUEST, ...), or one of the client's own (BAD_RESPONSE, HTTP_<status>). */
    readonly code: ClientErrorCode,
    /** The problem body's `detail` (RFC 9457's word, kept as the wire has it): for developers, not players. */
    readonly detail: string,
  ) {
    super(`${status} ${code}: ${detail}`);
    this.name = "ApiError";
  }
}

/**
 * A command the server refused (`error` message: a rule code such as NOT_YOUR_TURN or a protocol code such
 * as STALE_SEQ), or one the client gave up on: CONNECTION_CLOSED when `close()` was called or reconnecting
 * failed before an answer came. A refused command changed nothing on the server.
 */
export class CommandError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    message: string,
    /** The table's seq when the server refused it (null when the client gave up on its own). */
    readonly seq: number | null = null,
    /** AMBIGUOUS_PLAY: the plays the refused notation could stand for, each accepted as it stands. */
    readonly candidates?: string[],
  ) {
    super(`${code}: ${message}`);
    this.name = "CommandError";
  }
}
