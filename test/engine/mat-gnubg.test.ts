/**
 * Matches that end inside a hand (resigned, forfeited, lost on time), exported with `toMat` and imported into the
 * real GNU Backgammon (/usr/games/gnubg, as `npm run check:mat` drives it): gnubg must read every action we wrote
 * and nothing more, and end with the server's final score wherever a .mat line can say it — else with exactly the
 * score docs/replays.md says a reader gets. The matches are bot matches (scripts/bot-match.ts) interrupted by the
 * concession; one gnubg process imports them all.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canOfferResign, sideToAct, type MatchCommand, type MatchState, type PresetName, type RulesetOverrides, type Side } from "../../src/engine";
import type { LoggedEvent } from "../../src/protocol";
import { replayLog, toMat, toText, type Replay } from "../../src/protocol/export";
import { botMatch } from "../../scripts/bot-match";
import { GNUBG, gnubgFinalScore, gnubgResignation, importMats, PLAYER, type GnubgImport } from "../../scripts/gnubg-import";

type Concession = "resign" | "forfeit" | "timeout";

interface Case {
  name: string;
  events: LoggedEvent[];
  /** What gnubg scores the last game (docs/replays.md's table). */
  points: number;
  /** Whether docs/replays.md says gnubg ends with the server's own score here. */
  exact: boolean;
}

function replayed(events: LoggedEvent[]): Replay {
  const result = replayLog(events);
  if (!result.ok) throw new Error(`seq ${result.seq}: ${result.message}`);
  return result.replay;
}

/**
 * The first seeded bot match (seeds 1, 2, …) in which `when` holds at some point: there the side `who` names gives
 * the concession. Throws when no seed up to 300 gets there, so a case can never pass without its situation.
 */
function concededMatch(
  preset: PresetName,
  length: number,
  kind: Concession,
  when: (state: MatchState, commands: number) => boolean,
  who: (state: MatchState) => Side = (state) => sideToAct(state)!,
  from = 1,
  overrides: RulesetOverrides = {},
): LoggedEvent[] {
  for (let seed = from; seed < from + 300; seed++) {
    let conceded = false;
    const events = botMatch({
      preset,
      overrides,
      length,
      seed,
      interrupt: (state, commands) => {
        if (conceded || !when(state, commands)) return null;
        conceded = true;
        return { type: kind, side: who(state) } as MatchCommand;
      },
    });
    if (conceded) return events;
  }
  throw new Error(`no bot match of ${preset} to ${length} reached the situation`);
}

/** What the concession awards (`n`) and the cube it stood at, from the log's last hand. */
function concession(replay: Replay): { n: number; cube: number; handScore: Record<Side, number>; winner: Side } | null {
  const frames = replay.frames;
  const end = frames.at(-1)!;
  if (end.event.type !== "match-ended" || !end.event.winner) return null;
  if (frames.at(-2)!.event.type === "hand-ended") return null;
  const start = [...frames].reverse().find((f) => f.event.type === "hand-started")!;
  const winner = end.event.winner;
  return { n: end.score[winner] - start.score[winner], cube: end.cube.value, handScore: { ...start.score }, winner };
}

/** The score docs/replays.md says gnubg ends with: the hand's start plus gnubg's resignation value. */
function documentedScore(replay: Replay): Record<Side, number> {
  const c = concession(replay);
  if (!c) return { ...replay.frames.at(-1)!.score };
  const score = { ...c.handScore };
  score[c.winner] += gnubgResignation(c.n, c.cube).points;
  return score;
}

/** The last game's actions as gnubg should list them (player and kind); a roll held unplayed at a hand's start is `set`. */
function lastGameActions(replay: Replay): string[] {
  const frames = replay.frames;
  const start = frames.findLastIndex((f) => f.event.type === "hand-started");
  const actions: string[] = [];
  let held: Side | null = null;
  for (const { event } of frames.slice(start)) {
    if (event.type === "rolled") held = event.side;
    if (event.type === "played" || event.type === "burned") {
      held = null;
      actions.push(`${PLAYER[event.side]} move`);
    }
    if (event.type === "doubled") actions.push(`${PLAYER[event.side]} double`);
    if (event.type === "taken") actions.push(`${PLAYER[event.side]} take`);
    if (event.type === "dropped") actions.push(`${PLAYER[event.side]} drop`);
  }
  // The game ended off the board (a concession, or a `lose-hand` flag): gnubg reads the `Wins` line as a resignation.
  const flag = frames.find((f, i) => i > start && f.event.type === "hand-ended" && frames[i - 1]!.event.type === "timed-out")?.event;
  const winner = concession(replay)?.winner ?? (flag?.type === "hand-ended" ? flag.winner : null);
  if (winner) {
    if (actions.length === 0 && held) actions.push(`${PLAYER[held]} set`);
    actions.push(`${PLAYER[winner === "white" ? "black" : "white"]} resign`);
  }
  return actions;
}

const zeroZero = (state: MatchState) => state.score.white === 0 && state.score.black === 0;
const opening = (_state: MatchState, commands: number) => commands === 0;
/** Some moves into the first hand, the cube still in the middle. */
const playedOn = (state: MatchState, commands: number) => commands >= 9 && zeroZero(state) && state.cube.value === 1 && state.phase === "awaiting-roll";
/** In the first hand, the cube at `value`, its owner to roll. */
const cubeAt = (value: number) => (state: MatchState) => zeroZero(state) && state.cube.value === value && state.phase === "awaiting-roll";
/** The cube at 2, one side (the winner: the other concedes) at 1 point. */
const leaderAt1 = (state: MatchState) => state.cube.value === 2 && state.phase === "awaiting-roll" && (state.score.white === 1) !== (state.score.black === 1);
const trailer = (state: MatchState): Side => (state.score.white === 1 ? "black" : "white");
/** White has just taken Black's double in the first hand; Black is to roll. */
const whiteTook = (state: MatchState) => zeroZero(state) && state.cube.value === 2 && state.cube.owner === "white" && state.phase === "awaiting-roll" && state.position.turn === "black";

const CASES: Case[] = [];
/** A case whose last game gnubg scores `points` (docs/replays.md's table), `exact` when that gives our final score. */
function add(name: string, points: number, exact: boolean, events: LoggedEvent[]): void {
  CASES.push({ name, points, exact, events });
}

// Lost on time before any move: the starter holds the opening roll and its clock runs out.
for (const preset of ["backgammon", "georgian-short"] as PresetName[]) {
  for (const length of [1, 3, 5]) {
    for (const from of [1, 2]) {
      const events = concededMatch(preset, length, "timeout", opening, undefined, from);
      add(`${preset} ${length}: timeout before any move (seed from ${from})`, Math.min(length, 3), length <= 3, events);
    }
  }
}
// Resigned and forfeited before any move, by the side not on roll too.
const notOnRoll = (state: MatchState): Side => (sideToAct(state) === "white" ? "black" : "white");
add("backgammon 3: the side not on roll resigns before any move", 3, true, concededMatch("backgammon", 3, "resign", opening, notOnRoll));
add("georgian-short 1: forfeit before any move", 1, true, concededMatch("georgian-short", 1, "forfeit", opening));

// Forfeits at each short preset, in play (long nardi has no .mat: see below).
add("backgammon 3: forfeit in play, cube at 1", 3, true, concededMatch("backgammon", 3, "forfeit", playedOn));
add("backgammon 3: forfeit from 0-0 with the cube at 2", 4, false, concededMatch("backgammon", 3, "forfeit", cubeAt(2)));
add("georgian-short 3: forfeit in play", 3, true, concededMatch("georgian-short", 3, "forfeit", playedOn));
add("georgian-short 5: forfeit in play", 3, false, concededMatch("georgian-short", 5, "forfeit", playedOn));

// Resignations at 1, 3, 5 and 7 points, with and without the cube turned.
add("backgammon 1: resign in play", 1, true, concededMatch("backgammon", 1, "resign", playedOn));
add("backgammon 3: resign in play, cube at 1", 3, true, concededMatch("backgammon", 3, "resign", playedOn));
add("backgammon 3: resign from 0-0 with the cube at 2", 4, false, concededMatch("backgammon", 3, "resign", cubeAt(2)));
add("backgammon 3: resign with the cube at 2, the winner at 1", 2, true, concededMatch("backgammon", 3, "resign", leaderAt1, trailer));
add(
  "backgammon 3: resign instead of answering a double (the cube still at 1)",
  3,
  true,
  concededMatch("backgammon", 3, "resign", (state) => zeroZero(state) && state.phase === "cube-offered"),
);
add("backgammon 5: resign in play, cube at 1", 3, false, concededMatch("backgammon", 5, "resign", playedOn));
add("backgammon 5: resign from 0-0 with the cube at 2", 6, false, concededMatch("backgammon", 5, "resign", cubeAt(2)));
add("backgammon 5: resign with the cube at 2, the winner at 1", 4, true, concededMatch("backgammon", 5, "resign", leaderAt1, trailer));
add("backgammon 7: resign in play, cube at 1", 3, false, concededMatch("backgammon", 7, "resign", playedOn));
add("backgammon 7: resign from 0-0 with the cube at 2", 6, false, concededMatch("backgammon", 7, "resign", cubeAt(2)));
add("backgammon 7: resign from 0-0 with the cube at 4", 8, false, concededMatch("backgammon", 7, "resign", cubeAt(4)));
add("georgian-short 7: resign in play", 3, false, concededMatch("georgian-short", 7, "resign", playedOn));

// White's ` Takes` alone on its line: Black resigns at once (the report's 5-point case read a second double).
add("backgammon 2: Black resigns right after White took", 2, true, concededMatch("backgammon", 2, "resign", whiteTook, () => "black"));
add("backgammon 5: Black resigns right after White took", 6, false, concededMatch("backgammon", 5, "resign", whiteTook, () => "black"));
// Under the `lose-hand` override a flag costs the hand at the cube's value (here it also ends the match).
add(
  "backgammon 2, lose-hand: Black's clock runs out right after White took",
  2,
  true,
  concededMatch("backgammon", 2, "timeout", whiteTook, undefined, 1, { timeout: "lose-hand" }),
);

let dir = "";
let gnubg: GnubgImport;

beforeAll(() => {
  if (!existsSync(GNUBG)) throw new Error(`these tests import into GNU Backgammon at ${GNUBG}: apt-get install gnubg (.ci/run does)`);
  dir = mkdtempSync(join(tmpdir(), "mat-gnubg-"));
  const files = CASES.map((c, i) => {
    const file = join(dir, `${i}.mat`);
    writeFileSync(file, toMat(replayed(c.events)));
    return file;
  });
  gnubg = importMats(files, dir);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a .mat of a match ended inside a hand, imported into gnubg", () => {
  it("imports every file without a warning", () => {
    expect(gnubg.warnings).toEqual([]);
    expect(gnubg.matches).toHaveLength(CASES.length);
  });

  it.each(CASES.map((c, i) => [c.name, i] as const))("%s", (_name, i) => {
    const c = CASES[i]!;
    const replay = replayed(c.events);
    const server = replay.frames.at(-1)!.score;
    const read = gnubg.matches[i]!;
    const games = replay.frames.filter((f) => f.event.type === "hand-started").length;
    expect(read.games).toHaveLength(games);
    const last = read.games.at(-1)!;
    // Every action we wrote and nothing more: no game lost, no action read twice.
    expect(last.actions.map((a) => `${a.player} ${a.action}`)).toEqual(lastGameActions(replay));
    expect(last.info["points-won"]).toBe(c.points);
    const final = gnubgFinalScore(read);
    expect(final).toEqual(documentedScore(replay));
    if (c.exact) expect(final).toEqual(server);
    else expect(final).not.toEqual(server);
  });
});

describe("long nardi", () => {
  it.each<PresetName>(["federation-long", "armenian-long"])("a forfeited %s match has no .mat form, only the text one", (preset) => {
    const replay = replayed(concededMatch(preset, 3, "forfeit", playedOn));
    expect(() => toMat(replay)).toThrow(RangeError);
    expect(toText(replay)).toMatch(/\n(white|black) forfeits\n\nmatch (white|black) reason forfeit score (3-0|0-3)\n$/);
  });
});

/**
 * Resignation offers of the backgammon preset (docs/rules.md §5.5), accepted or refused inside a 7-point match that
 * bots then play out: the file writes an accepted offer as the game's `Wins <level × cube> points`, which gnubg reads
 * as that resignation (single, gammon, backgammon); a refused one writes nothing. gnubg ends with our score.
 */
const LEVELS = { single: 1, gammon: 2, backgammon: 3 } as const;
type Offer = { level: keyof typeof LEVELS; cube: number; accept: boolean };

function offeredMatch({ level, cube, accept }: Offer): LoggedEvent[] {
  for (let seed = 1; seed < 300; seed++) {
    let stage = "before" as "before" | "offered" | "done";
    const events = botMatch({
      preset: "backgammon",
      length: 7,
      seed,
      interrupt: (state, commands) => {
        if (stage === "offered" && state.resignOffer) {
          stage = "done";
          return { type: accept ? "accept-resign" : "reject-resign", side: state.resignOffer.to };
        }
        if (stage !== "before" || commands < 9 || state.hand !== 1 || state.cube.value !== cube) return null;
        const side = sideToAct(state);
        if (!side || !canOfferResign(state, side)) return null;
        stage = "offered";
        return { type: "offer-resign", side, level };
      },
    });
    if (stage === "done") return events;
  }
  throw new Error(`no bot match reached an offer with the cube at ${cube}`);
}

const OFFERS: Offer[] = [
  { level: "single", cube: 1, accept: true },
  { level: "gammon", cube: 1, accept: true },
  { level: "backgammon", cube: 1, accept: true },
  { level: "gammon", cube: 2, accept: true },
  { level: "single", cube: 1, accept: false },
];

describe("a .mat with resignation offers (backgammon preset), imported into gnubg", () => {
  let offerDir = "";
  let read: GnubgImport;
  const matches = OFFERS.map((o) => replayed(offeredMatch(o)));

  beforeAll(() => {
    offerDir = mkdtempSync(join(tmpdir(), "mat-offers-"));
    const files = matches.map((replay, i) => {
      const file = join(offerDir, `${i}.mat`);
      writeFileSync(file, toMat(replay));
      return file;
    });
    read = importMats(files, offerDir);
  });

  afterAll(() => {
    if (offerDir) rmSync(offerDir, { recursive: true, force: true });
  });

  it.each(OFFERS.map((o, i) => [`${o.accept ? "accepted" : "refused"} ${o.level}, cube ${o.cube}`, i] as const))("%s", (_name, i) => {
    const offer = OFFERS[i]!;
    const replay = matches[i]!;
    expect(read.warnings).toEqual([]);
    const match = read.matches[i]!;
    expect(match.games).toHaveLength(replay.frames.filter((f) => f.event.type === "hand-started").length);
    const first = match.games[0]!;
    const resigns = first.actions.filter((a) => a.action === "resign");
    const hand1 = replay.frames.find((f) => f.event.type === "hand-ended")!.event;
    if (offer.accept) {
      expect(resigns).toHaveLength(1);
      expect(first.info["points-won"]).toBe(LEVELS[offer.level] * offer.cube);
      expect(hand1.type === "hand-ended" && hand1.value).toBe(LEVELS[offer.level] * offer.cube);
    } else {
      expect(resigns).toHaveLength(0);
    }
    expect(gnubgFinalScore(match)).toEqual(replay.frames.at(-1)!.score);
    // The text export keeps the offer and its answer.
    const text = toText(replay);
    expect(text).toMatch(new RegExp(`\\n(white|black) offers-resign ${offer.level} value ${LEVELS[offer.level] * offer.cube}\\n(white|black) ${offer.accept ? "accepts" : "rejects"}-resign ${offer.level}\\n`));
  });
});
