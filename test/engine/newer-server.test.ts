/**
 * The typed client in front of a newer server (docs/protocol.md, "Newer servers"): an event type it does not know
 * is left out, not the frame with it; the view and the seq of that frame still apply, and no false gap is seen.
 */
import { describe, expect, it } from "vitest";
import { TableConnection } from "../../src/client";
import type { WelcomeMessage } from "../../src/protocol";
import { tableViewAt } from "../support/frames";
import { ScriptedSocket } from "../support/scripted-socket";
import { selfPlaySuite } from "./support/suite";

function welcomed() {
  const { suite } = selfPlaySuite("short", 1, 3);
  const first = suite[0]!;
  const table = tableViewAt(first.position, first.dice, first.ctx);
  const conn = new TableConnection(() => "ws://scripted/", { token: "t", WebSocket: ScriptedSocket as unknown as typeof WebSocket });
  const socket = ScriptedSocket.last!;
  const welcome: WelcomeMessage = { type: "welcome", seq: 0, role: "white", table, events: [], next: null, plays: null };
  socket.receive(JSON.stringify(welcome));
  expect(conn.status).toBe("connected");
  return { conn, socket, table };
}

describe("the typed client and event types newer than it", () => {
  it("an update whose first event is of an unknown type: the rest, the view and the seq apply; no sync is asked", () => {
    const { conn, socket, table } = welcomed();
    const invalid: string[] = [];
    conn.on("invalid", (_frame, why) => invalid.push(why));
    const update = {
      type: "update",
      seq: 2,
      events: [
        { seq: 1, at: 1_780_000_000_000, event: { type: "table-repainted", colour: "green" } },
        { seq: 2, at: 1_780_000_000_001, event: { type: "player-connected", seat: "black" } },
      ],
      table: { ...table, seq: 2 },
      plays: null,
    };
    socket.receive(JSON.stringify(update));
    expect(invalid).toEqual([]);
    expect(conn.seq).toBe(2);
    expect(conn.events.map((e) => e.event.type)).toEqual(["player-connected"]);
    expect(socket.sent.filter((frame) => JSON.parse(frame).type === "sync")).toEqual([]);
  });

  it("an event of a known type that breaks its schema still makes the frame invalid", () => {
    const { conn, socket, table } = welcomed();
    const invalid: string[] = [];
    conn.on("invalid", (_frame, why) => invalid.push(why));
    socket.receive(JSON.stringify({ type: "update", seq: 1, events: [{ seq: 1, at: 1, event: { type: "player-connected", seat: "green" } }], table, plays: null }));
    expect(invalid).toHaveLength(1);
    expect(conn.seq).toBe(0);
  });
});
