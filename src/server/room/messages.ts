/** The table socket's grammar for the shared frame parser (../frames.ts): the client messages, with a command id. */
import { CLIENT_MESSAGE_TYPES, ClientMessageSchema, CommandIdSchema, type ClientMessage } from "../../protocol";
import { parseFrame as parseWith, type FrameGrammar, type ParsedFrame as Parsed } from "../frames";

export type ParsedFrame = Parsed<ClientMessage>;

const TABLE_MESSAGES: FrameGrammar<ClientMessage> = {
  types: CLIENT_MESSAGE_TYPES,
  schema: ClientMessageSchema,
  // Echoed in the error only when it is a well-formed id.
  id: (record) => {
    const parsed = CommandIdSchema.safeParse(record.id);
    return parsed.success ? parsed.data : null;
  },
};

export function parseFrame(frame: string | ArrayBuffer): ParsedFrame {
  return parseWith(frame, TABLE_MESSAGES);
}
