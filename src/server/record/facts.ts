/**
 * The facts of a finished match: what the match object's outbox delivers to D1 and what `GET …/record` reads
 * from a live table. A match record (protocol `MatchRecord`) before D1 adds what only it knows: the rating
 * change and whether a player has since deleted their account.
 */
import * as z from "zod";
import type { Side } from "../../engine";
import { MatchRecordSchema, RecordPlayerSchema } from "../../protocol";
import type { Room } from "../room/table";

export const FactsPlayerSchema = RecordPlayerSchema.omit({ deleted: true, ratingBefore: true, ratingAfter: true });

export const MatchFactsSchema = MatchRecordSchema.extend({ players: z.object({ white: FactsPlayerSchema, black: FactsPlayerSchema }) });

/** A finished match as the outbox hands it over, before ratings. */
export type MatchFacts = z.infer<typeof MatchFactsSchema>;

/** The record of a finished match, from the stored room and log only, so every delivery builds the same one. */
export function matchFacts(room: Room, events: MatchFacts["events"]): MatchFacts {
  const { info, match } = room;
  if (!match || match.phase !== "over" || !match.endReason) throw new Error("a match record before the match ended");
  const started = events.find((e) => e.event.type === "hand-started") ?? events[0]!;
  const ended = events.findLast((e) => e.event.type === "match-ended") ?? events.at(-1)!;
  const seat = (side: Side) => {
    const s = info.seats[side]!;
    return { playerId: s.playerId ?? null, name: s.name, kind: s.kind };
  };
  return {
    tableId: info.id,
    pool: info.ruleset.preset,
    length: info.length,
    rated: info.rated ?? false,
    winner: match.winner,
    reason: match.endReason,
    score: { ...match.score },
    startedAt: started.at,
    endedAt: ended.at,
    players: { white: seat("white"), black: seat("black") },
    events,
  };
}
