/**
 * The opening dice under `play-opening-dice`, as stored and as sent: the `rolled` event that hands them to the
 * starter is marked `auto: true` (the server rolled them, nobody asked) and, from the second hand on, carries the
 * `entropy` of the opening roll it repeats (docs/fair-dice.md) — while a verifier still counts it as no roll of its
 * own, so the log verifies. The engine's side: test/engine/opening-roll.test.ts.
 */
import { describe, expect, it } from "vitest";
import { verifyDice, type ServerMessage, type TableOrMatchEvent } from "../../src/protocol";
import { connect, createTable, history, joinTable, playOne } from "./helpers";

describe("the opening dice handed to the starter", () => {
  it("are stored and sent as a server roll: auto, with the opening roll's entropy", async () => {
    const white = await createTable({ preset: "georgian-short", length: 5, clientSeed: "white-seed-for-openings" });
    const black = await joinTable(white.tableId);
    const w = await connect(white.tableId, { token: white.token, seq: 0 });
    const b = await connect(white.tableId, { token: black.token, seq: 0 });
    await w.next("welcome");
    await b.next("welcome");
    const clients = { white: w, black: b };
    const { seq } = await history(white.tableId);
    await w.waitForSeq(seq);
    await b.waitForSeq(seq);
    let n = 0;
    for (let i = 0; i < 3000 && (await playOne(clients, { entropy: `o${++n}` })); i++);
    expect(w.table?.status).toBe("over");

    const log = (await history(white.tableId)).events;
    const handedOut = log.flatMap((e, i) => {
      const previous = log[i - 1]?.event;
      return e.event.type === "rolled" && previous?.type === "opening-roll" ? [{ opening: previous, rolled: e.event }] : [];
    });
    // A 5-point match without a cube has at least two hands (a hand is worth 3 at most).
    expect(handedOut.length).toBeGreaterThanOrEqual(2);
    for (const { opening, rolled } of handedOut) {
      if (opening.type !== "opening-roll" || rolled.type !== "rolled") throw new Error("unreachable");
      expect(rolled).toMatchObject({ side: opening.starter, dice: [Math.max(opening.white, opening.black), Math.min(opening.white, opening.black)], auto: true });
      expect(rolled.entropy).toBe(opening.entropy);
    }
    // The first hand's opening comes with the join (no command, no entropy); later ones with the hand's last command.
    expect(handedOut[0]!.rolled).not.toHaveProperty("entropy");
    expect(handedOut.slice(1).every(({ rolled }) => rolled.type === "rolled" && rolled.entropy?.startsWith("o"))).toBe(true);
    expect(verifyDice(white.tableId, log)).toMatchObject({ ok: true });

    // Sent as stored: every socket got the same events.
    const sent = (received: ServerMessage[]): TableOrMatchEvent[] =>
      received.flatMap((m) => (m.type === "welcome" || m.type === "update" ? m.events.map((e) => e.event) : []));
    for (const client of [w, b]) {
      const events = sent(client.received);
      for (const { rolled } of handedOut) expect(events).toContainEqual(rolled);
    }
  });
});
