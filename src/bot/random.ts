/** The random bot: a uniformly random legal play. */
import type { Play } from "../engine";

export function randomPlay(plays: readonly Play[], rng: () => number): Play {
  const play = plays[Math.min(plays.length - 1, Math.floor(rng() * plays.length))];
  if (!play) throw new Error("randomPlay: no legal plays to choose from");
  return play;
}
