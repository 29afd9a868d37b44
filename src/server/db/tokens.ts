/**
 * Bot accounts and API tokens in D1 (migrations/0014_bot_accounts.sql; docs/bots.md, "Bot accounts"). Only a
 * token's SHA-256 is stored; its scopes are a JSON array.
 */
import * as z from "zod";
import { TokenScopeSchema, type ApiToken, type TokenScope } from "../../protocol";
import { ownData } from "../problem";
import { PlayerRowSchema, json } from "./rows";
import type { D1Reader, PlayerRow } from "./index";

type Row = Record<string, unknown>;
const int = z.number().int();

const TokenRowSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    scopes: json(z.array(TokenScopeSchema)),
    created_at: int,
    last_used_at: int.nullable(),
    revoked_at: int.nullable(),
  })
  .transform((r): ApiToken => ({ id: r.id, label: r.label, scopes: r.scopes, createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at }));

/** How often a token's `last_used_at` is written: at most once a minute. */
const LAST_USED_STEP_MS = 60_000;

export interface TokenHolder {
  player: PlayerRow;
  scopes: TokenScope[];
}

export class TokenDb {
  constructor(private readonly d1: D1Reader) {}

  /** A member becomes a bot account; false when the player is not a member (or already a bot). */
  async makeBot(playerId: string): Promise<boolean> {
    const run = await this.d1.prepare("UPDATE players SET bot = 1 WHERE id = ? AND kind = 'member' AND bot = 0").bind(playerId).run();
    return run.meta.changes === 1;
  }

  /** Stores a token's hash; false (and nothing written) when the player already holds `max` live tokens. */
  async create(token: { id: string; playerId: string; tokenHash: string; label: string; scopes: TokenScope[]; now: number }, max: number): Promise<boolean> {
    const run = await this.d1
      .prepare(
        `INSERT INTO api_tokens (id, player_id, token_hash, label, scopes, created_at)
         SELECT ?, ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM api_tokens WHERE player_id = ? AND revoked_at IS NULL) < ?`,
      )
      .bind(token.id, token.playerId, token.tokenHash, token.label, JSON.stringify(token.scopes), token.now, token.playerId, max)
      .run();
    return run.meta.changes === 1;
  }

  async list(playerId: string): Promise<ApiToken[]> {
    const { results } = await this.d1
      .prepare("SELECT id, label, scopes, created_at, last_used_at, revoked_at FROM api_tokens WHERE player_id = ? ORDER BY created_at, id")
      .bind(playerId)
      .all<Row>();
    return results.map((row) => ownData(TokenRowSchema, row, "a D1 api_tokens row"));
  }

  /** Revokes one of the player's live tokens: its hash (to close what it opened), or null when there is none. */
  async revoke(playerId: string, id: string, now: number): Promise<string | null> {
    const row = await this.d1
      .prepare("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND player_id = ? AND revoked_at IS NULL RETURNING token_hash")
      .bind(now, id, playerId)
      .first<Row>();
    return row ? String(row.token_hash) : null;
  }

  /** The live bot account a live token opens, with its scopes; null for a revoked or unknown token. */
  async holder(tokenHash: string, now: number): Promise<TokenHolder | null> {
    const row = await this.d1
      .prepare(
        `SELECT players.*, api_tokens.scopes AS token_scopes, api_tokens.last_used_at AS token_used FROM api_tokens
         JOIN players ON players.id = api_tokens.player_id
         WHERE token_hash = ? AND revoked_at IS NULL AND kind != 'deleted' AND bot = 1`,
      )
      .bind(tokenHash)
      .first<Row>();
    if (!row) return null;
    const { token_scopes, token_used, ...player } = row;
    if (token_used === null || Number(token_used) <= now - LAST_USED_STEP_MS) {
      await this.d1.prepare("UPDATE api_tokens SET last_used_at = ? WHERE token_hash = ?").bind(now, tokenHash).run();
    }
    return { player: ownData(PlayerRowSchema, player, "a D1 players row"), scopes: ownData(json(z.array(TokenScopeSchema)), token_scopes, "an api_tokens row's scopes") };
  }
}

/**
 * Which of these players are bot accounts (for PlayerLink.bot and seat marks): ids not found are left out.
 * Reads at most 100 ids per query.
 */
export async function botIds(d1: D1Reader, ids: readonly string[]): Promise<Set<string>> {
  const bots = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    const chunk = unique.slice(i, i + 100);
    const { results } = await d1
      .prepare(`SELECT id FROM players WHERE bot = 1 AND id IN (${chunk.map(() => "?").join(", ")})`)
      .bind(...chunk)
      .all<Row>();
    for (const row of results) bots.add(String(row.id));
  }
  return bots;
}
