/**
 * Keeps a connection under the server's message rate limit. The server counts only frames that change
 * nothing (refusals, duplicates, syncs; an accepted command gives its frame back), so a well-behaved client
 * needs no pacing at all: by default the pacer only backs off after a RATE_LIMITED answer. A client that
 * expects many refusals can ask for proactive pacing (a sliding window of `maxPerWindow` frames).
 */
export class Pacer {
  private readonly sent: number[] = [];
  private blockedUntil = 0;

  private backoffMs: number;

  constructor(
    private readonly maxPerWindow: number | null,
    private readonly windowMs = 10_000,
    private readonly firstBackoffMs = 1_000,
  ) {
    this.backoffMs = firstBackoffMs;
  }

  /** Milliseconds to wait before the next message may go out (0 = now). */
  delay(now: number): number {
    if (now < this.blockedUntil) return this.blockedUntil - now;
    if (this.maxPerWindow === null) return 0;
    while (this.sent.length > 0 && now - (this.sent[0] as number) >= this.windowMs) this.sent.shift();
    if (this.sent.length < this.maxPerWindow) return 0;
    return (this.sent[0] as number) + this.windowMs - now;
  }

  record(now: number): void {
    if (this.maxPerWindow !== null) this.sent.push(now);
  }

  /** After a RATE_LIMITED answer: send nothing for a while (1 s, then longer up to the window). */
  penalize(now: number): void {
    this.blockedUntil = now + this.backoffMs;
    this.backoffMs = Math.min(this.windowMs, this.backoffMs * 2);
  }

  /** A command got through: the next penalty starts short again. */
  relax(): void {
    this.backoffMs = this.firstBackoffMs;
  }
}
