/**
 * The typed client after a ban (docs/moderation-live.md): a seat socket closed with 4003 ends the connection at
 * once (status `closed`, `banned`), while any other drop of a welcomed connection reconnects.
 */
import { describe, expect, it } from "vitest";
import { TableConnection } from "../../src/client";
import type { WelcomeMessage } from "../../src/protocol";
import { tableViewAt } from "../support/frames";
import { ScriptedSocket } from "../support/scripted-socket";
import { selfPlaySuite } from "./support/suite";

function welcomed(): { conn: TableConnection; socket: ScriptedSocket } {
  const { suite } = selfPlaySuite("short", 1, 3);
  const first = suite[0]!;
  const conn = new TableConnection(() => "ws://scripted/", { token: "t", WebSocket: ScriptedSocket as unknown as typeof WebSocket });
  const socket = ScriptedSocket.last!;
  const welcome: WelcomeMessage = { type: "welcome", seq: 0, role: "white", table: tableViewAt(first.position, first.dice, first.ctx), events: [], next: null, plays: null };
  socket.receive(JSON.stringify(welcome));
  expect(conn.status).toBe("connected");
  return { conn, socket };
}

describe("the typed client and a ban's close code", () => {
  it("4003: closed at once, banned, no reconnect", () => {
    const { conn, socket } = welcomed();
    const opened = ScriptedSocket.opened;
    socket.closedByServer(4003);
    expect(conn.status).toBe("closed");
    expect(conn.banned).toBe(true);
    expect(conn.closeReason).toBe("the player is banned");
    expect(ScriptedSocket.opened).toBe(opened);
  });

  it("any other close of a welcomed socket: reconnecting, not banned", () => {
    const { conn, socket } = welcomed();
    socket.closedByServer(1006);
    expect(conn.status).toBe("reconnecting");
    expect(conn.banned).toBe(false);
    conn.close();
  });
});
