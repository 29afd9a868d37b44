/**
 * A frame or response from a server of another release, made readable by this client in one walk (one copy) before
 * it is parsed: a match view from an older server gets the facts it lacks (./older-server.ts), and the events of
 * types newer than this client are left out (./newer-server.ts). A current server's frame comes out equal.
 */
import { knownEvent } from "./newer-server";
import { isObject, withFacts, type Json } from "./older-server";

export function readable(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(readable);
  if (!isObject(json)) return json;
  const out: Json = {};
  for (const [key, value] of Object.entries(json)) {
    out[key] = key === "events" && Array.isArray(value) ? value.filter(knownEvent).map(readable) : readable(value);
  }
  if (isObject(out.match)) out.match = withFacts(out.match);
  return out;
}
