/**
 * Rematch: once the match is over, a seat offers a rematch and the other accepts (the same `rematch` message,
 * `want: true`); then this object creates the new table through the normal create and join path (same settings,
 * seats swapped, private so the lobby never lists it) and hands each seat its new seat token over its own socket.
 * Against the computer the offer is accepted at once and the player keeps White (the create path seats the
 * creator White; who starts is the opening roll's anyway). Offers and the new table's id live in their own SQLite
 * table, apart from the game's event log; the tokens are sent once and never stored.
 */
import type { Side } from "../../engine";
import type { RematchMessage, TimeControlInput } from "../../protocol";
import { newTableId } from "../ids";
import { siteSwitchRefusal } from "../moderation/site-switch";
import type { RoomCore } from "./core";
import { rematchRefusal } from "./moderation";
import { sideTable } from "./side-table";
import type { Room, TableInfo } from "./table";
import type { SeatPlayer } from "./seats";
import type { CreateInput } from "./tables";

const SCHEMA = "CREATE TABLE IF NOT EXISTS rematch (key TEXT PRIMARY KEY, value TEXT NOT NULL)";

type Offers = Record<Side, boolean>;

class RematchStore {
  readonly #table: () => SqlStorage;

  constructor(sql: SqlStorage) {
    this.#table = sideTable(sql, SCHEMA);
  }

  #get(key: string): string | null {
    return this.#table().exec<{ value: string }>("SELECT value FROM rematch WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  offers(): Offers {
    return { white: this.#get("white") !== null, black: this.#get("black") !== null };
  }

  newTable(): string | null {
    return this.#get("table");
  }

  setOffer(seat: Side, want: boolean): void {
    if (want) this.#table().exec("INSERT OR REPLACE INTO rematch (key, value) VALUES (?, '1')", seat);
    else this.#table().exec("DELETE FROM rematch WHERE key = ?", seat);
  }

  setNewTable(id: string | null): void {
    if (id === null) this.#table().exec("DELETE FROM rematch WHERE key = 'table'");
    else this.#table().exec("INSERT OR REPLACE INTO rematch (key, value) VALUES ('table', ?)", id);
  }
}

const stores = new WeakMap<RoomCore, RematchStore>();
function store(core: RoomCore): RematchStore {
  let s = stores.get(core);
  if (!s) stores.set(core, (s = new RematchStore(core.ctx.storage.sql)));
  return s;
}

function state(core: RoomCore, seat: Side | null = null, token: string | null = null): RematchMessage {
  const s = store(core);
  return { type: "rematch", offers: s.offers(), table: s.newTable(), seat, token };
}

/** After a welcome at a finished table: where the rematch stands (nothing is sent before anyone offered). */
export function sendRematchState(core: RoomCore, ws: WebSocket): void {
  const s = store(core);
  const offers = s.offers();
  if (offers.white || offers.black || s.newTable() !== null) core.sockets.send(ws, state(core));
}

function broadcastState(core: RoomCore): void {
  const message = state(core);
  for (const socket of core.sockets.open()) core.sockets.send(socket, message);
}

/** Handles a seat's `rematch`: an offer, an acceptance (which makes the new table), or a withdrawal. */
export async function onRematch(core: RoomCore, ws: WebSocket, seat: Side, message: { id: string; want: boolean }): Promise<void> {
  const room = core.store.load();
  if (!room) return core.sendError(ws, message.id, "TABLE_NOT_FOUND", "this table no longer exists");
  if (room.info.status !== "over") return core.sendError(ws, message.id, "REMATCH_UNAVAILABLE", "a rematch is offered once the match is over");
  if (room.match?.endReason === "closed") return core.sendError(ws, message.id, "REMATCH_UNAVAILABLE", "a table a moderator closed has no rematch");
  const s = store(core);
  if (s.newTable() !== null) return core.sendError(ws, message.id, "REMATCH_UNAVAILABLE", "the rematch has already been made");
  const other: Side = seat === "white" ? "black" : "white";
  const otherSeat = room.info.seats[other];
  const ack = () => core.sockets.send(ws, { type: "ack", id: message.id, seq: room.seq, duplicate: false });
  if (!message.want) {
    s.setOffer(seat, false);
    s.setOffer(other, false);
    ack();
    return broadcastState(core);
  }
  const accepted = otherSeat?.kind === "bot" || s.offers()[other];
  if (!accepted) {
    s.setOffer(seat, true);
    ack();
    return broadcastState(core);
  }
  if (otherSeat?.kind === "human" && !core.sockets.seatConnected(other)) {
    return core.sendError(ws, message.id, "REMATCH_UNAVAILABLE", "your opponent has left the table; the rematch needs both players here");
  }
  // Claimed before the first await: a second acceptance arriving meanwhile finds the rematch already made.
  const id = newTableId();
  s.setNewTable(id);
  // A rematch is a new table (never a stake one): the site switch stops it from level 4; a sanctioned player gets none.
  const stopped = await siteSwitchRefusal(core.env, { what: "create-table", player: null, rated: room.info.rated ?? false, stake: 0 }, Date.now());
  const refused = stopped ?? await rematchRefusal(core, room, Date.now());
  if (refused) {
    s.setNewTable(null);
    return core.sendError(ws, message.id, refused.code, refused.message);
  }
  const made = await createRematch(core, room, id);
  if (!made.ok) {
    s.setNewTable(null);
    core.log.error("rematch failed", made.message);
    return core.sendError(ws, message.id, "INTERNAL", "the rematch table could not be made");
  }
  ack();
  for (const socket of core.sockets.open()) {
    const role = core.sockets.roleOf(socket);
    const grant = role === "spectator" ? undefined : made.tokens[role];
    core.sockets.send(socket, grant ? state(core, grant.seat, grant.token) : state(core));
  }
}

type Made = { ok: true; tokens: Partial<Record<Side, { seat: Side; token: string }>> } | { ok: false; message: string };

/** The new table: the old Black creates it (so sits White), the old White joins it; against a bot the player creates. */
async function createRematch(core: RoomCore, room: Room, id: string): Promise<Made> {
  const info = room.info;
  const bot = info.seats.white?.kind === "bot" ? "white" : info.seats.black?.kind === "bot" ? "black" : null;
  const creator: Side = bot === null ? "black" : bot === "white" ? "black" : "white";
  const joiner: Side = creator === "white" ? "black" : "white";
  const stub = core.env.MATCH.getByName(id);
  const created = await stub.create({ ...settingsOf(info), id, client: "rematch", ...seatInput(info, creator), ...(bot ? botInput(info, bot) : {}) });
  if (!created.ok) return { ok: false, message: created.error.message };
  const tokens: Partial<Record<Side, { seat: Side; token: string }>> = { [creator]: { seat: created.value.seat, token: created.value.token } };
  if (bot === null) {
    const joined = await stub.join({ invite: created.value.invite ?? undefined, ...seatInput(info, joiner) });
    if (!joined.ok) return { ok: false, message: joined.error.message };
    tokens[joiner] = { seat: joined.value.seat, token: joined.value.token };
  }
  return { ok: true, tokens };
}

function settingsOf(info: TableInfo): Omit<CreateInput, "id" | "client"> {
  const r = info.ruleset;
  const tc = info.timeControl;
  const timeControl: TimeControlInput = !tc ? "standard" : tc.name === "custom" ? { delaySeconds: tc.delaySeconds, reserveSeconds: tc.reserveSeconds } : tc.name;
  return {
    preset: r.preset,
    overrides: { koks: r.koks, cube: r.cube, opening: r.opening, timeout: r.timeout },
    length: info.length,
    reconnectSeconds: info.reconnectSeconds,
    spectators: info.spectators,
    timeControl,
    private: true,
    opponent: "human",
    botLevel: "expert",
    rated: info.rated ?? false,
  };
}

function seatInput(info: TableInfo, side: Side): { name?: string; player: SeatPlayer | null } {
  const seat = info.seats[side];
  if (!seat) return { player: null };
  return { name: seat.name, player: seat.playerId ? { id: seat.playerId, name: seat.name } : null };
}

function botInput(info: TableInfo, side: Side): Pick<CreateInput, "opponent" | "botLevel"> {
  return { opponent: "bot", botLevel: info.seats[side]?.botLevel ?? "expert" };
}
