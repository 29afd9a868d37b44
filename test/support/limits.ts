/** Checks a per-client limit from outside: used by the worker tests (inside workerd) and the e2e tests (wrangler dev). */
import { expect } from "vitest";

/**
 * Sends `attempt` until it is refused, and checks the count: exactly `limit` accepted within one window. The local
 * limiter's windows are aligned to the clock's minute, so a run that crosses a minute starts a new window and may
 * be accepted up to twice `limit` times; then only the bounds are checked.
 */
export async function acceptedUntilRefused(limit: number, attempt: () => Promise<Response>): Promise<Response> {
  const minute = () => Math.floor(Date.now() / 60_000);
  const startedIn = minute();
  for (let accepted = 0; accepted <= 2 * limit; accepted++) {
    const res = await attempt();
    if (res.status === 429) {
      if (minute() === startedIn) expect(accepted).toBe(limit);
      else expect(accepted).toBeGreaterThanOrEqual(limit);
      expect(res.headers.get("retry-after")).toBe("60");
      return res;
    }
    expect(res.status).toBeLessThan(300);
    await res.body?.cancel();
  }
  throw new Error(`never refused after ${2 * limit} attempts`);
}
