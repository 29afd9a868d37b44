/**
 * A seeker's socket: the upgrade the Worker's `/v1/seek` route hands over, the one message a seeker may send
 * (`cancel`, read by the shared frame parser), the close, and what a woken pool does for the sockets a restart
 * dropped. docs/matchmaking.md is the contract.
 */
import * as z from "zod";
import { SeekClientMessageSchema, SeekQuerySchema, poolKey, type SeekClientMessage } from "../../protocol";
import { CLOSE, answerClose, closeSocket, parseFrame, type FrameGrammar } from "../frames";
import type { PoolCore } from "./core";

/** Who is seeking, as the Worker's route established it (session, rating) and hands it over in this header. */
export const SEEKER_HEADER = "x-nardi-seeker";
export const SeekerSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  rating: z.number(),
  /** The subprotocol the upgrade answers with (the version the client offered), or null when it offered none. */
  protocol: z.string().nullable(),
  /** Players this one blocked or is blocked by (docs/friends-and-challenges.md): never paired with them. */
  avoid: z.array(z.string()).default([]),
});
export type Seeker = z.infer<typeof SeekerSchema>;

const SEEK_MESSAGES: FrameGrammar<SeekClientMessage> = {
  types: SeekClientMessageSchema.options.map((option) => option.shape.type.value),
  schema: SeekClientMessageSchema,
};

/** The seek's upgrade, forwarded by the Worker's route with the seeker in SEEKER_HEADER. */
export async function openSeek(core: PoolCore, request: Request): Promise<Response> {
  const seeker = SeekerSchema.parse(JSON.parse(request.headers.get(SEEKER_HEADER) ?? "null"));
  const query = new URL(request.url).search;
  const choice = core.store.choice() ?? SeekQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  core.store.keepChoice(query);

  const now = Date.now();
  for (const old of core.sockets(seeker.playerId)) core.end(old, { type: "cancelled", reason: "replaced" }, CLOSE.gone);
  const row = core.store.upsert(seeker.playerId, seeker.name, seeker.rating, now, seeker.avoid);
  const { 0: client, 1: server } = new WebSocketPair();
  core.ctx.acceptWebSocket(server, [seeker.playerId]);
  core.send(server, { type: "seeking", pool: poolKey(choice), since: row.since, rating: row.rating, waiting: core.store.count() });
  await core.schedule(now);
  // The registry learns where this player seeks, so a ban or suspension can end the seek (docs/moderation-live.md).
  // Only now, with the row and its socket in place: an alarm running during this call sees a seeker that is here.
  await core
    .registry()
    .seeking(seeker.playerId, poolKey(choice))
    .catch((error: unknown) => core.log.error("quick match: registering a seek failed", error));
  const headers = seeker.protocol === null ? undefined : { "sec-websocket-protocol": seeker.protocol };
  return new Response(null, { status: 101, webSocket: client, headers });
}

/** A frame from a seeker: a coded error (nothing changes, the seek goes on), a close, or the cancel. */
export function onSeekFrame(core: PoolCore, ws: WebSocket, frame: string | ArrayBuffer): void {
  const parsed = parseFrame(frame, SEEK_MESSAGES);
  if (!parsed.ok) {
    if ("close" in parsed) closeSocket(ws, parsed.close, parsed.reason);
    else core.send(ws, { type: "error", code: parsed.code, message: parsed.message });
    return;
  }
  cancel(core, ws);
}

/** The seeker asked to stop: every socket of theirs here hears `cancelled`, unless a pairing is under way. */
function cancel(core: PoolCore, ws: WebSocket): void {
  const playerId = core.playerOf(ws);
  const row = playerId === null ? null : core.store.get(playerId);
  // While a pairing is under way the cancel is too late: the seat follows.
  if (row?.state === "pairing") return;
  if (row) core.store.remove(row.player_id);
  for (const socket of playerId === null ? [ws] : core.sockets(playerId)) core.end(socket, { type: "cancelled", reason: "cancel" });
  core.reportWaiting();
}

/** A dropped socket is not a cancel: the seek is kept for the gone window once the player's last socket closed. */
export async function onSeekClose(core: PoolCore, ws: WebSocket, code: number, reason: string): Promise<void> {
  answerClose(ws, code, reason);
  const playerId = core.playerOf(ws);
  if (playerId === null || core.connected(playerId, ws)) return;
  const now = Date.now();
  core.store.gone(playerId, now);
  await core.schedule(now);
}

/**
 * After a restart or eviction: a pairing the process died in goes back to waiting (its claims are given back;
 * a table it may have made expires unjoined), and a seeker whose socket vanished without a close starts their
 * gone window now.
 */
export async function onPoolWake(core: PoolCore): Promise<void> {
  const now = Date.now();
  for (const row of core.store.all()) {
    if (row.state === "pairing" && row.table_id) {
      core.store.waiting(row.player_id);
      // A claim left behind only makes this player's other seeks that began earlier drop them: log and go on.
      await core
        .registry()
        .release([row.player_id], row.table_id)
        .catch((error: unknown) => core.log.error("quick match: releasing a claim failed", error, { tableId: row.table_id }));
    }
    if (!core.connected(row.player_id)) core.store.gone(row.player_id, now);
  }
  await core.schedule(now);
}
