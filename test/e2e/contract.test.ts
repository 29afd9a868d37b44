/**
 * What only a real socket can send: text frames whose bytes are not UTF-8 (a WebSocket API always encodes
 * correctly), over the wire to `wrangler dev`.
 */
import { describe, expect, inject, test } from "vitest";
import { NardiClient } from "../../src/client";
import { connected, seatedTable } from "../support/tables";
import { RawSocket } from "../support/upgrade";

const client = new NardiClient(inject("baseUrl"));

/** `{"type":"roll","id":"` + the bytes + `"}`: JSON around bytes that are not UTF-8. */
function rollWithBytes(...bytes: number[]): Buffer {
  return Buffer.concat([Buffer.from('{"type":"roll","id":"'), Buffer.from(bytes), Buffer.from('"}')]);
}

describe.concurrent("a text frame that is not valid UTF-8 closes the socket with 1007", () => {
  test.each([
    ["a stray continuation byte", [0x80]],
    ["an invalid lead byte", [0xff, 0xfe]],
    ["a truncated sequence", [0xe2, 0x82]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
    ["an overlong encoding", [0xc0, 0xaf]],
  ])("%s, from a seat's second socket and from a spectator; the table does not change", async (_name, bytes) => {
    const { white, black } = await seatedTable(client, { preset: "armenian-long" });
    const id = white.tableId;
    const seats = [await connected(client, id, { token: white.token }), await connected(client, id, { token: black.token })];
    const mover = (await client.getTable(id)).match!.turn === "white" ? white : black;
    await Promise.all(seats.map((c) => c.waitFor((x) => x.table?.players.white?.connected === true && x.table.players.black?.connected === true)));
    const before = await client.getTable(id);

    for (const url of [client.socketUrl(id, { token: mover.token }), client.socketUrl(id)]) {
      const raw = await RawSocket.open(url);
      expect(await raw.nextJson()).toMatchObject({ type: "welcome", seq: before.seq });
      raw.send(1, rollWithBytes(...bytes));
      expect(await raw.closed).toBe(1007);
      raw.destroy();
    }
    const after = await client.getTable(id);
    expect(after.seq).toBe(before.seq);
    expect(after.match).toEqual(before.match);
    expect(seats.map((c) => c.errors)).toEqual([[], []]);

    // The same frame in valid UTF-8 is an ordinary message: a roll whose id is not ASCII is BAD_MESSAGE.
    const raw = await RawSocket.open(client.socketUrl(id, { token: mover.token }));
    await raw.nextJson();
    raw.send(1, rollWithBytes(0xc3, 0xa9));
    expect(await raw.nextJson()).toMatchObject({ type: "error", id: null, code: "BAD_MESSAGE", seq: before.seq });
    raw.send(1, Buffer.from('{"type":"roll","id":"ascii-1"}'));
    expect(await raw.nextJson()).toMatchObject({ type: "ack", id: "ascii-1", duplicate: false });
    raw.destroy();
    for (const c of seats) c.close();
  });
});
