/** Small helpers for the end-to-end tests: fresh tables, connections that are welcomed, sums over event logs. */
import { ApiError, type CreateTableBody, type LoggedEvent, type MatchRecord, type NardiClient, type SeatGrant, type TableConnection } from "../../src/client";
import type { ConnectOptions } from "../../src/client";

/** A table with both seats taken (the match has started). */
export async function seatedTable(client: NardiClient, body: CreateTableBody): Promise<{ white: SeatGrant; black: SeatGrant }> {
  const white = await client.createTable(body);
  const black = await client.joinTable(white.tableId, { name: "Black" });
  return { white, black };
}

/** Connects and waits for the welcome. */
export async function connected(client: NardiClient, tableId: string, opts: ConnectOptions = {}): Promise<TableConnection> {
  const conn = client.connect(tableId, opts);
  await conn.waitFor((c) => c.status === "connected" || c.status === "closed", 15_000, "welcome");
  if (conn.status !== "connected") throw new Error(`could not connect: ${conn.closeReason ?? "?"}`);
  return conn;
}

/** Points each side won in `hand-ended` events. */
export function handPoints(events: readonly LoggedEvent[]): { white: number; black: number } {
  const sum = { white: 0, black: 0 };
  for (const { event } of events) if (event.type === "hand-ended") sum[event.winner] += event.value;
  return sum;
}

export function eventsOfType<T extends LoggedEvent["event"]["type"]>(
  events: readonly LoggedEvent[],
  type: T,
): Array<Extract<LoggedEvent["event"], { type: T }>> {
  return events.map((e) => e.event).filter((e): e is Extract<LoggedEvent["event"], { type: T }> => e.type === type);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls for the record until it arrives (the match object's alarm delivers it after the final event). */
export async function recordOf(client: NardiClient, tableId: string, giveUpMs = 90_000): Promise<MatchRecord> {
  const giveUp = Date.now() + giveUpMs;
  for (;;) {
    try {
      return await client.getMatchRecord(tableId);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== "MATCH_NOT_FOUND" || Date.now() > giveUp) throw err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
