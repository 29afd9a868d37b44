/**
 * The engine's shared vocabulary. Every other engine module, and everything above the engine
 * (protocol, server, bot, client, web), speaks in these types. Pure data: no I/O, no clock.
 */

export type Variant = "long" | "short";
export type Side = "white" | "black";

/** Index of the borne-off tray and of the bar in a side's checker array. */
export const OFF = 0;
export const BAR = 25;
export const CHECKERS_PER_SIDE = 15;

/**
 * One side's checkers in its OWN numbering: index 0 = borne off, 1..24 = own points, 25 = bar.
 * Always length 26. Public API uses plain arrays so positions serialize as JSON unchanged.
 */
export type Checkers = number[];

/** Both sides' checkers, each in its own numbering (the engine CLI's `board` form). */
export interface Board {
  white: Checkers;
  black: Checkers;
}

/** A position: the board, the variant, and whose turn it is (the side that will move). */
export interface Position {
  variant: Variant;
  board: Board;
  turn: Side;
}

/** What the legal-play generator needs besides position and dice. */
export interface PlayContext {
  /**
   * Long nardi: this is the mover's first turn of the hand, so 6-6, 4-4 and 3-3 may take two checkers
   * off the head (docs/rules.md §3.4). Ignored in short nardi.
   */
  firstTurn: boolean;
}

/** Two dice, each 1..6. A double gives four steps. */
export type Dice = readonly [number, number];

/** One die's move of one checker, in the mover's own numbering. `from` 25 = bar, `to` 0 = off. */
export interface Step {
  from: number;
  to: number;
  /** Short nardi: this step hit a blot (the opponent checker went to the bar). */
  hit: boolean;
}

/** A whole turn: the step sequence (one of possibly several giving the same result) and the result. */
export interface Play {
  steps: Step[];
  /** The board after the play (both sides, own numbering). */
  board: Board;
  /** The play in docs/rules.md §1 notation, step by step (e.g. "24/18 13/11", "bar/22*", "6/off"). */
  notation: string;
}

/**
 * Every legal play of one roll in compact form, as the generator finds them: steps packed into small
 * integers in one flat array, no boards and no notation. Build those only for the plays someone reads,
 * with `playAt`, `stepsAt`, `boardAt` and `notationAt` (`legalPlays` is `playAt` over every index).
 *
 * - `count` plays, every one of `stepsPerPlay` steps (the maximum rule: all legal plays use the same
 *   number of dice; 0 and `count` 0 mean the roll is burned).
 * - Play i's steps are `steps[i * stepsPerPlay]` … `steps[i * stepsPerPlay + stepsPerPlay - 1]`, in the
 *   order they are played. Each step is `from | to << 5 | hit << 10` in the mover's own numbering, the
 *   same as `Step` (`from` 1..25, 25 = bar; `to` 0..24, 0 = off; `hit` 1 when it hits a blot, short nardi
 *   only): decode one with `unpackStep`.
 * - The plays are distinct (no two end in the same position) and in the same deterministic order as
 *   `legalPlays`.
 *
 * The set belongs to the caller: `steps` is a fresh array per call, never reused by the engine, and a
 * plain array of integers, so the set serialises as JSON (except `position`, which the caller has).
 * `position` is the caller's own object (not copied): keep it unchanged while the set is in use.
 */
export interface CompactPlays {
  readonly position: Position;
  readonly count: number;
  readonly stepsPerPlay: number;
  readonly steps: readonly number[];
}

/** A rule error: a broken rule as a value with a stable code (never an exception). */
export interface RuleError {
  code: RuleErrorCode;
  message: string;
  /** AMBIGUOUS_PLAY only: each play the notation could stand for, written out step by step. */
  candidates?: string[];
}

/** A value, or the error that stopped it: the one result shape (the server's `Outcome` is this with a coded `Refusal`). */
export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };

/** Every stable code the engine can return. Clients match on these strings; never rename one. */
export const RULE_ERROR_CODES = [
  // positions and input formats
  "BAD_BOARD", // wrong shape (not 26 non-negative integers per side, unknown variant/side)
  "BAD_CHECKER_COUNT", // a side does not have exactly 15 checkers
  "SHARED_POINT", // a point is held by both sides
  "BAR_IN_LONG", // checkers on the bar in long nardi
  "BAD_DICE", // dice not two integers 1..6
  "BAD_POSITION_STRING", // an unparsable position string or gnubg Position ID
  "BAD_NOTATION", // a play that cannot be parsed as docs/rules.md §1 notation
  // plays
  "NO_CHECKER", // no own checker on the step's from-point
  "WRONG_DISTANCE", // the step's length matches no remaining die (and is not a legal bear-off)
  "BLOCKED_POINT", // the landing point is closed
  "MUST_ENTER_FIRST", // short nardi: a checker on the bar must enter before anything else moves
  "HEAD_RULE", // long nardi: a second checker off the head this turn
  "SIX_BLOCK", // long nardi: the step would make a forbidden block of six
  "CANNOT_BEAR_OFF", // bearing off while not all checkers are home (or with a higher checker for an overshoot)
  "MUST_PLAY_MORE", // the maximum rule: more dice can be played
  "MUST_USE_LARGER_DIE", // only one die can be played and the larger can be
  "TOO_MANY_STEPS", // more steps than the dice give
  "NOT_A_HIT", // a `*` marks a hit on a point where no opponent checker is hit
  "AMBIGUOUS_PLAY", // a step over several dice whose routes end in different positions (the error lists them)
  "ILLEGAL_PLAY", // any other play not among the legal plays
  // match flow
  "MATCH_OVER", // the match has ended
  "NOT_YOUR_TURN", // the other side is to act
  "ALREADY_ROLLED", // roll or double after the dice are already rolled this turn
  "MUST_ROLL", // play before rolling
  "CUBE_PENDING", // a double is offered and must be answered first
  "NO_DOUBLE_OFFERED", // take or drop without an offer
  "CUBE_UNAVAILABLE", // the cube is off in this ruleset, in a 1-point match, or in the Crawford hand
  "NOT_CUBE_OWNER", // the cube is on the opponent's side
  "CUBE_AT_MAX", // the cube is at 64
  "RESIGN_UNAVAILABLE", // offer-resign where the preset has no resignation offers, or a level the table does not score
  "RESIGN_PENDING", // a resignation offer is waiting for an answer: only the answer (or resigning the match) is taken
  "NO_RESIGN_OFFERED", // accept-resign or reject-resign without an offer
  "RESIGN_ALREADY_REFUSED", // a second offer in the same turn after the first was refused
  "BAD_COMMAND", // a command the reducer does not know
  "BAD_CONFIG", // a bad match length or ruleset
] as const;
export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

/** Hand results (docs/rules.md §3.8, §4.7). */
export type ResultKind = "oin" | "mars" | "koks";
export interface HandResult {
  kind: ResultKind;
  /** 1, 2 or 3: the result's points before the cube. */
  points: number;
}

/** Rulesets (docs/rules.md §6). */
export type PresetName = "georgian-short" | "backgammon" | "federation-long" | "armenian-long";
export type OpeningRule = "play-opening-dice" | "reroll";
/**
 * What running out of time costs (docs/rules.md §5.8): `lose-match` ends the whole match as leaving does (the opponent
 * gets the points still needed, at least 1); `lose-hand` loses the current hand as a dropped double does (oin at
 * the cube value before any pending offer) and the match goes on.
 */
export type TimeoutRule = "lose-match" | "lose-hand";
export interface Ruleset {
  preset: PresetName;
  variant: Variant;
  /** Koks (3 points) is scored. In long nardi this is the federation's `koksInLong`. */
  koks: boolean;
  /** Doubling cube with the Crawford rule (only ever in matches longer than 1 point). */
  cube: boolean;
  opening: OpeningRule;
  timeout: TimeoutRule;
}
export type RulesetOverrides = Partial<Pick<Ruleset, "koks" | "cube" | "opening" | "timeout">>;

/**
 * What a player offers to resign the current hand as, in the backgammon preset (docs/rules.md §5.5): a single (1),
 * a gammon (2) or a backgammon (3), times the cube. The levels are the backgammon names of oin, mars and koks.
 */
export type ResignLevel = "single" | "gammon" | "backgammon";

/** A resignation offer waiting for an answer: `from` offers to lose the hand at `level`, `to` accepts or rejects. */
export interface ResignOffer {
  from: Side;
  to: Side;
  level: ResignLevel;
}

/** A source of fair dice, injected into the match reducer: the server's is cryptographic, tests' are seeded. */
export interface DiceSource {
  /** One die, an integer 1..6. */
  die(): number;
}

// ---------------------------------------------------------------------------------------------
// The match (docs/rules.md §5): a pure reducer `(state, command, dice) → state + events | RuleError`.
// ---------------------------------------------------------------------------------------------

export interface MatchConfig {
  ruleset: Ruleset;
  /** Points to win, 1..25 (tables offer 1, 3, 5, 7). */
  length: number;
}

export type Score = Record<Side, number>;

export interface Cube {
  value: number;
  /** null = in the middle (either side may double). */
  owner: Side | null;
}

/**
 * Where the match stands:
 * - `awaiting-roll`: `position.turn` may roll (or double, when allowed);
 * - `moving`: `position.turn` has `dice` and must play one of the legal plays;
 * - `cube-offered`: the side NOT on turn (`cubeOffer.to`) must take or drop;
 * - in `awaiting-roll` or `moving` with a `resignOffer`, the offer's `to` must accept or reject it first;
 * - `over`: the match has ended (`winner`, `endReason`).
 * The opening roll happens inside the reducer when a hand starts, so no phase waits for it.
 */
export type MatchPhase = "awaiting-roll" | "moving" | "cube-offered" | "over";

export type EndReason = "score" | "resign" | "forfeit" | "timeout" | "abandoned" | "closed";

export interface MatchState {
  config: MatchConfig;
  score: Score;
  /** 1-based number of the current hand. */
  hand: number;
  /** This hand is the Crawford hand (no cube). */
  crawford: boolean;
  /** The Crawford hand has already been played (or is being played) in this match. */
  crawfordDone: boolean;
  cube: Cube;
  /** Set in phase `cube-offered`: who offered and who must answer. */
  cubeOffer: { from: Side; to: Side } | null;
  /**
   * A resignation offer waiting for an answer (backgammon preset; the phase stays `awaiting-roll` or `moving`, and
   * `resignOffer.to` must act); null when none is.
   */
  resignOffer: ResignOffer | null;
  /** The side on turn whose resignation offer was rejected this turn: it may not offer again until its next turn. */
  resignRefused: Side | null;
  position: Position;
  phase: MatchPhase;
  /** The dice the mover must play in phase `moving`; null otherwise. */
  dice: [number, number] | null;
  /** Per side: this side has not yet completed a turn in this hand (long nardi head exception). */
  firstTurn: Record<Side, boolean>;
  winner: Side | null;
  endReason: EndReason | null;
}

/** Commands a side (or the server, for forfeit/timeout/abandon/close) gives the reducer. */
export type MatchCommand =
  | { type: "roll"; side: Side }
  /** A play in notation ("24/18 13/11", "24/18/13", "bar/22*") or as steps. */
  | { type: "play"; side: Side; play: string | Array<Pick<Step, "from" | "to">> }
  | { type: "double"; side: Side }
  | { type: "take"; side: Side }
  | { type: "drop"; side: Side }
  /** Offering to resign the hand at a level (backgammon preset, own turn, before or after rolling; docs/rules.md §5.5). */
  | { type: "offer-resign"; side: Side; level: ResignLevel }
  /** Accepting the offer: the offerer loses the hand at its level × the cube. */
  | { type: "accept-resign"; side: Side }
  /** Rejecting the offer: play goes on where it stopped. */
  | { type: "reject-resign"; side: Side }
  /** Resigning ends the whole match (docs/rules.md §5.5). */
  | { type: "resign"; side: Side }
  /** The side left / missed its reconnect window: ends the match as a resignation would. */
  | { type: "forfeit"; side: Side }
  /** The side's clock ran out: the ruleset's `timeout` rule decides whether it loses the match or the hand. */
  | { type: "timeout"; side: Side }
  /** Both players away when a window ran out: the match ends with no winner. */
  | { type: "abandon" }
  /** A moderator closed the table: the match ends at once with no winner, the score as it stands. */
  | { type: "close" };

/** What happened, in order. The server stores and broadcasts these; clients render them. */
export type MatchEvent =
  | { type: "hand-started"; hand: number; crawford: boolean; score: Score }
  /** One opening roll per attempt; ties produce several events, the last one decides. */
  | { type: "opening-roll"; white: number; black: number; starter: Side | null }
  /** `auto`: the server rolled for the side (it had no cube decision to make); absent on a commanded roll. */
  | { type: "rolled"; side: Side; dice: [number, number]; auto?: true }
  /** `forced`: the roll had exactly one legal play and the server played it; absent on a chosen play. */
  | { type: "played"; side: Side; notation: string; steps: Step[]; forced?: true }
  /** Nothing could be played: the roll is lost and the turn passes. */
  | { type: "burned"; side: Side; dice: [number, number] }
  | { type: "doubled"; side: Side; value: number }
  | { type: "taken"; side: Side; value: number }
  | { type: "dropped"; side: Side }
  | {
      type: "hand-ended";
      hand: number;
      winner: Side;
      /** The hand result by name; a dropped double counts as oin (docs/rules.md §5.4). */
      result: HandResult;
      cube: number;
      /** Points scored: result.points × cube. */
      value: number;
      score: Score;
    }
  /** `side` offers to lose the hand at `level`; `value` is what it would score (level's points × the cube). */
  | { type: "resign-offered"; side: Side; level: ResignLevel; value: number }
  /** `side` accepted the offer; a `hand-ended` (result by the level's name: single oin, gammon mars, backgammon koks) follows. */
  | { type: "resign-accepted"; side: Side; level: ResignLevel }
  /** `side` rejected the offer; play goes on. */
  | { type: "resign-rejected"; side: Side; level: ResignLevel }
  | { type: "resigned"; side: Side }
  | { type: "forfeited"; side: Side }
  | { type: "timed-out"; side: Side }
  | { type: "match-ended"; winner: Side | null; reason: EndReason; score: Score };

export interface MatchStep {
  state: MatchState;
  events: MatchEvent[];
}
