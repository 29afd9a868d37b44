/**
 * The analyser (docs/analysis.md): a finished match's event log in, its Analysis document out. Pure and synchronous;
 * the server runs it in its queue consumer, `npm run analyse` on the command line. Every checker play is judged at
 * 1-ply over the best candidates of 0-ply, every close cube decision with Janowski's cube model, every roll's luck
 * against the 21 rolls' mean; equities are the match winning chance normalized to gnubg's EMG (equity.ts).
 */
import { valueOnRoll } from "../bot/neural";
import { boardKey, MAX_CUBE, opponent, type Side } from "../engine";
import { ANALYSIS_VERSION, AnalysisSchema, luckMarkOf, markOf, type Analysis, type Candidate, type Chances, type Decision } from "../protocol/analysis";
import type { LoggedEvent } from "../protocol/events";
import { replayLog, type ReplayFrame } from "../protocol/export/replay";
import { CANDIDATE_WINDOW, CANDIDATES, rankPlays, type RankedPlay } from "./checker";
import { cubeEquities, CUBE_EFFICIENCY, type CubeEquities } from "./cube";
import { normalizedGoal, scaleOf, type Situation } from "./equity";
import { Analyser, flip, rollIndex, type Chances5, type Outlook } from "./evaluate";
import { playerFigures, round, type Judged } from "./summary";

export { CUBE_EFFICIENCY } from "./cube";
export { CANDIDATE_WINDOW, CANDIDATES, rankPlays, type RankedPlay } from "./checker";
export { Analyser, ROLLS, rollIndex } from "./evaluate";
export { normalizedGoal, scaleOf, type Situation } from "./equity";

/** A no-double is counted when doubling was this close (normalized equity), or when it was wrong. */
export const CLOSE_CUBE = 0.1;

/** The evaluation depths the document's `depth` names (stable strings: clients may show them). */
export const ANALYSIS_DEPTH = {
  checker: `1-ply over the top ${CANDIDATES} within ${CANDIDATE_WINDOW} at 0-ply`,
  cube: `Janowski x=${CUBE_EFFICIENCY} over the 21 rolls at 0-ply`,
} as const;

/** A log the analyser cannot read (it does not start with `table-created`, or a play breaks the rules). */
export class AnalysisError extends Error {
  readonly code = "BAD_LOG";
  constructor(
    readonly seq: number,
    message: string,
  ) {
    super(`seq ${seq}: ${message}`);
  }
}

/** What the analyser reads: a MatchRecord (src/protocol/players.ts) fits, and so does a table's event log. */
export interface AnalysableRecord {
  events: readonly LoggedEvent[];
  tableId?: string | null;
}

/** The roll a play or burn used. */
interface Roll {
  side: Side;
  dice: [number, number];
  /** Null for the opening dice (play-opening-dice rulesets): their luck is not counted. */
  outlook: Outlook | null;
}

export function analyseMatch(record: AnalysableRecord): Analysis {
  const replayed = replayLog(record.events, record.tableId ?? null);
  if (!replayed.ok) throw new AnalysisError(replayed.seq, replayed.message);
  const { ruleset, length, frames } = replayed.replay;
  const an = new Analyser(ruleset);
  const variant = ruleset.variant;
  const judged: Judged[] = [];
  let firstTurn: Record<Side, boolean> = { white: true, black: true };
  let crawfordSeen = false;
  let openingDice = false;
  let doubledThisTurn = false;
  let roll: Roll | null = null;
  let offer: { side: Side; equities: CubeEquities; chances: Chances5 } | null = null;

  const situation = (frame: ReplayFrame): Situation => ({ length, score: frame.score, crawfordPassed: ruleset.cube && crawfordSeen, koks: ruleset.koks });
  const push = (frame: ReplayFrame, side: Side, cube: number, d: Omit<Decision, "seq" | "hand" | "side">) =>
    judged.push({ decision: { seq: frame.seq, hand: frame.hand, side, ...d }, cube });

  /** The roller's outlook before it rolls (goal: its match value at the current cube, normalized). */
  const outlookOf = (before: ReplayFrame, side: Side): Outlook =>
    an.outlook(before.board, side, firstTurn[side], normalizedGoal(scaleOf(situation(before), side, before.cube.value)));

  /** The doubler's cube equities before it rolls. */
  const cubeOf = (before: ReplayFrame, side: Side, outlook: Outlook): CubeEquities => {
    const s = situation(before);
    const v = before.cube.value;
    return cubeEquities(outlook.chances, scaleOf(s, side, v), scaleOf(s, side, 2 * v), before.cube.owner === side ? "me" : "centre");
  };

  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i]!;
    const before = frames[i - 1] ?? frame;
    const event = frame.event;
    switch (event.type) {
      case "hand-started":
        firstTurn = { white: true, black: true };
        if (frame.crawford) crawfordSeen = true;
        openingDice = false;
        doubledThisTurn = false;
        roll = null;
        offer = null;
        break;
      case "opening-roll":
        openingDice = event.starter !== null && ruleset.opening === "play-opening-dice";
        break;
      case "doubled": {
        const outlook = outlookOf(before, event.side);
        const equities = cubeOf(before, event.side, outlook);
        const take = Math.min(equities.doubleTake, equities.doubleDrop);
        const best = Math.max(equities.noDouble, take);
        const loss = best - take;
        push(frame, event.side, before.cube.value, {
          decision: { kind: "cube", action: "double", right: take > equities.noDouble ? "double" : "no-double", ...rounded(equities) },
          loss: round(loss, 4),
          mark: markOf(loss),
          counted: true,
          chances: chancesOf(outlook.chances),
          luck: null,
        });
        offer = { side: event.side, equities, chances: outlook.chances };
        doubledThisTurn = true;
        break;
      }
      case "taken":
      case "dropped": {
        if (!offer) break;
        const { equities } = offer;
        const chosen = event.type === "taken" ? equities.doubleTake : equities.doubleDrop;
        const loss = chosen - Math.min(equities.doubleTake, equities.doubleDrop);
        push(frame, event.side, before.cube.value, {
          decision: {
            kind: "cube",
            action: event.type === "taken" ? "take" : "drop",
            right: equities.doubleTake <= equities.doubleDrop ? "take" : "drop",
            ...rounded(equities),
          },
          loss: round(loss, 4),
          mark: markOf(loss),
          counted: true,
          chances: chancesOf(flip(offer.chances)),
          luck: null,
        });
        offer = null;
        break;
      }
      case "rolled": {
        if (openingDice) {
          openingDice = false;
          roll = { side: event.side, dice: event.dice, outlook: null };
          break;
        }
        const outlook = outlookOf(before, event.side);
        roll = { side: event.side, dice: event.dice, outlook };
        const v = before.cube.value;
        const owner = before.cube.owner;
        const mayDouble = ruleset.cube && length > 1 && !frame.crawford && (owner === null || owner === event.side) && v < MAX_CUBE;
        if (mayDouble && !doubledThisTurn && !event.auto) {
          const equities = cubeOf(before, event.side, outlook);
          const take = Math.min(equities.doubleTake, equities.doubleDrop);
          const loss = Math.max(0, take - equities.noDouble);
          if (loss > 1e-9 || Math.abs(take - equities.noDouble) <= CLOSE_CUBE) {
            push(frame, event.side, v, {
              decision: { kind: "cube", action: "no-double", right: take > equities.noDouble ? "double" : "no-double", ...rounded(equities) },
              loss: round(loss, 4),
              mark: markOf(loss),
              counted: true,
              chances: chancesOf(outlook.chances),
              luck: null,
            });
          }
        }
        doubledThisTurn = false;
        break;
      }
      case "played":
      case "burned": {
        const side = event.side;
        if (!roll || roll.side !== side) break;
        const s = situation(before);
        const goal = normalizedGoal(scaleOf(s, side, before.cube.value));
        const luck = roll.outlook ? luckOf(roll.outlook, roll.dice) : null;
        const position = { variant, board: before.board, turn: side };
        const dice: [number, number] = [roll.dice[0], roll.dice[1]];
        roll = null;
        if (event.type === "burned") {
          firstTurn[side] = false;
          const c = an.afterPlay(before.board, side);
          push(frame, side, before.cube.value, {
            decision: { kind: "play", dice, played: { play: "", equity: round(valueOnRoll(c, goal), 4) }, best: [] },
            loss: 0,
            mark: null,
            counted: false,
            chances: chancesOf(c),
            luck,
          });
          break;
        }
        const key = boardKey(frame.board);
        const ranked = rankPlays(an, position, dice, firstTurn[side], firstTurn[opponent(side)], goal, (board) => boardKey(board) === key);
        const played = ranked.find((p) => boardKey(p.board) === key);
        if (!played) throw new AnalysisError(frame.seq, "the played position is not among the legal plays");
        const forced = ranked.length === 1;
        const loss = forced ? 0 : Math.max(0, ranked[0]!.equity - played.equity);
        const candidate = (p: RankedPlay): Candidate => ({ play: p.notation, equity: round(p.equity, 4) });
        push(frame, side, before.cube.value, {
          decision: { kind: "play", dice, played: candidate(played), best: ranked.slice(0, CANDIDATES).map(candidate) },
          loss: round(loss, 4),
          mark: forced ? null : markOf(loss),
          counted: !forced,
          chances: chancesOf(an.afterPlay(ranked[0]!.board, side)),
          luck,
        });
        firstTurn[side] = false;
        break;
      }
      default:
        break;
    }
  }

  const last = frames.at(-1);
  const score = last?.score ?? { white: 0, black: 0 };
  const analysis: Analysis = {
    status: "ready",
    tableId: replayed.replay.tableId,
    version: ANALYSIS_VERSION,
    variant,
    depth: { ...ANALYSIS_DEPTH },
    players: {
      white: playerFigures(judged, "white", score.white - score.black),
      black: playerFigures(judged, "black", score.black - score.white),
    },
    decisions: judged.map((j) => j.decision),
  };
  return analysis;
}

/** The roll's luck: the value of its best play against the mean of the 21 rolls' best plays (0-ply). */
function luckOf(outlook: Outlook, dice: readonly [number, number]): Decision["luck"] {
  const value = round(outlook.values[rollIndex(dice)]! - outlook.mean, 4);
  return { value, mark: luckMarkOf(value) };
}

function chancesOf(c: Chances5): Chances {
  return { win: round(c[0], 4), winMars: round(c[1], 4), winKoks: round(c[2], 4), loseMars: round(c[3], 4), loseKoks: round(c[4], 4) };
}

function rounded(e: CubeEquities): CubeEquities {
  return { noDouble: round(e.noDouble, 4), doubleTake: round(e.doubleTake, 4), doubleDrop: round(e.doubleDrop, 4) };
}

export { AnalysisSchema };
