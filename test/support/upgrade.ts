/**
 * A raw WebSocket handshake over node:http, to see the HTTP answer the server gives BEFORE upgrading
 * (a browser's WebSocket hides it: a refused handshake is only an `error` event).
 */
import { request } from "node:http";
import { randomBytes } from "node:crypto";

export interface HandshakeAnswer {
  /** 101 when the server upgraded. */
  status: number;
  contentType: string | null;
  body: string;
}

/** `protocols`: a `Sec-WebSocket-Protocol` header to offer (e.g. `nardi.v2, token.<seat token>`). */
export function rawHandshake(socketUrl: string, protocols?: string): Promise<HandshakeAnswer> {
  const url = socketUrl.replace(/^ws/, "http");
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        ...(protocols === undefined ? {} : { "Sec-WebSocket-Protocol": protocols }),
      },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"] ?? null, body: "" });
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"] ?? null, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A frame as it came off the wire. */
export interface RawFrame {
  opcode: number;
  payload: Buffer;
}

/**
 * A WebSocket spoken frame by frame over node:http, for what no WebSocket API lets a client send: a text frame whose
 * bytes are not valid UTF-8. Frames from the server are queued; `closed` resolves with the server's close code.
 */
export class RawSocket {
  readonly #frames: RawFrame[] = [];
  #buffer = Buffer.alloc(0);
  #wake: () => void = () => {};
  /** The close frame's code (1005 when it had none), or 1006 when the connection ended without one. */
  readonly closed: Promise<number>;

  private constructor(private readonly socket: import("node:net").Socket, head: Buffer) {
    let resolveClosed: (code: number) => void = () => {};
    this.closed = new Promise((resolve) => (resolveClosed = resolve));
    socket.on("data", (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      for (let frame = this.#take(); frame; frame = this.#take()) {
        if (frame.opcode === 8) resolveClosed(frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : 1005);
        this.#frames.push(frame);
      }
      this.#wake();
    });
    socket.on("close", () => {
      resolveClosed(1006);
      this.#wake();
    });
    if (head.length > 0) socket.emit("data", head);
  }

  static open(socketUrl: string): Promise<RawSocket> {
    const url = socketUrl.replace(/^ws/, "http");
    return new Promise((resolve, reject) => {
      const req = request(url, {
        headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": randomBytes(16).toString("base64") },
      });
      req.on("upgrade", (_res, socket, head) => resolve(new RawSocket(socket, head)));
      req.on("response", (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
      req.on("error", reject);
      req.end();
    });
  }

  /** Sends one masked frame (opcode 1 = text, 2 = binary) carrying exactly `payload`. */
  send(opcode: number, payload: Uint8Array): void {
    if (payload.length > 125) throw new Error("RawSocket sends short frames only");
    const mask = randomBytes(4);
    const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
    this.socket.write(Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]));
  }

  /** The next frame from the server (text frames decoded), or null once the connection has ended. */
  async next(): Promise<RawFrame | null> {
    for (;;) {
      const frame = this.#frames.shift();
      if (frame) return frame;
      if (this.socket.destroyed) return null;
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  /** The next text frame's JSON. */
  async nextJson(): Promise<unknown> {
    for (;;) {
      const frame = await this.next();
      if (!frame) throw new Error("the connection ended");
      if (frame.opcode === 1) return JSON.parse(frame.payload.toString("utf8"));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  #take(): RawFrame | null {
    const b = this.#buffer;
    if (b.length < 2) return null;
    let length = b[1]! & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (b.length < 4) return null;
      length = b.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (b.length < 10) return null;
      length = Number(b.readBigUInt64BE(2));
      offset = 10;
    }
    if (b.length < offset + length) return null;
    this.#buffer = b.subarray(offset + length);
    return { opcode: b[0]! & 0x0f, payload: Buffer.from(b.subarray(offset, offset + length)) };
  }
}
