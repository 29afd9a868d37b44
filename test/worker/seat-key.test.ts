/**
 * A lost answer to create or join (docs/protocol.md, "A lost answer to create or join"): sent again with the same
 * `seatKey`, the request answers the seat it made the first time — same table, same token (and a private table's
 * same invite) — and changes nothing more; at a stake table nothing is held twice.
 */
import { describe, expect, it } from "vitest";
import type { SeatGrant } from "../../src/protocol";
import { balance, escrowOf } from "./coins-support";
import { connect, history } from "./helpers";
import { call, member } from "./players-support";

const key = (): string => crypto.randomUUID().replaceAll("-", "");

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; grant: SeatGrant }> {
  const res = await call("POST", path, { body, ...(token ? { token } : {}) });
  return { status: res.status, grant: (await res.json()) as SeatGrant };
}

describe("a create or join sent again with its seat key", () => {
  it("create: the same table and token, one table-created, and the seat opens with that token", async () => {
    const seatKey = key();
    const body = { preset: "backgammon", private: true, seatKey };
    const first = await post("/v1/tables", body);
    expect(first.status).toBe(201);
    // The first answer was lost: the client sends the same request again.
    const again = await post("/v1/tables", body);
    expect(again.status).toBe(201);
    expect(again.grant).toMatchObject({ tableId: first.grant.tableId, seat: "white", token: first.grant.token, invite: first.grant.invite });
    expect((await history(first.grant.tableId)).events.filter((e) => e.event.type === "table-created")).toHaveLength(1);
    const w = await connect(first.grant.tableId, { token: again.grant.token });
    expect((await w.next("welcome")).role).toBe("white");
  });

  it("join: the same seat and token instead of TABLE_FULL, the match started once", async () => {
    const created = await post("/v1/tables", { preset: "backgammon" });
    const seatKey = key();
    const first = await post(`/v1/tables/${created.grant.tableId}/join`, { name: "Joiner", seatKey });
    expect(first.status).toBe(200);
    const again = await post(`/v1/tables/${created.grant.tableId}/join`, { name: "Joiner", seatKey });
    expect(again.status).toBe(200);
    expect(again.grant).toMatchObject({ tableId: created.grant.tableId, seat: "black", token: first.grant.token });
    expect((await history(created.grant.tableId)).events.filter((e) => e.event.type === "hand-started")).toHaveLength(1);
    // Another key (another player) still finds the table full.
    const other = await call("POST", `/v1/tables/${created.grant.tableId}/join`, { body: { seatKey: key() } });
    expect(other.status).toBe(409);
  });

  it("a stake join sent again holds nothing more", async () => {
    const a = await member();
    const b = await member();
    const created = await post("/v1/tables", { preset: "backgammon", stake: 50, seatKey: key() }, a.token);
    const seatKey = key();
    await post(`/v1/tables/${created.grant.tableId}/join`, { seatKey }, b.token);
    const held = await balance(b.token);
    const again = await post(`/v1/tables/${created.grant.tableId}/join`, { seatKey }, b.token);
    expect(again.status).toBe(200);
    expect(await balance(b.token)).toBe(held);
    expect(await escrowOf(created.grant.tableId)).toBe(100);
  });

  it("refuses a malformed key, and one that holds White when joining the same table", async () => {
    expect((await call("POST", "/v1/tables", { body: { preset: "backgammon", seatKey: "short" } })).status).toBe(400);
    const seatKey = key();
    const created = await post("/v1/tables", { preset: "backgammon", seatKey });
    const self = await call("POST", `/v1/tables/${created.grant.tableId}/join`, { body: { seatKey } });
    expect(self.status).toBe(400);
    expect((await history(created.grant.tableId)).events.some((e) => e.event.type === "hand-started")).toBe(false);
  });
});
