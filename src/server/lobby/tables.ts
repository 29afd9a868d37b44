/**
 * What the match objects tell the lobby (each without waiting for it: ./background.ts), and the alarm that
 * forgets what expired. Every change goes to the feed in the next batch (./core.ts), without waiting for it.
 */
import type { TableSummary } from "../../protocol";
import type { LobbyCore } from "./core";
import type { PlayingReport } from "./store";

/** How long a removal is remembered, so an `add` that arrives after its `remove` cannot list a joined table. */
const TOMBSTONE_MS = 48 * 60 * 60 * 1000;
/** A match in progress that has not reported for this long is dropped (its end was never heard). */
const PLAYING_TTL_MS = 48 * 60 * 60 * 1000;

/** Lists a table for `client` (a hash of its address), which keeps only its newest LISTED_TABLES_PER_CLIENT. */
export async function addTable(core: LobbyCore, summary: TableSummary, expiresAt: number, client: string): Promise<void> {
  if (core.store.isClosed(summary.id)) return;
  core.store.addOpen(summary, expiresAt, client);
  await core.purgeLater(expiresAt);
  core.changed();
}

export async function removeTable(core: LobbyCore, id: string): Promise<void> {
  const expiresAt = Date.now() + TOMBSTONE_MS;
  core.store.closeOpen(id, expiresAt);
  await core.purgeLater(expiresAt);
  core.changed();
}

/** A moderator renamed a listed table's host (docs/moderation-live.md): the listing shows the new name. */
export function renameHost(core: LobbyCore, id: string, host: string): void {
  core.store.renameHost(id, host);
  core.changed();
}

/**
 * A match object's report while its match runs: at the start, whenever a human seat comes or goes, and at the
 * end (null). A table being played is no longer waiting: the report takes it off the open list too, so a join
 * (this report alone: the room sends no `remove` for it) moves the table from one list to the other in one batch.
 */
export async function reportPlaying(core: LobbyCore, id: string, report: PlayingReport | null): Promise<void> {
  if (report === null) {
    core.store.deletePlaying(id);
  } else {
    const now = Date.now();
    const expiresAt = now + PLAYING_TTL_MS;
    core.store.putPlaying(id, report, expiresAt);
    core.store.closeOpen(id, now + TOMBSTONE_MS);
    await core.purgeLater(Math.min(expiresAt, now + TOMBSTONE_MS));
  }
  core.changed();
}

/** Deletes expired rows and sets the alarm to the next expiry. */
export async function onLobbyAlarm(core: LobbyCore): Promise<void> {
  const next = core.store.purge(Date.now());
  core.changed();
  if (next !== null) await core.ctx.storage.setAlarm(next);
}
