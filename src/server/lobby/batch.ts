/**
 * What the lobby sends its relays (./relay.ts) once per batch of changes: each list's changes (whole summaries by
 * id, ids removed), each list's order, and the players-online count. Summaries are opaque here: the diff compares
 * their JSON, so fields added to a summary later are carried without a change to this file.
 */

/** A summary as the diff sees it: anything with an `id`. */
export interface Listed {
  readonly id: string;
}

export interface ListChange {
  upsert: Listed[];
  remove: string[];
  /** Every listed id, in the list's order (newest first): relays build the old feed's whole lists from it. */
  order: string[];
}

export interface FeedBatch {
  /** One more than the batch before (it only grows, across restarts of the lobby too). */
  seq: number;
  /** The lists in full (`upsert` holds every summary): the first batch after the lobby started, or a relay's resync. */
  reset: boolean;
  open: ListChange;
  playing: ListChange;
  /** Players online, counting the sockets each relay last reported. */
  online: number;
}

/** What the lobby last published of one list: each summary's JSON by id, and the order. */
export interface PublishedList {
  json: Map<string, string>;
  order: string[];
}

export function published(list: readonly Listed[]): PublishedList {
  return { json: new Map(list.map((s) => [s.id, JSON.stringify(s)])), order: list.map((s) => s.id) };
}

/** The change from `before` (null: nothing published yet, so everything is new) to `now`. */
export function listChange(before: PublishedList | null, now: readonly Listed[], nowPublished: PublishedList): ListChange {
  const upsert = now.filter((s) => before?.json.get(s.id) !== nowPublished.json.get(s.id));
  const remove = before === null ? [] : before.order.filter((id) => !nowPublished.json.has(id));
  return { upsert, remove, order: nowPublished.order };
}

export const isEmpty = (change: ListChange): boolean => change.upsert.length === 0 && change.remove.length === 0;
