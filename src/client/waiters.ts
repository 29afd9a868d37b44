/** Promises that wait for a condition, checked again whenever the owner says something changed. */
export type Found<T> = T | null | undefined | false;

export class ChangeWaiters {
  private readonly checks = new Set<() => void>();

  /** Resolves with the first truthy result of `probe` (checked now and on every `changed()`); rejects after `timeoutMs`. */
  waitFor<T>(probe: () => Found<T>, timeoutMs: number, timeoutMessage: () => string): Promise<T> {
    const now = probe();
    if (isFound(now)) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        let v: Found<T>;
        try {
          v = probe();
        } catch (err) {
          cleanup();
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        if (isFound(v)) {
          cleanup();
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(timeoutMessage()));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.checks.delete(check);
      };
      this.checks.add(check);
    });
  }

  changed(): void {
    for (const check of [...this.checks]) check();
  }
}

function isFound<T>(v: Found<T>): v is T {
  return v !== null && v !== undefined && v !== false;
}
