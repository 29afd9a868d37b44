/**
 * Moderation inside a match object (docs/moderation-live.md): what a stored moderation action does to this table
 * at once. The object keeps the standing sanctions of its seats' players in its own side table (`standing`), so
 * chat and reconnects are judged without asking D1 each time:
 * - a row is written when an action reaches the object (`moderate`), or the first time a seat's player chats
 *   (read once from D1: a player muted or suspended before they sat down is refused as well);
 * - a pushed row always wins over a read one (the read only fills a row that is still missing).
 * Close-table ends a running match through the one path of every command (./step.ts, with the engine's `close`, the
 * outbox row in the same transaction: no winner, unrated, stakes refunded), and deletes a waiting table as its
 * expiry would. A ban closes the player's tables that way and closes their sockets with BANNED_CLOSE.
 */
import type { Side } from "../../engine";
import type { ErrorCode } from "../../protocol";
import { settleStakes } from "../coins/stakes";
import { oneAtATime } from "../one-at-a-time";
import { NO_STANDING, standingOf, tableFinished, type Standing } from "../db/seats";
import type { LiveAction } from "../moderation/live";
import type { RoomCore } from "./core";
import { CLOSE } from "../frames";
import { TABLE_GONE_CLOSE } from "./deadlines";
import { flagFell } from "./flag";
import { serverCommand, step } from "./step";
import { sideTable } from "./side-table";
import { SIDES, type Room } from "./table";

/** Close code for the sockets of a banned player's seats (their seat token is refused from then on: BANNED). */
export const BANNED_CLOSE = CLOSE.banned;

/** What a match object is asked to do: the action, without the table id that found it. */
export type Moderation = Exclude<LiveAction, { kind: "close-table" }> | { kind: "close-table" };

/** What the action did here, for the caller's log. */
export type ModerationResult = "no-table" | "not-seated" | "applied" | "closed" | "deleted";

const SCHEMA = `CREATE TABLE IF NOT EXISTS standing (
  player_id TEXT PRIMARY KEY,
  muted_until INTEGER,
  suspended_until INTEGER,
  banned INTEGER NOT NULL DEFAULT 0
)`;

interface StandingRow extends Record<string, SqlStorageValue> {
  muted_until: number | null;
  suspended_until: number | null;
  banned: number;
}

/**
 * Made by its first write: a table nobody moderated and nobody chatted at never gets one (every seat's connect
 * reads it, and reading must not write a schema into each table's storage).
 */
class StandingStore {
  readonly #table: () => SqlStorage;
  #exists = false;

  constructor(private readonly sql: SqlStorage) {
    this.#table = sideTable(sql, SCHEMA);
  }

  #readable(): SqlStorage | null {
    this.#exists ||= this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'standing'").toArray().length > 0;
    return this.#exists ? this.sql : null;
  }

  /** The standing this object knows for the player, or null when it knows none yet. */
  get(playerId: string): Standing | null {
    const row = this.#readable()?.exec<StandingRow>("SELECT muted_until, suspended_until, banned FROM standing WHERE player_id = ?", playerId).toArray()[0];
    return row ? { mutedUntil: row.muted_until, suspendedUntil: row.suspended_until, banned: row.banned === 1 } : null;
  }

  /** A pushed change: replaces what was known (fields not named keep their value). */
  set(playerId: string, change: Partial<Standing>): void {
    const next = { ...(this.get(playerId) ?? NO_STANDING), ...change };
    this.#table().exec(
      "INSERT OR REPLACE INTO standing (player_id, muted_until, suspended_until, banned) VALUES (?, ?, ?, ?)",
      playerId,
      next.mutedUntil,
      next.suspendedUntil,
      next.banned ? 1 : 0,
    );
  }

  /** A standing read from D1: kept only if no pushed one arrived meanwhile. */
  fill(playerId: string, standing: Standing): void {
    this.#table().exec(
      "INSERT OR IGNORE INTO standing (player_id, muted_until, suspended_until, banned) VALUES (?, ?, ?, ?)",
      playerId,
      standing.mutedUntil,
      standing.suspendedUntil,
      standing.banned ? 1 : 0,
    );
  }
}

const stores = new WeakMap<RoomCore, StandingStore>();
function standing(core: RoomCore): StandingStore {
  let s = stores.get(core);
  if (!s) stores.set(core, (s = new StandingStore(core.ctx.storage.sql)));
  return s;
}

/** The seats of this table bound to the player. */
function seatsOf(room: Room, playerId: string): Side[] {
  return SIDES.filter((side) => room.info.seats[side]?.playerId === playerId);
}

/** Applies one moderation action to this table. Never throws for a table that is gone (answers `no-table`). */
export async function moderate(core: RoomCore, action: Moderation): Promise<ModerationResult> {
  const room = core.store.load();
  if (!room) return "no-table";
  if (action.kind === "close-table") return closeTable(core);
  const seats = seatsOf(room, action.playerId);
  if (seats.length === 0) return "not-seated";
  const store = standing(core);
  switch (action.kind) {
    case "mute":
      store.set(action.playerId, { mutedUntil: action.until });
      return "applied";
    case "unmute":
      store.set(action.playerId, { mutedUntil: null });
      return "applied";
    case "suspend":
      store.set(action.playerId, { suspendedUntil: action.until });
      return "applied";
    case "unsuspend":
      store.set(action.playerId, { suspendedUntil: null });
      return "applied";
    case "unban":
      store.set(action.playerId, { banned: false });
      return "applied";
    case "ban": {
      store.set(action.playerId, { banned: true });
      const closeSeats = () => {
        for (const side of seats) for (const ws of core.sockets.open(side)) ws.close(BANNED_CLOSE, "banned");
      };
      // A running match's ending is broadcast first (the banned player sees it too), then their sockets close;
      // at a waiting table they close first, before the table's deletion closes the rest with TABLE_GONE_CLOSE.
      if (room.info.status === "waiting") closeSeats();
      const closed = await closeTable(core);
      closeSeats();
      return closed === "no-table" ? "applied" : closed;
    }
    case "rename":
      return rename(core, seats, action.name);
  }
}

/**
 * Close-table: a running match ends now (`closed`, no winner), a waiting table is deleted (its lobby entry, any
 * escrow, its sockets with TABLE_GONE_CLOSE), a finished one is left as it is.
 */
async function closeTable(core: RoomCore): Promise<ModerationResult> {
  const now = Date.now();
  // A flag that fell before the action is the match's real ending: judged first, as before any command.
  flagFell(core, now);
  const room = core.store.load();
  if (!room) return "no-table";
  if (room.info.status === "waiting") return deleteWaiting(core);
  let result: ModerationResult = "applied";
  if (room.info.status === "playing" && room.match) {
    const stepped = step(core, { origin: { kind: "server" }, entropy: "", at: now }, serverCommand({ type: "close" }));
    if (stepped.ok) {
      core.log.info("closed by a moderator");
      result = "closed";
    } else {
      core.log.error("the engine refused a close", stepped.error);
    }
  }
  // The ending's (the close's, or a fallen flag's) `deliver` deadline is due at once: the alarm the entry point
  // sets records the match and settles the stakes.
  return result;
}

/**
 * A waiting table closes as its expiry would: it leaves the lobby, a stake table's escrow is closed (nothing was
 * held before the join, but a join cut short may have left a hold: refunded), its sockets close, its storage goes.
 * Waits for a join under way (joins run one at a time); if that join started the match, the match is closed instead.
 */
function deleteWaiting(core: RoomCore): Promise<ModerationResult> {
  return oneAtATime(core, async (): Promise<ModerationResult> => {
    const room = core.store.load();
    if (!room) return "no-table";
    if (room.info.status !== "waiting") return room.info.status === "playing" ? closeTable(core) : "applied";
    const id = room.info.id;
    // D1 first: while it fails the table stays (and answers the action as not done, for the caller to log).
    await settleStakes(core.d1, room, Date.now());
    await tableFinished(core.d1, id).run();
    await core.tellLobby((lobby) => lobby.remove(id));
    for (const ws of core.sockets.open()) ws.close(TABLE_GONE_CLOSE, "table closed by a moderator");
    await core.store.destroy();
    core.forgetAlarm();
    core.log.info("waiting table closed by a moderator");
    return "deleted";
  });
}

/** A forced rename: every seat of the player shows the new name from a `player-renamed` event on (waiting or playing). */
function rename(core: RoomCore, seats: Side[], name: string): ModerationResult {
  const room = core.store.load();
  if (!room || room.info.status === "over") return "applied";
  const renamed = seats.filter((side) => room.info.seats[side]!.name !== name);
  if (renamed.length === 0) return "applied";
  const info = { ...room.info, seats: { ...room.info.seats } };
  for (const side of renamed) info.seats[side] = { ...info.seats[side]!, name };
  const logged = core.commit({ room: { ...room, info }, events: renamed.map((seat) => ({ type: "player-renamed" as const, seat, name })), at: Date.now() });
  core.broadcast(logged);
  if (room.info.status === "waiting" && room.info.inviteHash == null && renamed.includes("white")) {
    core.tellLobby((lobby) => lobby.rename(room.info.id, name));
  }
  return "applied";
}

/**
 * Whether the seat's player may chat now: null, or the refusal (MUTED / SUSPENDED, with the end time). The first
 * time it is asked about a player this object has no standing for, it reads D1 once.
 */
export async function chatRefusal(core: RoomCore, playerId: string | null | undefined, now: number): Promise<{ code: ErrorCode; message: string } | null> {
  if (!playerId) return null;
  const store = standing(core);
  let known = store.get(playerId);
  if (!known) {
    try {
      store.fill(playerId, await standingOf(core.d1, playerId));
    } catch (error) {
      // D1 unreachable: the line is judged by what pushes said (none yet), and D1 is asked again next time.
      core.log.error("reading the standing of a seat's player failed", error);
      return null;
    }
    known = store.get(playerId) ?? NO_STANDING;
  }
  if (known.banned) return { code: "BANNED", message: "this player is banned" };
  if (known.suspendedUntil !== null && known.suspendedUntil > now) {
    return { code: "SUSPENDED", message: `suspended until ${new Date(known.suspendedUntil).toISOString()}: no chat until then` };
  }
  if (known.mutedUntil !== null && known.mutedUntil > now) {
    return { code: "MUTED", message: `muted until ${new Date(known.mutedUntil).toISOString()}` };
  }
  return null;
}

/**
 * A seat whose player is banned: its token opens no socket (BANNED). Only a seat this object knows as banned
 * asks D1 again (one read, on a refused reconnect): an unban reaches a finished table whose seats D1 no longer
 * lists, since its record was delivered. D1 unreachable: the refusal stands.
 */
export async function bannedSeat(core: RoomCore, room: Room, seat: Side): Promise<boolean> {
  const playerId = room.info.seats[seat]?.playerId;
  if (!playerId || standing(core).get(playerId)?.banned !== true) return false;
  try {
    const now = await standingOf(core.d1, playerId);
    if (!now.banned) standing(core).set(playerId, { banned: false });
    return now.banned;
  } catch (error) {
    core.log.error("reading the standing of a banned seat's player failed", error);
    return true;
  }
}

/**
 * A rematch makes a new table without the edge's admission checks, so its players' standing is read from D1 here
 * (a rare moment: both accepted): a banned or suspended player gets no new table. D1 unreachable: no refusal (the
 * new table's seats still meet any action through D1's player_tables).
 */
export async function rematchRefusal(core: RoomCore, room: Room, now: number): Promise<{ code: ErrorCode; message: string } | null> {
  const players = SIDES.map((side) => room.info.seats[side]?.playerId).filter((id): id is string => !!id);
  let standings: Standing[];
  try {
    standings = await Promise.all(players.map((id) => standingOf(core.d1, id)));
  } catch (error) {
    core.log.error("reading the standing of a rematch's players failed", error);
    return null;
  }
  if (standings.some((st) => st.banned)) return { code: "BANNED", message: "a player at this table is banned" };
  const suspended = standings.find((st) => st.suspendedUntil !== null && st.suspendedUntil > now);
  if (suspended) return { code: "SUSPENDED", message: `a player at this table is suspended until ${new Date(suspended.suspendedUntil!).toISOString()}` };
  return null;
}
