/**
 * Table chat: the two seats talk, spectators read (one channel, so a player always knows who can read them, and
 * nobody without a seat can post into a match). Lines live in their own SQLite table, apart from the game's
 * event log, so replays, exports and `seq` never see them. The flood rule is lichess's: a line is dropped when
 * the sender's fifth line before it is under 10 s old, or when it repeats one of the sender's last two lines.
 * A line from a player the other seat's player blocked is stored and shown to everyone else, but never sent to
 * the other seat's sockets (live or in the history): whether they block the sender is read from D1 with each
 * line, beside the other checks (docs/friends-and-challenges.md, Blocks).
 */
import type { Side } from "../../engine";
import { CHAT_LIMITS, ChatLineSchema, type ChatLine } from "../../protocol";
import { chatScreen } from "../moderation/chat-screen";
import type { RoomCore } from "./core";
import { chatRefusal } from "./moderation";
import { sideTable } from "./side-table";
import { SocialDb } from "../social/db";

const SCHEMA = `CREATE TABLE IF NOT EXISTS chat (
  n INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  seat TEXT NOT NULL,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  command_id TEXT,
  hidden_from TEXT
)`;

export type ChatRefusal = { code: "CHAT_TOO_LONG" | "CHAT_FLOOD"; message: string };

/** What the flood rule says about `text` from a sender whose recent lines (newest first) are `recent`. */
export function floodRefusal(recent: readonly { at: number; text: string }[], text: string, now: number): ChatRefusal | null {
  const fifth = recent[CHAT_LIMITS.floodLines - 1];
  if (fifth && now - fifth.at < CHAT_LIMITS.floodWindowMs) {
    return { code: "CHAT_FLOOD", message: `at most ${CHAT_LIMITS.floodLines} lines in ${CHAT_LIMITS.floodWindowMs / 1000} s; wait a moment` };
  }
  if (recent.slice(0, CHAT_LIMITS.repeatWindow).some((line) => line.text === text)) {
    return { code: "CHAT_FLOOD", message: "the same line again: say something new" };
  }
  return null;
}

export class ChatStore {
  readonly #table: () => SqlStorage;

  constructor(sql: SqlStorage) {
    const table = sideTable(sql, SCHEMA);
    let checked = false;
    this.#table = () => {
      const ready = table();
      // A chat table from before blocks: its lines are hidden from nobody.
      if (!checked) {
        const columns = ready.exec<{ name: string }>("SELECT name FROM pragma_table_info('chat')").toArray();
        if (!columns.some((c) => c.name === "hidden_from")) ready.exec("ALTER TABLE chat ADD COLUMN hidden_from TEXT");
        checked = true;
      }
      return ready;
    };
  }

  /** The last `limit` lines, oldest first; `reader`: the seat reading them, which does not see the lines hidden from it. */
  lines(limit: number = CHAT_LIMITS.history, reader?: Side): ChatLine[] {
    const rows = this.#table().exec("SELECT n, at, seat, name, text, hidden_from FROM chat ORDER BY n DESC LIMIT ?", limit).toArray();
    return rows.filter((row) => reader === undefined || row.hidden_from !== reader).map((row) => ChatLineSchema.parse(row)).reverse();
  }

  /** The sender's latest lines, newest first (as many as the flood rule looks at). */
  recent(seat: Side): { at: number; text: string }[] {
    const depth = Math.max(CHAT_LIMITS.floodLines, CHAT_LIMITS.repeatWindow);
    return this.#table()
      .exec<{ at: number; text: string }>("SELECT at, text FROM chat WHERE seat = ? ORDER BY n DESC LIMIT ?", seat, depth)
      .toArray();
  }

  /** The line this seat already sent under this command id (a retry), or null. */
  byCommand(seat: Side, id: string): ChatLine | null {
    const row = this.#table().exec("SELECT n, at, seat, name, text FROM chat WHERE seat = ? AND command_id = ?", seat, id).toArray()[0];
    return row ? ChatLineSchema.parse(row) : null;
  }

  /** Stores a line (hidden from the seat `hiddenFrom`, if any) and drops the ones older than the kept history. */
  add(line: Omit<ChatLine, "n">, id: string, hiddenFrom: Side | null = null): ChatLine {
    const sql = this.#table();
    const n = (sql.exec<{ n: number | null }>("SELECT MAX(n) AS n FROM chat").one().n ?? 0) + 1;
    sql.exec(
      "INSERT INTO chat (n, at, seat, name, text, command_id, hidden_from) VALUES (?, ?, ?, ?, ?, ?, ?)",
      n,
      line.at,
      line.seat,
      line.name,
      line.text,
      id,
      hiddenFrom,
    );
    sql.exec("DELETE FROM chat WHERE n <= ?", n - CHAT_LIMITS.history);
    return { n, ...line };
  }
}

/**
 * Handles a seat's `chat`: retry, the player's standing (MUTED, SUSPENDED: ./moderation.ts), length, the site switch
 * and word filter (../moderation/chat-screen.ts), flood rule, store, then the line to every socket (the sender's ack
 * first). What D1 says is read first, so the checks and the store run with no await between.
 */
export async function onChat(core: RoomCore, ws: WebSocket, seat: Side, message: { id: string; text: string }): Promise<void> {
  if (!core.store.load()) {
    core.sendError(ws, message.id, "TABLE_NOT_FOUND", "this table no longer exists");
    return;
  }
  const retried = (): boolean => {
    if (!core.chat.byCommand(seat, message.id)) return false;
    core.sockets.send(ws, { type: "ack", id: message.id, seq: core.store.load()?.seq ?? 0, duplicate: true });
    return true;
  };
  if (retried()) return;
  if (core.store.load()?.info.seats[seat]?.botAccount) {
    core.sendError(ws, message.id, "BOT_ACCOUNT", "a bot account may not chat");
    return;
  }
  const other: Side = seat === "white" ? "black" : "white";
  const playerId = core.store.load()?.info.seats[seat]?.playerId ?? null;
  const otherId = core.store.load()?.info.seats[other]?.playerId ?? null;
  const [sanction, screen, blocked] = await Promise.all([chatRefusal(core, playerId, Date.now()), chatScreen(core.d1, playerId), blockedBy(core, otherId, playerId)]);
  // Checked again after the await (a first line may wait for D1): a ban may have deleted the table, a retry stored the line.
  const room = core.store.load();
  if (!room) {
    core.sendError(ws, message.id, "TABLE_NOT_FOUND", "this table no longer exists");
    return;
  }
  if (retried()) return;
  if (sanction) {
    core.sendError(ws, message.id, sanction.code, sanction.message);
    return;
  }
  const ack = () => core.sockets.send(ws, { type: "ack", id: message.id, seq: room.seq, duplicate: false });
  const text = message.text.trim();
  if (text.length === 0 || [...text].length > CHAT_LIMITS.maxChars) {
    core.sendError(ws, message.id, "CHAT_TOO_LONG", `a chat line has 1 to ${CHAT_LIMITS.maxChars} characters`);
    return;
  }
  const screened = screen(text);
  if (screened) {
    core.sendError(ws, message.id, screened.code, screened.message);
    return;
  }
  const now = Date.now();
  const refusal = floodRefusal(core.chat.recent(seat), text, now);
  if (refusal) {
    core.sendError(ws, message.id, refusal.code, refusal.message);
    return;
  }
  const line = core.chat.add({ at: now, seat, name: room.info.seats[seat]?.name ?? seat, text }, message.id, blocked ? other : null);
  ack();
  for (const socket of core.sockets.open()) {
    if (blocked && core.sockets.roleOf(socket) === other) continue;
    core.sockets.send(socket, { type: "chat", lines: [line] });
  }
}

/** Whether `blocker` blocked `sender` (both seats bound to players). D1 unreachable: not blocked, as chat goes on without D1. */
async function blockedBy(core: RoomCore, blocker: string | null, sender: string | null): Promise<boolean> {
  if (!blocker || !sender) return false;
  try {
    return await new SocialDb(core.d1).blocks(blocker, sender);
  } catch (error) {
    core.log.error("reading a block between the seats failed", error);
    return false;
  }
}

/** After a welcome: the stored lines, so a reconnecting or late reader sees the conversation. */
export function sendChatHistory(core: RoomCore, ws: WebSocket): void {
  const role = core.sockets.roleOf(ws);
  const lines = core.chat.lines(CHAT_LIMITS.history, role === "spectator" ? undefined : role);
  if (lines.length > 0) core.sockets.send(ws, { type: "chat", lines });
}
