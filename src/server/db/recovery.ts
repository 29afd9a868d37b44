/**
 * The recovery codes' D1 rows (migrations/0011_recovery_codes.sql): the working code's hash, and the last used
 * one's. Every write that depends on another is guarded by a freshly salted hash, which only the write that made
 * it can match, so a claim, a reset and a new code each land whole or not at all.
 */

export interface RecoveryRow {
  codeHash: string;
  issuedAt: number;
  usedHash: string | null;
  usedAt: number | null;
}

export async function recoveryRow(d1: D1Database, playerId: string): Promise<RecoveryRow | null> {
  const row = await d1
    .prepare("SELECT code_hash, issued_at, used_hash, used_at FROM recovery_codes WHERE player_id = ?")
    .bind(playerId)
    .first<Record<string, unknown>>();
  if (!row) return null;
  return {
    codeHash: String(row.code_hash),
    issuedAt: Number(row.issued_at),
    usedHash: row.used_hash == null ? null : String(row.used_hash),
    usedAt: row.used_at == null ? null : Number(row.used_at),
  };
}

/**
 * Sets the player's working code (replacing one they had; the last used code is kept). `whenPassword`: only if the
 * player's stored password hash is this one (the claim batched before it applied).
 */
export function issueCode(d1: D1Database, playerId: string, codeHash: string, now: number, whenPassword?: string): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO recovery_codes (player_id, code_hash, issued_at)
       SELECT ?1, ?2, ?3 WHERE ?4 IS NULL OR (SELECT password FROM players WHERE id = ?1 AND kind = 'member') = ?4
       ON CONFLICT (player_id) DO UPDATE SET code_hash = excluded.code_hash, issued_at = excluded.issued_at`,
    )
    .bind(playerId, codeHash, now, whenPassword ?? null);
}

export interface Reset {
  playerId: string;
  /** The hash of the code the player gave (checked by the caller): the reset happens only while it is still the working one. */
  usedHash: string;
  nextHash: string;
  passwordHash: string;
  now: number;
}

/**
 * Burns the code and sets the new password, in one batch: false when the code was no longer the working one (a
 * reset with the same code got there first), and then nothing changed.
 */
export async function resetWithCode(d1: D1Database, reset: Reset): Promise<boolean> {
  const [burn] = await d1.batch([
    d1
      .prepare(
        `UPDATE recovery_codes SET used_hash = code_hash, used_at = ?3, code_hash = ?4, issued_at = ?3
         WHERE player_id = ?1 AND code_hash = ?2`,
      )
      .bind(reset.playerId, reset.usedHash, reset.now, reset.nextHash),
    d1
      .prepare(
        `UPDATE players SET password = ?2 WHERE id = ?1 AND kind = 'member'
         AND (SELECT code_hash FROM recovery_codes WHERE player_id = ?1) = ?3`,
      )
      .bind(reset.playerId, reset.passwordHash, reset.nextHash),
  ]);
  return burn?.meta.changes === 1;
}

/** The row goes with a deleted account's password. */
export function forgetCodes(d1: Pick<D1Database, "prepare">, playerId: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM recovery_codes WHERE player_id = ?").bind(playerId);
}
