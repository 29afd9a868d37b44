/**
 * A WebSocket the test speaks for, handed to the typed client (`TableConnection`'s `WebSocket` option): frames and
 * the close event are given to the connection by hand, and what the client sends is kept.
 */
export class ScriptedSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static opened = 0;
  static last: ScriptedSocket | null = null;
  readyState = ScriptedSocket.OPEN;
  /** Every frame the client wrote, in order. */
  readonly sent: string[] = [];

  constructor() {
    super();
    ScriptedSocket.opened++;
    ScriptedSocket.last = this;
  }

  send(frame: string): void {
    this.sent.push(frame);
  }
  close(): void {
    this.readyState = ScriptedSocket.CLOSED;
  }
  receive(frame: string): void {
    this.dispatchEvent(new MessageEvent("message", { data: frame }));
  }
  closedByServer(code: number): void {
    this.readyState = ScriptedSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason: "", wasClean: true }));
  }
}
