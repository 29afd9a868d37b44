/**
 * What a match object stores about its table besides the match itself: settings, seats (with the SHA-256 of
 * each seat's token, never the token) and status. Kept as one JSON value in the `room` row.
 */
import type { MatchState, Ruleset, Side } from "../../engine";
import type { BotLevelName, TableStatus } from "../../protocol";

export interface Seat {
  name: string;
  kind: "human" | "bot";
  botLevel: BotLevelName | null;
  /** SHA-256 (hex) of the seat token; null for a bot, which has no token. */
  tokenHash: string | null;
  /** The player (D1) whose session took this seat; absent for anonymous seats and bots. */
  playerId?: string | null;
  /** The seat has opened a socket at least once (so, if it has none now, it left rather than never came). */
  seen?: boolean;
}

export interface TableInfo {
  id: string;
  createdAt: number;
  status: TableStatus;
  ruleset: Ruleset;
  length: number;
  reconnectSeconds: number;
  spectators: boolean;
  /** The match changes both players' ratings when it ends (absent in tables stored before ratings existed). */
  rated?: boolean;
  seats: Record<Side, Seat | null>;
}

/** The whole stored state of a table at one seq. */
export interface Room {
  seq: number;
  info: TableInfo;
  match: MatchState | null;
}

export const SIDES: readonly Side[] = ["white", "black"];

/**
 * A seat with no socket when its match starts (a program that joined over HTTP and has not connected yet) has
 * this long, or the table's reconnect window if longer, to connect; then it is away. Without it a match whose
 * player never came would wait forever.
 */
export const ARRIVAL_GRACE_MS = 120_000;

/** A waiting table nobody joined is dropped after this long. */
export const WAITING_TABLE_TTL_MS = 24 * 60 * 60 * 1000;
