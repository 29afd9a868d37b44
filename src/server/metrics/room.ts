/**
 * What a match object's stored change adds to the counters on Cloudflare (./analytics.ts): its match starting,
 * each accepted command, and what its events count (./match.ts: flags, reconnects, the ending). Called by
 * RoomCore.commit after the change is stored. The D1 rows of the same counts arrive with the match record.
 */
import type { LoggedEvent } from "../../protocol";
import type { Env } from "../env";
import type { Room } from "../room/table";
import { emit, type Datapoint } from "./analytics";
import { countEvents } from "./match";

export function observeChange(env: Env, before: Room | null, after: Room, logged: readonly LoggedEvent[], command: boolean): void {
  if (!env.METRICS) return;
  const preset = after.info.ruleset.preset;
  const tableId = after.info.id;
  const points: Datapoint[] = [];
  if (before?.info.status !== "playing" && after.info.status === "playing") points.push({ name: "matches.started", key: preset, value: 1, tableId });
  if (command) points.push({ name: "commands", key: preset, value: 1, tableId });
  const away = { white: before?.info.seats.white?.away === true, black: before?.info.seats.black?.away === true };
  for (const c of countEvents(logged, preset, away)) points.push({ name: c.name, key: c.key, value: c.value, tableId });
  if (points.length > 0) emit(env, points);
}
