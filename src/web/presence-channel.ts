/**
 * The player's own channel as the page keeps it (docs/players-channel.md): one socket at `/v1/me/channel` while
 * a player is signed in, reopened after a drop with `?since=` the last event seen. It says `away` when the page is
 * hidden and `online` when it is shown again. What it learns (the presence of players followed, the open
 * challenges) is kept here and told to whoever listens: the friends panel, profiles, the challenges bar.
 * A challenge the player sent that is accepted takes the page to the new table with the seat the event carries.
 */
import { ChannelServerMessageSchema, SOCKET_PROTOCOL, TOKEN_PROTOCOL_PREFIX, type Challenge, type ChannelClientMessage, type PlayerLink, type Presence } from "../protocol";
import { loadSession, saveSeat } from "./store";

export interface ChannelState {
  /** The presence of players the channel told of (followed players), by id. */
  presence: ReadonlyMap<string, Presence>;
  incoming: readonly Challenge[];
  outgoing: readonly Challenge[];
  /** The socket is open and welcomed. */
  open: boolean;
}

type Listener = (state: ChannelState) => void;

const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000] as const;

let socket: WebSocket | null = null;
let playerId: string | null = null;
let seq = 0;
let retries = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const presence = new Map<string, Presence>();
let incoming: Challenge[] = [];
let outgoing: Challenge[] = [];
let open = false;
const listeners = new Set<Listener>();

function state(): ChannelState {
  return { presence, incoming, outgoing, open };
}

function tell(): void {
  const now = state();
  for (const l of listeners) l(now);
}

/** Told now and after every change; the returned function stops it. */
export function onChannel(listener: Listener): () => void {
  listeners.add(listener);
  listener(state());
  return () => listeners.delete(listener);
}

/** A player's presence as last heard (null: the channel has not told of them). */
export function presenceHeard(id: string): Presence | null {
  return presence.get(id) ?? null;
}

/** A list's player (a follow, a challenge) keeps the channel's newer word on their presence. */
export function heardLink(link: PlayerLink): PlayerLink {
  const heard = presence.get(link.id);
  return heard && heard.since >= link.presence.since ? { ...link, presence: heard } : link;
}

/** Replaces a challenge in the lists (an answer to the page's own request, before the channel's event). */
export function challengeChanged(c: Challenge, me: string | null = playerId): void {
  incoming = incoming.filter((x) => x.id !== c.id);
  outgoing = outgoing.filter((x) => x.id !== c.id);
  if (c.status === "open") {
    if (c.to.id === me) incoming = [c, ...incoming];
    else outgoing = [c, ...outgoing];
  }
  tell();
}

function send(message: ChannelClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function visibility(): void {
  send({ type: "presence", state: document.visibilityState === "hidden" ? "away" : "online" });
}

function channelUrl(): string {
  const url = new URL("/v1/me/channel", location.origin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (seq > 0) url.searchParams.set("since", String(seq));
  return url.toString();
}

function onMessage(raw: unknown): void {
  const parsed = ChannelServerMessageSchema.safeParse(raw);
  if (!parsed.success) return;
  const m = parsed.data;
  if (m.type === "pong" || m.type === "error") return;
  if (m.type === "welcome") {
    retries = 0;
    open = true;
    seq = m.seq;
    if (m.reset || presence.size === 0) presence.clear();
    for (const p of m.following) presence.set(p.id, p.presence);
    incoming = [...m.challenges.incoming];
    outgoing = [...m.challenges.outgoing];
    visibility();
    tell();
    return;
  }
  seq = Math.max(seq, m.seq);
  const e = m.event;
  if (e.kind === "presence") {
    presence.set(e.player.id, e.player.presence);
  } else if (e.kind === "challenge") {
    challengeChanged(e.challenge);
    // The challenger's seat at the table an accept made: go there (the accepter goes from the accept's answer).
    if (e.challenge.status === "accepted" && e.seat && e.challenge.from.id === playerId) goToSeat(e.seat);
    return;
  } else if (e.kind === "match-ready" && e.seat) {
    goToSeat(e.seat);
  }
  tell();
}

/** Keeps the seat and opens its table. */
export function goToSeat(seat: { tableId: string; seat: "white" | "black"; token: string }): void {
  saveSeat({ tableId: seat.tableId, seat: seat.seat, token: seat.token });
  location.hash = `#/t/${seat.tableId}`;
}

function connect(): void {
  retryTimer = undefined;
  const session = loadSession();
  if (!session || !playerId) return;
  const ws = new WebSocket(channelUrl(), [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${session}`]);
  socket = ws;
  ws.addEventListener("message", (event) => {
    if (socket !== ws) return;
    try {
      onMessage(JSON.parse(String(event.data)));
    } catch {
      // not JSON: ignored
    }
  });
  ws.addEventListener("close", () => {
    if (socket !== ws) return;
    socket = null;
    open = false;
    tell();
    const wait = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]!;
    retries += 1;
    retryTimer = setTimeout(connect, wait);
  });
}

/** Opens the channel for this player (closes another player's); null closes it (no player, or logged out). */
export function keepChannel(id: string | null): void {
  if (id === playerId && (socket || retryTimer !== undefined)) return;
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  const old = socket;
  socket = null;
  old?.close(1000, "another player");
  playerId = id;
  seq = 0;
  retries = 0;
  presence.clear();
  incoming = [];
  outgoing = [];
  open = false;
  tell();
  if (id) connect();
}

document.addEventListener("visibilitychange", visibility);
