/**
 * The facts of one match state, decided once: who must act and what they may do. Every client (the web, bots,
 * the client package, tests) reads these from the match view instead of re-deriving them from the phase.
 * States are never changed once made, so the facts (and the legal plays behind `play`) are kept per state object.
 */
import { canDouble, compactLegalPlaysFor, sideToAct } from "./match";
import type { PlayerCommandType } from "./commands";
import type { CompactPlays, MatchState, Side } from "./types";

/**
 * What the side to act may send now, in the order `may` lists them: a player's commands of MATCH_COMMANDS but
 * `resign`, which is never listed (either seated player may resign while the match runs), and `offer-resign`, which
 * the mover may send besides what is listed where the preset has resignation offers (`canOfferResign`).
 */
export const MATCH_ACTIONS = ["roll", "double", "play", "take", "drop", "accept-resign", "reject-resign"] as const satisfies readonly PlayerCommandType[];
export type MatchAction = (typeof MATCH_ACTIONS)[number];

export interface StateFacts {
  /** The side that must act next: the mover, or the side answering a double; null once the match is over. */
  toAct: Side | null;
  /**
   * What `toAct` may do, in this order: roll, double, play, take, drop; accept-resign and reject-resign (alone) while
   * a resignation offer waits. Empty once the match is over.
   */
  may: MatchAction[];
  /** The mover's legal plays in phase `moving` (compact); null in every other phase. */
  plays: CompactPlays | null;
}

const factsOfState = new WeakMap<MatchState, StateFacts>();

export function stateFacts(state: MatchState): StateFacts {
  let facts = factsOfState.get(state);
  if (!facts) {
    facts = decide(state);
    factsOfState.set(state, facts);
  }
  return facts;
}

function decide(state: MatchState): StateFacts {
  const toAct = sideToAct(state);
  if (!toAct) return { toAct: null, may: [], plays: null };
  if (state.resignOffer) return { toAct, may: ["accept-resign", "reject-resign"], plays: null };
  switch (state.phase) {
    case "awaiting-roll":
      return { toAct, may: canDouble(state, toAct) ? ["roll", "double"] : ["roll"], plays: null };
    case "moving":
      return { toAct, may: ["play"], plays: compactLegalPlaysFor(state) };
    case "cube-offered":
      return { toAct, may: ["take", "drop"], plays: null };
    case "over":
      return { toAct: null, may: [], plays: null };
  }
}
