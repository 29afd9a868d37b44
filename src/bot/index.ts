/**
 * Computer opponents built on the engine. The match Durable Object calls `botCommand` for a bot seat;
 * `chooseBotPlay` is the move choice alone. Levels: `beginner` (a uniformly random legal play, takes every
 * double, never doubles), `intermediate` (a hand-written evaluation per variant, see evaluate.ts) and `expert`
 * (a self-trained neural network per variant, see neural.ts). `random` is the old name of `beginner`, still
 * accepted. Randomness comes only from the injected `rng` (values in [0, 1)), so seeded games replay exactly.
 */
import {
  handResult,
  handResultOf,
  pipCount,
  RESIGN_RESULTS,
  stateFacts,
  stepsAt,
  type CompactPlays,
  type Dice,
  type MatchCommand,
  type MatchState,
  type Play,
  type PlayContext,
  type Position,
  type Side,
  type StateFacts,
} from "../engine";
import { expertDoubles, expertTakes } from "./cube";
import { expertPlay } from "./evaluate";
import { matchGoal, neuralDoubles, neuralTakes } from "./net-cube";
import { expertNeuralPlay, pointsGoal } from "./neural";
import { readablePlays } from "./engine-adapter";
import { randomIndex, randomPlay } from "./random";

export type BotLevel = "beginner" | "intermediate" | "expert" | "random";
/** The levels to offer; `random` (= `beginner`) is only accepted for old clients. */
export const BOT_LEVELS: readonly BotLevel[] = ["beginner", "intermediate", "expert"];

interface BotStrategy {
  /** `state`, when given, is the match the play is for (the expert then plays for the match, not for points). */
  choosePlay(position: Position, dice: Dice, ctx: PlayContext, plays: Play[], rng: () => number, state?: MatchState): Play;
  /**
   * The same choice over compact plays, as an index: where the choice needs no board (the beginner's dice throw)
   * nothing is built; otherwise the plays are written out (`readablePlays`) for `choosePlay`.
   */
  chooseIndex?(plays: CompactPlays, rng: () => number): number;
  doubles(state: MatchState, side: Side): boolean;
  takes(state: MatchState, side: Side): boolean;
}

const BEGINNER: BotStrategy = {
  choosePlay: (_position, _dice, _ctx, plays, rng) => randomPlay(plays, rng),
  chooseIndex: (plays, rng) => randomIndex(plays.count, rng),
  doubles: () => false,
  takes: () => true,
};

const STRATEGIES: Record<BotLevel, BotStrategy> = {
  beginner: BEGINNER,
  random: BEGINNER,
  intermediate: {
    choosePlay: (position, _dice, _ctx, plays) => expertPlay(position, plays),
    doubles: expertDoubles,
    takes: expertTakes,
  },
  expert: {
    choosePlay: (position, _dice, _ctx, plays, _rng, state) =>
      expertNeuralPlay(position, plays, state ? matchGoal(state, position.turn) : pointsGoal(true)),
    doubles: neuralDoubles,
    takes: neuralTakes,
  },
};

/** A level name this module knows, the old `random` included. */
export function isBotLevel(value: string): value is BotLevel {
  return Object.hasOwn(STRATEGIES, value);
}

/** The play the bot picks from the legal plays (plays non-empty); `state`: the match it is for, when there is one. */
export function chooseBotPlay(
  level: BotLevel,
  position: Position,
  dice: Dice,
  ctx: PlayContext,
  plays: Play[],
  rng: () => number,
  state?: MatchState,
): Play {
  return STRATEGIES[level].choosePlay(position, dice, ctx, plays, rng, state);
}

/** The index, among compact `plays` (count > 0), of the play the bot picks; see `chooseBotPlay`. */
export function chooseBotPlayIndex(
  level: BotLevel,
  position: Position,
  dice: Dice,
  ctx: PlayContext,
  plays: CompactPlays,
  rng: () => number,
  state?: MatchState,
): number {
  const strategy = STRATEGIES[level];
  if (strategy.chooseIndex) return strategy.chooseIndex(plays, rng);
  const readable = readablePlays(plays);
  return readable.indexOf(strategy.choosePlay(position, dice, ctx, readable, rng, state));
}

/**
 * What a bot decides from: who must act and what they may do, and the mover's legal plays (compact; null until
 * known). Inside the match object these are the engine's `stateFacts`; a bot over the protocol reads `toAct` and
 * `may` from the match view and its plays from the socket.
 */
export type BotFacts = Pick<StateFacts, "toAct" | "may" | "plays">;

/**
 * The command this bot gives in `state` as `side`, or null when it has nothing to do (not its turn to act / match over).
 * `plays` are the legal plays (compact) when the caller already has them (a bot over the protocol takes the
 * server's list); by default they are the state's own (`stateFacts`, generated once per state).
 */
export function botCommand(
  state: MatchState,
  side: Side,
  level: BotLevel,
  rng: () => number,
  plays?: CompactPlays,
): MatchCommand | null {
  const facts = stateFacts(state);
  return botDecision(state, plays ? { ...facts, plays } : facts, side, level, rng);
}

/** `botCommand` with the facts given (see `BotFacts`), not derived from `state`. */
export function botDecision(state: MatchState, facts: BotFacts, side: Side, level: BotLevel, rng: () => number): MatchCommand | null {
  if (facts.toAct !== side) return null;
  const strategy = STRATEGIES[level];
  const { may } = facts;
  if (may.includes("accept-resign")) return acceptsResign(state, side) ? { type: "accept-resign", side } : { type: "reject-resign", side };
  if (may.includes("take")) return strategy.takes(state, side) ? { type: "take", side } : { type: "drop", side };
  if (may.includes("roll")) {
    return may.includes("double") && strategy.doubles(state, side) ? { type: "double", side } : { type: "roll", side };
  }
  if (may.includes("play")) {
    const legal = facts.plays;
    // The reducer burns a roll with no legal play itself, so an empty list means nothing to do (as do plays not yet known).
    if (!legal || legal.count === 0 || !state.dice) return null;
    const chosen = chooseBotPlayIndex(level, state.position, state.dice, { firstTurn: state.firstTurn[side] }, legal, rng, state);
    return { type: "play", side, play: stepsAt(legal, chosen).map((s) => ({ from: s.from, to: s.to })) };
  }
  return null;
}

/**
 * Every level's answer to a resignation offer, a simple rule: accept when the offered level is at least what the board
 * would score for the bot if it won now (handResult), or when the bot is not ahead in the race (then any point is a gift).
 */
function acceptsResign(state: MatchState, side: Side): boolean {
  const offer = state.resignOffer;
  if (!offer) return false;
  const worth = handResult(state.position.board, side, state.config.ruleset).points;
  const offered = handResultOf(RESIGN_RESULTS[offer.level]).points;
  const mine = pipCount(state.position.board[side]);
  const theirs = pipCount(state.position.board[offer.from]);
  return offered >= worth || mine >= theirs;
}

export { expertPlay, evaluateBoard, winChanceOnRoll } from "./evaluate";
export { randomPlay } from "./random";
export { bestPlay, committedEvaluator, expertNeuralPlay, pointsGoal, WIN_GOAL, type Evaluator, type Goal } from "./neural";
export { matchGoal } from "./net-cube";
export { matchWinningChance } from "./met";
export { NET_RULESETS } from "./engine-adapter";
export { racePlay } from "./race";
export { seededRng } from "./rng";
export { playHand, type Chooser, type HandRecord } from "./selfplay";
