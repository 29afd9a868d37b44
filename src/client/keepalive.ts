/**
 * Keep-alive: `ping` every interval (answered with `pong` by the runtime, even while the match object sleeps).
 * A socket that has said nothing for two intervals since a ping is taken for dead (a half-open TCP connection
 * never fires `close`). Counting from the ping, not from the last frame, keeps a background tab (whose timers
 * the browser slows down) from false alarms.
 */
export class KeepAlive {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** When the unanswered ping went out (null: none is waiting for an answer). */
  private sentAt: number | null = null;

  constructor(
    /** 0 or less: never ping. */
    private readonly everyMs: number,
    /** The open socket (null: none is open, the tick is skipped). */
    private readonly socket: () => { send(data: string): void } | null,
    /** The open socket has not answered for two intervals since the ping. */
    private readonly onSilent: () => void,
  ) {}

  start(): void {
    if (this.everyMs <= 0 || this.timer) return;
    this.sentAt = null;
    this.timer = setInterval(() => {
      const ws = this.socket();
      if (!ws) return;
      const now = Date.now();
      if (this.sentAt === null) {
        this.sentAt = now;
        ws.send("ping");
      } else if (now - this.sentAt > 2 * this.everyMs) {
        this.onSilent();
      }
    }, this.everyMs);
  }

  /** Any frame from the server answers the ping. */
  heard(): void {
    this.sentAt = null;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
