/**
 * Reads a match object's stored event log straight from the SQLite files `wrangler dev` persists, without
 * contacting the object (any request would wake it, which is exactly what a test of the alarm must not do).
 * Read-only; the files are found by content (the room row names its table id), not by wrangler's naming scheme.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { LoggedEventSchema, type LoggedEvent } from "../../src/protocol";

/** The table's stored events, or null when no persisted object holds that table (yet). */
export function storedEvents(stateDir: string, tableId: string): LoggedEvent[] | null {
  const files = readdirSync(stateDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".sqlite"));
  for (const file of files) {
    let db: DatabaseSync | null = null;
    try {
      db = new DatabaseSync(join(stateDir, file), { readOnly: true });
      const room = db.prepare("SELECT info FROM room WHERE id = 1").get() as { info: string } | undefined;
      if (!room || (JSON.parse(room.info) as { id?: string }).id !== tableId) continue;
      // Storage version 4: one log row per change, its events a JSON array ending at the row's seq.
      const rows = db.prepare("SELECT seq, at, count, events FROM log WHERE count > 0 ORDER BY seq, n").all() as Array<{ seq: number; at: number; count: number; events: string }>;
      return rows.flatMap((row) =>
        (JSON.parse(row.events) as unknown[]).map((event, i) => LoggedEventSchema.parse({ seq: row.seq - row.count + 1 + i, at: row.at, event })),
      );
    } catch {
      // Not a match object's database (the lobby, wrangler's own metadata), or one being created.
    } finally {
      db?.close();
    }
  }
  return null;
}

/** Polls the persisted rows until `done` holds for the table's events (a fact, read without waking the object). */
export async function waitForStoredEvents(
  stateDir: string,
  tableId: string,
  done: (events: LoggedEvent[]) => boolean,
  timeoutMs = 90_000,
): Promise<LoggedEvent[]> {
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    const events = storedEvents(stateDir, tableId);
    if (events && done(events)) return events;
    if (Date.now() > giveUp) throw new Error(`the stored log of ${tableId} never got there: ${JSON.stringify(events?.slice(-3))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
