/**
 * Behaviour the contract now writes down (issue 24, "the contract's loose ends"), checked where it is cheap: a
 * waiting stake table's `pot`, what a create or join sent again gets, an abandoned match in a profile's counts and
 * ratings, and which commands' `entropy` is used (docs/protocol.md, docs/coins.md, docs/players.md).
 */
import { describe, expect, it } from "vitest";
import type { SeatGrant, TableOrMatchEvent } from "../../src/protocol";
import { applyCommandTo, balance, delivered } from "./coins-support";
import { commandId, history, nextMove, ROLL_IS_A_DECISION, seatedMatch } from "./helpers";
import { call, member, profile, tableBetween } from "./players-support";

describe("the contract's loose ends", () => {
  it("a waiting stake table shows the pot the match will hold, while nothing is held yet", async () => {
    const a = await member();
    const before = await balance(a.token);
    const created = await call("POST", "/v1/tables", { token: a.token, body: { preset: "backgammon", stake: 120 } });
    expect(created.status).toBe(201);
    const grant = (await created.json()) as SeatGrant;
    expect(grant.table.status).toBe("waiting");
    expect(grant.table.stake).toMatchObject({ amount: 120, pot: 240 });
    expect(await balance(a.token)).toBe(before);
  });

  it("without a seat key, a create or join sent again does not give the seat back: a second table, or TABLE_FULL", async () => {
    const body = { preset: "backgammon", name: "Retrying" };
    const first = (await (await call("POST", "/v1/tables", { body })).json()) as SeatGrant;
    const again = (await (await call("POST", "/v1/tables", { body })).json()) as SeatGrant;
    expect(again.tableId).not.toBe(first.tableId);
    const joined = await call("POST", `/v1/tables/${first.tableId}/join`, { body: { name: "Joiner" } });
    expect(joined.status).toBe(200);
    const retried = await call("POST", `/v1/tables/${first.tableId}/join`, { body: { name: "Joiner" } });
    expect(retried.status).toBe(409);
    expect(((await retried.json()) as { code: string }).code).toBe("TABLE_FULL");
  });

  it("an abandoned rated match counts in matches, not in wins, losses or Rating.games", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { rated: true });
    await applyCommandTo(table.id, { type: "abandon" });
    await delivered(table.id);
    for (const p of [a, b]) {
      const shown = await profile(p.player.id);
      expect(shown.counts).toEqual({ matches: 1, wins: 0, losses: 0 });
      expect(shown.ratings.map((r) => r.games).reduce((x, y) => x + y, 0)).toBe(0);
    }
  });

  it("auto-roll's entropy goes into the roll it makes; chat's is accepted and used by nothing", async () => {
    const { id, w, b } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn === "white" ? w : b;
    mover.send({ type: "chat", id: commandId(), text: "hello", entropy: "chat-entropy" });
    expect(await mover.answer()).toMatchObject({ type: "ack", duplicate: false });
    mover.send({ type: "auto-roll", id: commandId(), on: true, entropy: "auto-roll-entropy" });
    expect(await mover.answer()).toMatchObject({ type: "ack", duplicate: false });
    const events = (await history(id)).events.map((e) => e.event);
    // The seat was on roll and could double: turning auto-roll on rolled at once, with the setting's entropy.
    expect(events.findLast((e) => e.type === "rolled")).toMatchObject({ auto: true, entropy: "auto-roll-entropy" });
    expect(JSON.stringify(events)).not.toContain("chat-entropy");
  });

  it("a command's change starts with its own event; walking back from ack.seq finds it", async () => {
    const own: Record<string, TableOrMatchEvent["type"]> = { roll: "rolled", play: "played", double: "doubled", take: "taken", drop: "dropped" };
    const { id, w, b } = await seatedMatch({ preset: "backgammon", length: 3 });
    const clients = { white: w, black: b };
    let checked = 0;
    for (let i = 0; i < 600; i++) {
      const table = w.seq >= b.seq ? w.table : b.table;
      const move = table ? nextMove(table, clients) : null;
      if (!move) break;
      const sender = clients[move.side];
      sender.send({ ...move.message, id: commandId() });
      const ack = await sender.answer();
      if (ack.type !== "ack") throw new Error(`refused: ${ack.code}`);
      const update = await sender.next("update");
      expect(update.seq).toBe(ack.seq);
      const events = update.events.map((e) => e.event);
      const type = own[String(move.message.type)]!;
      // Its own event comes first; nothing but consequences follow (no presence event, no bot, no timeout).
      expect(events[0]).toMatchObject({ type, side: move.side });
      expect(events.some((e) => e.type.startsWith("player-") || e.type === "timed-out")).toBe(false);
      // Walking back from ack.seq: the latest event of its type by its side without auto or forced.
      const log = (await history(id)).events.filter((e) => e.seq <= ack.seq);
      const found = log.findLast((e) => e.event.type === type && "side" in e.event && e.event.side === move.side && !("auto" in e.event) && !("forced" in e.event));
      expect(found?.seq).toBe(update.events[0]!.seq);
      await w.waitForSeq(ack.seq);
      await b.waitForSeq(ack.seq);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
});
