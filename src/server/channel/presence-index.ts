/**
 * The presence index: one Durable Object (`presence`) that knows every player who is not offline, so a list or a
 * profile reads the presence of many players in one call and the site counts who is online. Each player's channel
 * reports its transitions and refreshes its entry while a socket is open; an entry not refreshed for
 * presenceStaleMs (90 s; PRESENCE_REFRESH_SECONDS scales it) is treated as offline (a server restart drops sockets without a close event).
 */
import { DurableObject } from "cloudflare:workers";
import { CHANNEL_LIMITS, type Presence } from "../../protocol";
import type { Env } from "../env";

/** How often a channel refreshes its entry (`PRESENCE_REFRESH_SECONDS`, default CHANNEL_LIMITS.presenceRefreshMs). */
export function presenceRefreshMs(env: Pick<Env, "PRESENCE_REFRESH_SECONDS">): number {
  const seconds = Number(env.PRESENCE_REFRESH_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : CHANNEL_LIMITS.presenceRefreshMs;
}

/** An entry older than this is read as offline: three refreshes missed (90 s by default). */
export function presenceStaleMs(env: Pick<Env, "PRESENCE_REFRESH_SECONDS">): number {
  return presenceRefreshMs(env) * (CHANNEL_LIMITS.presenceStaleMs / CHANNEL_LIMITS.presenceRefreshMs);
}

interface Row extends Record<string, SqlStorageValue> {
  player_id: string;
  state: string;
  since: number;
  table_id: string | null;
  refreshed_at: number;
}

export class PresenceIndex extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS presence (player_id TEXT PRIMARY KEY, state TEXT NOT NULL, since INTEGER NOT NULL, table_id TEXT, refreshed_at INTEGER NOT NULL)",
    );
  }

  /** A channel's presence now; `offline` removes the entry. */
  report(playerId: string, presence: Presence): void {
    if (presence.state === "offline") {
      this.ctx.storage.sql.exec("DELETE FROM presence WHERE player_id = ?", playerId);
      return;
    }
    this.ctx.storage.sql.exec(
      "INSERT INTO presence (player_id, state, since, table_id, refreshed_at) VALUES (?, ?, ?, ?, ?) " +
        "ON CONFLICT (player_id) DO UPDATE SET state = excluded.state, since = excluded.since, table_id = excluded.table_id, refreshed_at = excluded.refreshed_at",
      playerId,
      presence.state,
      presence.since,
      presence.tableId,
      Date.now(),
    );
  }

  /** The entries of these players that are fresh; a player left out is offline. */
  read(playerIds: string[]): Record<string, Presence> {
    const fresh = Date.now() - presenceStaleMs(this.env);
    const out: Record<string, Presence> = {};
    // In chunks: SQLite's bound-parameter limit.
    for (let i = 0; i < playerIds.length; i += 90) {
      const chunk = playerIds.slice(i, i + 90);
      const rows = this.ctx.storage.sql
        .exec<Row>(`SELECT * FROM presence WHERE refreshed_at >= ? AND player_id IN (${chunk.map(() => "?").join(",")})`, fresh, ...chunk)
        .toArray();
      for (const r of rows) out[r.player_id] = { state: r.state as Presence["state"], since: r.since, tableId: r.table_id };
    }
    return out;
  }

  /** Players online (any state but offline) and those playing, among fresh entries; stale ones are dropped. */
  count(): { online: number; playing: number } {
    const fresh = Date.now() - presenceStaleMs(this.env);
    this.ctx.storage.sql.exec("DELETE FROM presence WHERE refreshed_at < ?", fresh);
    const row = this.ctx.storage.sql
      .exec<{ online: number; playing: number }>("SELECT COUNT(*) AS online, COALESCE(SUM(state = 'playing'), 0) AS playing FROM presence")
      .one();
    return { online: row.online, playing: row.playing };
  }
}
