/**
 * The wire's text form of packed steps (`nardi.v2`'s `Plays.steps`): each step, the engine's packed integer
 * `from | to << 5 | hit << 10` (below 2048), as two base64url characters, most significant first. Text, not a JSON
 * array of numbers, because it is half the size: the richest double's 3,612 steps fit a phone-sized frame.
 */

/** The 64 characters a packed step is written with (base64url's alphabet, in its order). */
export const STEP_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const INDEX = new Map([...STEP_ALPHABET].map((c, i) => [c, i]));

/** Packed steps as text: two characters per step. */
export function encodeSteps(steps: readonly number[]): string {
  let text = "";
  for (const step of steps) text += STEP_ALPHABET[step >> 6]! + STEP_ALPHABET[step & 63]!;
  return text;
}

/** A step the engine can hand out: from 1..25 (25 = bar), to 0..24 (0 = off), hit 0/1 and nothing else set. */
function isPackedStep(step: number): boolean {
  const from = step & 31;
  const to = (step >> 5) & 31;
  return step < 2048 && from >= 1 && from <= 25 && to <= 24;
}

/** The packed steps of text written by `encodeSteps`; null when it is not whole, valid steps. */
export function decodeSteps(text: string): number[] | null {
  if (text.length % 2 !== 0) return null;
  const steps = new Array<number>(text.length / 2);
  for (let i = 0; i < steps.length; i++) {
    const hi = INDEX.get(text[2 * i]!);
    const lo = INDEX.get(text[2 * i + 1]!);
    if (hi === undefined || lo === undefined) return null;
    const step = hi * 64 + lo;
    if (!isPackedStep(step)) return null;
    steps[i] = step;
  }
  return steps;
}
