/** Errors the typed client throws: a refused HTTP request, and a refused (or undeliverable) command. */

/** A non-2xx HTTP answer, from the server's `application/problem+json` body when it has one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's stable code (TABLE_FULL, BAD_REQUEST, ...), or BAD_RESPONSE when the answer was not understood. */
    readonly code: string,
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
    readonly code: string,
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
