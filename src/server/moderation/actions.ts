/**
 * Moderation actions (docs/moderation.md): who may take each, what each stores, and how each is undone. Every
 * action is one D1 batch — its moderation_log row and its effects (sanctions, sessions, the name, roles, a
 * reversal's rows) — and only after the batch is it carried to the live objects (./live.ts).
 */
import type {
  ActionResult,
  LogEntry,
  PlayerActionBody,
  PlayerActionKind,
  ReasonBody,
  RoleBody,
  StaffRole,
} from "../../protocol";
import type { Staff } from "../admin/auth";
import { Ledger, type PlayerRow } from "../db";
import { ModerationDb, ReversalDetailSchema, reversalGuard, type Adjustment, type Movement, type NewLogRow } from "../db/moderation";
import { rolesOf } from "../db/roles";
import type { Env } from "../env";
import { nameKey } from "../identity/names";
import { forgetPlayerSessions } from "../identity/session-cache";
import { newTableId } from "../ids";
import { HttpRefusal } from "../problem";
import { applyLive, type LiveAction } from "./live";

/**
 * The least role each action needs. Moderators handle the daily work (warnings, mutes, suspensions, names, tables,
 * reversals); what cannot be taken back by waiting — a ban, and who is staff — is the admins'.
 */
export const ACTION_ROLE: Record<PlayerActionKind | "close-table" | "reverse-match" | "restore-match" | "roles", StaffRole> = {
  warn: "moderator",
  mute: "moderator",
  unmute: "moderator",
  suspend: "moderator",
  unsuspend: "moderator",
  rename: "moderator",
  "close-table": "moderator",
  "reverse-match": "moderator",
  "restore-match": "moderator",
  ban: "admin",
  unban: "admin",
  roles: "admin",
};

const UNIQUE = /UNIQUE constraint failed/i;
const CHECK_FAILED = /CHECK constraint failed/i;
/** Generated names for forced renames: "player-" and eight letters and digits, like a guest's. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function generatedName(): string {
  let name = "player-";
  for (const byte of crypto.getRandomValues(new Uint8Array(8))) name += ALPHABET[byte % ALPHABET.length];
  return name;
}

function mayTake(staff: Staff, role: StaffRole): void {
  if (role === "admin" && !staff.roles.includes("admin")) throw new HttpRefusal("FORBIDDEN", "this action needs the admin role");
}

async function target(staff: Staff, playerId: string): Promise<PlayerRow> {
  const player = await staff.db.player(playerId);
  if (!player || player.kind === "deleted") throw new HttpRefusal("PLAYER_NOT_FOUND", "no player with this id");
  return player;
}

/** Staff do not sanction themselves; moderators do not sanction staff (an admin may). */
async function mayActOn(env: Env, staff: Staff, player: PlayerRow): Promise<void> {
  if (player.id === staff.player.id) throw new HttpRefusal("FORBIDDEN", "staff do not act on themselves");
  if (!staff.roles.includes("admin") && (await rolesOf(env.DB, player.id)).length > 0) {
    throw new HttpRefusal("FORBIDDEN", "only an admin acts on a staff member");
  }
}

function logRow(staff: Staff | null, fields: Partial<NewLogRow> & Pick<NewLogRow, "action" | "reason" | "at">): NewLogRow {
  return {
    id: newTableId(),
    actorId: staff?.player.id ?? null,
    playerId: null,
    tableId: null,
    note: "",
    until: null,
    undoes: null,
    detail: null,
    ...fields,
  };
}

/** Runs the batch; the first statement must be the log row. False when its guard kept it (and so everything) out. */
async function commit(mod: ModerationDb, statements: D1PreparedStatement[]): Promise<boolean> {
  const [logged] = await mod.batch(statements);
  return (logged?.meta.changes ?? 0) === 1;
}

async function written(mod: ModerationDb, id: string): Promise<LogEntry> {
  const entry = await mod.entry(id);
  if (!entry) throw new Error(`moderation log row ${id} missing after its batch`);
  return entry;
}

/** warn, mute, unmute, suspend, unsuspend, ban, unban, rename. */
export async function actOnPlayer(env: Env, staff: Staff, playerId: string, body: PlayerActionBody, now: number = Date.now()): Promise<ActionResult> {
  mayTake(staff, ACTION_ROLE[body.action]);
  const player = await target(staff, playerId);
  await mayActOn(env, staff, player);
  const mod = new ModerationDb(env.DB);
  const standing = await mod.standing(player.id, now);
  const base = { action: body.action, reason: body.reason, note: body.note, playerId: player.id, at: now };
  const until = body.durationSeconds === undefined ? null : now + body.durationSeconds * 1000;
  /** The standing action an undo undoes, or ACTION_NOT_FOUND when nothing of the kind stands. */
  const undone = async (kind: "mute" | "suspend" | "ban", stands: boolean) => {
    const entry = stands ? await mod.latest({ playerId: player.id }, [kind]) : null;
    if (!entry) throw new HttpRefusal("ACTION_NOT_FOUND", `this player is not ${kind === "ban" ? "banned" : `${kind}d`}: nothing to undo`);
    return entry.id;
  };

  let row: NewLogRow;
  let effects: (id: string) => D1PreparedStatement[];
  let live: LiveAction | null;
  switch (body.action) {
    case "warn":
      row = logRow(staff, base);
      effects = () => [];
      live = null;
      break;
    case "mute":
    case "suspend": {
      const column = body.action === "mute" ? "muted_until" : "suspended_until";
      row = logRow(staff, { ...base, until });
      effects = (id) => [mod.setSanction(id, player.id, column, until)];
      live = { kind: body.action, playerId: player.id, until: until! };
      break;
    }
    case "unmute":
    case "unsuspend": {
      const kind = body.action === "unmute" ? "mute" : "suspend";
      const column = kind === "mute" ? "muted_until" : "suspended_until";
      row = logRow(staff, { ...base, undoes: await undone(kind, (kind === "mute" ? standing.muted : standing.suspended) !== null) });
      effects = (id) => [mod.setSanction(id, player.id, column, null)];
      live = { kind: body.action, playerId: player.id };
      break;
    }
    case "ban":
      row = logRow(staff, base);
      effects = (id) => [mod.setSanction(id, player.id, "banned", 1), mod.deleteSessions(id, player.id)];
      live = { kind: "ban", playerId: player.id };
      break;
    case "unban":
      row = logRow(staff, { ...base, undoes: await undone("ban", standing.banned !== null) });
      effects = (id) => [mod.setSanction(id, player.id, "banned", 0)];
      live = { kind: "unban", playerId: player.id };
      break;
    case "rename":
      return rename(env, staff, mod, player, body, now);
  }
  await commit(mod, [mod.insertLog(row), ...effects(row.id)]);
  // A ban ended every session: this isolate stops answering them from its cache at once (others within the TTL).
  if (body.action === "ban") forgetPlayerSessions(player.id);
  if (live) await applyLive(env, live);
  return { entry: await written(mod, row.id), standing: await mod.standing(player.id, Date.now()) };
}

/** A forced rename: to the given name, or to a generated one (a clash with a taken name draws again). */
async function rename(env: Env, staff: Staff, mod: ModerationDb, player: PlayerRow, body: PlayerActionBody, now: number): Promise<ActionResult> {
  const from = player.name ?? "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const name = body.name ?? generatedName();
    if (name === from) throw new HttpRefusal("BAD_REQUEST", `the player is called ${from} already`);
    const row = logRow(staff, { action: "rename", reason: body.reason, note: body.note, playerId: player.id, at: now, detail: { from, to: name } });
    try {
      await commit(mod, [mod.insertLog(row), mod.rename(row.id, player.id, name, nameKey(name))]);
    } catch (error) {
      if (!UNIQUE.test(String(error))) throw error;
      if (body.name !== undefined) throw new HttpRefusal("NAME_TAKEN", `another player is called ${name}`);
      continue;
    }
    forgetPlayerSessions(player.id);
    await applyLive(env, { kind: "rename", playerId: player.id, name });
    return { entry: await written(mod, row.id), standing: await mod.standing(player.id, Date.now()) };
  }
  throw new HttpRefusal("INTERNAL", "could not draw a free name");
}

/** Ends a running table (the live part, with its stakes refunded, is live.ts's). */
export async function closeTable(env: Env, staff: Staff, tableId: string, body: ReasonBody, now: number = Date.now()): Promise<ActionResult> {
  mayTake(staff, ACTION_ROLE["close-table"]);
  const view = await env.MATCH.getByName(tableId).view();
  if (!view.ok) throw new HttpRefusal("TABLE_NOT_FOUND", "no table with this id");
  const mod = new ModerationDb(env.DB);
  const row = logRow(staff, { action: "close-table", reason: body.reason, note: body.note, tableId, at: now });
  await commit(mod, [mod.insertLog(row)]);
  await applyLive(env, { kind: "close-table", tableId });
  return { entry: await written(mod, row.id), standing: null };
}

/**
 * The coin movements that take a settled match's transfers back: each account's net gain from the match's own
 * transfers (the escrow nets to zero once settled), paid from those who gained to those who lost.
 */
export function compensations(transfers: readonly Movement[], idOf: (n: number) => string): Movement[] {
  const net = new Map<string, number>();
  for (const t of transfers) {
    net.set(t.from, (net.get(t.from) ?? 0) - t.amount);
    net.set(t.to, (net.get(t.to) ?? 0) + t.amount);
  }
  const gainers = [...net].filter(([, n]) => n > 0).sort(([a], [b]) => a.localeCompare(b));
  const losers = [...net].filter(([, n]) => n < 0).map(([account, n]) => [account, -n] as [string, number]).sort(([a], [b]) => a.localeCompare(b));
  const moves: Movement[] = [];
  for (const gainer of gainers) {
    for (const loser of losers) {
      const amount = Math.min(gainer[1], loser[1]);
      if (amount <= 0) continue;
      moves.push({ id: idOf(moves.length), from: gainer[0], to: loser[0], amount });
      gainer[1] -= amount;
      loser[1] -= amount;
    }
  }
  return moves;
}

async function writeReversal(env: Env, mod: ModerationDb, row: NewLogRow, tableId: string, detail: { transfers: Movement[]; adjustments: Adjustment[] }, purpose: "reversal" | "restore"): Promise<boolean> {
  const statements = [
    mod.insertLog({ ...row, detail }, reversalGuard(tableId, purpose === "restore")),
    ...detail.transfers.map((m) => mod.transfer(row.id, m, purpose, tableId, row.at)),
    ...detail.adjustments.flatMap((a) => mod.adjust(row.id, a, tableId, row.at)),
  ];
  try {
    return await commit(mod, statements);
  } catch (error) {
    if (CHECK_FAILED.test(String(error))) {
      throw new HttpRefusal("INSUFFICIENT_COINS", "a player who gained coins from this match no longer has them all; nothing was changed");
    }
    throw error;
  }
}

/** Takes a recorded match's rating and coin effects back, as new rows (rating adjustments, `reversal` transfers). */
export async function reverseMatch(env: Env, staff: Staff, tableId: string, body: ReasonBody, now: number = Date.now()): Promise<ActionResult> {
  mayTake(staff, ACTION_ROLE["reverse-match"]);
  if (!(await staff.db.matchExists(tableId))) throw new HttpRefusal("MATCH_NOT_FOUND", "no recorded match for this table");
  const mod = new ModerationDb(env.DB);
  if ((await mod.reversedAmong([tableId])).has(tableId)) throw new HttpRefusal("MATCH_REVERSED", "this match stands reversed already");
  const transfers = await mod.matchTransfers(tableId);
  if (transfers.length > 0 && !(await new Ledger(env.DB).escrowClosed(tableId))) {
    throw new HttpRefusal("MATCH_NOT_OVER", "the match's stakes are not settled yet; try again in a moment");
  }
  const row = logRow(staff, { action: "reverse-match", reason: body.reason, note: body.note, tableId, at: now });
  const adjustments: Adjustment[] = (await mod.recordedSeats(tableId)).flatMap((seat) =>
    seat.ratingBefore === null || seat.ratingAfter === null
      ? []
      : [{ playerId: seat.playerId, pool: seat.pool, ratingDelta: seat.ratingBefore - seat.ratingAfter, gamesDelta: -1 }],
  );
  const detail = { transfers: compensations(transfers, (n) => `reversal:${row.id}:${n}`), adjustments };
  if (!(await writeReversal(env, mod, row, tableId, detail, "reversal"))) throw new HttpRefusal("MATCH_REVERSED", "this match stands reversed already");
  return { entry: await written(mod, row.id), standing: null };
}

/** Undoes the standing reversal of a match: its movements and adjustments again, inverted, as new rows. */
export async function restoreMatch(env: Env, staff: Staff, tableId: string, body: ReasonBody, now: number = Date.now()): Promise<ActionResult> {
  mayTake(staff, ACTION_ROLE["restore-match"]);
  const mod = new ModerationDb(env.DB);
  const reversal = (await mod.reversedAmong([tableId])).has(tableId) ? await mod.latest({ tableId }, ["reverse-match"]) : null;
  if (!reversal) throw new HttpRefusal("ACTION_NOT_FOUND", "this match is not reversed: nothing to restore");
  const reversed = ReversalDetailSchema.parse(reversal.detail);
  const row = logRow(staff, { action: "restore-match", reason: body.reason, note: body.note, tableId, at: now, undoes: reversal.id });
  const detail = {
    transfers: reversed.transfers.map((m, n) => ({ id: `restore:${row.id}:${n}`, from: m.to, to: m.from, amount: m.amount })),
    adjustments: reversed.adjustments.map((a) => ({ ...a, ratingDelta: -a.ratingDelta, gamesDelta: -a.gamesDelta })),
  };
  if (!(await writeReversal(env, mod, row, tableId, detail, "restore"))) throw new HttpRefusal("ACTION_NOT_FOUND", "this match is not reversed: nothing to restore");
  return { entry: await written(mod, row.id), standing: null };
}

/** Grants or revokes a staff role (admins only). An admin does not revoke their own admin role (a site needs one). */
export async function setRole(env: Env, staff: Staff, playerId: string, body: RoleBody, now: number = Date.now()): Promise<ActionResult> {
  mayTake(staff, ACTION_ROLE.roles);
  const player = await target(staff, playerId);
  if (body.op === "revoke" && body.role === "admin" && player.id === staff.player.id) throw new HttpRefusal("FORBIDDEN", "an admin does not revoke their own admin role");
  const mod = new ModerationDb(env.DB);
  const held = (await rolesOf(env.DB, player.id)).includes(body.role);
  const base = { reason: body.reason, note: body.note, playerId: player.id, at: now, detail: { role: body.role } };
  let statements: (row: NewLogRow) => D1PreparedStatement[];
  let row: NewLogRow;
  if (body.op === "grant") {
    row = logRow(staff, { ...base, action: "grant-role" });
    statements = (r) => [mod.grantRole(r.id, player.id, body.role, staff.player.id, now)];
  } else {
    if (!held) throw new HttpRefusal("ACTION_NOT_FOUND", `this player does not hold the ${body.role} role`);
    const granted = (await mod.page({ playerId: player.id, action: "grant-role" }, null, 100)).find((e) => e.detail?.role === body.role);
    row = logRow(staff, { ...base, action: "revoke-role", undoes: granted?.id ?? null });
    statements = (r) => [mod.revokeRole(r.id, player.id, body.role)];
  }
  await commit(mod, [mod.insertLog(row), ...statements(row)]);
  return { entry: await written(mod, row.id), standing: await mod.standing(player.id, Date.now()) };
}
