/**
 * A WebSocket whose incoming messages can be switched off: the server's answers are lost on the way, as on a
 * bad network, while what the client sends still arrives. Lets a test lose an `ack` deterministically.
 */
export interface LossySocket {
  WebSocket: typeof WebSocket;
  /** While true, every incoming message is dropped. */
  deaf: boolean;
}

export function lossySocket(): LossySocket {
  const state: LossySocket = { WebSocket, deaf: false };
  class Lossy extends WebSocket {
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void {
      if (listener === null) return;
      if (type !== "message") {
        super.addEventListener(type, listener, options);
        return;
      }
      const deliver = typeof listener === "function" ? listener : (ev: Event) => listener.handleEvent(ev);
      super.addEventListener(type, (ev: Event) => {
        if (!state.deaf) deliver(ev);
      }, options);
    }
  }
  state.WebSocket = Lossy;
  return state;
}
