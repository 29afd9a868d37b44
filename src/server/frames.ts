/**
 * One WebSocket frame parser and one close-code rule for every socket the server accepts: the table socket
 * (./room/messages.ts), the seek socket (./quick) and the lobby feed (./lobby). Each socket only says which
 * messages it knows (a `FrameGrammar`); the order of checks and the code of each failure are the same for all:
 * a text frame → valid UTF-8 (else the socket is closed with 1007) → size → JSON → a JSON object → a known `type`
 * → the message's schema. docs/protocol.md (Close codes) lists the codes in one table.
 */
import type * as z from "zod";
import { LIMITS, type ProtocolErrorCode } from "../protocol";

/** The close codes the server sends (RFC 6455 §7.4.1 and the private range 4000–4999). */
export const CLOSE = {
  /** Answering a close the client started, or the end of a seek (`paired`, `cancelled`). */
  normal: 1000,
  /** A text frame that is not valid UTF-8. */
  invalidFrame: 1007,
  /** The table is gone (expired, closed, purged), or a seek socket was replaced by a newer one. */
  gone: 4000,
  /** The seat's player was banned. */
  banned: 4003,
} as const;

export type ParsedFrame<M> =
  | { ok: true; message: M }
  | { ok: false; code: ProtocolErrorCode; message: string; id: string | null }
  /** The frame breaks the WebSocket protocol itself: the socket is closed with this code (RFC 6455 §7.4.1). */
  | { ok: false; close: number; reason: string };

/** What one kind of socket accepts. */
export interface FrameGrammar<M> {
  /** The `type`s it knows: any other is UNKNOWN_MESSAGE, a known one that fails `schema` is BAD_MESSAGE. */
  types: readonly string[];
  schema: z.ZodType<M>;
  /** Reads the command id echoed in an error (only a well-formed one); a socket without ids leaves it out. */
  id?: (record: Record<string, unknown>) => string | null;
}

/**
 * workerd hands a text frame that is not valid UTF-8 to the object decoded with U+FFFD in place of each bad
 * sequence (it neither refuses nor closes). No protocol message has a use for U+FFFD, so a frame carrying one is
 * treated as the invalid frame it almost certainly was.
 */
const REPLACEMENT_CHARACTER = "\uFFFD";

const encoder = new TextEncoder();

/** The close a frame calls for because it breaks the WebSocket protocol, or null (then it is parsed as a message). */
export function protocolBreach(frame: string | ArrayBuffer): { close: number; reason: string } | null {
  if (typeof frame === "string" && frame.includes(REPLACEMENT_CHARACTER)) return { close: CLOSE.invalidFrame, reason: "text frames must be valid UTF-8" };
  return null;
}

export function parseFrame<M>(frame: string | ArrayBuffer, grammar: FrameGrammar<M>): ParsedFrame<M> {
  if (typeof frame !== "string") {
    return fail("BAD_MESSAGE", "binary frames are not part of the protocol; send JSON text", null);
  }
  const breach = protocolBreach(frame);
  if (breach) return { ok: false, ...breach };
  // Each UTF-16 unit is at most 3 UTF-8 bytes: only long frames need the exact count.
  if (frame.length * 3 > LIMITS.maxMessageBytes && encoder.encode(frame).length > LIMITS.maxMessageBytes) {
    return fail("MESSAGE_TOO_LARGE", `a frame may have at most ${LIMITS.maxMessageBytes} bytes`, null);
  }
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return fail("BAD_JSON", "the frame is not JSON", null);
  }
  if (!isRecord(json)) return fail("BAD_MESSAGE", "a message is a JSON object with a type", null);
  const id = grammar.id?.(json) ?? null;
  if (typeof json.type !== "string" || !grammar.types.includes(json.type)) {
    return fail("UNKNOWN_MESSAGE", `unknown message type ${JSON.stringify(json.type)}; known: ${grammar.types.join(", ")}`, id);
  }
  const parsed = grammar.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return fail("BAD_MESSAGE", `${where}${issue?.message ?? "malformed message"}`, id);
  }
  return { ok: true, message: parsed.data };
}

function isRecord(json: unknown): json is Record<string, unknown> {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

function fail(code: ProtocolErrorCode, message: string, id: string | null): { ok: false; code: ProtocolErrorCode; message: string; id: string | null } {
  return { ok: false, code, message, id };
}

/**
 * The code a server answers a client's close with: the client's own, unless it is one that may not be put on the
 * wire (1005/1006/1015 are reserved for the runtime, other codes are undefined), then 1000.
 */
export function echoableCloseCode(code: number): number {
  if (code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999)) return code;
  return CLOSE.normal;
}

/** Answers the close frame a client started (the runtime needs the answer to finish the close handshake). */
export function answerClose(ws: WebSocket, code: number, reason: string): void {
  closeSocket(ws, echoableCloseCode(code), reason);
}

/** Closes a socket that may have closed meanwhile (the reason is cut to what a close frame carries). */
export function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // Already closed.
  }
}

/** Sends a frame to a socket that may have closed meanwhile: its close handler does the bookkeeping. */
export function sendFrame(ws: WebSocket, frame: string): void {
  try {
    ws.send(frame);
  } catch {
    // Closed under us.
  }
}
