/**
 * Stable error codes of the HTTP and WebSocket API: ONE list, as one `z.enum` (`ErrorCodeSchema`) that the
 * WebSocket `error` message, the problem+json body, the server and the OpenAPI document all use. The engine's
 * rule codes are part of it and pass through unchanged. Add a new code here (and to docs/protocol.md); never
 * rename one.
 */
import * as z from "zod";
import { RULE_ERROR_CODES, type RuleErrorCode } from "../engine/types";

export const PROTOCOL_ERROR_CODES = [
  "BAD_REQUEST", // an HTTP body, query or path that fails its schema
  "BAD_JSON", // a body or WebSocket frame that is not JSON
  "UNKNOWN_MESSAGE", // a WebSocket message whose `type` is not in the protocol
  "BAD_MESSAGE", // a known WebSocket message with missing or malformed fields
  "MESSAGE_TOO_LARGE", // a frame or body over the size limit
  "RATE_LIMITED", // too many messages, sockets, tables created or joins in too short a time
  "NOT_FOUND", // no such route
  "TABLE_NOT_FOUND", // no table with this id
  "TABLE_FULL", // both seats are taken
  "BAD_TOKEN", // a seat token that is missing, malformed or wrong
  "BAD_NAME", // a display name with control, bidi-override or invisible characters
  "NAME_RESERVED", // a display name that passes for a bot's
  "SPECTATOR", // a spectator (or a connection without a seat) tried to act
  "SPECTATORS_DISABLED", // the table does not allow spectators
  "BAD_INVITE", // joining a private table without its invite secret, or with a wrong one
  "MATCH_NOT_STARTED", // a game command before the second player has joined
  "STALE_SEQ", // the command names a state version that is no longer current
  "INTERNAL", // a bug on the server (over the WebSocket it may follow a stored change)
  "UNAUTHORIZED", // the route needs a session: no, a malformed, or a revoked `Authorization: Bearer` token
  "BAD_CREDENTIALS", // sign-in failed (the same answer whether or not the name exists)
  "NAME_TAKEN", // another player has this name (names are unique regardless of case)
  "ALREADY_CLAIMED", // the player already has a name and password
  "PLAYER_NOT_FOUND", // no player with this id
  "MATCH_NOT_FOUND", // no recorded match for this table id (yet: records arrive when the match ends)
  "RATED_NEEDS_PLAYER", // a rated table is created or joined without a session, or with a bot
  "SAME_PLAYER", // the player tried to take both seats of a rated table
  "SESSION_REQUIRED", // a stake table is created or joined without a session (docs/coins.md)
  "STAKE_OUT_OF_RANGE", // a stake outside the operator's bounds, or a stake at a table against the computer
  "INSUFFICIENT_COINS", // the player's balance is below the table's stake
  "STAKE_UNCOVERED", // joining a stake table whose creator no longer has the stake
  "MATCH_NOT_OVER", // a match record (GET …/record) asked for before the match has ended
  "FORMAT_UNAVAILABLE", // a record format the match has none of (`mat` of long nardi)
  "CHAT_TOO_LONG", // a chat line over CHAT_LIMITS.maxChars characters (or empty after trimming)
  "CHAT_FLOOD", // a chat line dropped by the flood rule (too many lines in 10 s, or a repeat of one of the last two)
  "REMATCH_UNAVAILABLE", // a rematch before the match is over, with the other seat away, or after it was made
  "FORBIDDEN", // the session's player lacks the role the route needs (moderator or admin)
  "MUTED", // the player's chat is muted by a moderator until the time the message names
  "SUSPENDED", // the player may not create, join, seek or chat until the time the message names
  "BANNED", // the player is banned: sessions are ended and sign-in is refused
  "COOLDOWN", // the player left or stalled too many matches: no new match until the time the message names
  "CLAIM_REQUIRED", // guests may not do this (rated play, stakes): claim a name first
  "NAME_PROTECTED", // a display name that passes for a claimed player's name
  "SITE_RESTRICTED", // the operator's site-wide switch (defcon) stops this for now
  "CHAT_FILTERED", // a chat line the word filter refuses
  "REPORT_NOT_FOUND", // no report with this id
  "ACTION_NOT_FOUND", // no moderation action with this id, or one that cannot be undone
  "REPORT_CLOSED", // the report was already handled or dismissed (a report is resolved once)
  "MATCH_REVERSED", // the match's rating and coin effects stand reversed already (restore it first)
  "BAD_RECOVERY_CODE", // a password reset with a wrong recovery code, or for a name that has none (one answer for both)
  "RECOVERY_CODE_USED", // a password reset with a recovery code that already reset the password once
  "CHALLENGE_NOT_FOUND", // no challenge with this id that the session's player sent or received
  "CHALLENGE_CLOSED", // the challenge was answered, cancelled or expired already
  "CHALLENGE_LIMIT", // the player has SOCIAL_LIMITS.maxOpenChallenges open challenges already
  "CHALLENGE_REFUSED", // the challenged player takes no challenges from this player (their policy or a block; one answer)
  "LIST_LIMIT", // following or blocking more players than SOCIAL_LIMITS allows
  "BOT_ACCOUNT", // a bot account may not do this (sign in with a password, chat, turn back into a player's account)
  "BOTS_NOT_ALLOWED", // the operator does not let bot accounts do this here (quick match: QUICK_MATCH_BOTS)
  "TOKEN_NOT_FOUND", // no API token with this id among the player's
  "TOKEN_SCOPE", // the API token lacks the scope this route needs
  "BOT_REQUIRED", // only a bot account may do this (make API tokens: POST /v1/me/bot first)
] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

/** Every code a client can receive: the protocol's and the engine's rule codes. */
export const ErrorCodeSchema = z
  .enum([...PROTOCOL_ERROR_CODES, ...RULE_ERROR_CODES])
  .meta({ id: "ErrorCode", description: "A stable error code (docs/protocol.md#errors). Match on it, not on the human text." });
export type ErrorCode = ProtocolErrorCode | RuleErrorCode;
export const ERROR_CODES: readonly ErrorCode[] = ErrorCodeSchema.options;

/** HTTP status for each protocol-level code (rule codes from the engine are 409 Conflict). */
export const HTTP_STATUS: Record<ProtocolErrorCode, number> = {
  BAD_REQUEST: 400,
  BAD_JSON: 400,
  UNKNOWN_MESSAGE: 400,
  BAD_MESSAGE: 400,
  MESSAGE_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  TABLE_NOT_FOUND: 404,
  TABLE_FULL: 409,
  BAD_TOKEN: 401,
  BAD_NAME: 400,
  NAME_RESERVED: 400,
  SPECTATOR: 403,
  SPECTATORS_DISABLED: 403,
  BAD_INVITE: 403,
  MATCH_NOT_STARTED: 409,
  STALE_SEQ: 409,
  INTERNAL: 500,
  UNAUTHORIZED: 401,
  BAD_CREDENTIALS: 401,
  NAME_TAKEN: 409,
  ALREADY_CLAIMED: 409,
  PLAYER_NOT_FOUND: 404,
  MATCH_NOT_FOUND: 404,
  RATED_NEEDS_PLAYER: 403,
  SAME_PLAYER: 409,
  SESSION_REQUIRED: 401,
  STAKE_OUT_OF_RANGE: 400,
  INSUFFICIENT_COINS: 409,
  STAKE_UNCOVERED: 409,
  MATCH_NOT_OVER: 409,
  FORMAT_UNAVAILABLE: 409,
  CHAT_TOO_LONG: 400,
  CHAT_FLOOD: 429,
  REMATCH_UNAVAILABLE: 409,
  FORBIDDEN: 403,
  MUTED: 403,
  SUSPENDED: 403,
  BANNED: 403,
  COOLDOWN: 403,
  CLAIM_REQUIRED: 403,
  NAME_PROTECTED: 400,
  SITE_RESTRICTED: 503,
  CHAT_FILTERED: 400,
  REPORT_NOT_FOUND: 404,
  ACTION_NOT_FOUND: 404,
  REPORT_CLOSED: 409,
  MATCH_REVERSED: 409,
  BAD_RECOVERY_CODE: 401,
  RECOVERY_CODE_USED: 409,
  CHALLENGE_NOT_FOUND: 404,
  CHALLENGE_CLOSED: 409,
  CHALLENGE_LIMIT: 409,
  CHALLENGE_REFUSED: 403,
  LIST_LIMIT: 409,
  BOT_ACCOUNT: 403,
  BOTS_NOT_ALLOWED: 403,
  TOKEN_NOT_FOUND: 404,
  TOKEN_SCOPE: 403,
  BOT_REQUIRED: 403,
};

export function httpStatusFor(code: ErrorCode): number {
  return (HTTP_STATUS as Record<string, number>)[code] ?? 409;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return ErrorCodeSchema.safeParse(value).success;
}
