/**
 * Conformance vectors: every legal play of 900 positions (500 long incl. 100 near-block positions, 400
 * short) from an independent implementation of docs/rules.md; plays compared as sets of final boards.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { legalPlays } from "../../src/engine/legal";
import { boardKey } from "../../src/engine/position";
import type { Board, Side, Variant } from "../../src/engine/types";

interface Vector {
  name: string;
  variant: Variant;
  board: Board;
  turn: Side;
  dice: [number, number];
  firstTurn: boolean;
  expect: { count: number; plays: Array<{ board: Board; play: string }> };
}

function load(file: string): Vector[] {
  const path = fileURLToPath(new URL(`../fixtures/vectors/${file}`, import.meta.url));
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Vector);
}

for (const file of ["long.jsonl", "short.jsonl"]) {
  const vectors = load(file);
  describe(`conformance vectors ${file}`, () => {
    it("holds the expected number of positions", () => {
      expect(vectors.length).toBe(file === "long.jsonl" ? 500 : 400);
    });
    it.each(vectors.map((v) => [v.name, v] as const))("%s", (_name, v) => {
      const plays = legalPlays({ variant: v.variant, board: v.board, turn: v.turn }, v.dice, { firstTurn: v.firstTurn });
      const got = plays.map((p) => boardKey(p.board)).sort();
      const want = v.expect.plays.map((p) => boardKey(p.board)).sort();
      const missing = v.expect.plays.filter((p) => !got.includes(boardKey(p.board))).map((p) => p.play);
      const extra = plays.filter((p) => !want.includes(boardKey(p.board))).map((p) => p.notation);
      expect({ count: plays.length, missing, extra }).toEqual({ count: v.expect.count, missing: [], extra: [] });
      expect(got).toEqual(want);
    });
  });
}
