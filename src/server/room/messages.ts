/** Parsing one WebSocket frame: text, UTF-8, size, JSON, known type, then the schema. Each failure has its own code. */
import { CLIENT_MESSAGE_TYPES, ClientMessageSchema, CommandIdSchema, LIMITS, type ClientMessage, type ProtocolErrorCode } from "../../protocol";

export type ParsedFrame =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: ProtocolErrorCode; message: string; id: string | null }
  /** The frame breaks the WebSocket protocol itself: the socket is closed with this code (RFC 6455 §7.4.1). */
  | { ok: false; close: number; reason: string };

/**
 * workerd hands a text frame that is not valid UTF-8 to the object decoded with U+FFFD in place of each bad
 * sequence (it neither refuses nor closes). No protocol message has a use for U+FFFD, so a frame carrying one is
 * treated as the invalid frame it almost certainly was.
 */
const REPLACEMENT_CHARACTER = "\uFFFD";

const encoder = new TextEncoder();

export function parseFrame(frame: string | ArrayBuffer): ParsedFrame {
  if (typeof frame !== "string") {
    return fail("BAD_MESSAGE", "binary frames are not part of the protocol; send JSON text", null);
  }
  if (frame.includes(REPLACEMENT_CHARACTER)) return { ok: false, close: 1007, reason: "text frames must be valid UTF-8" };
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
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return fail("BAD_MESSAGE", "a message is a JSON object with a type", null);
  }
  const record = json as Record<string, unknown>;
  // Echoed in the error only when it is a well-formed id.
  const parsedId = CommandIdSchema.safeParse(record.id);
  const id = parsedId.success ? parsedId.data : null;
  if (!(CLIENT_MESSAGE_TYPES as readonly unknown[]).includes(record.type)) {
    return fail("UNKNOWN_MESSAGE", `unknown message type ${JSON.stringify(record.type)}; known: ${CLIENT_MESSAGE_TYPES.join(", ")}`, id);
  }
  const parsed = ClientMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return fail("BAD_MESSAGE", `${where}${issue?.message ?? "malformed message"}`, id);
  }
  return { ok: true, message: parsed.data };
}

function fail(code: ProtocolErrorCode, message: string, id: string | null): ParsedFrame {
  return { ok: false, code, message, id };
}
