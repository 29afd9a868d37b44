/**
 * The site-wide settings an admin changes at once (migrations/0005_moderation.sql `site_settings`): the site switch
 * (key `defcon`) and the chat filter's operator lists (key `chat-filter`), each change written in one batch with
 * its moderation_log row. Values are JSON, parsed by their readers with the protocol's schemas.
 */
import { PlayerKindSchema, type PlayerKind } from "../../protocol";
import { newTableId } from "../ids";

export const DEFCON_KEY = "defcon";
export const CHAT_FILTER_KEY = "chat-filter";

export interface SettingRow {
  value: string;
  updatedAt: number;
  updatedBy: string | null;
}

export async function setting(d1: D1Database, key: string): Promise<SettingRow | null> {
  const row = await d1.prepare("SELECT value, updated_at, updated_by FROM site_settings WHERE key = ?").bind(key).first<Record<string, unknown>>();
  if (!row) return null;
  return { value: String(row.value), updatedAt: Number(row.updated_at), updatedBy: row.updated_by === null ? null : String(row.updated_by) };
}

/** What a chat line's checks read, in one round trip: the switch's stored value, the filter's version, the seat's kind. */
export interface ChatContext {
  defcon: string | null;
  /** `updated_at` of the operator's lists (strictly increasing per change); null: never set. */
  filterVersion: number | null;
  /** The seat's player kind; null for a seat taken without a session (or a player row that is gone). */
  kind: PlayerKind | null;
}

export async function chatContext(d1: D1Database, playerId: string | null): Promise<ChatContext> {
  const row = await d1
    .prepare(
      `SELECT (SELECT value FROM site_settings WHERE key = ?1) AS defcon,
              (SELECT updated_at FROM site_settings WHERE key = ?2) AS version,
              (SELECT kind FROM players WHERE id = ?3) AS kind`,
    )
    .bind(DEFCON_KEY, CHAT_FILTER_KEY, playerId)
    .first<Record<string, unknown>>();
  const kind = PlayerKindSchema.safeParse(row?.kind);
  return {
    defcon: row?.defcon == null ? null : String(row.defcon),
    filterVersion: row?.version == null ? null : Number(row.version),
    kind: kind.success ? kind.data : null,
  };
}

/** The moderation_log row a settings change writes (action `defcon` or `chat-filter`). */
export interface SettingChange {
  key: string;
  /** The whole value (JSON). */
  value: string;
  /**
   * When set, only this member of the stored JSON object is replaced (`value` is then used only when the row does
   * not exist yet): two admins changing different members at once both keep their change.
   */
  member?: { path: string; json: string };
  at: number;
  actorId: string;
  action: string;
  reason: string;
  note: string;
  detail: unknown;
}

/**
 * Stores the value and logs the change, atomically. `updated_at` only ever grows (by at least 1 per change), so
 * it serves as the value's version: a reader that cached an older version reads again.
 */
export async function changeSetting(d1: D1Database, change: SettingChange): Promise<{ id: string; updatedAt: number }> {
  const id = newTableId();
  const [upsert] = await d1.batch<{ updated_at: number }>([
    d1
      .prepare(
        `INSERT INTO site_settings (key, value, updated_at, updated_by) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (key) DO UPDATE SET
           value = CASE WHEN ?5 IS NULL THEN excluded.value
             ELSE json_set(CASE WHEN json_valid(site_settings.value) AND json_type(site_settings.value) = 'object' THEN site_settings.value ELSE '{}' END, ?5, json(?6)) END,
           updated_by = excluded.updated_by,
           updated_at = max(excluded.updated_at, site_settings.updated_at + 1)
         RETURNING updated_at`,
      )
      .bind(change.key, change.value, change.at, change.actorId, change.member?.path ?? null, change.member?.json ?? null),
    d1
      .prepare("INSERT INTO moderation_log (id, at, actor_id, action, reason, note, detail) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .bind(id, change.at, change.actorId, change.action, change.reason, change.note, JSON.stringify(change.detail)),
  ]);
  return { id, updatedAt: Number(upsert?.results[0]?.updated_at ?? change.at) };
}
