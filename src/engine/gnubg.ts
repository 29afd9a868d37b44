/**
 * GNU Backgammon's Position ID for short nardi (which is backgammon's movement): 10 bytes (the "key") in
 * 14 base64 characters. The starting position is `4HPwATDgc/ABMA`.
 *
 * The key is a bit string: for each of two players, for each of their own points 1..24 and then their bar,
 * as many 1s as they have checkers there, then a 0; padded with 0s to 80 bits; bit i is bit (i mod 8) of
 * byte i div 8. gnubg's manual says the player on roll comes first, but gnubg itself (PositionKey over
 * anBoard[0], anBoard[1], where anBoard[1] is the player on roll) writes the player NOT on roll first and the
 * player on roll second; we follow the program, so our IDs paste into gnubg with the right side on roll.
 *
 * The ID does not say which colour is on roll, so `fromGnubgId` takes it (`turn`, default White): the second
 * player of the key becomes `turn`, the first its opponent.
 */
import { fail } from "./errors";
import { emptyCheckers, isSide, opponent, validatePosition } from "./position";
import { BAR, CHECKERS_PER_SIDE, OFF } from "./types";
import type { Checkers, Position, Result, Side } from "./types";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const KEY_BYTES = 10;
const KEY_BITS = KEY_BYTES * 8;
const ID_LENGTH = 14;
/** gnubg's slots per player: own points 1..24 (slots 0..23), then the bar (slot 24). */
const SLOTS = 25;

/** The count in gnubg slot `slot` (0..24) of a side's checkers in our layout (1..24 points, 25 bar). */
function slotCount(checkers: Checkers, slot: number): number {
  return checkers[slot === SLOTS - 1 ? BAR : slot + 1] ?? 0;
}

export function toGnubgKey(position: Position): Uint8Array {
  const key = new Uint8Array(KEY_BYTES);
  let bit = 0;
  for (const side of [opponent(position.turn), position.turn]) {
    const checkers = position.board[side];
    for (let slot = 0; slot < SLOTS; slot++) {
      for (let n = slotCount(checkers, slot); n > 0; n--) {
        key[bit >> 3]! |= 1 << (bit & 7);
        bit++;
      }
      bit++; // the 0 that closes the slot
    }
  }
  return key;
}

/**
 * The gnubg Position ID of a short-nardi position, seen from the side on roll (`position.turn`).
 * Throws for long nardi: a gnubg ID of a long-nardi board would name a different (backgammon) position.
 */
export function toGnubgId(position: Position): string {
  if (position.variant !== "short") throw new RangeError("gnubg Position IDs describe short nardi (backgammon) only");
  const key = toGnubgKey(position);
  let id = "";
  // 80 bits as 14 six-bit digits, most significant bits of each byte first (standard base64, no padding).
  for (let digit = 0; digit < ID_LENGTH; digit++) {
    let value = 0;
    for (let b = 0; b < 6; b++) {
      const streamBit = digit * 6 + b;
      const byte = streamBit >> 3;
      const bitInByte = 7 - (streamBit & 7);
      const set = byte < KEY_BYTES && ((key[byte] ?? 0) >> bitInByte) & 1;
      value = (value << 1) | (set ? 1 : 0);
    }
    id += BASE64[value];
  }
  return id;
}

function bad(message: string): Result<never> {
  return fail("BAD_POSITION_STRING", message);
}

/** Parses a gnubg Position ID into a short-nardi position with `turn` on roll. */
export function fromGnubgId(id: string, turn: Side = "white"): Result<Position> {
  if (typeof id !== "string") return bad("a gnubg Position ID must be a string");
  const text = id.trim();
  if (text.length !== ID_LENGTH) return bad(`a gnubg Position ID has ${ID_LENGTH} characters, got ${text.length}`);
  if (!isSide(turn)) return bad(`unknown side on roll ${JSON.stringify(turn)}`);
  const key = new Uint8Array(KEY_BYTES);
  for (let digit = 0; digit < ID_LENGTH; digit++) {
    const value = BASE64.indexOf(text[digit] as string);
    if (value < 0) return bad(`"${text[digit]}" is not a base64 character`);
    for (let b = 0; b < 6; b++) {
      if (!((value >> (5 - b)) & 1)) continue;
      const streamBit = digit * 6 + b;
      // 14 digits carry 84 bits; the last 4 are padding and must be 0.
      if (streamBit >= KEY_BITS) return bad("the ID's padding bits are not zero");
      key[streamBit >> 3]! |= 1 << (7 - (streamBit & 7));
    }
  }
  const readBit = (bit: number): number => ((key[bit >> 3] ?? 0) >> (bit & 7)) & 1;
  const board = { white: emptyCheckers(), black: emptyCheckers() };
  let bit = 0;
  for (const side of [opponent(turn), turn]) {
    const checkers = board[side];
    let total = 0;
    for (let slot = 0; slot < SLOTS; slot++) {
      let count = 0;
      while (bit < KEY_BITS && readBit(bit) === 1) {
        count++;
        bit++;
      }
      if (bit >= KEY_BITS) return bad("the ID ends in the middle of a player's checkers");
      bit++; // the closing 0
      checkers[slot === SLOTS - 1 ? BAR : slot + 1] = count;
      total += count;
    }
    if (total > CHECKERS_PER_SIDE) return bad(`the ID gives ${side} ${total} checkers`);
    checkers[OFF] = CHECKERS_PER_SIDE - total;
  }
  for (; bit < KEY_BITS; bit++) if (readBit(bit)) return bad("the ID has checkers after both players' points");
  return validatePosition({ variant: "short", turn, board });
}
