/**
 * Recovery codes (docs/players.md#recovery-codes): a one-time code, given at claim time and after every reset, that
 * resets a member's password (there is no email). Kept only as a PBKDF2 hash, like passwords (./password.ts).
 */
import { normalRecoveryCode, RECOVERY_CODE } from "../../protocol";
import type { Db, PlayerRow } from "../db";
import { issueCode, recoveryRow, resetWithCode } from "../db/recovery";
import { HttpRefusal } from "../problem";
import { hashPassword, verifyPassword } from "./password";
import { openSession } from "./sessions";
import { forgetPlayerSessions } from "./session-cache";

/** A fresh code as the player writes it down: `xxxx-xxxx-xxxx-xxxx` (80 random bits). */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_CODE.length));
  const letters = [...bytes].map((byte) => RECOVERY_CODE.alphabet[byte % RECOVERY_CODE.alphabet.length]).join("");
  return letters.match(new RegExp(`.{${RECOVERY_CODE.group}}`, "g"))!.join("-");
}

/** A new code for `playerId` and the statement that stores its hash (in the caller's batch, or run alone). */
export async function freshCode(d1: D1Database, playerId: string, now: number, whenPassword?: string): Promise<{ code: string; statement: D1PreparedStatement }> {
  const code = newRecoveryCode();
  return { code, statement: issueCode(d1, playerId, await hashPassword(normalRecoveryCode(code)), now, whenPassword) };
}

export interface Recovered {
  player: PlayerRow;
  token: string;
  recoveryCode: string;
}

/**
 * Checks `code` against the member's working code and, if it fails, against the one last used, so that an old
 * code says RECOVERY_CODE_USED; an unknown name, a guest's and a member without a code get BAD_RECOVERY_CODE after
 * the same two hashings. `beforeChange` runs between the check and the change (the ban check): what it throws
 * leaves everything as it was. On success the password is set, the code burned, every session of the player ended
 * (`db.deleteSessions`, the one place sessions of a player end), and a fresh session and code are answered.
 */
export async function recover(
  db: Db,
  d1: D1Database,
  input: { nameKey: string; code: string; newPassword: string },
  beforeChange: (player: PlayerRow) => Promise<void>,
): Promise<Recovered> {
  const player = await db.playerByName(input.nameKey);
  const row = player?.kind === "member" ? await recoveryRow(d1, player.id) : null;
  const code = normalRecoveryCode(input.code);
  const works = await verifyPassword(code, row?.codeHash ?? null);
  if (!works || !player || !row) {
    const used = await verifyPassword(code, row?.usedHash ?? null);
    if (used) throw new HttpRefusal("RECOVERY_CODE_USED", "this recovery code was used already; each code resets the password once");
    throw new HttpRefusal("BAD_RECOVERY_CODE", "no player with this name and recovery code");
  }
  await beforeChange(player);
  const now = Date.now();
  const next = newRecoveryCode();
  const [nextHash, passwordHash] = await Promise.all([hashPassword(normalRecoveryCode(next)), hashPassword(input.newPassword)]);
  if (!(await resetWithCode(d1, { playerId: player.id, usedHash: row.codeHash, nextHash, passwordHash, now }))) {
    throw new HttpRefusal("RECOVERY_CODE_USED", "this recovery code was used already; each code resets the password once");
  }
  await db.deleteSessions(player.id);
  // This isolate forgets them at once; the others within the session cache's TTL (docs/players.md).
  forgetPlayerSessions(player.id);
  const token = await openSession(db, player.id, now);
  return { player: (await db.player(player.id)) ?? player, token, recoveryCode: next };
}

/** Whether the player has a working code, and since when (never the code). */
export async function codeState(d1: D1Database, playerId: string): Promise<{ set: boolean; issuedAt: number | null }> {
  const row = await recoveryRow(d1, playerId);
  return { set: row !== null, issuedAt: row?.issuedAt ?? null };
}
