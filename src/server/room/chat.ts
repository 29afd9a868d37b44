/**
 * Table chat: the two seats talk, spectators read (one channel, so a player always knows who can read them, and
 * nobody without a seat can post into a match). Lines live in their own SQLite table, apart from the game's
 * event log, so replays, exports and `seq` never see them. The flood rule is lichess's: a line is dropped when
 * the sender's fifth line before it is under 10 s old, or when it repeats one of the sender's last two lines.
 */
import type { Side } from "../../engine";
import { CHAT_LIMITS, ChatLineSchema, type ChatLine } from "../../protocol";
import { chatScreen } from "../moderation/chat-screen";
import type { RoomCore } from "./core";
import { chatRefusal } from "./moderation";
import { sideTable } from "./side-table";

const SCHEMA = `CREATE TABLE IF NOT EXISTS chat (
  n INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  seat TEXT NOT NULL,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  command_id TEXT
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
    this.#table = sideTable(sql, SCHEMA);
  }

  /** The last `limit` lines, oldest first. */
  lines(limit: number = CHAT_LIMITS.history): ChatLine[] {
    const rows = this.#table().exec("SELECT n, at, seat, name, text FROM chat ORDER BY n DESC LIMIT ?", limit).toArray();
    return rows.map((row) => ChatLineSchema.parse(row)).reverse();
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

  /** Stores a line and drops the ones older than the kept history. */
  add(line: Omit<ChatLine, "n">, id: string): ChatLine {
    const sql = this.#table();
    const n = (sql.exec<{ n: number | null }>("SELECT MAX(n) AS n FROM chat").one().n ?? 0) + 1;
    sql.exec("INSERT INTO chat (n, at, seat, name, text, command_id) VALUES (?, ?, ?, ?, ?, ?)", n, line.at, line.seat, line.name, line.text, id);
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
  const playerId = core.store.load()?.info.seats[seat]?.playerId ?? null;
  const [sanction, screen] = await Promise.all([chatRefusal(core, playerId, Date.now()), chatScreen(core.d1, playerId)]);
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
  const line = core.chat.add({ at: now, seat, name: room.info.seats[seat]?.name ?? seat, text }, message.id);
  ack();
  for (const socket of core.sockets.open()) core.sockets.send(socket, { type: "chat", lines: [line] });
}

/** After a welcome: the stored lines, so a reconnecting or late reader sees the conversation. */
export function sendChatHistory(core: RoomCore, ws: WebSocket): void {
  const lines = core.chat.lines();
  if (lines.length > 0) core.sockets.send(ws, { type: "chat", lines });
}
