/**
 * The match object's outbox: facts for D1 stored in the same transaction as the final event, delivered by the
 * alarm. Delivery is an idempotent write keyed by the table id (db.recordMatch), and at a stake table the
 * settlement of its escrow (transfers keyed by table + seat + purpose, ../coins/stakes.ts); a failure counts the attempt
 * and schedules the next with backoff; only a delivery D1 acknowledged clears the row. A crash anywhere in
 * between leaves the row and its `deliver` deadline, so the next alarm tries again: exactly once in effect. Once
 * delivered, the match's analysis is queued (../analysis/queue.ts; its request row is written in the record's batch).
 */
import { Db, type RatingWrite } from "../db";
import { AnalysisDb } from "../db/analysis";
import { requestAnalysis } from "../analysis/queue";
import { matchFacts, type MatchFacts } from "../record/facts";
import { rateMatch } from "../ratings/glicko2";
import { settleStakes } from "../coins/stakes";
import { matchCounts, type Count } from "../metrics/match";
import { fairPlayStatements } from "../fairplay/flags";
import { tellSeated } from "./seated";
import { announceSettled } from "./settled";
import type { RoomCore } from "./core";
import { SIDES, type Room } from "./table";

const DELIVER = { kind: "deliver", seat: "table" } as const;

/** 2 s, 4 s, 8 s … then at most an hour between attempts, for as long as it takes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** attempts, 3_600_000);
}

export async function deliverOutbox(core: RoomCore): Promise<void> {
  // An operator's (or the restart test's) pause between the final event and the first delivery.
  const delay = Number(core.env.OUTBOX_DELAY_MS ?? 0);
  const room = core.store.load();
  if (!room) return;
  const entries = core.store.outbox();
  if (entries.length === 0) {
    core.commit({ room, events: [], at: Date.now(), clearDeadlines: [DELIVER] });
    return;
  }
  const endedAt = core.store.eventsAfter(room.seq - 1, 1).events[0]?.at ?? 0;
  if (delay > 0 && Date.now() < endedAt + delay) {
    core.commit({ room, events: [], at: Date.now(), setDeadlines: [{ ...DELIVER, due: endedAt + delay }] });
    for (const entry of entries) tellMonitorPending(core, room, endedAt, entry.attempts);
    return;
  }
  for (const entry of entries) {
    let delivered = true;
    let writes: RatingWrite[] | null = null;
    try {
      // One purpose so far: the match record, and at a stake table the settlement of its escrow (both idempotent).
      const ended = core.store.load()!;
      const facts = matchFacts(ended, core.store.eventsAfter(0, Number.MAX_SAFE_INTEGER).events);
      // The analysis's request row joins the record's batch: written exactly when the record is (../analysis/queue.ts).
      const also = [...fairPlayStatements(core.d1, ended, facts), new AnalysisDb(core.d1).requestStatement(facts.tableId, Date.now())];
      writes = await deliverMatchRecord(new Db(core.d1), facts, matchCounts(facts, core.store.stats().commands), also);
      await settleStakes(core.d1, ended, endedAt);
    } catch (error) {
      core.log.error(`outbox ${entry.purpose} delivery failed (attempt ${entry.attempts + 1})`, error, { attempt: entry.attempts + 1 });
      delivered = false;
    }
    // Reloaded after the await: a socket may have changed the room meanwhile.
    const room = core.store.load()!;
    const change = delivered
      ? { outbox: { delivered: entry.purpose }, clearDeadlines: [DELIVER] }
      : { outbox: { failed: entry.purpose }, setDeadlines: [{ ...DELIVER, due: Date.now() + retryDelayMs(entry.attempts + 1) }] };
    core.commit({ room, events: [], at: Date.now(), ...change });
    // The Monitor hears only of late records (GET /v1/health's backlog): one delivered at once costs it nothing.
    if (!delivered) tellMonitorPending(core, room, endedAt, entry.attempts + 1);
    else if (entry.attempts > 0 || delay > 0) core.tellMonitor((monitor) => monitor.delivered(room.info.id, endedAt));
    // The players hear what the match changed (./settled.ts); a failure here leaves the delivery done, the end screen without it.
    if (delivered) await announceSettled(core, room, writes).catch((error: unknown) => core.log.error("settled: could not be announced", error));
    // The record is in D1 (now or by an earlier attempt): its analysis is queued, off this object (never throws).
    if (delivered) await requestAnalysis(core.env, [room.info.id], core.log);
    // The players are no longer `playing` here (../channel/notify.ts).
    if (delivered) tellSeated(core, room.info, false);
  }
}

function tellMonitorPending(core: RoomCore, room: Room, endedAt: number, attempts: number): void {
  const stake = room.info.stake !== undefined;
  core.tellMonitor((monitor) => monitor.pending(room.info.id, endedAt, attempts, stake));
}

/**
 * `counts`: the match's hourly counters; `also`: fair play's rows of this match (abandonment, the pair's flow and flag), written in the record's batch.
 * Returns the ratings written, or null when an earlier attempt had already recorded the match.
 */
async function deliverMatchRecord(db: Db, facts: MatchFacts, counts: readonly Count[], also: D1PreparedStatement[]): Promise<RatingWrite[] | null> {
  if (await db.matchExists(facts.tableId)) return null;
  const { white, black } = facts.players;
  const writes: RatingWrite[] = [];
  // Rated: both seats are players (bots never are); an abandoned match (no winner) changes no rating.
  if (facts.rated && facts.winner && white.playerId && black.playerId) {
    const [w, b] = await Promise.all([db.rating(white.playerId, facts.pool, facts.endedAt), db.rating(black.playerId, facts.pool, facts.endedAt)]);
    const after = rateMatch({ white: w, black: b }, facts.winner, facts.length, facts.endedAt);
    for (const side of SIDES) {
      writes.push({ playerId: facts.players[side].playerId!, pool: facts.pool, before: side === "white" ? w : b, after: after[side] });
    }
  }
  await db.recordMatch(facts, writes, counts, also);
  return writes;
}
