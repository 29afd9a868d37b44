/**
 * One pairing wave, as a pure function of the waiting seekers and the time: close ratings first, the acceptable
 * gap widening with waiting time, never a player with themselves nor two players where one blocked the other, and
 * not the same two players twice in a row while anyone else waits.
 */
import { SEEK_LIMITS } from "../../protocol";

export interface Candidate {
  playerId: string;
  rating: number;
  /** When the seek began (ms). */
  since: number;
  /** Who this player met in their last pairing in this pool, if anyone. */
  lastOpponent: string | null;
  /** Players never to pair this one with (a block either way); absent: nobody. */
  avoid?: readonly string[];
}

/** Each seeker is compared with this many neighbours in rating order: the closest ones are all a wave can use. */
const NEIGHBOURS = 8;

/** The rating difference a seeker who has waited `waitedMs` accepts. */
export function acceptableGap(waitedMs: number): number {
  if (waitedMs >= SEEK_LIMITS.anyGapAfterMs) return Number.POSITIVE_INFINITY;
  return SEEK_LIMITS.baseGap + (SEEK_LIMITS.gapPerSecond * Math.max(0, waitedMs)) / 1000;
}

interface Edge<C extends Candidate> {
  a: C;
  b: C;
  gap: number;
  /** The earlier of the two seeks: on equal gaps the longer wait goes first. */
  since: number;
}

/**
 * The pairs of this wave. A pair is acceptable when its rating gap is within what the longer-waiting of the two
 * accepts; acceptable pairs are taken greedily, smallest gap first. A rematch (each other's last opponent) is only
 * made when the two are the only seekers.
 */
export function pairWave<C extends Candidate>(seekers: readonly C[], now: number): Array<[C, C]> {
  const sorted = [...seekers].sort((x, y) => x.rating - y.rating || x.since - y.since);
  const edges: Array<Edge<C>> = [];
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < Math.min(sorted.length, i + 1 + NEIGHBOURS); j++) {
      const b = sorted[j]!;
      if (a.playerId === b.playerId) continue;
      if (a.avoid?.includes(b.playerId) || b.avoid?.includes(a.playerId)) continue;
      const gap = b.rating - a.rating;
      if (gap > acceptableGap(now - Math.min(a.since, b.since))) continue;
      const rematch = a.lastOpponent === b.playerId || b.lastOpponent === a.playerId;
      if (rematch && seekers.length > 2) continue;
      edges.push({ a, b, gap, since: Math.min(a.since, b.since) });
    }
  }
  edges.sort((x, y) => x.gap - y.gap || x.since - y.since);
  const taken = new Set<string>();
  const pairs: Array<[C, C]> = [];
  for (const edge of edges) {
    if (taken.has(edge.a.playerId) || taken.has(edge.b.playerId)) continue;
    taken.add(edge.a.playerId);
    taken.add(edge.b.playerId);
    pairs.push([edge.a, edge.b]);
  }
  return pairs;
}
