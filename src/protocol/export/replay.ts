/**
 * A match rebuilt from its event log (the table's `GET …/events` pages or a stored MatchRecord's `events`): one
 * frame per match event, each with the board, dice, cube and score after it. Every play is checked again by the
 * engine (`applyPlay` with the logged dice), so a log that does not follow the rules is reported, not drawn.
 * Pure: the web page's replay viewer and the export formats (mat, txt) read the same frames.
 */
import { applyPlay, cloneBoard, initialPosition, opponent, type Board, type Cube, type Ruleset, type Score, type Side } from "../../engine";
import type { LoggedEvent, WireMatchEvent } from "../events";

export interface ReplayFrame {
  /** The seq of the event this frame shows (its place in the log; the viewer's link names it). */
  seq: number;
  /** Epoch ms of the event. */
  at: number;
  event: WireMatchEvent;
  /** 1-based hand number. */
  hand: number;
  /** Both sides' checkers in their own numbering after the event (the starting position before the opening roll). */
  board: Board;
  /** The side to move (or that moved last, once the hand is over). */
  turn: Side;
  /** The dice the mover holds after the event (null between turns). */
  dice: [number, number] | null;
  cube: Cube;
  /** A double waiting for an answer: who offered it. */
  offeredBy: Side | null;
  score: Score;
  crawford: boolean;
}

export interface Replay {
  tableId: string | null;
  ruleset: Ruleset;
  length: number;
  names: Record<Side, string>;
  frames: ReplayFrame[];
}

export type ReplayResult = { ok: true; replay: Replay } | { ok: false; seq: number; message: string };

/** Rebuilds every position of the logged match. The log must start at seq 1 (its `table-created` event). */
export function replayLog(events: readonly LoggedEvent[], tableId: string | null = null): ReplayResult {
  const first = events[0]?.event;
  if (!first || first.type !== "table-created") return { ok: false, seq: events[0]?.seq ?? 0, message: "the log does not start with table-created" };
  const ruleset = first.ruleset as Ruleset;
  const variant = ruleset.variant;
  const names: Record<Side, string> = { white: "White", black: "Black" };
  const frames: ReplayFrame[] = [];
  let position = initialPosition(variant, "white");
  let hand = 0;
  let dice: [number, number] | null = null;
  let cube: Cube = { value: 1, owner: null };
  let offeredBy: Side | null = null;
  let score: Score = { white: 0, black: 0 };
  let crawford = false;
  let firstTurn: Record<Side, boolean> = { white: true, black: true };

  for (const { seq, at, event } of events) {
    switch (event.type) {
      case "table-created":
      case "player-connected":
      case "player-disconnected":
      case "auto-roll":
        continue;
      case "player-joined":
      case "player-renamed":
        // A moderator's rename replaces the name everywhere the replay and the exports show it.
        names[event.seat] = event.name;
        continue;
      case "hand-started":
        hand = event.hand;
        score = { ...event.score };
        crawford = event.crawford;
        cube = { value: 1, owner: null };
        offeredBy = null;
        dice = null;
        firstTurn = { white: true, black: true };
        position = initialPosition(variant, "white");
        break;
      case "opening-roll":
        if (event.starter) position = initialPosition(variant, event.starter);
        break;
      case "rolled":
        if (event.side !== position.turn) return { ok: false, seq, message: `${event.side} rolled on ${position.turn}'s turn` };
        dice = [event.dice[0], event.dice[1]];
        break;
      case "played": {
        if (!dice || event.side !== position.turn) return { ok: false, seq, message: `${event.side} played without dice` };
        const played = applyPlay(position, dice, { firstTurn: firstTurn[event.side] }, event.steps);
        if (!played.ok) return { ok: false, seq, message: `${event.notation}: ${played.error.message}` };
        firstTurn[event.side] = false;
        dice = null;
        const over = played.value.board[event.side][0] === 15;
        position = { variant, board: played.value.board, turn: over ? event.side : opponent(event.side) };
        break;
      }
      case "burned":
        firstTurn[event.side] = false;
        dice = null;
        position = { ...position, turn: opponent(event.side) };
        break;
      case "doubled":
        offeredBy = event.side;
        break;
      case "taken":
        cube = { value: event.value, owner: event.side };
        offeredBy = null;
        break;
      case "dropped":
        offeredBy = null;
        break;
      case "hand-ended":
      case "match-ended":
        score = { ...event.score };
        dice = null;
        offeredBy = null;
        break;
      case "resigned":
      case "forfeited":
      case "timed-out":
        break;
    }
    frames.push({ seq, at, event, hand, board: cloneBoard(position.board), turn: position.turn, dice, cube: { ...cube }, offeredBy, score: { ...score }, crawford });
  }
  return { ok: true, replay: { tableId, ruleset, length: first.length, names, frames } };
}

/** The index of the first frame of each hand (its `hand-started`). */
export function handStarts(frames: readonly ReplayFrame[]): number[] {
  return frames.flatMap((frame, i) => (frame.event.type === "hand-started" ? [i] : []));
}
