/**
 * After the match (docs/protocol.md, "After the match: settled"): once the outbox has delivered the record and
 * settled the stakes, the table tells every socket each seat's rating change and coin change, and tells each socket
 * that connects later; an unrated table without a stake is told that nothing changed.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchRecord, SettledMessage } from "../../src/protocol";
import type { MatchRoom } from "../../src/server/match-room";
import { delivered, resign } from "./coins-support";
import { connect, stubOf } from "./helpers";
import { call, member, tableBetween } from "./players-support";

describe("the settled message", () => {
  it("tells both seats their rating change and coin change at a rated stake table, once delivered, and later sockets too", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { stake: 100, rated: true });
    const white = await connect(table.id, { token: table.white.token });
    await white.next("welcome");
    await resign(table.id, table.black.token);
    await delivered(table.id);
    const told = await white.next("settled");
    const record = (await (await call("GET", `/v1/matches/${table.id}`)).json()) as MatchRecord;
    expect(told.coins).toEqual({ white: 100, black: -100 });
    expect(told.ratings).toEqual({
      white: { before: record.players.white.ratingBefore, after: record.players.white.ratingAfter, provisional: true },
      black: { before: record.players.black.ratingBefore, after: record.players.black.ratingAfter, provisional: true },
    });
    expect(told.ratings!.white.after).toBeGreaterThan(told.ratings!.white.before);
    expect(told.ratings!.black.after).toBeLessThan(told.ratings!.black.before);

    // A socket connecting afterwards (here a spectator) hears the same right after its welcome.
    const late = await connect(table.id);
    await late.next("welcome");
    expect(await late.next("settled")).toEqual(told);
    white.close();
    late.close();
  });

  it("an earlier attempt that recorded the match: a delivery again tells the record's ratings", async () => {
    const a = await member();
    const b = await member();
    const table = await tableBetween(a.token, b.token, { rated: true });
    await resign(table.id, table.black.token);
    await delivered(table.id);
    const first = await runInDurableObject(stubOf(table.id), (_room: MatchRoom, state) =>
      state.storage.sql.exec<{ value: string }>("SELECT value FROM settled").toArray()[0]!.value,
    );
    // As if the acknowledgement had been lost: the row is back and the record already in D1.
    await runInDurableObject(stubOf(table.id), (room: MatchRoom, state) => {
      state.storage.sql.exec("DELETE FROM settled");
      const stored = room.room.store.load()!;
      room.room.commit({ room: stored, events: [], at: Date.now(), outbox: { put: "match-record" }, setDeadlines: [{ kind: "deliver", seat: "table", due: Date.now() - 1 }] });
    });
    await delivered(table.id);
    const again = await runInDurableObject(stubOf(table.id), (_room: MatchRoom, state) =>
      state.storage.sql.exec<{ value: string }>("SELECT value FROM settled").toArray()[0]!.value,
    );
    expect(JSON.parse(again) as SettledMessage).toEqual(JSON.parse(first) as SettledMessage);
    expect((JSON.parse(again) as SettledMessage).coins).toBeNull();
  });

  it("an unrated table without a stake: settled with nothing changed", async () => {
    const table = await tableBetween((await member()).token, (await member()).token);
    const white = await connect(table.id, { token: table.white.token });
    await white.next("welcome");
    await resign(table.id, table.black.token);
    await delivered(table.id);
    expect(await white.next("settled")).toEqual({ type: "settled", ratings: null, coins: null });
    white.close();
  });
});
