/**
 * Every code an error can carry, as a sentence for the player: the protocol's `ErrorCode` (a new code fails the
 * typecheck until it has a text here) and the client's own codes. The page shows only these texts, never the
 * server's code or its developer-facing detail (docs/protocol.md#errors: clients match on the code).
 */
import type { ClientErrorCode } from "../client";
import { isErrorCode, type ErrorCode } from "../protocol";
import type { MessageKey } from "./i18n";

/**
 * Shared texts, and why they are shared:
 * - `errors.code.badRequest`: input the page's own forms check first (a bad body, a bad engine input such as a
 *   board or dice the page never sends); a player meets it only when the page and the server disagree.
 * - `errors.code.illegalPlay`: the board offers legal plays only, so these come from a play made stale meanwhile.
 * - `errors.code.tableMoved`: the state changed under the click (another tab, the clock, the other player).
 * - `errors.code.staffStale`: staff pages only; another moderator got there first.
 * - `errors.code.other`: codes that mean the page or the server has a bug (no such route, malformed frames).
 */
export const ERROR_TEXTS: Readonly<Record<ErrorCode, MessageKey>> = {
  BAD_REQUEST: "errors.code.badRequest",
  BAD_JSON: "errors.code.other",
  UNKNOWN_MESSAGE: "errors.code.other",
  BAD_MESSAGE: "errors.code.other",
  MESSAGE_TOO_LARGE: "errors.code.badRequest",
  RATE_LIMITED: "errors.code.rateLimited",
  NOT_FOUND: "errors.code.other",
  TABLE_NOT_FOUND: "errors.code.tableNotFound",
  TABLE_FULL: "errors.code.tableFull",
  BAD_TOKEN: "errors.code.badToken",
  BAD_NAME: "errors.code.badName",
  NAME_RESERVED: "errors.code.badName",
  SPECTATOR: "errors.code.spectator",
  SPECTATORS_DISABLED: "errors.code.spectatorsDisabled",
  BAD_INVITE: "errors.code.badInvite",
  MATCH_NOT_STARTED: "errors.code.notStarted",
  STALE_SEQ: "errors.code.tableMoved",
  INTERNAL: "errors.code.internal",
  UNAUTHORIZED: "errors.code.session",
  BAD_CREDENTIALS: "errors.code.badCredentials",
  NAME_TAKEN: "errors.code.nameTaken",
  ALREADY_CLAIMED: "errors.code.alreadyClaimed",
  PLAYER_NOT_FOUND: "errors.code.playerNotFound",
  MATCH_NOT_FOUND: "errors.code.matchNotFound",
  RATED_NEEDS_PLAYER: "errors.code.ratedNeedsPlayer",
  SAME_PLAYER: "errors.code.samePlayer",
  SESSION_REQUIRED: "errors.code.sessionRequired",
  STAKE_OUT_OF_RANGE: "errors.code.stakeOutOfRange",
  INSUFFICIENT_COINS: "errors.code.insufficientCoins",
  STAKE_UNCOVERED: "errors.code.stakeUncovered",
  MATCH_NOT_OVER: "errors.code.matchNotOver",
  FORMAT_UNAVAILABLE: "errors.code.formatUnavailable",
  CHAT_TOO_LONG: "chat.error.long",
  CHAT_FLOOD: "chat.error.flood",
  REMATCH_UNAVAILABLE: "errors.code.rematchUnavailable",
  FORBIDDEN: "errors.code.forbidden",
  MUTED: "errors.code.muted",
  SUSPENDED: "errors.code.suspended",
  BANNED: "errors.code.banned",
  COOLDOWN: "fairplay.code.cooldown",
  CLAIM_REQUIRED: "fairplay.code.claimRequired",
  NAME_PROTECTED: "fairplay.code.nameProtected",
  SITE_RESTRICTED: "errors.code.siteRestricted",
  CHAT_FILTERED: "errors.code.chatFiltered",
  REPORT_NOT_FOUND: "errors.code.staffStale",
  ACTION_NOT_FOUND: "errors.code.staffStale",
  REPORT_CLOSED: "errors.code.staffStale",
  MATCH_REVERSED: "errors.code.staffStale",
  BAD_RECOVERY_CODE: "errors.code.badRecoveryCode",
  RECOVERY_CODE_USED: "errors.code.recoveryCodeUsed",
  CHALLENGE_NOT_FOUND: "errors.code.challengeGone",
  CHALLENGE_CLOSED: "errors.code.challengeGone",
  CHALLENGE_LIMIT: "errors.code.challengeLimit",
  CHALLENGE_REFUSED: "errors.code.challengeRefused",
  LIST_LIMIT: "errors.code.listLimit",
  BOT_ACCOUNT: "errors.code.botAccount",
  BOTS_NOT_ALLOWED: "errors.code.botsNotAllowed",
  TOKEN_NOT_FOUND: "errors.code.staffStale",
  TOKEN_SCOPE: "errors.code.tokenScope",
  BOT_REQUIRED: "errors.code.botRequired",
  // The engine's rule codes: positions and input formats (the page sends neither boards nor notation).
  BAD_BOARD: "errors.code.badRequest",
  BAD_CHECKER_COUNT: "errors.code.badRequest",
  SHARED_POINT: "errors.code.badRequest",
  BAR_IN_LONG: "errors.code.badRequest",
  BAD_DICE: "errors.code.badRequest",
  BAD_POSITION_STRING: "errors.code.badRequest",
  BAD_NOTATION: "errors.code.badRequest",
  // plays
  NO_CHECKER: "errors.code.illegalPlay",
  WRONG_DISTANCE: "errors.code.illegalPlay",
  BLOCKED_POINT: "errors.code.illegalPlay",
  MUST_ENTER_FIRST: "errors.code.illegalPlay",
  HEAD_RULE: "errors.code.illegalPlay",
  SIX_BLOCK: "errors.code.illegalPlay",
  CANNOT_BEAR_OFF: "errors.code.illegalPlay",
  MUST_PLAY_MORE: "errors.code.illegalPlay",
  MUST_USE_LARGER_DIE: "errors.code.illegalPlay",
  TOO_MANY_STEPS: "errors.code.illegalPlay",
  NOT_A_HIT: "errors.code.illegalPlay",
  AMBIGUOUS_PLAY: "errors.code.illegalPlay",
  ILLEGAL_PLAY: "errors.code.illegalPlay",
  // match flow
  MATCH_OVER: "errors.code.matchOver",
  NOT_YOUR_TURN: "errors.code.notYourTurn",
  ALREADY_ROLLED: "errors.code.tableMoved",
  MUST_ROLL: "errors.code.tableMoved",
  CUBE_PENDING: "errors.code.tableMoved",
  NO_DOUBLE_OFFERED: "errors.code.tableMoved",
  CUBE_UNAVAILABLE: "errors.code.cube",
  NOT_CUBE_OWNER: "errors.code.cube",
  CUBE_AT_MAX: "errors.code.cube",
  RESIGN_UNAVAILABLE: "errors.code.resignUnavailable",
  RESIGN_PENDING: "errors.code.tableMoved",
  NO_RESIGN_OFFERED: "errors.code.tableMoved",
  RESIGN_ALREADY_REFUSED: "errors.code.resignRefused",
  BAD_COMMAND: "errors.code.other",
  BAD_CONFIG: "errors.code.badRequest",
};

/** The text of any code a client error can carry (the client's own: a lost connection, an answer not understood). */
export function errorText(code: ClientErrorCode): MessageKey {
  if (isErrorCode(code)) return ERROR_TEXTS[code];
  return code === "CONNECTION_CLOSED" ? "errors.code.connectionClosed" : "errors.code.other";
}
