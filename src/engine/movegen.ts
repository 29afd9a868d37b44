/**
 * The legal-play generator's inner loop (gnubg style): one flat board for the mover and the opponent in
 * their own numberings, steps applied and undone in place during a depth-first search over the dice,
 * final positions deduplicated by an additive hash (verified by the steps' net effect), and the maximum and
 * larger-die rules decided by one score per finished sequence: dice used first, then the die of a lone step.
 *
 * Two shortcuts keep the search small, and a test checks they never change the answer: a double's
 * steps go from high points to low (gnubg's order), and a non-double's second dice order searches only
 * what the first order cannot have found. The last die's steps, the most numerous, are never applied:
 * each one's leaf is recorded from the hash it would give (`lastStep`).
 *
 * State lives in module-level typed arrays: the engine is single-threaded and the search never re-enters.
 * It is one module on purpose: the inner loop must not cross module boundaries, which some loaders
 * compile to getter calls. `legal.ts` and `play.ts` are the public faces (`compactLegalPlays`,
 * `legalPlays`, `applyPlay`).
 */
import { seededRandom } from "./dice";
import type { CompactPlays, Dice, PlayContext, Position } from "./types";
import { VARIANTS } from "./variants";

// Local copies of the slot numbers: module imports can compile to getters, too slow for the inner loop.
const OFF = 0;
const BAR = 25;
const HEAD = 24;

/** Why a single step is not allowed (0 = allowed). Mapped to RuleErrorCodes by `play.ts`. */
export const STEP_OK = 0;
export const STEP_NO_CHECKER = 1;
export const STEP_ENTER_FIRST = 2;
export const STEP_BLOCKED = 3;
export const STEP_HEAD = 4;
export const STEP_SIX_BLOCK = 5;
export const STEP_CANNOT_BEAR_OFF = 6;
export const STEP_HIGHER_CHECKER = 7;

// --- the board being searched -------------------------------------------------------------------
/** The mover's checkers, own numbering (0 = off, 1..24, 25 = bar). */
const own = new Int8Array(28);
/** The opponent's checkers, the opponent's own numbering. */
const opp = new Int8Array(28);
/** Bit p set while the mover has a checker on slot p (1..25): the search visits only occupied points. */
let occupied = 0;
/**
 * Bit t set when the mover may land on own point t. Fixed for the whole turn: long nardi's opponent does
 * not move, and in short nardi a hit only ever empties a point that was already open.
 */
let open = 0;

let facing: Int8Array = VARIANTS.long.facing;
let closedAt = 1;
let hits = false;
let headRule = false;
let sixBlock = false;
/** Checkers allowed off the head this turn, and how many have left so far. */
let headLimit = 1;
let headLeft = 0;
/** The mover's checkers outside home (points 7..24 and the bar): bearing off needs 0. */
let outside = 0;
/**
 * Six-block: the opponent's lowest occupied own point (0 once the opponent has borne off). A block whose
 * lowest point (opponent numbering) is above it has an opponent checker ahead and is allowed.
 */
let oppLowest = 0;
/**
 * Additive hash of the changes made to the loaded board (0 at load): every position compared in one
 * search grows from the same start, so the start itself need not be hashed.
 */
let hash = 0;
/**
 * The hash is kept to 30 bits (arithmetic modulo 2^30): a module-level variable holding a full 32-bit
 * integer is boxed as a heap number on every store, which the step/undo loop would pay millions of times.
 */
const HASH_MASK = 0x3fffffff;
/** Short nardi: bit q set for each opponent blot (opponent's own point q) hit so far this turn. */
let hitMask = 0;

// Random 28-bit weights per slot from a fixed seed, so hashes are the same on every run (the project's
// one seeded generator). 28 bits keep `hash ± weight` inside 32-bit integers, where the optimiser keeps
// the arithmetic; full 32-bit weights overflowed into floating point.
const W_ME = new Int32Array(26);
const W_OPP = new Int32Array(26);
{
  const next = seededRandom(0x9e3779b9);
  for (let i = 0; i < 26; i++) W_ME[i] = next() * 0x1000_0000;
  for (let i = 0; i < 26; i++) W_OPP[i] = next() * 0x1000_0000;
}

// --- the undo stack of applied steps --------------------------------------------------------------
const MAX_STEPS = 4;
const undoFrom = new Int8Array(MAX_STEPS);
const undoTo = new Int8Array(MAX_STEPS);
const undoHit = new Int8Array(MAX_STEPS);
const undoDie = new Int8Array(MAX_STEPS);
/** Steps applied so far: the search's depth. */
let ply = 0;

// What `play.ts` reads while it walks a player's steps with `step` and `undo`: the same arrays under
// separate bindings, because an exported module variable is reached through one more indirection on
// every use, which the search must not pay when the engine runs unbundled (tsx, vitest).
/** The mover's checkers as the walk leaves them (read only). */
export const me: Readonly<Int8Array> = own;
/** The walk's steps so far (from, to, hit 1/0, die), `depth` of them. */
export const stackFrom: Readonly<Int8Array> = undoFrom;
export const stackTo: Readonly<Int8Array> = undoTo;
export const stackHit: Readonly<Int8Array> = undoHit;
export const stackDie: Readonly<Int8Array> = undoDie;
/** `ply`, kept up to date by `load`, `step` and `undo` only (the search itself does not touch it). */
export let depth = 0;

// The registry, held locally: an imported binding can compile to a getter call on every use.
const RULES = VARIANTS;

/** Loads a position (mover = `position.turn`) and the turn's head allowance. */
export function load(position: Position, dice: Dice, ctx: PlayContext): void {
  const rules = RULES[position.variant];
  const fac = rules.facing;
  const closeAt = rules.closedAt;
  facing = fac;
  closedAt = closeAt;
  hits = rules.hits;
  headRule = rules.headRule;
  sixBlock = rules.sixBlock;
  const board = position.board;
  const white = position.turn === "white";
  const mine = white ? board.white : board.black;
  const theirs = white ? board.black : board.white;
  hash = 0;
  hitMask = 0;
  // One pass: the mover's occupied points and checkers outside home, the points the opponent closes,
  // and the opponent's lowest point (for the six-block rule). Locals, not the module's variables, so the
  // loop stays in registers.
  let out = 0;
  let occ = 0;
  let closed = 0;
  let lowest = 25;
  own[OFF] = mine[OFF]!;
  opp[OFF] = theirs[OFF]!;
  for (let i = 1; i < 25; i++) {
    const m = mine[i]!;
    const o = theirs[i]!;
    own[i] = m;
    opp[i] = o;
    if (m > 0) {
      occ |= 1 << i;
      if (i > 6) out += m;
    }
    // (`o` is on the opponent's own point i, a different point from the mover's i.)
    if (o > 0) {
      if (o >= closeAt) closed |= 1 << fac[i]!;
      if (i < lowest) lowest = i;
    }
  }
  const onBar = mine[BAR]!;
  own[BAR] = onBar;
  opp[BAR] = theirs[BAR]!;
  if (onBar > 0) {
    occ |= 1 << BAR;
    out += onBar;
  }
  outside = out;
  occupied = occ;
  open = 0x1fffffe & ~closed;
  oppLowest = theirs[OFF]! > 0 ? 0 : lowest;
  const d1 = dice[0];
  headLimit = ctx.firstTurn && d1 === dice[1] && rules.headExceptionDoubles.includes(d1) ? 2 : 1;
  headLeft = 0;
  ply = 0;
  depth = 0;
}

/** Would a checker newly landed on own point t complete a block of six with no opponent checker ahead? */
function forbiddenBlock(t: number): boolean {
  // Walk the run of the mover's points around t, counted along the opponent's path (no wrap 1 → 24).
  const q = facing[t]!;
  let lo = q;
  while (lo > 1 && own[facing[lo - 1]!]! > 0) lo--;
  let hi = q;
  while (hi < 24 && own[facing[hi + 1]!]! > 0) hi++;
  return hi - lo + 1 >= 6 && lo <= oppLowest;
}

/**
 * Moves one checker from own point p by die d, pushing it on the undo stack. Returns STEP_OK, or why not
 * (leaving the board unchanged).
 */
export function step(p: number, d: number): number {
  if (own[p] === 0) return STEP_NO_CHECKER;
  if (p !== BAR && own[BAR]! > 0) return STEP_ENTER_FIRST;
  const t = p - d;
  if (t <= 0) {
    if (outside > 0) return STEP_CANNOT_BEAR_OFF;
    // Overshooting is allowed only from the highest occupied point (docs/rules.md §3.6).
    if (t < 0 && (occupied & (0x7e & ~((2 << p) - 1))) !== 0) return STEP_HIGHER_CHECKER;
    if (--own[p]! === 0) occupied ^= 1 << p;
    own[OFF]!++;
    hash = (hash + W_ME[OFF]! - W_ME[p]!) & HASH_MASK;
    push(p, OFF, 0, d);
    return STEP_OK;
  }
  const q = facing[t]!;
  const there = opp[q]!;
  if (there >= closedAt) return STEP_BLOCKED;
  const fromHead = headRule && p === HEAD;
  if (fromHead && headLeft >= headLimit) return STEP_HEAD;
  if (--own[p]! === 0) occupied ^= 1 << p;
  if (own[t]!++ === 0) {
    occupied |= 1 << t;
    if (sixBlock && forbiddenBlock(t)) {
      own[t] = 0;
      occupied ^= 1 << t;
      if (own[p]!++ === 0) occupied |= 1 << p;
      return STEP_SIX_BLOCK;
    }
  }
  hash = (hash + W_ME[t]! - W_ME[p]!) & HASH_MASK;
  if (p > 6 && t <= 6) outside--;
  if (fromHead) headLeft++;
  let hit = 0;
  if (hits && there === 1) {
    opp[q] = 0;
    opp[BAR]!++;
    hash = (hash + W_OPP[BAR]! - W_OPP[q]!) & HASH_MASK;
    hitMask |= 1 << q;
    hit = 1;
  }
  push(p, t, hit, d);
  return STEP_OK;
}

function push(p: number, t: number, hit: number, d: number): void {
  record(p | (t << 5) | (hit << 10));
  undoFrom[ply] = p;
  undoTo[ply] = t;
  undoHit[ply] = hit;
  undoDie[ply] = d;
  depth = ++ply;
}

/**
 * The steps so far, one packed step per ply (from | to << 5 | hit << 10), as the leaves store them. A
 * step overwrites only its own ply, so the entries stay right for every shallower ply and a leaf
 * reads only up to its own; undoing needs nothing.
 */
const path = new Uint16Array(MAX_STEPS);

function record(packed: number): void {
  path[ply] = packed;
}

/** Takes back the last step. */
export function undo(): void {
  depth = --ply;
  const p = undoFrom[ply]!;
  const t = undoTo[ply]!;
  if (--own[t]! === 0 && t !== OFF) occupied ^= 1 << t;
  if (own[p]!++ === 0) occupied |= 1 << p;
  hash = (hash - W_ME[t]! + W_ME[p]!) & HASH_MASK;
  if (p > 6 && t <= 6) outside++;
  if (headRule && p === HEAD) headLeft--;
  if (undoHit[ply]) {
    const q = facing[t]!;
    opp[q] = 1;
    opp[BAR]!--;
    hash = (hash - W_OPP[BAR]! + W_OPP[q]!) & HASH_MASK;
    hitMask ^= 1 << q;
  }
}

// --- the search and its finished sequences ("leaves") -----------------------------------------------
const dice = new Int8Array(MAX_STEPS);
let nDice = 0;
/** Restrict each step of a double to a point no higher than the previous step's (gnubg's ordering). */
let ordered = false;
let sawSixBlock = false;
/**
 * Second order of a non-double (smaller die first): search only what the first order cannot have found.
 * See `generate`.
 */
let secondOrderOnly = false;
/** Off only in tests: search every order of every roll, to check that the shortcuts change nothing. */
let shortcuts = true;

export function useShortcuts(on: boolean): void {
  shortcuts = on;
}

/** Distinct final positions found so far, in discovery order. */
let leafCount = 0;
let leafCap = 0;
// Per leaf: the opponent blots hit on the way (which fixes the opponent's final checkers) and its steps,
// packed one to an entry (see `path`). Every kept leaf has the best score, so the same number of steps:
// leaf i's steps are entries i·n … i·n + n − 1 of `leafSteps` (n = `maxSteps()`), which is the compact
// form handed out as it is. The steps fix the mover's final checkers, so no board is stored: nearly
// every leaf is a new play, and copying a board per leaf cost more than checking the rare hash matches
// by their steps.
let leafHits = new Int32Array(0);
let leafSteps = new Uint16Array(0);
let leafHash = new Int32Array(0);
/**
 * The best score so far: dice used, shifted left by `SCORE_SHIFT`, plus the die of a one-step play (the
 * larger-die rule; longer plays of one roll all use the same dice, so nothing else needs comparing).
 */
let bestScore = -1;
const SCORE_SHIFT = 3;

// Open-addressed table: leaf hash → leaf index + 1, valid when its stamp is the current generation.
let tableMask = 0;
let tableIdx = new Int32Array(0);
let tableStamp = new Int32Array(0);
let generation = 0;

function grow(cap: number): void {
  const hitsSeen = new Int32Array(cap);
  hitsSeen.set(leafHits);
  leafHits = hitsSeen;
  const steps = new Uint16Array(cap * MAX_STEPS);
  steps.set(leafSteps);
  leafSteps = steps;
  const hs = new Int32Array(cap);
  hs.set(leafHash);
  leafHash = hs;
  leafCap = cap;
  // Keep the table at most a quarter full; rebuild it from the stored leaves.
  const size = cap * 4;
  tableMask = size - 1;
  tableIdx = new Int32Array(size);
  tableStamp = new Int32Array(size);
  generation++;
  for (let i = 0; i < leafCount; i++) {
    let slot = leafHash[i]! & tableMask;
    while (tableStamp[slot] === generation) slot = (slot + 1) & tableMask;
    tableStamp[slot] = generation;
    tableIdx[slot] = i + 1;
  }
}
grow(1024);

/** Net checkers moved per slot while comparing two step lists; all zero between comparisons. */
const delta = new Int8Array(26);

/**
 * Does leaf i end in the current position? Both grew from the loaded position, so they are the same
 * exactly when they hit the same blots and their steps move the same checkers on balance.
 */
function sameBoard(i: number, hits: number, n: number): boolean {
  if (leafHits[i] !== hits) return false;
  const kept = bestScore >> SCORE_SHIFT;
  for (let k = i * kept, end = k + kept; k < end; k++) {
    const s = leafSteps[k]!;
    delta[s & 31]!--;
    delta[(s >> 5) & 31]!++;
  }
  for (let k = 0; k < n; k++) {
    const s = path[k]!;
    delta[s & 31]!++;
    delta[(s >> 5) & 31]!--;
  }
  let same = true;
  for (let p = 0; p < 26; p++) {
    if (delta[p] !== 0) {
      same = false;
      delta[p] = 0;
    }
  }
  return same;
}

function leaf(): void {
  leafAt(hash, hitMask, ply);
}

/**
 * A finished sequence of n steps (`path[0..n)`) ending in the position with hash h and blots hit hm. The
 * search's last step calls this directly with what that step would make, without applying it.
 */
function leafAt(h: number, hm: number, n: number): void {
  // Most dice first; then the larger die (only a lone step of a non-double can differ in pips). A lone
  // step used the first die of the order being searched.
  const score = (n << SCORE_SHIFT) + (n === 1 ? dice[0]! : 0);
  if (score < bestScore) return;
  if (score > bestScore) {
    bestScore = score;
    leafCount = 0;
    generation++;
  }
  let slot = h & tableMask;
  while (tableStamp[slot] === generation) {
    const i = tableIdx[slot]! - 1;
    if (leafHash[i] === h && sameBoard(i, hm, n)) return;
    slot = (slot + 1) & tableMask;
  }
  if (leafCount === leafCap) {
    grow(leafCap * 2);
    leafAt(h, hm, n);
    return;
  }
  const i = leafCount++;
  tableStamp[slot] = generation;
  tableIdx[slot] = i + 1;
  leafHash[i] = h;
  leafHits[i] = hm;
  const base = i * n;
  for (let k = 0; k < n; k++) leafSteps[base + k] = path[k]!;
}

function search(maxFrom: number): void {
  if (ply === nDice) {
    leaf();
    return;
  }
  const d = dice[ply]!;
  let moved = false;
  // A checker on the bar must enter first; otherwise try every occupied point, highest first, skipping
  // those whose landing point is closed (and the bear-off range while checkers are still outside).
  const reach = (open << d) | (outside === 0 ? (2 << d) - 2 : 0);
  let points = (own[BAR]! > 0 ? 1 << BAR : occupied & ((2 << maxFrom) - 1)) & reach;
  if (secondOrderOnly && ply === 1) {
    // After the smaller die, the larger die moving another checker inside the board repeats a play the
    // first order found; only the same checker going on (from a point it holds alone) or a bear-off
    // can be new. Nothing left means a one-die leaf, which scores below the two-dice plays found.
    const t1 = undoTo[0]!;
    points &= (2 << d) - 2 | (t1 !== OFF && own[t1] === 1 ? 1 << t1 : 0);
    if (points === 0) return;
  }
  if (ply === nDice - 1) {
    lastStep(points, d);
    return;
  }
  while (points !== 0) {
    const p = 31 - Math.clz32(points);
    points ^= 1 << p;
    const r = step(p, d);
    if (r === STEP_OK) {
      moved = true;
      search(ordered ? p : BAR);
      undo();
    } else if (r === STEP_SIX_BLOCK) sawSixBlock = true;
  }
  if (!moved) leaf();
}

/**
 * Short nardi's search: the same walk as `search`, with the short-nardi step inlined by hand. It is a
 * separate function so that long nardi's head and six-block branches neither cost short nardi a test
 * per step nor spoil the optimiser's picture of it when a process generates plays for both variants.
 * The candidate mask already excludes empty points, closed points and (while a checker waits on the bar)
 * every other point, so only bearing off needs checking here. It records its steps only in the path
 * words (`record`), not on the undo stack, which is for `step`'s callers.
 */
function searchShort(maxFrom: number): void {
  if (ply === nDice) {
    leaf();
    return;
  }
  const d = dice[ply]!;
  let moved = false;
  const reach = (open << d) | (outside === 0 ? (2 << d) - 2 : 0);
  let points = (own[BAR]! > 0 ? 1 << BAR : occupied & ((2 << maxFrom) - 1)) & reach;
  if (secondOrderOnly && ply === 1) {
    const t1 = (path[0]! >> 5) & 31;
    points &= (2 << d) - 2 | (t1 !== OFF && own[t1] === 1 ? 1 << t1 : 0);
    if (points === 0) return;
  }
  if (ply === nDice - 1) {
    lastStep(points, d);
    return;
  }
  while (points !== 0) {
    const p = 31 - Math.clz32(points);
    points ^= 1 << p;
    const t = p - d;
    const bit = 1 << p;
    if (t <= 0) {
      // Overshooting is allowed only from the highest occupied point (docs/rules.md §3.6).
      if (t < 0 && (occupied & 0x7e & ~((bit << 1) - 1)) !== 0) continue;
      if (--own[p]! === 0) occupied ^= bit;
      own[OFF]!++;
      hash = (hash + W_ME[OFF]! - W_ME[p]!) & HASH_MASK;
      record(p);
      ply++;
      moved = true;
      if (ply === nDice) leaf();
      else searchShort(ordered ? p : BAR);
      ply--;
      own[OFF]!--;
      if (own[p]!++ === 0) occupied |= bit;
      hash = (hash - W_ME[OFF]! + W_ME[p]!) & HASH_MASK;
      continue;
    }
    if (--own[p]! === 0) occupied ^= bit;
    if (own[t]!++ === 0) occupied |= 1 << t;
    let h = (hash + W_ME[t]! - W_ME[p]!) & HASH_MASK;
    const crossed = p > 6 && t <= 6;
    if (crossed) outside--;
    const q = 25 - t;
    const hit = opp[q] === 1;
    if (hit) {
      opp[q] = 0;
      opp[BAR]!++;
      h = (h + W_OPP[BAR]! - W_OPP[q]!) & HASH_MASK;
      hitMask |= 1 << q;
    }
    const before = hash;
    hash = h;
    record(p | (t << 5) | (hit ? 0x400 : 0));
    ply++;
    moved = true;
    if (ply === nDice) leaf();
    else searchShort(ordered ? p : BAR);
    ply--;
    hash = before;
    if (--own[t]! === 0) occupied ^= 1 << t;
    if (own[p]!++ === 0) occupied |= bit;
    if (crossed) outside++;
    if (hit) {
      opp[q] = 1;
      opp[BAR]!--;
      hitMask ^= 1 << q;
    }
  }
  if (!moved) leaf();
}

/**
 * The last die, in both searches: every allowed step ends a sequence, so instead of applying the step,
 * recording the leaf and undoing it, work out the hash and hits the step would give and record the leaf
 * from those; nothing moves. The checks are those the candidate mask has not already made: the highest
 * checker for an overshoot; in long nardi the head rule and the six-block rule (a new point is made for
 * a moment only to look for a block).
 */
function lastStep(points: number, d: number): void {
  const n = ply + 1;
  let moved = false;
  while (points !== 0) {
    const p = 31 - Math.clz32(points);
    points ^= 1 << p;
    const t = p - d;
    if (t <= 0) {
      // Overshooting is allowed only from the highest occupied point (docs/rules.md §3.6).
      if (t < 0 && (occupied & 0x7e & ~((2 << p) - 1)) !== 0) continue;
      path[ply] = p;
      moved = true;
      leafAt((hash + W_ME[OFF]! - W_ME[p]!) & HASH_MASK, hitMask, n);
      continue;
    }
    const h = (hash + W_ME[t]! - W_ME[p]!) & HASH_MASK;
    if (hits) {
      // Short nardi: a lone opponent checker on the landing point is hit.
      const q = 25 - t;
      moved = true;
      if (opp[q] === 1) {
        path[ply] = p | (t << 5) | 0x400;
        leafAt((h + W_OPP[BAR]! - W_OPP[q]!) & HASH_MASK, hitMask | (1 << q), n);
      } else {
        path[ply] = p | (t << 5);
        leafAt(h, hitMask, n);
      }
      continue;
    }
    if (headRule && p === HEAD && headLeft >= headLimit) continue;
    if (sixBlock && own[t] === 0) {
      own[p]!--;
      own[t] = 1;
      const blocked = forbiddenBlock(t);
      own[p]!++;
      own[t] = 0;
      if (blocked) {
        sawSixBlock = true;
        continue;
      }
    }
    path[ply] = p | (t << 5);
    moved = true;
    leafAt(h, hitMask, n);
  }
  if (!moved) leaf();
}

/** The variant's search from the top of the turn. */
function searchTurn(): void {
  if (hits) searchShort(BAR);
  else search(BAR);
}

/**
 * Generates every distinct legal final position of the loaded position (call `load` first). Results are
 * read with `maxSteps`, `maxPips` and `findLeaf` (and copied out by `compactPlaysOf`).
 */
export function generate(d1: number, d2: number): void {
  leafCount = 0;
  bestScore = -1;
  generation++;
  sawSixBlock = false;
  if (d1 === d2) {
    nDice = 4;
    dice.fill(d1);
    ordered = shortcuts;
    searchTurn();
    // Reordering a double's steps high-to-low is always possible except where an intermediate six-block
    // forbids it; when the block rule refused any step, search every order.
    if (sawSixBlock) {
      ordered = false;
      leafCount = 0;
      bestScore = -1;
      generation++;
      searchTurn();
    }
  } else {
    // Larger die first whatever order the dice came in, so [5, 6] and [6, 5] list the same plays.
    const hi = d1 > d2 ? d1 : d2;
    const lo = d1 > d2 ? d2 : d1;
    nDice = 2;
    ordered = false;
    dice[0] = hi;
    dice[1] = lo;
    searchTurn();
    // Every play of the smaller die first, then the larger by another checker inside the board, is also
    // a play in the first order (the first order's steps are legal in either order when no checker
    // waits on the bar and no step met the six-block rule), so the second order skips those, once the
    // first has found two-dice plays.
    secondOrderOnly = shortcuts && maxSteps() === 2 && !sawSixBlock && own[BAR] === 0;
    dice[0] = lo;
    dice[1] = hi;
    searchTurn();
    secondOrderOnly = false;
  }
}

/** Dice used by each legal play: the maximum rule's target (0 = burned). */
export function maxSteps(): number {
  return bestScore < 0 ? 0 : bestScore >> SCORE_SHIFT;
}

/** When one die can be played (`maxSteps()` 1): the die each legal play uses (the larger die rule). */
export function maxPips(): number {
  return bestScore < 0 ? 0 : bestScore & ((1 << SCORE_SHIFT) - 1);
}

/** Index of the leaf whose final board equals the current board, or -1. */
export function findLeaf(): number {
  let slot = hash & tableMask;
  while (tableStamp[slot] === generation) {
    const i = tableIdx[slot]! - 1;
    if (leafHash[i] === hash && sameBoard(i, hitMask, ply)) return i;
    slot = (slot + 1) & tableMask;
  }
  return -1;
}

/**
 * The legal plays of `position` in compact form, in one call (load, generate, copy the leaves' steps
 * out): `legal.ts` reaches this module through an import, which some loaders compile to a getter per
 * use, so the public function makes one call, not four.
 */
export function compactPlaysOf(position: Position, dice: Dice, ctx: PlayContext): CompactPlays {
  load(position, dice, ctx);
  generate(dice[0], dice[1]);
  const n = maxSteps();
  const count = n === 0 ? 0 : leafCount;
  // A plain array of small integers: allocated and collected far more cheaply than a typed array (whose
  // buffer lives outside the heap once it passes 64 bytes), and it serialises as JSON unchanged.
  const length = count * n;
  const steps = new Array<number>(length);
  for (let k = 0; k < length; k++) steps[k] = leafSteps[k]!;
  return { position, count, stepsPerPlay: n, steps };
}
