/**
 * The match (docs/rules.md §2, §5) as a pure reducer: `(state, command, dice) → new state + events`, or a RuleError
 * with a stable code. The input state is never mutated; dice come from the injected DiceSource, and the only
 * randomness is what that source returns, so the same commands and dice always give the same events.
 */
import { isMatchCommandType, MATCH_COMMANDS, type CommandField } from "./commands";
import { compactLegalPlays, readPlays } from "./legal";
import { applyPlay } from "./play";
import { fail, ok } from "./errors";
import { cloneBoard, initialPosition, isHandOver, isSide, opponent } from "./position";
import { handResult, handResultOf, isResignLevel, RESIGN_RESULTS } from "./result";
import { hasResignOffers, validateRuleset } from "./rulesets";
import type {
  CompactPlays,
  DiceSource,
  EndReason,
  HandResult,
  MatchCommand,
  MatchConfig,
  MatchEvent,
  MatchState,
  MatchStep,
  Play,
  ResignLevel,
  Result,
  RuleError,
  Side,
} from "./types";

export const MIN_MATCH_LENGTH = 1;
export const MAX_MATCH_LENGTH = 25;
export const MAX_CUBE = 64;
/** Ties in the opening roll are rerolled; a fair source never ties this often, so hitting this is a broken source. */
const MAX_OPENING_ATTEMPTS = 1000;

function rollDie(dice: DiceSource): number {
  const d = dice.die();
  if (!Number.isInteger(d) || d < 1 || d > 6) throw new Error(`dice source returned ${String(d)}, not 1..6`);
  return d;
}

/** A deep copy, so the reducer can build the next state step by step without touching its input. */
function cloneState(state: MatchState): MatchState {
  return {
    config: { ruleset: { ...state.config.ruleset }, length: state.config.length },
    score: { ...state.score },
    hand: state.hand,
    crawford: state.crawford,
    crawfordDone: state.crawfordDone,
    cube: { ...state.cube },
    cubeOffer: state.cubeOffer ? { ...state.cubeOffer } : null,
    resignOffer: state.resignOffer ? { ...state.resignOffer } : null,
    resignRefused: state.resignRefused,
    position: { variant: state.position.variant, turn: state.position.turn, board: cloneBoard(state.position.board) },
    phase: state.phase,
    dice: state.dice ? [state.dice[0], state.dice[1]] : null,
    firstTurn: { ...state.firstTurn },
    winner: state.winner,
    endReason: state.endReason,
  };
}

/** The cube is in play in this hand: the ruleset has it, the match is longer than 1 point, and this is not the Crawford hand. */
export function cubeInPlay(state: MatchState): boolean {
  return state.config.ruleset.cube && state.config.length > 1 && !state.crawford;
}

/** Points `side` still needs to win the match (0 once reached). */
export function pointsNeeded(state: MatchState, side: Side): number {
  return Math.max(0, state.config.length - state.score[side]);
}

/**
 * A state's legal plays, generated once per state object: states are never changed once made (the reducer builds
 * new ones), and one command reads one state's plays several times (the pace looks for a forced play and plays it,
 * the match view's facts, the mover's plays on the socket, a bot's choice).
 */
const compactOfState = new WeakMap<MatchState, CompactPlays>();
const readableOfState = new WeakMap<MatchState, Play[]>();

/** The plays the side on turn may choose from, in phase `moving`; [] in every other phase. Do not change the array. */
export function legalPlaysFor(state: MatchState): Play[] {
  if (state.phase !== "moving" || !state.dice) return [];
  let plays = readableOfState.get(state);
  if (!plays) {
    plays = readPlays(compactLegalPlaysFor(state));
    readableOfState.set(state, plays);
  }
  return plays;
}

/**
 * `legalPlaysFor` in compact form (see `CompactPlays`); an empty set (count 0) outside phase `moving`. The same
 * object for every call on one state: do not change it.
 */
export function compactLegalPlaysFor(state: MatchState): CompactPlays {
  if (state.phase !== "moving" || !state.dice) return { position: state.position, count: 0, stepsPerPlay: 0, steps: [] };
  let plays = compactOfState.get(state);
  if (!plays) {
    plays = compactLegalPlays(state.position, state.dice, { firstTurn: state.firstTurn[state.position.turn] });
    compactOfState.set(state, plays);
  }
  return plays;
}

/** Why `side` may not offer a double now, or null when it may. */
function doubleRefusal(state: MatchState, side: Side): RuleError | null {
  if (state.phase === "over") return { code: "MATCH_OVER", message: "the match has ended" };
  if (state.resignOffer) return RESIGN_PENDING;
  if (state.phase === "cube-offered") return { code: "CUBE_PENDING", message: "a double is waiting for an answer" };
  if (side !== state.position.turn) return { code: "NOT_YOUR_TURN", message: `it is ${state.position.turn}'s turn` };
  if (state.phase !== "awaiting-roll") return { code: "ALREADY_ROLLED", message: "a double is offered before rolling" };
  if (!cubeInPlay(state)) {
    const why = !state.config.ruleset.cube
      ? "this ruleset has no cube"
      : state.config.length === 1
        ? "there is no cube in a 1-point match"
        : "this is the Crawford hand";
    return { code: "CUBE_UNAVAILABLE", message: why };
  }
  if (state.cube.owner !== null && state.cube.owner !== side) {
    return { code: "NOT_CUBE_OWNER", message: `the cube is on ${state.cube.owner}'s side` };
  }
  if (state.cube.value >= MAX_CUBE) return { code: "CUBE_AT_MAX", message: `the cube is at ${MAX_CUBE}` };
  return null;
}

const RESIGN_PENDING: RuleError = { code: "RESIGN_PENDING", message: "a resignation offer is waiting for an answer" };

/**
 * Why `side` may not offer to resign the hand now (at `level`, when given), or null when it may (docs/rules.md §5.5):
 * only in a preset with resignation offers, on one's own turn before or after rolling, one offer at a time, and not
 * again in a turn whose offer was rejected.
 */
export function resignOfferRefusal(state: MatchState, side: Side, level?: ResignLevel): RuleError | null {
  if (state.phase === "over") return { code: "MATCH_OVER", message: "the match has ended" };
  if (!hasResignOffers(state.config.ruleset)) {
    return { code: "RESIGN_UNAVAILABLE", message: `the ${state.config.ruleset.preset} rules have no resignation offers; resigning forfeits the match` };
  }
  if (state.resignOffer) return RESIGN_PENDING;
  if (state.phase === "cube-offered") return { code: "CUBE_PENDING", message: "a double is waiting for an answer" };
  if (side !== state.position.turn) return { code: "NOT_YOUR_TURN", message: `it is ${state.position.turn}'s turn` };
  if (state.resignRefused === side) {
    return { code: "RESIGN_ALREADY_REFUSED", message: "your offer was rejected this turn; offer again on your next turn" };
  }
  if (level === "backgammon" && !state.config.ruleset.koks) {
    return { code: "RESIGN_UNAVAILABLE", message: "this table scores no backgammon; offer a single or a gammon" };
  }
  return null;
}

export function canOfferResign(state: MatchState, side: Side): boolean {
  return resignOfferRefusal(state, side) === null;
}

/**
 * The side that must act next (the mover, the side answering a double, or the side answering a resignation offer),
 * or null when the match is over.
 */
export function sideToAct(state: MatchState | null): Side | null {
  if (!state || state.phase === "over") return null;
  if (state.resignOffer) return state.resignOffer.to;
  return state.phase === "cube-offered" && state.cubeOffer ? state.cubeOffer.to : state.position.turn;
}

export function canDouble(state: MatchState, side: Side): boolean {
  return doubleRefusal(state, side) === null;
}

// ---------------------------------------------------------------------------------------------
// Steps of the flow. Each works on a draft (a clone the reducer owns) and appends events.
// ---------------------------------------------------------------------------------------------

/**
 * The mover has dice: either they have something to play (phase `moving`) or the roll is burned and the turn passes.
 * `auto`: the server rolled them without the mover's command (the opening dice handed to the starter).
 */
function giveDice(draft: MatchState, side: Side, dice: [number, number], events: MatchEvent[], auto = false): void {
  events.push({ type: "rolled", side, dice: [dice[0], dice[1]], ...(auto ? { auto: true as const } : {}) });
  draft.dice = dice;
  draft.phase = "moving";
  const plays = compactLegalPlays(draft.position, dice, { firstTurn: draft.firstTurn[side] });
  if (plays.count === 0) {
    events.push({ type: "burned", side, dice: [dice[0], dice[1]] });
    passTurn(draft, side);
  } else {
    // Giving dice is the last step of every command that gives them, so the draft is the state the reducer returns:
    // its plays are these, and nobody generates them again.
    compactOfState.set(draft, plays);
  }
}

function passTurn(draft: MatchState, mover: Side): void {
  draft.firstTurn[mover] = false;
  draft.resignRefused = null;
  draft.position.turn = opponent(mover);
  draft.phase = "awaiting-roll";
  draft.dice = null;
}

function startHand(draft: MatchState, dice: DiceSource, events: MatchEvent[]): void {
  draft.hand += 1;
  draft.cube = { value: 1, owner: null };
  draft.cubeOffer = null;
  draft.resignOffer = null;
  draft.resignRefused = null;
  draft.firstTurn = { white: true, black: true };
  draft.dice = null;
  events.push({ type: "hand-started", hand: draft.hand, crawford: draft.crawford, score: { ...draft.score } });
  for (let attempt = 1; ; attempt++) {
    if (attempt > MAX_OPENING_ATTEMPTS) throw new Error("the dice source tied the opening roll 1000 times");
    const white = rollDie(dice);
    const black = rollDie(dice);
    const starter: Side | null = white > black ? "white" : black > white ? "black" : null;
    events.push({ type: "opening-roll", white, black, starter });
    if (starter === null) continue;
    draft.position = initialPosition(draft.config.ruleset.variant, starter);
    if (draft.config.ruleset.opening === "play-opening-dice") {
      // Nobody asked for these dice: they are the server's opening roll, so the event says so like every server roll.
      giveDice(draft, starter, [Math.max(white, black), Math.min(white, black)], events, true);
    } else {
      draft.phase = "awaiting-roll";
    }
    return;
  }
}

function endMatch(draft: MatchState, winner: Side | null, reason: EndReason, events: MatchEvent[]): void {
  draft.phase = "over";
  draft.winner = winner;
  draft.endReason = reason;
  draft.dice = null;
  draft.cubeOffer = null;
  draft.resignOffer = null;
  events.push({ type: "match-ended", winner, reason, score: { ...draft.score } });
}

/** Resigning, leaving or running out of time ends the whole match: the opponent gets what it still needs, at least 1 (docs/rules.md §5.5). */
function concedeMatch(draft: MatchState, loser: Side, reason: EndReason, events: MatchEvent[]): void {
  const winner = opponent(loser);
  draft.score[winner] += Math.max(1, draft.config.length - draft.score[winner]);
  endMatch(draft, winner, reason, events);
}

/** Scores a finished hand; the match ends at N or more, else the next hand starts (Crawford decided here). */
function endHand(draft: MatchState, winner: Side, result: HandResult, dice: DiceSource, events: MatchEvent[]): void {
  const value = result.points * draft.cube.value;
  draft.score[winner] += value;
  draft.dice = null;
  draft.cubeOffer = null;
  draft.resignOffer = null;
  events.push({
    type: "hand-ended",
    hand: draft.hand,
    winner,
    result: { ...result },
    cube: draft.cube.value,
    value,
    score: { ...draft.score },
  });
  if (draft.score[winner] >= draft.config.length) {
    endMatch(draft, winner, "score", events);
    return;
  }
  // The Crawford hand is the first hand after a side reaches N − 1; it only means something where there is a cube.
  const cubeMatch = draft.config.ruleset.cube && draft.config.length > 1;
  const reachedMatchPoint = draft.score[winner] === draft.config.length - 1;
  draft.crawford = cubeMatch && !draft.crawfordDone && reachedMatchPoint;
  if (draft.crawford) draft.crawfordDone = true;
  startHand(draft, dice, events);
}

// ---------------------------------------------------------------------------------------------
// The reducer
// ---------------------------------------------------------------------------------------------

/** A new match: validates the config and starts hand 1, opening roll included. */
export function newMatch(config: MatchConfig, dice: DiceSource): Result<MatchStep> {
  if (typeof config !== "object" || config === null) return fail("BAD_CONFIG", "a match config must be an object");
  const { length } = config;
  if (typeof length !== "number" || !Number.isInteger(length) || length < MIN_MATCH_LENGTH || length > MAX_MATCH_LENGTH) {
    return fail("BAD_CONFIG", `match length must be an integer ${MIN_MATCH_LENGTH}..${MAX_MATCH_LENGTH}, got ${String(length)}`);
  }
  const ruleset = validateRuleset(config.ruleset);
  if (!ruleset.ok) return ruleset;
  const draft: MatchState = {
    config: { ruleset: ruleset.value, length },
    score: { white: 0, black: 0 },
    hand: 0,
    crawford: false,
    crawfordDone: false,
    cube: { value: 1, owner: null },
    cubeOffer: null,
    resignOffer: null,
    resignRefused: null,
    position: initialPosition(ruleset.value.variant, "white"),
    phase: "awaiting-roll",
    dice: null,
    firstTurn: { white: true, black: true },
    winner: null,
    endReason: null,
  };
  const events: MatchEvent[] = [];
  startHand(draft, dice, events);
  return ok({ state: draft, events });
}

/** The commands refused with RESIGN_PENDING while a resignation offer waits for its answer. */
const ANSWER_FIRST: ReadonlySet<string> = new Set(["roll", "play", "double", "take", "drop", "offer-resign"]);

/** Applies one command. Pure: `state` is left as it was, whatever the outcome. */
export function applyCommand(state: MatchState, command: MatchCommand, dice: DiceSource): Result<MatchStep> {
  if (typeof command !== "object" || command === null || typeof command.type !== "string") {
    return fail("BAD_COMMAND", "a command is an object with a type");
  }
  if (!isMatchCommandType(command.type)) return fail("BAD_COMMAND", `unknown command ${JSON.stringify(command.type)}`);
  const fields: readonly CommandField[] = MATCH_COMMANDS[command.type].fields;
  if (fields.includes("side") && !isSide((command as { side?: unknown }).side)) {
    return fail("BAD_COMMAND", `command ${command.type} needs side "white" or "black"`);
  }
  if (fields.includes("level") && !isResignLevel((command as { level?: unknown }).level)) {
    return fail("BAD_COMMAND", `command ${command.type} needs level "single", "gammon" or "backgammon"`);
  }
  if (state.phase === "over") return fail("MATCH_OVER", "the match has ended");
  // While a resignation offer waits, only its answer is taken (and what ends the match: resign, forfeit, timeout, …).
  if (state.resignOffer && ANSWER_FIRST.has(command.type)) return { ok: false, error: RESIGN_PENDING };

  const draft = cloneState(state);
  const events: MatchEvent[] = [];
  const done = (): Result<MatchStep> => ok({ state: draft, events });

  switch (command.type) {
    case "roll": {
      const side = command.side;
      if (draft.phase === "cube-offered") return fail("CUBE_PENDING", "a double is waiting for an answer");
      if (side !== draft.position.turn) return fail("NOT_YOUR_TURN", `it is ${draft.position.turn}'s turn`);
      if (draft.phase === "moving") return fail("ALREADY_ROLLED", "the dice are already rolled; play them");
      giveDice(draft, side, [rollDie(dice), rollDie(dice)], events);
      return done();
    }
    case "play": {
      const side = command.side;
      if (draft.phase === "cube-offered") return fail("CUBE_PENDING", "a double is waiting for an answer");
      if (side !== draft.position.turn) return fail("NOT_YOUR_TURN", `it is ${draft.position.turn}'s turn`);
      if (draft.phase !== "moving" || !draft.dice) return fail("MUST_ROLL", "roll the dice first");
      const played = applyPlay(draft.position, draft.dice, { firstTurn: draft.firstTurn[side] }, command.play);
      if (!played.ok) return played;
      const play = played.value;
      // applyPlay's play is new (fresh board arrays and steps), so the draft and the event may keep it.
      events.push({ type: "played", side, notation: play.notation, steps: play.steps });
      draft.position.board = play.board;
      const winner = isHandOver(draft.position.board);
      if (winner) {
        endHand(draft, winner, handResult(draft.position.board, winner, draft.config.ruleset), dice, events);
      } else {
        passTurn(draft, side);
      }
      return done();
    }
    case "double": {
      const side = command.side;
      const refusal = doubleRefusal(draft, side);
      if (refusal) return { ok: false, error: refusal };
      draft.phase = "cube-offered";
      draft.cubeOffer = { from: side, to: opponent(side) };
      events.push({ type: "doubled", side, value: draft.cube.value * 2 });
      return done();
    }
    case "take":
    case "drop": {
      const side = command.side;
      const offer = draft.cubeOffer;
      if (draft.phase !== "cube-offered" || !offer) return fail("NO_DOUBLE_OFFERED", "no double is offered");
      if (side !== offer.to) return fail("NOT_YOUR_TURN", `${offer.to} must answer the double`);
      if (command.type === "take") {
        draft.cube = { value: draft.cube.value * 2, owner: side };
        draft.cubeOffer = null;
        draft.phase = "awaiting-roll";
        events.push({ type: "taken", side, value: draft.cube.value });
      } else {
        events.push({ type: "dropped", side });
        // A dropped double loses the hand at the cube value before the offer, as oin (docs/rules.md §5.4).
        endHand(draft, offer.from, handResultOf("oin"), dice, events);
      }
      return done();
    }
    case "offer-resign": {
      const { side, level } = command;
      const refusal = resignOfferRefusal(draft, side, level);
      if (refusal) return { ok: false, error: refusal };
      draft.resignOffer = { from: side, to: opponent(side), level };
      events.push({ type: "resign-offered", side, level, value: handResultOf(RESIGN_RESULTS[level]).points * draft.cube.value });
      return done();
    }
    case "accept-resign":
    case "reject-resign": {
      const side = command.side;
      const offer = draft.resignOffer;
      if (!offer) return fail("NO_RESIGN_OFFERED", "no resignation is offered");
      if (side !== offer.to) return fail("NOT_YOUR_TURN", `${offer.to} must answer the resignation offer`);
      draft.resignOffer = null;
      if (command.type === "accept-resign") {
        events.push({ type: "resign-accepted", side, level: offer.level });
        // The hand ends at the offered level × the cube, whatever the board would have given (docs/rules.md §5.5).
        endHand(draft, side, handResultOf(RESIGN_RESULTS[offer.level]), dice, events);
      } else {
        events.push({ type: "resign-rejected", side, level: offer.level });
        draft.resignRefused = offer.from;
      }
      return done();
    }
    case "resign":
    case "forfeit": {
      const side = command.side;
      events.push(command.type === "resign" ? { type: "resigned", side } : { type: "forfeited", side });
      concedeMatch(draft, side, command.type === "resign" ? "resign" : "forfeit", events);
      return done();
    }
    case "timeout": {
      const side = command.side;
      events.push({ type: "timed-out", side });
      if (draft.config.ruleset.timeout === "lose-hand") {
        // Scored as a dropped double: oin at the cube value before any pending offer (docs/rules.md §5.8).
        endHand(draft, opponent(side), handResultOf("oin"), dice, events);
      } else {
        concedeMatch(draft, side, "timeout", events);
      }
      return done();
    }
    case "abandon":
      endMatch(draft, null, "abandoned", events);
      return done();
    case "close":
      endMatch(draft, null, "closed", events);
      return done();
  }
  return fail("BAD_COMMAND", "unknown command");
}

