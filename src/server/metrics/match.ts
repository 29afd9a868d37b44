/**
 * What a match adds to the counters, read from its events: one fold serves both the datapoints a change writes as
 * it happens (./analytics.ts, on Cloudflare) and the hourly D1 rows its record brings along at delivery
 * (../db/metrics.ts), so the two can never count differently.
 */
import type { Side } from "../../engine";
import type { CounterName, LoggedEvent } from "../../protocol";
import { hourOf } from "./hours";

/** One increment: `value` more of `name`/`key` in the UTC hour starting at `hour`. */
export interface Count {
  name: CounterName;
  key: string;
  hour: number;
  value: number;
}

/** Endings a player walked away from: a window that ran out (forfeit), or both players gone (abandoned). */
const ABANDONED = new Set(["forfeit", "abandoned"]);

/**
 * The counts of `events` (in log order) at a table of `preset`. `away`: which seats the log called away before
 * the first of them (a `player-connected` of an away seat is a reconnect; a seat's first arrival is not).
 */
export function countEvents(events: readonly LoggedEvent[], preset: string, away: Record<Side, boolean> = { white: false, black: false }): Count[] {
  const counts: Count[] = [];
  const gone = { ...away };
  const add = (name: CounterName, key: string, at: number) => counts.push({ name, key, hour: hourOf(at), value: 1 });
  for (const { event, at } of events) {
    switch (event.type) {
      case "player-disconnected":
        gone[event.seat] = true;
        break;
      case "player-connected":
        if (gone[event.seat]) add("reconnects", preset, at);
        gone[event.seat] = false;
        break;
      case "timed-out":
        add("flags", preset, at);
        break;
      case "match-ended":
        add("matches.finished", preset, at);
        add("matches.ended", event.reason, at);
        if (ABANDONED.has(event.reason)) add("abandonments", preset, at);
        break;
    }
  }
  return counts;
}

/**
 * Everything a delivered match record adds: its start (in the hour it started), its events' counts, and its
 * accepted commands (`commands`, from the object's own counter), counted in the hour the match ended.
 */
export function matchCounts(facts: { pool: string; startedAt: number; endedAt: number; events: readonly LoggedEvent[] }, commands: number): Count[] {
  const counts = [{ name: "matches.started" as const, key: facts.pool, hour: hourOf(facts.startedAt), value: 1 }, ...countEvents(facts.events, facts.pool)];
  if (commands > 0) counts.push({ name: "commands", key: facts.pool, hour: hourOf(facts.endedAt), value: commands });
  return merge(counts);
}

/** Increments of one name, key and hour added into one. */
export function merge(counts: readonly Count[]): Count[] {
  const byKey = new Map<string, Count>();
  for (const c of counts) {
    const id = `${c.name}\u0000${c.key}\u0000${c.hour}`;
    const seen = byKey.get(id);
    if (seen) seen.value += c.value;
    else byKey.set(id, { ...c });
  }
  return [...byKey.values()];
}
