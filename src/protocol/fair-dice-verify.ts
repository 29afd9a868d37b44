/**
 * The fair-dice verifier (docs/fair-dice.md): recomputes every roll of a finished match from its event log and
 * reports the first that differs. Used by `npm run verify` and the web page's verify route alike.
 */
import { diceCommitment, drawnDice, fairRoll, openingRuleOf, ServerSeedSchema } from "./fair-dice";
import { LoggedEventSchema, TableOrMatchEventSchema, type TableOrMatchEvent } from "./events";

export type DiceFailure =
  /** The log has no `table-created` event with a commitment: the table predates fair dice (or it is not a log). */
  | "NO_COMMITMENT"
  /** No `match-ended` event reveals the server seed: the match is still running (or the log is cut short). */
  | "NOT_REVEALED"
  /** The revealed seed does not hash to the commitment. */
  | "SEED_MISMATCH"
  /** A roll's dice are not the ones its inputs give. */
  | "ROLL_MISMATCH"
  /** An entry of the log is not an event. */
  | "BAD_EVENT";

export type DiceVerdict =
  | { ok: true; rolls: number; commitment: string; serverSeed: string }
  | {
      ok: false;
      failure: DiceFailure;
      /** The roll (1-based) that failed, for ROLL_MISMATCH; null otherwise. */
      roll: number | null;
      /** The failing event's seq, when the log carries seqs. */
      seq: number | null;
      expected: [number, number] | null;
      got: [number, number] | null;
    };

interface Entry {
  seq: number | null;
  event: TableOrMatchEvent;
}

function fail(failure: DiceFailure, at: Partial<Pick<Extract<DiceVerdict, { ok: false }>, "roll" | "seq" | "expected" | "got">> = {}): DiceVerdict {
  return { ok: false, failure, roll: at.roll ?? null, seq: at.seq ?? null, expected: at.expected ?? null, got: at.got ?? null };
}

/** Each element a logged event (`{seq, at, event}`) or a bare event; null for the first that is neither. */
function entries(log: readonly unknown[]): Entry[] | { bad: number } {
  const out: Entry[] = [];
  for (const [index, item] of log.entries()) {
    const logged = LoggedEventSchema.safeParse(item);
    if (logged.success) {
      out.push({ seq: logged.data.seq, event: logged.data.event });
      continue;
    }
    const bare = TableOrMatchEventSchema.safeParse(item);
    if (!bare.success) return { bad: index };
    out.push({ seq: null, event: bare.data });
  }
  return out;
}

/** Recomputes every roll of `log` (a finished match's whole event log, in order) of table `tableId`. */
export function verifyDice(tableId: string, log: readonly unknown[]): DiceVerdict {
  const parsed = entries(log);
  if (!Array.isArray(parsed)) return fail("BAD_EVENT", { seq: parsed.bad });
  let commitment: string | null = null;
  let serverSeed: string | null = null;
  for (const { event } of parsed) {
    if (event.type === "table-created") commitment = event.diceCommitment ?? null;
    if (event.type === "match-ended") serverSeed = event.serverSeed ?? null;
  }
  if (commitment === null) return fail("NO_COMMITMENT");
  if (serverSeed === null || !ServerSeedSchema.safeParse(serverSeed).success) return fail("NOT_REVEALED");
  if (diceCommitment(serverSeed) !== commitment) return fail("SEED_MISMATCH");

  const opening = openingRuleOf(parsed.map((entry) => entry.event));
  const clientSeeds = { white: "", black: "" };
  let roll = 0;
  let previous: TableOrMatchEvent | undefined;
  for (const { seq, event } of parsed) {
    if (event.type === "player-joined") clientSeeds[event.seat] = event.clientSeed ?? "";
    const got = drawnDice(event, previous, opening);
    previous = event;
    if (!got || (event.type !== "opening-roll" && event.type !== "rolled")) continue;
    roll++;
    const expected = fairRoll(serverSeed, { tableId, roll, clientSeeds, entropy: event.entropy ?? "" });
    if (expected[0] !== got[0] || expected[1] !== got[1]) return fail("ROLL_MISMATCH", { roll, seq, expected, got });
  }
  return { ok: true, rolls: roll, commitment, serverSeed };
}

/**
 * The table id and event log inside a record: a `MatchRecord` (GET /v1/matches/{id}), an `EventHistory`
 * (GET /v1/tables/{id}/events, when it holds the whole log), the replay export's JSON, or a bare array of events
 * (then `tableId` must be given). The log is the first array of events found (depth first); the table id is the
 * first `tableId` field, else the top level's `id`.
 */
export function findDiceLog(record: unknown, tableId?: string): { tableId: string; events: unknown[] } | null {
  const events = findEvents(record, 0);
  const id = tableId ?? findTableId(record);
  return events && id ? { tableId: id, events } : null;
}

function looksLikeEvent(item: unknown): boolean {
  if (typeof item !== "object" || item === null) return false;
  const inner = "event" in item ? item.event : item;
  return typeof inner === "object" && inner !== null && "type" in inner && typeof inner.type === "string";
}

function findEvents(value: unknown, depth: number): unknown[] | null {
  if (depth > 6 || typeof value !== "object" || value === null) return null;
  if (Array.isArray(value)) {
    if (value.length > 0 && looksLikeEvent(value[0])) return value;
    return null;
  }
  for (const child of Object.values(value)) {
    const found = findEvents(child, depth + 1);
    if (found) return found;
  }
  return null;
}

function findTableId(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const queue: object[] = [value];
  for (let i = 0; i < queue.length && i < 200; i++) {
    const node = queue[i] as Record<string, unknown>;
    if (typeof node.tableId === "string") return node.tableId;
    for (const child of Object.values(node)) if (typeof child === "object" && child !== null && !Array.isArray(child)) queue.push(child);
  }
  const top = value as Record<string, unknown>;
  return typeof top.id === "string" ? top.id : null;
}
