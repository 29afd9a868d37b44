/**
 * The lobby feed's diff shape (`GET /v1/lobby/socket?diffs=1`, docs/protocol.md "The lobby feed"): a
 * `LobbyFeedState` applies the `snapshot` and each `diff`, keeps the lists in the server's order, and says when a
 * diff does not follow the last one seen (a gap: frames were missed), so the caller reconnects for a new snapshot.
 */
import type { LobbyFeedMessage, LobbySnapshot, PlayingSummary, TableSummary } from "../protocol";

/**
 * What applying a frame did: `applied`; `stale` (a diff at or below the last seq seen: a duplicate, nothing
 * changed); or `gap` (the state is unknown until the next snapshot: reconnect).
 */
export type FeedStep = "applied" | "stale" | "gap";

/** Newest first by the time field, then by id (the server's order). */
function ordered<T extends { id: string }>(byId: Map<string, T>, at: (s: T) => number): T[] {
  return [...byId.values()].sort((a, b) => at(b) - at(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export class LobbyFeedState {
  /** The last batch applied; null before the first snapshot and after a gap. */
  seq: number | null = null;
  online = 0;
  readonly #open = new Map<string, TableSummary>();
  readonly #playing = new Map<string, PlayingSummary>();

  /**
   * Applies one frame. A `snapshot` replaces everything; a `diff` must be `seq` + 1: one at or below `seq` is
   * stale (ignored), one further on (or before any snapshot) is a gap and nothing is applied.
   */
  apply(message: LobbyFeedMessage): FeedStep {
    if (message.type === "snapshot") {
      this.#open.clear();
      this.#playing.clear();
      for (const t of message.open) this.#open.set(t.id, t);
      for (const m of message.playing) this.#playing.set(m.id, m);
      this.online = message.online;
      this.seq = message.seq;
      return "applied";
    }
    if (this.seq !== null && message.seq <= this.seq) return "stale";
    if (this.seq === null || message.seq !== this.seq + 1) {
      this.seq = null;
      return "gap";
    }
    for (const id of message.open.remove) this.#open.delete(id);
    for (const t of message.open.upsert) this.#open.set(t.id, t);
    for (const id of message.playing.remove) this.#playing.delete(id);
    for (const m of message.playing.upsert) this.#playing.set(m.id, m);
    this.online = message.online;
    this.seq = message.seq;
    return "applied";
  }

  /** The lists as `GET /v1/lobby` gives them: newest first (open by `createdAt`, playing by `startedAt`, then id). */
  snapshot(): LobbySnapshot {
    return { open: ordered(this.#open, (t) => t.createdAt), playing: ordered(this.#playing, (m) => m.startedAt), online: this.online };
  }
}
