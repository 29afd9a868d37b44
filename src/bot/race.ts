/**
 * The pure race strategy (a benchmark opponent): fewest own pips left, then most checkers borne off,
 * then the rearmost checkers brought forward (smallest sum of squared distances), ignoring the opponent.
 */
import type { Play, Position } from "../engine";

export function racePlay(position: Position, plays: readonly Play[]): Play {
  let best: Play | undefined;
  let bestKey: [number, number, number] = [Infinity, Infinity, Infinity];
  for (const play of plays) {
    const me = play.board[position.turn];
    let pips = 0;
    let squares = 0;
    for (let p = 1; p <= 25; p++) {
      const n = me[p] ?? 0;
      pips += p * n;
      squares += p * p * n;
    }
    const key: [number, number, number] = [pips, -(me[0] ?? 0), squares];
    if (key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
      best = play;
      bestKey = key;
    }
  }
  if (!best) throw new Error("racePlay: no legal plays to choose from");
  return best;
}
