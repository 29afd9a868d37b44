/**
 * The server's dice: the only place real dice are rolled (docs/rules.md §2). A table's dice are provably fair
 * (`FairDice`, docs/fair-dice.md): derived from a committed server seed and the players' entropy. The CSPRNG dice
 * below serve tables stored before fair dice, and the bots' choices; values are mapped to faces by rejection
 * sampling, so every face has exactly the same chance (a plain `% 6` of a 32-bit value would favour 1–4 by a hair).
 */
import type { DiceSource } from "../engine";
import { drawnDice, fairRoll, randomHex, type TableOrMatchEvent } from "../protocol";
import type { Room, TableInfo } from "./room/table";

const TWO_POW_32 = 0x1_0000_0000;
/** The largest multiple of 6 not above 2^32: values from here up are redrawn. */
export const DIE_LIMIT = Math.floor(TWO_POW_32 / 6) * 6;

/** One 32-bit random value → a face 1..6, or null when the value falls in the biased tail and must be redrawn. */
export function dieFromUint32(value: number): number | null {
  if (!Number.isInteger(value) || value < 0 || value >= TWO_POW_32) throw new RangeError(`not a 32-bit value: ${value}`);
  return value < DIE_LIMIT ? (value % 6) + 1 : null;
}

/** Draws 32-bit values in batches (one system call per batch) from `fill`. */
function uint32Stream(fill: (buffer: Uint32Array) => void, batch = 32): () => number {
  const buffer = new Uint32Array(batch);
  let next = batch;
  return () => {
    if (next >= batch) {
      fill(buffer);
      next = 0;
    }
    return buffer[next++] as number;
  };
}

/** A fair die from any source of 32-bit values (tests pass a scripted one to check the mapping). */
export function diceFrom(nextUint32: () => number): DiceSource {
  return {
    die() {
      for (;;) {
        const face = dieFromUint32(nextUint32());
        if (face !== null) return face;
      }
    },
  };
}

/** The production dice source. */
export function cryptoDice(): DiceSource {
  return diceFrom(uint32Stream((buffer) => crypto.getRandomValues(buffer)));
}

/** A uniform float in [0, 1) from the CSPRNG (53 bits), for the bots' choices. */
export function cryptoRandom(): () => number {
  const next = uint32Stream((buffer) => crypto.getRandomValues(buffer));
  // 27 + 26 bits, the way Math.random-quality doubles are usually built: every value k / 2^53 equally likely.
  return () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
}

/** A table's fair-dice inputs as the room stores them. */
export type FairDiceState = NonNullable<TableInfo["fairDice"]>;

/** The secret seed made at table creation (its SHA-256 goes into `table-created`), and the creator's client seed. */
export function newFairDice(creatorSeed: string | undefined): FairDiceState {
  return { serverSeed: randomHex(32), clientSeeds: { white: creatorSeed ?? "", black: "" }, rolls: 0 };
}

/**
 * The match object's dice: roll n of the table comes from `fairRoll` with the stored inputs and the entropy of the
 * command being handled. What it has drawn since the last commit is counted here; `sealRolls` stores the count
 * with the change, and `reset` starts again from the stored count. A table without fair-dice inputs (stored
 * before fair dice) rolls with the CSPRNG.
 */
export class FairDice implements DiceSource {
  #table: { tableId: string; fair: FairDiceState | undefined } | null = null;
  #drawn = 0;
  #pending: number | null = null;
  readonly #fallback = cryptoDice();

  constructor(
    private readonly stored: () => { tableId: string; fair: FairDiceState | undefined } | null,
    private readonly entropy: () => string,
  ) {}

  /** The table's roll count after what was drawn since the last reset (null: nothing drawn, or no fair-dice inputs). */
  get rolls(): number | null {
    const fair = this.#table?.fair;
    return fair && this.#drawn > 0 ? fair.rolls + this.#drawn : null;
  }

  /** Starts from the stored count again, or from `table` (a table whose inputs are not stored yet: create, join). */
  reset(table?: { id: string; fairDice?: FairDiceState | undefined }): void {
    this.#table = table ? { tableId: table.id, fair: table.fairDice } : null;
    this.#drawn = 0;
    this.#pending = null;
  }

  die(): number {
    if (this.#pending !== null) {
      const face = this.#pending;
      this.#pending = null;
      return face;
    }
    this.#table ??= this.stored();
    const fair = this.#table?.fair;
    if (!this.#table || !fair) return this.#fallback.die();
    this.#drawn++;
    const [first, second] = fairRoll(fair.serverSeed, {
      tableId: this.#table.tableId,
      roll: fair.rolls + this.#drawn,
      clientSeeds: fair.clientSeeds,
      entropy: this.entropy(),
    });
    this.#pending = second;
    return first;
  }
}

/**
 * A change as it is stored: each roll it drew is numbered into the room's count and carries the entropy it was
 * drawn with, and the match's final event reveals the server seed. Under `play-opening-dice` the `rolled` event
 * that hands the opening dice to the starter draws nothing (it is not counted) but carries the entropy of the
 * opening roll it repeats, like every roll the server makes (docs/fair-dice.md).
 */
export function sealRolls<C extends { room: Room; events: TableOrMatchEvent[] }>(change: C, entropy: string): C {
  const fair = change.room.info.fairDice;
  if (!fair) return change;
  let rolls = fair.rolls;
  let previous: TableOrMatchEvent | undefined;
  const events = change.events.map((event): TableOrMatchEvent => {
    const drawn = drawnDice(event, previous, change.room.info.ruleset.opening);
    const openingDice = !drawn && event.type === "rolled" && previous?.type === "opening-roll";
    previous = event;
    if (drawn) rolls++;
    if ((drawn || openingDice) && entropy !== "" && (event.type === "rolled" || event.type === "opening-roll")) return { ...event, entropy };
    if (event.type === "match-ended") return { ...event, serverSeed: fair.serverSeed };
    return event;
  });
  if (rolls === fair.rolls && events.every((event, i) => event === change.events[i])) return change;
  return { ...change, events, room: { ...change.room, info: { ...change.room.info, fairDice: { ...fair, rolls } } } };
}
