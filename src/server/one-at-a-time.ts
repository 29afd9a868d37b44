/**
 * A per-object mutex: calls that share a key run one after another, each after the previous one settled (failed
 * or not). A Durable Object's input gate lets another event in at every await; where a handler awaits between
 * its checks and its commit (a join awaits D1 for the stakes; a waiting table's expiry or close awaits its refund),
 * this keeps a second one from acting on what the first is about to change.
 */
const queues = new WeakMap<object, Promise<unknown>>();

export function oneAtATime<T>(key: object, run: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(run, run);
  queues.set(key, next.catch(() => undefined));
  return next;
}
