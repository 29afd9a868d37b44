/**
 * The fair-dice derivation and verifier as pure functions (src/protocol/fair-dice*.ts): the worked example of
 * docs/fair-dice.md byte for byte, rejection sampling, and the verifier on a hand-made log.
 */
import { describe, expect, it } from "vitest";
import {
  diceCommitment,
  fairRoll,
  FACE_BYTE_LIMIT,
  findDiceLog,
  rollMessage,
  verifyDice,
  type RollInputs,
  type TableOrMatchEvent,
} from "../../src/protocol";

/** The worked example of docs/fair-dice.md. */
const SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const TABLE = "q3VYk2mTq0aXb7Lc";
const seeds = { white: "alice-7f3e", black: "bob-19c2" };
const inputs = (roll: number, entropy = ""): RollInputs => ({ tableId: TABLE, roll, clientSeeds: seeds, entropy });

describe("the derivation", () => {
  it("matches the worked example in docs/fair-dice.md", () => {
    expect(diceCommitment(SEED)).toBe("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
    expect(new TextDecoder().decode(rollMessage(inputs(1), 0))).toBe("nardi-fair-dice-v1\nq3VYk2mTq0aXb7Lc\n1\nalice-7f3e\nbob-19c2\n\n0");
    expect(fairRoll(SEED, inputs(1))).toEqual([6, 2]); // bytes 203, 145
    // Its first byte is 252: skipped, the faces come from 243 and 86.
    expect(fairRoll(SEED, inputs(2, "3f9a0c"))).toEqual([4, 3]);
  });

  it("changes with every input: roll number, either client seed, entropy, table, server seed", () => {
    const base = Array.from({ length: 40 }, (_, i) => fairRoll(SEED, inputs(i + 1)));
    const variants: Array<(i: number) => [number, number]> = [
      (i) => fairRoll(SEED, inputs(i + 2)),
      (i) => fairRoll(SEED, { ...inputs(i + 1), clientSeeds: { ...seeds, white: "alice-7f3f" } }),
      (i) => fairRoll(SEED, { ...inputs(i + 1), clientSeeds: { ...seeds, black: "bob-19c3" } }),
      (i) => fairRoll(SEED, inputs(i + 1, "x")),
      (i) => fairRoll(SEED, { ...inputs(i + 1), tableId: "q3VYk2mTq0aXb7Ld" }),
      (i) => fairRoll("ff" + SEED.slice(2), inputs(i + 1)),
    ];
    for (const variant of variants) expect(Array.from({ length: 40 }, (_, i) => variant(i))).not.toEqual(base);
  });

  it("maps bytes to faces without bias: 252 of 256 byte values are used, 42 per face", () => {
    const perFace = new Array(6).fill(0);
    for (let b = 0; b < FACE_BYTE_LIMIT; b++) perFace[b % 6]++;
    expect(perFace).toEqual([42, 42, 42, 42, 42, 42]);
    expect(FACE_BYTE_LIMIT % 6).toBe(0);
    expect(FACE_BYTE_LIMIT + 6).toBeGreaterThan(256);
  });
});

/** A tiny finished log of this table: two opening rolls (a tie first), a roll by hand with entropy, the end. */
function genuineLog(): TableOrMatchEvent[] {
  const [w1, b1] = fairRoll(SEED, inputs(1));
  const [w2, b2] = fairRoll(SEED, inputs(2, "3f9a0c"));
  const [d1, d2] = fairRoll(SEED, inputs(3, "abc"));
  return [
    { type: "table-created", ruleset: { preset: "backgammon", variant: "short", koks: true, cube: true, opening: "reroll", timeout: "lose-match" }, length: 1, reconnectSeconds: 60, spectators: true, diceCommitment: diceCommitment(SEED) },
    { type: "player-joined", seat: "white", name: "Alice", kind: "human", botLevel: null, clientSeed: seeds.white },
    { type: "player-joined", seat: "black", name: "Bob", kind: "human", botLevel: null, clientSeed: seeds.black },
    { type: "opening-roll", white: w1, black: b1, starter: null },
    { type: "opening-roll", white: w2, black: b2, starter: "white", entropy: "3f9a0c" },
    { type: "rolled", side: "white", dice: [d1, d2], entropy: "abc" },
    { type: "resigned", side: "black" },
    { type: "match-ended", winner: "white", reason: "resign", score: { white: 1, black: 0 }, serverSeed: SEED },
  ];
}

describe("the verifier", () => {
  it("verifies a genuine log, bare or as logged events inside a record", () => {
    expect(verifyDice(TABLE, genuineLog())).toEqual({ ok: true, rolls: 3, commitment: diceCommitment(SEED), serverSeed: SEED });
    const record = { tableId: TABLE, pool: "backgammon", events: genuineLog().map((event, i) => ({ seq: i + 1, at: 0, event })) };
    const found = findDiceLog(record);
    expect(found?.tableId).toBe(TABLE);
    expect(verifyDice(found!.tableId, found!.events)).toMatchObject({ ok: true, rolls: 3 });
    expect(findDiceLog({ export: { format: "json", match: { tableId: TABLE, log: genuineLog() } } })?.events).toHaveLength(8);
    expect(findDiceLog(genuineLog())).toBeNull();
    expect(findDiceLog(genuineLog(), TABLE)?.tableId).toBe(TABLE);
  });

  it("names the first roll that differs, and what was expected", () => {
    const log = genuineLog();
    const rolled = log[5] as Extract<TableOrMatchEvent, { type: "rolled" }>;
    const other = rolled.dice[0] === 6 ? 1 : 6;
    log[5] = { ...rolled, dice: [other, rolled.dice[1]] };
    expect(verifyDice(TABLE, log)).toEqual({ ok: false, failure: "ROLL_MISMATCH", roll: 3, seq: null, expected: rolled.dice, got: [other, rolled.dice[1]] });
  });

  it("fails a changed entropy or client seed at the first roll that used it, a changed server seed at the commitment", () => {
    const entropy = genuineLog();
    entropy[4] = { ...(entropy[4] as Extract<TableOrMatchEvent, { type: "opening-roll" }>), entropy: "3f9a0d" };
    expect(verifyDice(TABLE, entropy)).toMatchObject({ ok: false, failure: "ROLL_MISMATCH", roll: 2 });
    const seed = genuineLog();
    seed[2] = { ...(seed[2] as Extract<TableOrMatchEvent, { type: "player-joined" }>), clientSeed: "bob-19c3" };
    expect(verifyDice(TABLE, seed)).toMatchObject({ ok: false, failure: "ROLL_MISMATCH", roll: 1 });
    const server = genuineLog();
    server[7] = { ...(server[7] as Extract<TableOrMatchEvent, { type: "match-ended" }>), serverSeed: "ff" + SEED.slice(2) };
    expect(verifyDice(TABLE, server)).toMatchObject({ ok: false, failure: "SEED_MISMATCH" });
    expect(verifyDice("q3VYk2mTq0aXb7Ld", genuineLog())).toMatchObject({ ok: false, failure: "ROLL_MISMATCH", roll: 1 });
  });

  it("cannot verify a running match, a table from before fair dice, or something that is not a log", () => {
    expect(verifyDice(TABLE, genuineLog().slice(0, 6))).toMatchObject({ ok: false, failure: "NOT_REVEALED" });
    const old = genuineLog();
    const { diceCommitment: _, ...created } = old[0] as Extract<TableOrMatchEvent, { type: "table-created" }>;
    old[0] = created;
    expect(verifyDice(TABLE, old)).toMatchObject({ ok: false, failure: "NO_COMMITMENT" });
    expect(verifyDice(TABLE, [...genuineLog(), { type: "nonsense" }])).toMatchObject({ ok: false, failure: "BAD_EVENT", seq: 8 });
  });

  it("does not count the opening dice handed to the starter (play-opening-dice) as a roll of their own", () => {
    const log = genuineLog();
    const created = log[0] as Extract<TableOrMatchEvent, { type: "table-created" }>;
    log[0] = { ...created, ruleset: { ...created.ruleset, opening: "play-opening-dice" } };
    const opening = log[4] as Extract<TableOrMatchEvent, { type: "opening-roll" }>;
    const hi = Math.max(opening.white, opening.black);
    const lo = Math.min(opening.white, opening.black);
    log.splice(5, 0, { type: "rolled", side: "white", dice: [hi, lo] });
    expect(verifyDice(TABLE, log)).toMatchObject({ ok: true, rolls: 3 });
    // Under "reroll" a roll right after the opening roll is the starter's own (automatic) roll: it is drawn.
    log[0] = created;
    expect(verifyDice(TABLE, log)).toMatchObject({ ok: false, failure: "ROLL_MISMATCH", roll: 3 });
  });
});
