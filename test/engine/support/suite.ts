/**
 * A seeded suite of reachable positions: self-play from the opening through the middle game to the
 * bear-off, a random legal play each turn, a new hand when one ends. The same seed gives the same suite on
 * every run; `bench:engine` measures it and the engine tests check the compact plays on it.
 */
import { seededRandom } from "../../../src/engine/dice";
import { compactLegalPlays, boardAt } from "../../../src/engine/legal";
import { cloneBoard, initialPosition, isHandOver, opponent } from "../../../src/engine/position";
import type { Dice, PlayContext, Position, Side, Variant } from "../../../src/engine/types";

export interface Case {
  position: Position;
  dice: Dice;
  ctx: PlayContext;
}

export function selfPlaySuite(variant: Variant, size: number, seed: number): { suite: Case[]; hands: number } {
  const rand = seededRandom(seed);
  const die = (): number => 1 + Math.floor(rand() * 6);
  const suite: Case[] = [];
  let hands = 1;
  let position = initialPosition(variant, "white");
  let firstTurn: Record<Side, boolean> = { white: true, black: true };
  while (suite.length < size) {
    const dice: Dice = [die(), die()];
    const ctx = { firstTurn: firstTurn[position.turn] };
    suite.push({ position, dice, ctx });
    const plays = compactLegalPlays(position, dice, ctx);
    // A copy, so the suite keeps none of the engine's own allocations alive: V8 would then allocate what
    // the engine builds straight into the old generation (pretenuring) and the benchmark would measure
    // mostly garbage collection.
    const board = cloneBoard(plays.count === 0 ? position.board : boardAt(plays, Math.floor(rand() * plays.count)));
    firstTurn = { ...firstTurn, [position.turn]: false };
    position = { variant, board, turn: opponent(position.turn) };
    if (isHandOver(board)) {
      position = initialPosition(variant, rand() < 0.5 ? "white" : "black");
      firstTurn = { white: true, black: true };
      hands++;
    }
  }
  return { suite, hands };
}
