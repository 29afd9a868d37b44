/**
 * A relay of the lobby feed (docs/protocol.md, The lobby feed): holds at most RELAY_SOCKETS feed sockets, gets each
 * batch of changes from the lobby once (./core.ts) and writes it to its sockets: a `diff` frame to the sockets that
 * asked for diffs (`?diffs=1`), the whole lists (`lobby`, or `online` when only the count changed) to the others.
 * It keeps the lists in memory to serve a new socket its snapshot. Summaries are opaque here (./batch.ts).
 *
 * A relay that lost its memory (evicted while its sockets hibernate) or missed a batch (a gap in `seq`) asks the
 * lobby for the lists in full and sends every socket a snapshot again. A relay that restarts loses its sockets; the
 * clients reconnect (perhaps to another relay) and get a snapshot. Each relay reports its count of sockets to the
 * lobby (one call at a time, the latest count), which adds the relays' counts into players online.
 */
import type { LobbyFeedMessage, LobbyMessage } from "../../protocol";
import type { Env } from "../env";
import { answerClose, closeSocket, protocolBreach, sendFrame } from "../frames";
import { objectLog, type Logger } from "../log";
import { problemResponse } from "../problem";
import type { FeedBatch, ListChange, Listed } from "./batch";

/** Feed sockets one relay holds at most; the Worker tries the next relay when one is full. */
export const RELAY_SOCKETS = 500;

/** What a socket asked for when it opened. */
interface Attachment {
  diffs: boolean;
}

interface RelayList {
  byId: Map<string, Listed>;
  order: string[];
}

interface RelayState {
  seq: number;
  open: RelayList;
  playing: RelayList;
  /** Players online as the lobby counted it, and this relay's sockets in that count. */
  online: number;
  counted: number;
}

const list = (change: ListChange, before?: RelayList): RelayList => {
  const byId = new Map(before?.byId);
  for (const id of change.remove) byId.delete(id);
  for (const s of change.upsert) byId.set(s.id, s);
  const keep = new Set(change.order);
  for (const id of byId.keys()) if (!keep.has(id)) byId.delete(id);
  return { byId, order: change.order };
};
const listed = (l: RelayList): Listed[] => l.order.flatMap((id) => l.byId.get(id) ?? []);
const isEmpty = (c: ListChange): boolean => c.upsert.length === 0 && c.remove.length === 0;

export class RelayCore {
  readonly log: Logger = objectLog("lobby-relay");
  #state: RelayState | null = null;
  /** The lobby's answer to a resync in progress (batches wait for it). */
  #syncing: Promise<void> | null = null;
  /** Calls to the lobby, one at a time in order, so the lobby hears the counts in the order they were. */
  #toLobby: Promise<unknown> = Promise.resolve();
  #reported = -1;
  readonly #lobby;
  /** `relay-<n>`: told by the Worker with each socket and by the lobby with each batch. */
  name: string | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.#lobby = env.LOBBY.getByName("lobby");
  }

  /** The open sockets, leaving out `except` (the one being closed: the runtime still lists it while its close is handled). */
  sockets(except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  /** Players online for this relay's sockets: the lobby's count, with this relay's own sockets as they are now. */
  online(state: RelayState, except?: WebSocket): number {
    return Math.max(0, state.online - state.counted + this.sockets(except).length);
  }

  /** Runs a call to the lobby after the ones before it (in order; one that fails does not stop the next). */
  #call<T>(fn: () => Promise<T>): Promise<T> {
    const call = this.#toLobby.then(fn);
    this.#toLobby = call.catch(() => undefined);
    return call;
  }

  /** Tells the lobby this relay's count (the latest, after any call in flight); a relay with none is forgotten. */
  report(except?: WebSocket): Promise<void> {
    return this.#call(async () => {
      const count = this.sockets(except).length;
      if (count === this.#reported || this.name === null) return;
      await this.#lobby.relayCount(this.name, count);
      this.#reported = count;
      // With no sockets the lobby sends no more batches: what this relay holds would go stale.
      if (count === 0) this.#state = null;
    }).catch((error: unknown) => this.log.error("relay count not reported", error));
  }

  /**
   * Asks the lobby for the lists in full, reporting the count with it (a relay that restarted tells the lobby it
   * lost its sockets here); every socket gets a snapshot again when `resend`.
   */
  resync(resend: boolean): Promise<void> {
    this.#syncing ??= (async () => {
      const full = await this.#call(async () => {
        const count = this.sockets().length;
        const answer = await this.#lobby.attachRelay(this.name ?? "", count);
        this.#reported = count;
        return answer;
      });
      this.#state = this.#apply(full, null);
      if (resend) for (const ws of this.sockets()) this.sendSnapshot(ws);
    })().finally(() => (this.#syncing = null));
    return this.#syncing;
  }

  /** A new feed socket: accepted, counted, sent its snapshot. */
  async open(request: Request, name: string): Promise<Response> {
    this.name = name;
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return problemResponse("BAD_REQUEST", "expected a WebSocket upgrade", 426);
    if (this.sockets().length >= RELAY_SOCKETS) return problemResponse("RATE_LIMITED", "this relay of the lobby feed is full");
    const diffs = new URL(request.url).searchParams.get("diffs") === "1";
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment({ diffs } satisfies Attachment);
    if (this.#syncing) await this.#syncing;
    if (this.#state === null) await this.resync(false);
    else void this.report();
    this.sendSnapshot(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  sendSnapshot(ws: WebSocket): void {
    const state = this.#state;
    if (state === null) return;
    const lists = { open: listed(state.open), playing: listed(state.playing), online: this.online(state) };
    const message = diffsOf(ws) ? { type: "snapshot", seq: state.seq, ...lists } : { type: "lobby", ...lists };
    sendFrame(ws, JSON.stringify(message));
  }

  /** A batch from the lobby: applied and written to every socket, or a resync when it does not follow the last. */
  async publish(name: string, batch: FeedBatch, counted: number): Promise<void> {
    this.name = name;
    if (this.#syncing) await this.#syncing;
    const state = this.#state;
    if (state !== null && batch.seq <= state.seq) return; // already had it (a resync overtook it)
    if (state === null || (batch.seq !== state.seq + 1 && !batch.reset)) {
      await this.resync(true);
      return;
    }
    const next = this.#apply(batch, state);
    next.counted = counted;
    this.#state = next;
    if (batch.reset) {
      for (const ws of this.sockets()) this.sendSnapshot(ws);
      return;
    }
    const online = this.online(next);
    const lists = !isEmpty(batch.open) || !isEmpty(batch.playing);
    const frames = new Map<boolean, string>();
    const frameFor = (diffs: boolean): string => {
      if (!frames.has(diffs)) frames.set(diffs, diffs ? diffFrame(batch, online) : oldFrame(next, lists, online));
      return frames.get(diffs)!;
    };
    for (const ws of this.sockets()) {
      sendFrame(ws, frameFor(diffsOf(ws)));
    }
  }

  #apply(batch: FeedBatch, before: RelayState | null): RelayState {
    const base = batch.reset ? undefined : before ?? undefined;
    return {
      seq: batch.seq,
      open: list(batch.open, base?.open),
      playing: list(batch.playing, base?.playing),
      online: batch.online,
      counted: before?.counted ?? this.#reported,
    };
  }

  onFrame(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> | void {
    const breach = protocolBreach(frame);
    if (!breach) return;
    closeSocket(ws, breach.close, breach.reason);
    return this.report(ws);
  }

  /** A feed closed (the client's close is answered) or failed: the lobby hears the new count at once. */
  onClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    answerClose(ws, code, reason);
    return this.report(ws);
  }
}

const diffsOf = (ws: WebSocket): boolean => (ws.deserializeAttachment() as Attachment | null)?.diffs === true;

function diffFrame(batch: FeedBatch, online: number): string {
  const strip = (c: ListChange) => ({ upsert: c.upsert, remove: c.remove });
  // The summaries are the lobby's own (parsed by its wire schemas): the frame is a LobbyFeedMessage.
  const message = { type: "diff", seq: batch.seq, open: strip(batch.open), playing: strip(batch.playing), online } as unknown as LobbyFeedMessage;
  return JSON.stringify(message);
}

/** The first shape: the whole lists when either changed, else the count (a batch without list changes is one of the count). */
function oldFrame(state: RelayState, lists: boolean, online: number): string {
  if (lists) return JSON.stringify({ type: "lobby", open: listed(state.open), playing: listed(state.playing), online } as unknown as LobbyMessage);
  return JSON.stringify({ type: "online", online } satisfies LobbyMessage);
}
