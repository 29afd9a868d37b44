/**
 * Calls from a match object that must never make it wait: the lobby and the Monitor are indexes, so a create or
 * join must not fail or stall on them.
 */
import type { Env } from "../env";
import type { Logger } from "../log";
import type { Lobby } from "../lobby";

/** Lobby updates are retried after these delays (ms) when the lobby cannot be reached. */
const RETRY_DELAYS_MS = [1_000, 5_000];

/**
 * Sends a change to the lobby without making the caller wait. The call runs under `ctx.waitUntil`, and is retried
 * after 1 s and 5 s while the lobby cannot be reached; if it still fails, the error is logged and the list stays
 * stale until the row expires.
 */
export function tellLobby(ctx: DurableObjectState, env: Env, change: (lobby: DurableObjectStub<Lobby>) => Promise<void>, log: Logger): void {
  inBackground(ctx, () => change(env.LOBBY.getByName("lobby")), log, "lobby update failed");
}

/** Runs `call` under `ctx.waitUntil`, retried after 1 s and 5 s while it fails; then logs `failure` with the error. */
export function inBackground(ctx: DurableObjectState, call: () => Promise<void>, log: Logger, failure: string): void {
  const attempt = async (): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        await call();
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[i];
        if (delay === undefined) {
          log.error(failure, error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  ctx.waitUntil(attempt());
}
