/** The vocabulary of a table connection: its status, commands and their options, and the events it emits. */
import type {
  AckMessage,
  ChatLine,
  ErrorMessage,
  GameCommandType,
  LoggedEvent,
  RematchMessage,
  ServerMessage,
  SettledMessage,
  UpdateMessage,
  WelcomeMessage,
} from "../protocol";

export type ConnectionStatus = "connecting" | "connected" | "reconnecting" | "closed";

/** A play as notation ("24/18 13/11", "" for a burned roll) or as steps in the mover's own numbering. */
export type PlayInput = string | Array<{ from: number; to: number }>;

/**
 * A game command as sent. Keep the object to retry it: sending the same object again reuses its id, so the
 * server answers it instead of applying it twice.
 */
export interface Command {
  readonly type: GameCommandType;
  readonly id: string;
  /** The table seq the command was decided on; the server refuses it with STALE_SEQ if the table moved on. */
  readonly seq?: number;
  readonly play?: PlayInput;
  /** `auto-roll` only: the setting's new value. */
  readonly on?: boolean;
  /** `chat` only: the line. */
  readonly text?: string;
  /** `offer-resign` only: what the hand is offered as. */
  readonly level?: "single" | "gammon" | "backgammon";
  /** `rematch` only: offer or accept (true), withdraw or decline (false). */
  readonly want?: boolean;
  /** Fresh randomness for any roll the command leads to (docs/fair-dice.md). */
  readonly entropy?: string;
}

export interface CommandOptions {
  /** Send this seq with the command (true: the connection's current seq). Off by default. */
  seq?: number | true;
  /** Use this id instead of a fresh one (e.g. to retry a command created elsewhere). */
  id?: string;
  /** The fair dice' entropy for this command (docs/fair-dice.md); by default 16 fresh random bytes as hex. */
  entropy?: string;
}

export interface ConnectOptions {
  /** The seat token; without it the connection is a spectator's. */
  token?: string;
  /** The last seq already seen: the welcome then carries every event after it (0 = the whole log). */
  seq?: number;
  /** Reconnect after an unexpected close (default true). */
  reconnect?: boolean;
  /** First reconnect delay and its cap, in ms (doubling, with jitter). */
  backoffMs?: { initial: number; max: number };
  /** Consecutive failed reconnects before giving up (status `closed`). */
  maxReconnectAttempts?: number;
  /** Send the text frame `ping` this often (ms) as a keep-alive; 0 = never (default). */
  pingIntervalMs?: number;
  /**
   * Proactive pacing, frames per 10 s (default none: the server only counts frames that change nothing, and
   * after a RATE_LIMITED answer the connection backs off and re-sends the refused command by itself).
   */
  maxMessagesPer10s?: number;
  /** Keep the seen events in `events` (default true; a load generator may switch it off). */
  keepEvents?: boolean;
  /** Defaults to the global WebSocket. */
  WebSocket?: typeof WebSocket;
}

export interface ConnectionEvents extends Record<string, unknown[]> {
  welcome: [WelcomeMessage];
  update: [UpdateMessage];
  /** Every `error` message, answers to commands included (frames that fail the schema go to `invalid`). */
  error: [ErrorMessage];
  /** An acknowledged command and the time from sending it to its ack, in ms. */
  ack: [AckMessage, Command, number];
  /** Chat lines new to this connection (the history after a welcome, then each line as it is said). */
  chat: [ChatLine[]];
  /** Where a rematch stands; with `seat` and `token` once the new table is made (this seat's new seat). */
  rematch: [RematchMessage];
  /** The finished match's rating and coin changes, once settled (after a welcome at a settled table, too). */
  settled: [SettledMessage];
  /** Each new event in the log, once, in seq order. */
  event: [LoggedEvent];
  status: [ConnectionStatus];
  /** Every valid server message, before the connection acts on it. */
  message: [ServerMessage];
  /** A frame that is not a valid server message (a bug on one side or the other). */
  invalid: [string, string];
}
