/**
 * Every command the match reducer knows, listed once. The reducer's check (`applyCommand`), the stored command
 * schema (src/server/room/stored.ts) and the protocol's game command messages (src/protocol/ws.ts) are derived
 * from this list, so a new command is written in four places: its shape (`MatchCommand` in ./types), this list,
 * its case in the reducer (./match), and the docs (docs/protocol.md for a player's command, docs/storage.md).
 */
import type { MatchCommand } from "./types";

export type MatchCommandType = MatchCommand["type"];

/**
 * What a command carries besides its type: `side`, the side giving it (a player's seat, or the side a deadline
 * ran out for), `play`, the play in notation or as steps, and `level`, what a resignation is offered as.
 */
export type CommandField = "side" | "play" | "level";

export interface CommandSpec {
  /** `player`: a seated player sends it over the socket; `server`: only the server gives it (a deadline, a moderator). */
  readonly by: "player" | "server";
  readonly fields: readonly CommandField[];
}

/** In the order the protocol lists them (a player's commands first, as in the `ClientMessage` schema). */
export const MATCH_COMMANDS = {
  roll: { by: "player", fields: ["side"] },
  play: { by: "player", fields: ["side", "play"] },
  double: { by: "player", fields: ["side"] },
  take: { by: "player", fields: ["side"] },
  drop: { by: "player", fields: ["side"] },
  "offer-resign": { by: "player", fields: ["side", "level"] },
  "accept-resign": { by: "player", fields: ["side"] },
  "reject-resign": { by: "player", fields: ["side"] },
  resign: { by: "player", fields: ["side"] },
  forfeit: { by: "server", fields: ["side"] },
  timeout: { by: "server", fields: ["side"] },
  abandon: { by: "server", fields: [] },
  close: { by: "server", fields: [] },
} as const satisfies Record<MatchCommandType, CommandSpec>;

/** The fields command `T` carries, as the list says. */
export type CommandFieldsOf<T extends MatchCommandType> = (typeof MATCH_COMMANDS)[T]["fields"][number];

/** The commands a seated player sends. */
export type PlayerCommandType = {
  [T in MatchCommandType]: (typeof MATCH_COMMANDS)[T]["by"] extends "player" ? T : never;
}[MatchCommandType];

export const MATCH_COMMAND_TYPES = Object.keys(MATCH_COMMANDS) as MatchCommandType[];

export const PLAYER_COMMAND_TYPES = MATCH_COMMAND_TYPES.filter((type) => MATCH_COMMANDS[type].by === "player") as PlayerCommandType[];

export function isMatchCommandType(value: unknown): value is MatchCommandType {
  return typeof value === "string" && Object.hasOwn(MATCH_COMMANDS, value);
}

// The list and `MatchCommand` must name the same fields per command: a mismatch fails the typecheck here.
type FieldsOfShape<T extends MatchCommandType> = Exclude<keyof Extract<MatchCommand, { type: T }>, "type">;
type SameFields = {
  [T in MatchCommandType]: [FieldsOfShape<T>] extends [CommandFieldsOf<T>] ? ([CommandFieldsOf<T>] extends [FieldsOfShape<T>] ? true : false) : false;
}[MatchCommandType];
type Holds<T extends true> = T;
export type CommandListMatchesShapes = Holds<SameFields>;
