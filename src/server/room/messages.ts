/** Parsing one WebSocket frame: size, text, JSON, known type, then the schema. Each failure has its own code. */
import { CLIENT_MESSAGE_TYPES, ClientMessageSchema, LIMITS, type ClientMessage, type ProtocolErrorCode } from "../../protocol";

export type ParsedFrame =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: ProtocolErrorCode; message: string; id: string | null };

const encoder = new TextEncoder();

export function parseFrame(frame: string | ArrayBuffer): ParsedFrame {
  if (typeof frame !== "string") {
    return fail("BAD_MESSAGE", "binary frames are not part of the protocol; send JSON text", null);
  }
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
  const id = typeof record.id === "string" && record.id.length > 0 && record.id.length <= 64 ? record.id : null;
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
