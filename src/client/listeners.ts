/** A typed set of listeners per event name: `on` returns the function that removes the listener. */
type AnyListener = (...args: never[]) => void;

export class Listeners<Events extends Record<string, unknown[]>> {
  private readonly sets = new Map<keyof Events, Set<AnyListener>>();

  on<K extends keyof Events>(name: K, fn: (...args: Events[K]) => void): () => void {
    let set = this.sets.get(name);
    if (!set) this.sets.set(name, (set = new Set()));
    const stored = fn as unknown as AnyListener;
    set.add(stored);
    return () => set.delete(stored);
  }

  emit<K extends keyof Events>(name: K, ...args: Events[K]): void {
    const set = this.sets.get(name);
    if (!set) return;
    // A listener that throws must not stop the others nor break the connection's message handling.
    for (const fn of [...set]) {
      try {
        (fn as unknown as (...a: Events[K]) => void)(...args);
      } catch (err) {
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }
}
