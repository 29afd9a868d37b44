/**
 * The fair-dice verifier (docs/fair-dice.md): recomputes every roll of a finished match and reports OK or the
 * first roll that differs. Exit code 0: every roll verifies; 1: a mismatch (or nothing to verify); 2: bad usage.
 *
 *   npm run verify -- <record.json>            a MatchRecord (GET /v1/matches/{id}), an event history, an export
 *   npm run verify -- <url>                    the same, fetched (…/v1/matches/{id} or …/v1/tables/{id}/events)
 *   npm run verify -- <events.json> --table <id>   a bare array of events needs the table id
 */
import { readFile } from "node:fs/promises";
import { findDiceLog, verifyDice, type DiceVerdict } from "../src/protocol";

const args = process.argv.slice(2);
const tableAt = args.indexOf("--table");
const tableId = tableAt >= 0 ? args[tableAt + 1] : undefined;
const source = args.find((a, i) => !a.startsWith("--") && (tableAt < 0 || i !== tableAt + 1));

if (!source) {
  console.error("usage: npm run verify -- <record.json | url> [--table <tableId>]");
  process.exit(2);
}

/** A URL is fetched; an event history served in pages is followed to its end. */
async function load(where: string): Promise<unknown> {
  if (!/^https?:\/\//.test(where)) return JSON.parse(await readFile(where, "utf8"));
  const first = (await (await fetch(where)).json()) as { events?: unknown[]; next?: number | null };
  let page = first;
  while (Array.isArray(page.events) && typeof page.next === "number") {
    const url = new URL(where);
    url.searchParams.set("after", String(page.next));
    page = (await (await fetch(url)).json()) as typeof first;
    first.events!.push(...(page.events ?? []));
  }
  return first;
}

function dice(pair: [number, number] | null): string {
  return pair ? `${pair[0]}-${pair[1]}` : "?";
}

function report(id: string, verdict: DiceVerdict): string {
  if (verdict.ok) return `OK: all ${verdict.rolls} rolls of table ${id} verify (server seed ${verdict.serverSeed}, commitment ${verdict.commitment})`;
  const at = verdict.seq === null ? "" : ` (event seq ${verdict.seq})`;
  switch (verdict.failure) {
    case "ROLL_MISMATCH":
      return `MISMATCH at roll ${verdict.roll}${at}: expected ${dice(verdict.expected)}, got ${dice(verdict.got)}`;
    case "SEED_MISMATCH":
      return "MISMATCH: the revealed server seed does not hash to the commitment in table-created";
    case "NOT_REVEALED":
      return "NOT VERIFIABLE YET: no match-ended event reveals the server seed (is the match over?)";
    case "NO_COMMITMENT":
      return "NOT VERIFIABLE: table-created carries no dice commitment (a table from before fair dice?)";
    case "BAD_EVENT":
      return `NOT VERIFIABLE: entry ${verdict.seq} of the log is not an event`;
  }
}

let record: unknown;
try {
  record = await load(source);
} catch (error) {
  console.error(`cannot read ${source}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const log = findDiceLog(record, tableId);
if (!log) {
  console.error(`${source}: no event log with a table id found (give --table <id> for a bare array of events)`);
  process.exit(2);
}
const verdict = verifyDice(log.tableId, log.events);
console.log(report(log.tableId, verdict));
process.exit(verdict.ok ? 0 : 1);
