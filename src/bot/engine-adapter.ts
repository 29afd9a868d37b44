/**
 * The neural bot's one door into the engine: everything it needs from the rules goes through here. The bots take
 * the engine's compact legal plays; where an evaluation needs every play's board they are written out here
 * (`readablePlays`).
 */
import { compactLegalPlays, handResult, playAt, PRESETS, type Board, type CompactPlays, type Dice, type Play, type PlayContext, type Position, type Ruleset, type Side, type Variant } from "../engine";

export {
  BAR,
  canDouble,
  CHECKERS_PER_SIDE,
  isHandOver,
  OFF,
  opponent,
  seededDice,
  seededRandom,
  type Board,
  type Checkers,
  type Dice,
  type HandResult,
  type MatchState,
  type Play,
  type PlayContext,
  type Position,
  type Ruleset,
  type Side,
  type Variant,
} from "../engine";

/** Every distinct legal play of `dice` (each with its resulting board); `[]` = the roll is burned. */
export function playsOf(position: Position, dice: Dice, ctx: PlayContext): Play[] {
  return readablePlays(compactLegalPlays(position, dice, ctx));
}

/** Compact plays (the server's, or the engine's) written out, each with its resulting board, for an evaluation. */
export function readablePlays(plays: CompactPlays): Play[] {
  return Array.from({ length: plays.count }, (_, i) => playAt(plays, i));
}

/** The rulesets the networks are trained and benchmarked under (both score koks). */
export const NET_RULESETS: Readonly<Record<Variant, Ruleset>> = { short: PRESETS["georgian-short"], long: PRESETS["federation-long"] };

/** The points (1 oin, 2 mars, 3 koks) `winner` scores on a finished board, koks counted (a goal without koks weighs it as mars). */
export function winPoints(variant: Variant, board: Board, winner: Side): number {
  return handResult(board, winner, NET_RULESETS[variant]).points;
}
