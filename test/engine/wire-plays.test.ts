/**
 * The compact plays on the wire (`nardi.v2`): what the typed client derives from the server's frames is exactly the
 * engine's full list of legal plays (notation, steps and board of each, in the same order), on seeded positions of
 * both variants; and the text form of packed steps is byte-exact as docs/protocol.md writes it.
 */
import { describe, expect, it } from "vitest";
import { TableConnection } from "../../src/client";
import { legalPlays, parsePosition, type Variant } from "../../src/engine";
import { decodeSteps, encodeSteps, PlaysSchema, ServerMessageSchema, type WelcomeMessage } from "../../src/protocol";
import { moverFrames, tableViewAt } from "../support/frames";
import { selfPlaySuite } from "./support/suite";

/** A socket the test speaks for: the connection under test reads the frames handed to `receive`. */
class ScriptedSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static last: ScriptedSocket | null = null;
  readyState = ScriptedSocket.OPEN;
  readonly protocols: string[];

  constructor(_url: string, protocols: string[]) {
    super();
    this.protocols = protocols;
    ScriptedSocket.last = this;
  }

  send(): void {}
  close(): void {
    this.readyState = ScriptedSocket.CLOSED;
  }
  receive(frame: string): void {
    this.dispatchEvent(new MessageEvent("message", { data: frame }));
  }
}

describe("compact plays on the wire", () => {
  it("packed steps are two base64url characters each: bar/20* (1689) is \"aZ\"", () => {
    expect(encodeSteps([1689, 727])).toBe("aZLX");
    expect(decodeSteps("aZLX")).toEqual([1689, 727]);
    // Not whole steps, a character outside the alphabet, a step the engine never makes (from 0; to 25).
    for (const bad of ["aZL", "a=", "AA", encodeSteps([1 | (25 << 5)])]) expect(decodeSteps(bad)).toBeNull();
    expect(PlaysSchema.safeParse({ stepsPerPlay: 2, steps: "aZLX" }).success).toBe(true);
    expect(PlaysSchema.safeParse({ stepsPerPlay: 2, steps: "aZ" }).success).toBe(false);
    expect(PlaysSchema.safeParse({ stepsPerPlay: 0, steps: "" }).success).toBe(true);
  });

  for (const variant of ["short", "long"] as Variant[]) {
    it(`${variant}: the typed client derives exactly the engine's legal plays from the frames, on 1,500 seeded positions`, () => {
      const { suite } = selfPlaySuite(variant, 1_500, 13);
      const first = suite[0]!;
      const conn = new TableConnection(() => "ws://scripted/", { token: "t", WebSocket: ScriptedSocket as unknown as typeof WebSocket });
      const socket = ScriptedSocket.last!;
      expect(socket.protocols[0]).toBe("nardi.v2");
      const welcome: WelcomeMessage = { type: "welcome", seq: 0, role: "white", table: tableViewAt(first.position, first.dice, first.ctx), events: [], next: null, plays: null };
      socket.receive(JSON.stringify(welcome));
      let compared = 0;
      for (const [i, c] of suite.entries()) {
        const frame = moverFrames(c.position, c.dice, c.ctx).v2;
        const parsed = ServerMessageSchema.parse(JSON.parse(frame));
        socket.receive(JSON.stringify({ ...parsed, seq: i + 1, events: [] }));
        const expected = legalPlays(c.position, c.dice, c.ctx).map((p) => ({ play: p.notation, steps: p.steps, board: p.board }));
        expect(conn.plays?.count).toBe(expected.length);
        expect(conn.legalPlays).toEqual(expected);
        compared += expected.length;
      }
      expect(compared).toBeGreaterThan(10_000);
      conn.close();
    });
  }

  it("the richest double in short nardi found so far (1-1, 1,023 plays) makes an update under 16 KiB", () => {
    const parsed = parsePosition("short-w-22x2.21.17.16.13.10.9.8.6x3.4.3.2-1.offx14");
    if (!parsed.ok) throw new Error(parsed.error.message);
    const frames = moverFrames(parsed.value, [1, 1], { firstTurn: false });
    expect(frames.plays).toBe(1023);
    expect(Buffer.byteLength(frames.v2)).toBeLessThanOrEqual(16 * 1024);
    expect(Buffer.byteLength(frames.v1)).toBeGreaterThan(200 * 1024);
  });
});
