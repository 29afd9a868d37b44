/**
 * What the lobby's handlers share: its store, the relays that hold the feed's sockets (./relay.ts) with the count
 * each reported, the batcher that turns changes into one batch per BATCH_MS for every relay, and the alarm that
 * purges expired rows. The lobby holds no socket itself: its work per change does not grow with the sockets.
 */
import type { LobbySnapshot } from "../../protocol";
import type { Env } from "../env";
import { objectLog, type Logger } from "../log";
import { listChange, published, type FeedBatch, type PublishedList } from "./batch";
import { LobbyStore } from "./store";

/** Changes are gathered for this long (ms) after the first, then sent as one batch. */
export const BATCH_MS = 250;

export class LobbyCore {
  readonly log: Logger = objectLog("lobby");
  readonly store: LobbyStore;
  /** Relay name → sockets it last reported (kept in SQLite too, so a restarted lobby still knows its relays). */
  readonly relays: Map<string, number>;
  #seq: number;
  /** What the relays were last sent (null after a start: the next batch is a reset). */
  #published: { open: PublishedList; playing: PublishedList; online: number } | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.store = new LobbyStore(ctx.storage.sql, this.log);
    this.relays = this.store.relays();
    this.#seq = this.store.seq();
  }

  /** Players online, as docs/protocol.md defines it: feed sockets (as the relays reported them) + present human seats + hosts of listed open tables. */
  online(): number {
    let feeds = 0;
    for (const n of this.relays.values()) feeds += n;
    return feeds + this.store.seatedAndHosts(Date.now());
  }

  /** The lists now, and players online. */
  snapshot(): LobbySnapshot {
    const now = Date.now();
    return { open: this.store.open(now), playing: this.store.playing(now), online: this.online() };
  }

  /** Something changed: the relays hear of it in the next batch, at most BATCH_MS from now. Never waits. */
  changed(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.sendBatch();
    }, BATCH_MS);
  }

  /** A relay's count of sockets; a relay with none gets no batches. */
  setRelay(name: string, sockets: number): void {
    if (this.relays.get(name) === sockets) return;
    if (sockets > 0) this.relays.set(name, sockets);
    else this.relays.delete(name);
    this.store.setRelay(name, sockets);
    this.changed();
  }

  /**
   * The lists in full as of the last batch sent (a batch is sent first if changes are waiting, so the answer is
   * never behind a batch the relay will get): for a relay that starts or lost count.
   */
  fullBatch(): FeedBatch {
    if (this.#timer !== undefined || this.#published === null) {
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#timer = undefined;
      this.sendBatch();
    }
    const p = this.#published!;
    const all = (list: PublishedList) => ({ upsert: list.order.map((id) => JSON.parse(list.json.get(id)!) as { id: string }), remove: [], order: list.order });
    return { seq: this.#seq, reset: true, open: all(p.open), playing: all(p.playing), online: p.online };
  }

  /**
   * Sends the batch of changes since the last one to every relay, once per relay (nothing when nothing changed).
   * The lobby's work is two list reads and one diff per batch, whatever the number of sockets.
   */
  sendBatch(): void {
    const s = this.snapshot();
    const open = published(s.open);
    const playing = published(s.playing);
    const before = this.#published;
    const batch: FeedBatch = {
      seq: this.#seq + 1,
      reset: before === null,
      open: listChange(before?.open ?? null, s.open, open),
      playing: listChange(before?.playing ?? null, s.playing, playing),
      online: s.online,
    };
    this.#published = { open, playing, online: s.online };
    const same = before !== null && batch.open.upsert.length + batch.open.remove.length + batch.playing.upsert.length + batch.playing.remove.length === 0 && before.online === s.online;
    if (same) return;
    this.#seq = batch.seq;
    this.store.setSeq(this.#seq);
    const sends = [...this.relays].map(([name, counted]) =>
      this.env.LOBBY_RELAY.getByName(name)
        .publish(name, batch, counted)
        .catch((error: unknown) => this.log.error(`lobby batch ${batch.seq} to ${name} failed; it resyncs on the next`, error)),
    );
    this.ctx.waitUntil(Promise.all(sends));
  }

  /** Makes sure the alarm runs by `due` (an earlier alarm sets the next one itself). */
  async purgeLater(due: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }
}
