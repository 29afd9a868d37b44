/**
 * The one place where the mover's legal plays change form on the wire: the server sends the engine's compact plays
 * (`Plays`, `nardi.v2`) or writes them out (`LegalPlay`, the deprecated `nardi.v1`); a client turns `Plays` back
 * into the engine's `CompactPlays` over the table's position, and writes out the plays it reads.
 */
import { playAt, type CompactPlays, type Position } from "../engine";
import { decodeSteps, encodeSteps } from "./packed-steps";
import type { LegalPlayView, PlaysView, TableView } from "./views";

/** The compact plays as `nardi.v2` sends them: the packed steps as text (the client knows the position). */
export function playsView(plays: CompactPlays): PlaysView {
  return { stepsPerPlay: plays.stepsPerPlay, steps: encodeSteps(plays.steps) };
}

/** Play i of compact plays written out: notation, steps, the board after it. */
export function legalPlayView(plays: CompactPlays, i: number): LegalPlayView {
  const play = playAt(plays, i);
  return { play: play.notation, steps: play.steps, board: play.board };
}

/** Every compact play written out, as `nardi.v1` sends them. */
export function legalPlayViews(plays: CompactPlays): LegalPlayView[] {
  return Array.from({ length: plays.count }, (_, i) => legalPlayView(plays, i));
}

/**
 * The server's `Plays` as the engine's `CompactPlays` over the position of `table`'s match (its board, its mover),
 * null when the table has no match (or the steps are not valid, which `PlaysSchema` already refuses). The steps are the mover's, so boards and notation follow with `playAt` & co.
 */
export function compactPlaysOf(table: TableView, plays: PlaysView): CompactPlays | null {
  const m = table.match;
  const steps = decodeSteps(plays.steps);
  if (!m || !steps) return null;
  const position: Position = { variant: table.ruleset.variant, board: m.board, turn: m.turn };
  const count = plays.stepsPerPlay === 0 ? 0 : steps.length / plays.stepsPerPlay;
  return { position, count, stepsPerPlay: plays.stepsPerPlay, steps };
}
