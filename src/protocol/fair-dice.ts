/**
 * Provably fair dice (docs/fair-dice.md): the one derivation the server rolls with and every verifier recomputes.
 * Synchronous and pure (HMAC-SHA256 from @noble/hashes), so it runs inside the match object's command path, in
 * Node and in the browser alike.
 *
 * Roll n of a table (n = 1, 2, … over the whole match: every `opening-roll` and `rolled` event is one roll) is
 * HMAC-SHA256 keyed by the 32-byte server seed over the UTF-8 lines
 *   nardi-fair-dice-v1 \n <table id> \n <n> \n <white client seed> \n <black client seed> \n <entropy> \n <block>
 * for block = 0, 1, …; the bytes of the blocks in order give the faces: a byte b < 252 is the face (b mod 6) + 1,
 * a byte from 252 up is skipped (rejection sampling: every face has exactly 42 of the 252 accepted bytes).
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import * as z from "zod";
import type { OpeningRule } from "../engine/types";
import type { TableOrMatchEvent } from "./events";

export const FAIR_DICE_SCHEME = "nardi-fair-dice-v1";

/** Bytes from this value up are skipped: 252 = 42 × 6 is the largest multiple of 6 that fits in a byte. */
export const FACE_BYTE_LIMIT = 252;

/** A client seed or a command's entropy: 1–64 characters of base64url (or hex), so it never holds a line break. */
export const EntropySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "1-64 characters of A-Z a-z 0-9 _ -")
  .meta({ id: "Entropy", description: "Randomness a player adds to the dice: 1-64 characters of A-Z a-z 0-9 _ - (docs/fair-dice.md)." });

/** The server's secret seed, 32 bytes as 64 lower-case hex digits; its SHA-256 (hex) is the commitment. */
export const ServerSeedSchema = z.string().regex(/^[0-9a-f]{64}$/, "64 lower-case hex digits");

/** Everything a roll is derived from besides the server seed. */
export interface RollInputs {
  tableId: string;
  /** 1 for the table's first roll, one more for every roll after it. */
  roll: number;
  /** The seats' client seeds ("" for a seat that gave none, and for a bot). */
  clientSeeds: { white: string; black: string };
  /** The entropy of the command this roll was made for ("" when none). */
  entropy: string;
}

/** The commitment published before any roll: SHA-256 of the seed's 32 bytes, as hex. */
export function diceCommitment(serverSeed: string): string {
  return bytesToHex(sha256(hexToBytes(serverSeed)));
}

/** The exact bytes block `block` of a roll is the HMAC of. */
export function rollMessage(inputs: RollInputs, block: number): Uint8Array {
  const { tableId, roll, clientSeeds, entropy } = inputs;
  return utf8ToBytes([FAIR_DICE_SCHEME, tableId, String(roll), clientSeeds.white, clientSeeds.black, entropy, String(block)].join("\n"));
}

/** The roll's two dice, in the order the events list them (an opening roll: white's die, then black's). */
export function fairRoll(serverSeed: string, inputs: RollInputs): [number, number] {
  const key = hexToBytes(serverSeed);
  const faces: number[] = [];
  for (let block = 0; faces.length < 2; block++) {
    for (const byte of hmac(sha256, key, rollMessage(inputs, block))) {
      if (byte < FACE_BYTE_LIMIT) faces.push((byte % 6) + 1);
      if (faces.length === 2) break;
    }
  }
  return [faces[0]!, faces[1]!];
}

/** 32 bytes from the platform's CSPRNG (workerd, Node and browsers all have `crypto.getRandomValues`), as hex. */
export function randomHex(bytes: number): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * The dice an event drew from the derivation (each such event is one roll), or null. An `opening-roll` draws
 * white's die and black's; a `rolled` draws two, except under the "play the opening dice" rule the one right
 * after an opening roll with a starter, which hands the opening dice (higher first) to the starter. (Under
 * "reroll" the starter's roll may follow at once too, as an automatic roll: that one is drawn.)
 */
export function drawnDice(event: TableOrMatchEvent, previous: TableOrMatchEvent | undefined, opening: OpeningRule): [number, number] | null {
  if (event.type === "opening-roll") return [event.white, event.black];
  if (event.type !== "rolled") return null;
  if (opening === "play-opening-dice" && previous?.type === "opening-roll" && previous.starter !== null) return null;
  return [event.dice[0], event.dice[1]];
}

/** The opening rule of the table whose log this is (from its `table-created` event; "reroll" without one). */
export function openingRuleOf(events: readonly TableOrMatchEvent[]): OpeningRule {
  const created = events.find((event) => event.type === "table-created");
  return created?.type === "table-created" ? created.ruleset.opening : "reroll";
}
