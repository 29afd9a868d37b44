/**
 * Keeps a connection under the server's message rate limit (LIMITS.maxMessagesPer10s per connection),
 * so a fast bot or test is slowed down instead of refused. A sliding window with a safety margin: the
 * server counts arrival times, which can bunch up closer than the send times did.
 */
export class Pacer {
  private readonly sent: number[] = [];

  constructor(
    private readonly maxPerWindow: number,
    private readonly windowMs = 10_000,
  ) {}

  /** Milliseconds to wait before the next message may go out (0 = now). */
  delay(now: number): number {
    while (this.sent.length > 0 && now - (this.sent[0] as number) >= this.windowMs) this.sent.shift();
    if (this.sent.length < this.maxPerWindow) return 0;
    return (this.sent[0] as number) + this.windowMs - now;
  }

  record(now: number): void {
    this.sent.push(now);
  }

  /** After a RATE_LIMITED answer: treat the window as full for a while. */
  penalize(now: number): void {
    while (this.sent.length < this.maxPerWindow) this.sent.push(now);
  }
}
