/**
 * One path for every change a command makes to the match, whoever gives it: a player's game command or setting,
 * a bot's move, the flag (a clock ran out), the end of a reconnect window (forfeit or abandon) and a moderator's
 * close. In order (boardgame.io's): already applied? → the caller's decision (its checks, on the room as stored)
 * → the engine, rolling with this step's own roller → store (one transaction) → `ack` (a player's command) →
 * `update`s → the bots' replies. A refusal changes nothing and is returned for the caller to answer: a socket's
 * error frame, a log line for the server's own commands. The alarm is not this path's business: every entry
 * point of the match object syncs it once, when it is done (../match-room.ts).
 */
import type { DiceSource, MatchCommand, Side } from "../../engine";
import type { ErrorCode, TableEvent } from "../../protocol";
import { botCommandFor } from "./bots";
import { commandChange } from "./change";
import type { RoomCore } from "./core";
import type { Change } from "./store";
import type { Room, TableInfo } from "./table";

/** Who gives the command: a seat's player over one of its sockets, a bot seat, or the server itself (alarm, moderator). */
export type Origin = { kind: "player"; seat: Side; id: string; ws: WebSocket } | { kind: "bot"; seat: Side } | { kind: "server" };

/** Everything a step needs besides the stored room, passed in rather than parked on the core. */
export interface StepContext {
  origin: Origin;
  /** The player's command entropy (docs/fair-dice.md): every roll of the step and of the bots' replies uses it. */
  entropy: string;
  /** When the step happens (epoch ms): its events' time and the clock's. */
  at: number;
}

/** Why a command was not applied; nothing changed. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  /** AMBIGUOUS_PLAY only: the plays the notation could stand for. */
  candidates?: string[];
}

/** What the command does, decided from the stored room. */
export interface Move {
  /** The match command (null: none, only the pace runs on: a changed setting). */
  command: MatchCommand | null;
  /** The table info the command meets (a changed setting); else the stored one. */
  info?: TableInfo;
  /** Table events logged before the match's (the setting's own). */
  events?: TableEvent[];
  /** Deadlines the command ends (the window that ran out). */
  clearDeadlines?: Change["clearDeadlines"];
}

export type Decision = { ok: true; value: Move } | { ok: false; error: Refusal };
export type Stepped = { ok: true; seq: number; duplicate: boolean } | { ok: false; error: Refusal };

export function refusal(code: ErrorCode, message: string): { ok: false; error: Refusal } {
  return { ok: false, error: { code, message } };
}

/** A command the server gives, decided already: it only meets the engine. */
export function serverCommand(command: MatchCommand, extra: Omit<Move, "command"> = {}): () => Decision {
  return () => ({ ok: true, value: { command, ...extra } });
}

/** More bot commands than any hand can need in a row: a guard against a bot and the engine disagreeing forever. */
const MAX_BOT_COMMANDS = 200;

export function step(core: RoomCore, context: StepContext, decide: (room: Room) => Decision): Stepped {
  const room = core.store.load();
  if (!room) return refusal("TABLE_NOT_FOUND", "this table no longer exists");
  const { origin } = context;
  // A retried command is answered first, whatever happened since: the client just lost the first answer.
  if (origin.kind === "player") {
    const produced = core.store.commandSeq(origin.seat, origin.id);
    if (produced !== null) {
      core.sockets.send(origin.ws, { type: "ack", id: origin.id, seq: produced, duplicate: true });
      return { ok: true, seq: produced, duplicate: true };
    }
  }
  const decided = decide(room);
  if (!decided.ok) return decided;
  const move = decided.value;
  const draw = core.draw(context.entropy);
  const change = moveChange(core, room, move, draw.roller, context.at);
  if (!change.ok) return change;
  const logged = core.commit({ ...change.value, ...commandOf(origin) }, draw);
  const seq = logged.at(-1)?.seq ?? room.seq;
  if (origin.kind === "player") core.sockets.send(origin.ws, { type: "ack", id: origin.id, seq, duplicate: false });
  core.broadcast(logged);
  // A bot's own step is one turn of this loop: the loop goes on, not a new one.
  if (origin.kind !== "bot") runBots(core, context.entropy);
  return { ok: true, seq, duplicate: false };
}

/** A seat's command is counted (and a player's id remembered for the dedupe); the server's own are neither. */
function commandOf(origin: Origin): Pick<Change, "command"> {
  if (origin.kind === "player") return { command: { seat: origin.seat, id: origin.id } };
  if (origin.kind === "bot") return { command: { seat: origin.seat, id: null } };
  return {};
}

/** The move as one change: the setting or deadlines beside the match, then the match command and its pace (while a match runs). */
function moveChange(core: RoomCore, room: Room, move: Move, roller: DiceSource, at: number): { ok: true; value: Change } | { ok: false; error: Refusal } {
  const met: Room = move.info ? { ...room, info: move.info } : room;
  const before = move.events ?? [];
  const ends = move.clearDeadlines ? { clearDeadlines: move.clearDeadlines } : {};
  const playing = met.match !== null && met.info.status === "playing";
  if (!playing && move.command === null) return { ok: true, value: { room: met, events: before, at, ...ends } };
  if (!met.match) return refusal("MATCH_NOT_STARTED", "the match starts when the second player joins");
  const stepped = commandChange(core, met, met.match, move.command, roller, at);
  if (!stepped.ok) return stepped;
  return { ok: true, value: { ...stepped.value, events: [...before, ...stepped.value.events], ...ends } };
}

/**
 * Bot seats are played inside the match object, right after every change: while a bot has something to do, each of
 * its commands is its own step (stored, broadcast) exactly like a player's. No timers: the loop runs to the point
 * where a human must act. `entropy`: the command that woke the bots (their rolls are derived with it).
 */
export function runBots(core: RoomCore, entropy: string): void {
  for (let i = 0; i < MAX_BOT_COMMANDS; i++) {
    const room = core.store.load();
    const next = room ? botCommandFor(core, room) : null;
    if (!next) return;
    const stepped = step(core, { origin: { kind: "bot", seat: next.side }, entropy, at: Date.now() }, serverCommand(next.command));
    if (!stepped.ok) {
      core.log.error(`bot ${next.side} gave a refused command`, stepped.error, { command: next.command });
      return;
    }
  }
}
