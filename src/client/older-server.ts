/**
 * A server of the previous release (before the match view carried `toAct` and `may`) still speaks this protocol
 * otherwise: the operator's rolling deploy (docs/operations.md) and a host that upgrades later than its clients
 * both put this client in front of one. Its views are completed here, before they are parsed, with the facts that
 * server would have sent: the same rule as the engine's `stateFacts` (src/engine/facts.ts; a test compares the
 * two on every phase). A view that has them is left alone: a current server's facts are never re-derived.
 */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The match view's facts as the previous release's server would have decided them. */
function factsOf(match: Json): { toAct: unknown; may: string[] } {
  const offer = isObject(match.cubeOffer) ? match.cubeOffer : null;
  switch (match.phase) {
    case "awaiting-roll": {
      const doubles = Array.isArray(match.canDouble) && match.canDouble.includes(match.turn);
      return { toAct: match.turn, may: doubles ? ["roll", "double"] : ["roll"] };
    }
    case "moving":
      return { toAct: match.turn, may: ["play"] };
    case "cube-offered":
      return { toAct: offer?.to ?? match.turn, may: ["take", "drop"] };
    default:
      return { toAct: null, may: [] };
  }
}

/** The match view as given, or, from a server before `toAct` and `may`, completed with them. */
export function withFacts(match: Json): Json {
  return typeof match.phase === "string" && "canDouble" in match && !("toAct" in match) ? { ...match, ...factsOf(match) } : match;
}
