/** Seeded choices for tests and benchmarks (the engine's one seeded generator), so they replay exactly. */
export type Rng = () => number;

export { seededRandom as seededRng } from "../../src/engine";

/** One element of a non-empty array, chosen by `rng`. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[Math.floor(rng() * items.length)] as T;
}
