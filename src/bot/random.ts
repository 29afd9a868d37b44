/** The random bot: a uniformly random legal play. */
import type { Play } from "../engine";

/** A uniformly random index among `count` plays (count > 0). */
export function randomIndex(count: number, rng: () => number): number {
  if (count <= 0) throw new Error("randomPlay: no legal plays to choose from");
  return Math.min(count - 1, Math.floor(rng() * count));
}

export function randomPlay(plays: readonly Play[], rng: () => number): Play {
  return plays[randomIndex(plays.length, rng)]!;
}
