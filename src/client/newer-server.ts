/**
 * A server newer than this client may log event types the client does not know (each release adds some: a rename,
 * a setting). Rather than refuse the whole frame, and with it the table's state, the client leaves those events out
 * before it parses: the view still says everything, and the seq still comes from the frame (docs/protocol.md,
 * "Newer servers").
 */
import { MatchEventSchema, TableEventSchema } from "../protocol";
import { isObject } from "./older-server";

const KNOWN = new Set<string>([...MatchEventSchema.options, ...TableEventSchema.options].map((option) => option.shape.type.value));


/**
 * Whether this client knows the type of a list's event: a logged one (`{seq, at, event}`) or a bare one. An item that
 * is not an event at all is kept, for the schema to refuse.
 */
export function knownEvent(item: unknown): boolean {
  const event = isObject(item) && isObject(item.event) ? item.event : item;
  return !isObject(event) || typeof event.type !== "string" || KNOWN.has(event.type);
}

/** The `seq` of the first item of a frame's `events`, whatever its type; undefined when there is none. */
export function firstEventSeq(json: unknown): number | undefined {
  const first = isObject(json) && Array.isArray(json.events) ? (json.events[0] as unknown) : undefined;
  return isObject(first) && typeof first.seq === "number" ? first.seq : undefined;
}
