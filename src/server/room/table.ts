/**
 * What a match object stores about its table besides the match itself: settings, seats (with the SHA-256 of
 * each seat's token, never the token) and status. Kept as one JSON value in the `room` row; the schemas that
 * parse it are in ./stored.
 */
import type { z } from "zod";
import type { MatchState, Side } from "../../engine";
import type { SeatSchema, TableInfoSchema } from "./stored";

/** A seat: its holder's name and kind, the SHA-256 of its token (never the token) and what the log says of it. */
export type Seat = z.infer<typeof SeatSchema>;

export type TableInfo = z.infer<typeof TableInfoSchema>;

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
