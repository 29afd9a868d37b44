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

export function rawHandshake(socketUrl: string): Promise<HandshakeAnswer> {
  const url = socketUrl.replace(/^ws/, "http");
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
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
