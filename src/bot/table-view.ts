/**
 * A bot playing over the public protocol sees what any client sees: the table view, the event log and,
 * on its turn to move, the server's legal plays (compact). This rebuilds the engine's MatchState from those, so the
 * very same `botCommand` decides, and takes the move list from the server rather than regenerating it.
 */
import type { LoggedEvent, TableView } from "../protocol";
import type { CompactPlays, MatchCommand, MatchState, Side } from "../engine";
import { botDecision, type BotLevel } from "./index";

/** The match as a MatchState, or null while the table has no match yet. */
export function matchStateFromView(table: TableView, events: readonly LoggedEvent[]): MatchState | null {
  const m = table.match;
  if (!m) return null;
  return {
    config: { ruleset: table.ruleset, length: table.length },
    score: { ...m.score },
    hand: m.hand,
    crawford: m.crawford,
    // Only the reducer needs this (to know when the Crawford hand is over); no bot decision reads it.
    crawfordDone: false,
    cube: { ...m.cube },
    cubeOffer: m.cubeOffer ? { ...m.cubeOffer } : null,
    resignOffer: m.resignOffer ? { ...m.resignOffer } : null,
    // Only the reducer needs this (a second offer in a rejected turn); no bot decision reads it.
    resignRefused: null,
    position: { variant: table.ruleset.variant, board: { white: [...m.board.white], black: [...m.board.black] }, turn: m.turn },
    phase: m.phase,
    dice: m.dice ? [m.dice[0], m.dice[1]] : null,
    firstTurn: firstTurns(events),
    winner: m.winner,
    endReason: m.endReason,
  };
}

/** A side is on its first turn of the hand until it has played or burned a roll since the hand started. */
function firstTurns(events: readonly LoggedEvent[]): Record<Side, boolean> {
  const first: Record<Side, boolean> = { white: true, black: true };
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]?.event;
    if (!e) continue;
    if (e.type === "hand-started") break;
    if (e.type === "played" || e.type === "burned") first[e.side] = false;
  }
  return first;
}

/**
 * What the bot in `seat` does now, from the client's view of the table: who must act and what they may do as the
 * view says (`toAct`, `may`), choosing among the server's legal plays, compact (none yet: nothing to do until they
 * arrive), with the rebuilt state for the bot's judgement.
 */
export function commandFromView(
  table: TableView,
  events: readonly LoggedEvent[],
  plays: CompactPlays | null,
  seat: Side,
  level: BotLevel,
  rng: () => number,
): MatchCommand | null {
  const state = matchStateFromView(table, events);
  if (!state || !table.match) return null;
  return botDecision(state, { toAct: table.match.toAct, may: table.match.may, plays }, seat, level, rng);
}
