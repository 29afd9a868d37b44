/**
 * The escalating cooldown after repeated abandoning or stalling (docs/fair-play.md), after lichess's playban:
 * a player who leaves a match (it ends by `forfeit` against them) or lets their clock run out in a lost position
 * commits an offence; the first within a week is free (a dropped connection happens to anyone), each further one
 * within the week starts a longer cooldown, and an offence stops counting a week after it. While a cooldown runs
 * the player starts nothing new (COOLDOWN): no table, no join, no seek. Matches already running go on.
 *
 * Everything is computed from the offences as stored (D1 `abandonments`, written by the match record's delivery),
 * so there is no second state to keep in step, and the answer at any time is the same whoever asks.
 */
import { opponent, pipCount, type Position, type Side } from "../../engine";
import type { Cooldown } from "../../protocol";
import { FairPlayDb, type AbandonmentRow } from "../db";
import type { Env } from "../env";
import { HttpRefusal } from "../problem";
import type { Admission, AdmissionRefusal } from "../moderation/admission";
import type { Room } from "../room/table";

const MINUTE = 60_000;

export const LADDER = {
  /** How long an offence counts (its decay): a rolling week. */
  windowMs: 7 * 24 * 60 * MINUTE,
  /** The cooldown the 1st, 2nd, … offence within the window starts, in minutes; the last step repeats. */
  stepsMinutes: [0, 15, 60, 180, 1440],
} as const;

/**
 * Behind in the race by more than this share of the opponent's pip count: a lost position. 10 %: in a race
 * the side on roll trailing by more than about a tenth is a clear underdog (the usual 8–9–12 % doubling-window rules
 * of thumb put the take point near there), and a position that far behind is one a player gives up on.
 */
export const LOST_RACE_MARGIN = 0.1;

/** The position is lost for `side`: its pip count exceeds the opponent's by more than LOST_RACE_MARGIN of the opponent's. */
export function lostRace(position: Position, side: Side): boolean {
  const own = pipCount(position.board[side]);
  const theirs = pipCount(position.board[opponent(side)]);
  return own > theirs * (1 + LOST_RACE_MARGIN);
}

/**
 * The abandonment a finished match records, or null. Only against a human opponent (leaving the computer harms
 * nobody), only a seat with a player (anonymous seats have no record to count against), and only:
 * - `left`: the match ended by `forfeit` against the seat (its reconnect or arrival window ran out while the
 *   opponent was there);
 * - `clock`: the match ended by `timeout` against the seat (a ruleset whose timeout loses the match) and the final
 *   position — the one on the board when the flag fell — was lost for it (lostRace).
 */
export function abandonmentOf(room: Room, at: number): AbandonmentRow | null {
  const { info, match } = room;
  if (match?.phase !== "over" || !match.winner) return null;
  const loser = opponent(match.winner);
  const seat = info.seats[loser];
  if (!seat?.playerId || info.seats[match.winner]?.kind !== "human") return null;
  if (match.endReason === "forfeit") return { tableId: info.id, playerId: seat.playerId, cause: "left", at };
  if (match.endReason === "timeout" && lostRace(match.position, loser)) return { tableId: info.id, playerId: seat.playerId, cause: "clock", at };
  return null;
}

function stepMinutes(rank: number): number {
  const steps = LADDER.stepsMinutes;
  return steps[Math.min(rank, steps.length) - 1] ?? 0;
}

/**
 * The cooldown at `now` from a player's offences (any order). Each offence's rank is the number of offences in
 * the window up to and including it; its cooldown runs from its time for its rank's step. The player's cooldown
 * ends at the latest end that is still ahead.
 */
export function cooldownAt(offences: readonly AbandonmentRow[], now: number): Cooldown {
  const times = offences.map((o) => o.at).sort((a, b) => a - b);
  let until = 0;
  for (const [i, at] of times.entries()) {
    const rank = times.slice(0, i + 1).filter((t) => t > at - LADDER.windowMs).length;
    until = Math.max(until, at + stepMinutes(rank) * MINUTE);
  }
  const counted = offences.filter((o) => o.at > now - LADDER.windowMs && o.at <= now).sort((a, b) => b.at - a.at || (a.tableId < b.tableId ? 1 : -1));
  return {
    until: until > now ? until : null,
    offences: counted.length,
    windowDays: LADDER.windowMs / (24 * 60 * MINUTE),
    nextMinutes: stepMinutes(counted.length + 1),
    ladderMinutes: [...LADDER.stepsMinutes],
    recent: counted.map(({ tableId, cause, at }) => ({ tableId, cause, at })),
  };
}

/** The player's cooldown now: the offences that can still matter are those of the last window plus the longest step. */
export async function cooldownOf(env: Env, playerId: string, now: number): Promise<Cooldown> {
  const longest = Math.max(...LADDER.stepsMinutes) * MINUTE;
  const offences = await new FairPlayDb(env.DB).abandonments(playerId, now - LADDER.windowMs - longest);
  return cooldownAt(offences, now);
}

/** While a cooldown runs: COOLDOWN for a new table, a join or a seek, naming its end (and Retry-After in seconds). */
export async function cooldownRefusal(env: Env, admission: Admission, now: number): Promise<AdmissionRefusal> {
  if (admission.what !== "create-table" && admission.what !== "join-table" && admission.what !== "seek") return null;
  if (!admission.player) return null;
  const { until } = await cooldownOf(env, admission.player.id, now);
  if (until === null) return null;
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new HttpRefusal(
    "COOLDOWN",
    `you left or let the clock run out in too many matches lately: no new match until ${new Date(until).toISOString()} (GET /v1/me/cooldown)`,
    undefined,
    { "retry-after": String(seconds) },
  );
}
