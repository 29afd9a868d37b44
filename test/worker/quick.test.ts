import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TableView } from "../../src/protocol";
import { SEEK_LIMITS } from "../../src/protocol";
import type { QuickPool } from "../../src/server";
import { acceptableGap, pairWave } from "../../src/server/quick/pairing";
import { api, connect } from "./helpers";
import { guest, member } from "./players-support";
import { freshChoice, poolOf, poolRows, seek, seekQuery, seekResponse, setRating, wave, waitedLonger } from "./quick-support";
import { problemCode } from "../support/problems";

async function table(id: string): Promise<TableView> {
  return (await (await api(`/v1/tables/${id}`)).json()) as TableView;
}

describe("pairing a wave (pure)", () => {
  const at = 1_000_000;
  const seeker = (playerId: string, rating: number, waited = 0, lastOpponent: string | null = null) => ({ playerId, rating, since: at - waited, lastOpponent });

  it("pairs the closest ratings first and leaves a far one waiting", () => {
    const pairs = pairWave([seeker("a", 1500), seeker("far", 2100), seeker("b", 1540), seeker("c", 1510), seeker("d", 1545)], at);
    expect(pairs.map((p) => p.map((s) => s.playerId).sort().join("+")).sort()).toEqual(["a+c", "b+d"]);
  });

  it("widens the acceptable gap with waiting time, to any gap after a minute", () => {
    expect(acceptableGap(0)).toBe(SEEK_LIMITS.baseGap);
    expect(acceptableGap(10_000)).toBe(SEEK_LIMITS.baseGap + 10 * SEEK_LIMITS.gapPerSecond);
    expect(acceptableGap(SEEK_LIMITS.anyGapAfterMs)).toBe(Infinity);
    expect(pairWave([seeker("a", 1500), seeker("b", 1800)], at)).toEqual([]);
    expect(pairWave([seeker("a", 1500, 15_000), seeker("b", 1800)], at)).toHaveLength(1);
  });

  it("never pairs a player with themselves, and avoids a rematch while anyone else waits", () => {
    expect(pairWave([seeker("a", 1500), seeker("a", 1500)], at)).toEqual([]);
    const rematch = [seeker("a", 1500, 0, "b"), seeker("b", 1500, 0, "a")];
    expect(pairWave(rematch, at)).toHaveLength(1);
    const withOther = pairWave([...rematch, seeker("c", 1520)], at);
    expect(withOther).toHaveLength(1);
    expect(withOther[0]!.map((s) => s.playerId)).toContain("c");
  });
});

describe("quick match over the seek socket", () => {
  it("pairs two seekers: each is told their seat once, at one table whose seats are bound to them", async () => {
    const choice = freshChoice({ rated: true });
    const [a, b] = [await member(), await member()];
    const sa = await seek(choice, a.token);
    expect(sa.seeking).toMatchObject({ pool: `${choice.preset}.${choice.length}.${choice.timeControl}.rated.0`, rating: 1500, waiting: 1 });
    const sb = await seek(choice, b.token);
    expect(sb.seeking.waiting).toBe(2);
    await wave(choice);
    const pa = await sa.client.next("paired");
    const pb = await sb.client.next("paired");
    expect(pa.grant.tableId).toBe(pb.grant.tableId);
    expect(new Set([pa.grant.seat, pb.grant.seat])).toEqual(new Set(["white", "black"]));
    expect(pa.opponent).toMatchObject({ playerId: b.player.id, name: b.player.name });
    expect(pa.grant.invite).toBeNull();
    // Then the socket closes, having carried exactly one `paired`.
    await sa.client.whenClosed();
    expect(sa.client.received.filter((m) => m.type === "paired")).toHaveLength(1);
    const view = await table(pa.grant.tableId);
    expect(view.status).toBe("playing");
    expect(view.rated).toBe(true);
    expect(view.players[pa.grant.seat]?.playerId).toBe(a.player.id);
    expect(view.players[pb.grant.seat]?.playerId).toBe(b.player.id);
    expect(view.ruleset.preset).toBe(choice.preset);
    expect(view.length).toBe(choice.length);
    // The seat token works at the table.
    const seat = await connect(pa.grant.tableId, { token: pa.grant.token });
    expect((await seat.next("welcome")).role).toBe(pa.grant.seat);
    seat.close();
    expect(await poolRows(choice)).toEqual([]);
  });

  it("waits while the gap is too wide, and pairs once the waiting has widened it", async () => {
    const choice = freshChoice();
    const [a, b] = [await guest(), await guest()];
    await setRating(a.player.id, choice.preset, 1500);
    await setRating(b.player.id, choice.preset, 1800);
    const sa = await seek(choice, a.token);
    const sb = await seek(choice, b.token);
    expect(sb.seeking.rating).toBe(1800);
    await wave(choice);
    expect((await poolRows(choice)).map((r) => r.state)).toEqual(["waiting", "waiting"]);
    await waitedLonger(choice, 15_000);
    await wave(choice);
    expect((await sa.client.next("paired")).grant.tableId).toBe((await sb.client.next("paired")).grant.tableId);
  });

  it("closest ratings first across a wave", async () => {
    const choice = freshChoice();
    const players = [await guest(), await guest(), await guest(), await guest()];
    const ratings = [1500, 1700, 1510, 1690];
    const clients = [];
    for (const [i, p] of players.entries()) {
      await setRating(p.player.id, choice.preset, ratings[i]!);
      clients.push((await seek(choice, p.token)).client);
    }
    await waitedLonger(choice, 40_000); // every gap acceptable: the order alone decides
    await wave(choice);
    const opponents = await Promise.all(clients.map(async (c) => (await c.next("paired")).opponent.playerId));
    expect(opponents).toEqual([players[2]!.player.id, players[3]!.player.id, players[0]!.player.id, players[1]!.player.id]);
  });

  it("cancel: answered with cancelled, the seek is gone, the other keeps waiting", async () => {
    const choice = freshChoice();
    const [a, b] = [await guest(), await guest()];
    const sa = await seek(choice, a.token);
    await seek(choice, b.token);
    sa.client.send({ type: "cancel" });
    expect(await sa.client.next("cancelled")).toEqual({ type: "cancelled", reason: "cancel" });
    expect((await sa.client.whenClosed()).code).toBe(1000);
    expect((await poolRows(choice)).map((r) => r.player_id)).toEqual([b.player.id]);
  });

  it("bad frames get a coded error and change nothing", async () => {
    const choice = freshChoice();
    const a = await guest();
    const sa = await seek(choice, a.token);
    sa.client.send("not json");
    expect((await sa.client.next("error")).code).toBe("BAD_JSON");
    sa.client.send({ type: "play" });
    expect((await sa.client.next("error")).code).toBe("UNKNOWN_MESSAGE");
    expect((await poolRows(choice)).map((r) => r.player_id)).toEqual([a.player.id]);
  });

  it("a JSON value that is not an object is BAD_MESSAGE, as on a table socket (docs/matchmaking.md)", async () => {
    const choice = freshChoice();
    const a = await guest();
    const sa = await seek(choice, a.token);
    for (const frame of ["[1]", "null", "42", '"cancel"', "[{\"type\":\"cancel\"}]"]) {
      sa.client.send(frame);
      expect({ frame, code: (await sa.client.next("error")).code }).toEqual({ frame, code: "BAD_MESSAGE" });
    }
    // A binary frame: BAD_MESSAGE too.
    sa.client.ws.send(new Uint8Array([1, 2, 3]));
    expect((await sa.client.next("error")).code).toBe("BAD_MESSAGE");
    sa.client.send("x".repeat(5000));
    expect((await sa.client.next("error")).code).toBe("MESSAGE_TOO_LARGE");
    expect((await poolRows(choice)).map((r) => r.player_id)).toEqual([a.player.id]);
  });

  it("a text frame that is not valid UTF-8 closes the seek socket with 1007, as on a table socket", async () => {
    const choice = freshChoice();
    const a = await guest();
    const sa = await seek(choice, a.token);
    // workerd hands a frame with invalid UTF-8 over with U+FFFD in place of the bad bytes.
    sa.client.send('{"type":"cancel\uFFFD"}');
    expect((await sa.client.whenClosed()).code).toBe(1007);
  });

  it("a vanished seeker is not paired: the other stays at the front and is paired with the next; the vanished one is removed after the window", async () => {
    const choice = freshChoice();
    const [a, b, c] = [await guest(), await guest(), await guest()];
    const sa = await seek(choice, a.token);
    const sb = await seek(choice, b.token);
    sa.client.close();
    await sa.client.whenClosed();
    await wave(choice);
    const rows = await poolRows(choice);
    expect(rows.map((r) => r.player_id)).toEqual([a.player.id, b.player.id]);
    expect(rows[0]!.gone_at).not.toBeNull();
    const sinceB = rows[1]!.since;
    const sc = await seek(choice, c.token);
    await wave(choice);
    expect((await sb.client.next("paired")).opponent.playerId).toBe(c.player.id);
    expect((await sc.client.next("paired")).opponent.playerId).toBe(b.player.id);
    expect(sinceB).toBeLessThan(sc.seeking.since + 1);
    await waitedLonger(choice, SEEK_LIMITS.goneWindowMs);
    await wave(choice);
    expect(await poolRows(choice)).toEqual([]);
  });

  it("a reconnect within the window keeps the place in the queue", async () => {
    const choice = freshChoice();
    const a = await guest();
    const first = await seek(choice, a.token);
    first.client.close();
    await first.client.whenClosed();
    const again = await seek(choice, a.token);
    expect(again.seeking.since).toBe(first.seeking.since);
    expect((await poolRows(choice))[0]!.gone_at).toBeNull();
  });

  it("a second socket of the same player to the same pool replaces the first", async () => {
    const choice = freshChoice();
    const a = await guest();
    const first = await seek(choice, a.token);
    const second = await seek(choice, a.token);
    expect(await first.client.next("cancelled")).toEqual({ type: "cancelled", reason: "replaced" });
    expect(second.seeking.waiting).toBe(1);
  });

  it("seekers survive eviction: the woken pool still has them and pairs them", async () => {
    const choice = freshChoice();
    const [a, b] = [await guest(), await guest()];
    const sa = await seek(choice, a.token);
    const sb = await seek(choice, b.token);
    await evictDurableObject(poolOf(choice));
    expect((await poolRows(choice)).map((r) => r.player_id).sort()).toEqual([a.player.id, b.player.id].sort());
    await wave(choice);
    const [pa, pb] = [await sa.client.next("paired"), await sb.client.next("paired")];
    expect(pa.grant.tableId).toBe(pb.grant.tableId);
  });

  it("a pairing a restart interrupted is undone on wake: both wait again and are paired", async () => {
    const choice = freshChoice();
    const [a, b] = [await guest(), await guest()];
    const sa = await seek(choice, a.token);
    const sb = await seek(choice, b.token);
    // As if the process died after marking the pair and claiming them, before the table was made.
    const claimed = await env.SEEK_REGISTRY.getByName("registry").claim(
      [a, b].map((p) => ({ playerId: p.player.id, since: sa.seeking.since })),
      "interruptedTable0001",
    );
    expect(claimed).toEqual({ ok: true });
    await runInDurableObject(poolOf(choice), (_pool: QuickPool, state) => {
      state.storage.sql.exec("UPDATE seekers SET state = 'pairing', table_id = 'interruptedTable0001'");
    });
    await evictDurableObject(poolOf(choice));
    expect((await poolRows(choice)).map((r) => r.state)).toEqual(["waiting", "waiting"]);
    await wave(choice);
    expect((await sa.client.next("paired")).grant.tableId).toBe((await sb.client.next("paired")).grant.tableId);
  });

  it("two pools at once pair their own seekers", async () => {
    const [one, two] = [freshChoice(), freshChoice()];
    const players = [await guest(), await guest(), await guest(), await guest()];
    const s = [
      await seek(one, players[0]!.token),
      await seek(two, players[1]!.token),
      await seek(one, players[2]!.token),
      await seek(two, players[3]!.token),
    ];
    await Promise.all([wave(one), wave(two)]);
    const paired = await Promise.all(s.map((x) => x.client.next("paired")));
    expect(paired[0]!.opponent.playerId).toBe(players[2]!.player.id);
    expect(paired[1]!.opponent.playerId).toBe(players[3]!.player.id);
    expect((await table(paired[0]!.grant.tableId)).ruleset.preset).toBe(one.preset);
    expect((await table(paired[1]!.grant.tableId)).ruleset.preset).toBe(two.preset);
  });

  it("a player seeking in two pools is paired once; the other pool drops them and keeps its other seeker", async () => {
    const [one, two] = [freshChoice(), freshChoice()];
    const [a, b, c] = [await guest(), await guest(), await guest()];
    // c is far from a in rating, so pool two cannot pair them on its own before pool one's wave.
    await setRating(c.player.id, two.preset, 1900);
    const a1 = await seek(one, a.token);
    const a2 = await seek(two, a.token);
    const b1 = await seek(one, b.token);
    const c2 = await seek(two, c.token);
    await wave(one);
    expect((await a1.client.next("paired")).opponent.playerId).toBe(b.player.id);
    await b1.client.next("paired");
    await waitedLonger(two, SEEK_LIMITS.anyGapAfterMs);
    await wave(two);
    expect(await a2.client.next("cancelled")).toEqual({ type: "cancelled", reason: "paired-elsewhere" });
    expect((await poolRows(two)).map((r) => [r.player_id, r.state])).toEqual([[c.player.id, "waiting"]]);
    expect(c2.client.received.filter((m) => m.type === "paired")).toEqual([]);
  });

  it("does not pair the same two again while a third waits", async () => {
    const choice = freshChoice();
    const [a, b, c] = [await guest(), await guest(), await guest()];
    const first = [await seek(choice, a.token), await seek(choice, b.token)];
    await wave(choice);
    await Promise.all(first.map((s) => s.client.next("paired")));
    // c is far enough in rating that only a wider gap brings them in; a and b alone would be a rematch.
    await setRating(c.player.id, choice.preset, 1700);
    const sc = await seek(choice, c.token);
    await seek(choice, a.token);
    await seek(choice, b.token);
    await wave(choice);
    expect(await poolRows(choice)).toHaveLength(3);
    await waitedLonger(choice, 30_000, c.player.id);
    await wave(choice);
    expect([a.player.id, b.player.id]).toContain((await sc.client.next("paired")).opponent.playerId);
    expect(await poolRows(choice)).toHaveLength(1);
  });
});

describe("seek refusals (each changes nothing)", () => {
  it("no session: 401; a choice not offered: 400; not an upgrade: 426 (stakes: quick-stake.test.ts)", async () => {
    const choice = freshChoice();
    const a = await guest();
    const none = await seekResponse(seekQuery(choice));
    expect([none.status, await problemCode(none)]).toEqual([401, "UNAUTHORIZED"]);
    const wrong = await seekResponse(seekQuery(choice), "A".repeat(43));
    expect([wrong.status, await problemCode(wrong)]).toEqual([401, "UNAUTHORIZED"]);
    const bad = await seekResponse(seekQuery(choice).replace(/length=\d/, "length=2"), a.token);
    expect([bad.status, await problemCode(bad)]).toEqual([400, "BAD_REQUEST"]);
    const plain = await api(`/v1/seek?${seekQuery(choice)}`);
    expect(plain.status).toBe(426);
    expect(await poolRows(choice)).toEqual([]);
  });

  it("the upgrade answers with the protocol version the client offered (nardi.v2, or the deprecated nardi.v1)", async () => {
    const a = await guest();
    for (const version of ["nardi.v2", "nardi.v1"]) {
      const res = await api(`/v1/seek?${seekQuery(freshChoice())}`, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `${version}, token.${a.token}` } });
      expect(res.status).toBe(101);
      expect(res.headers.get("sec-websocket-protocol")).toBe(version);
      res.webSocket?.accept();
      res.webSocket?.close();
    }
  });

  it("the OpenAPI document lists the seek route with its query and codes", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as {
      paths: Record<string, { get?: { operationId: string; parameters: Array<{ name: string }>; responses: Record<string, unknown> } }>;
      components: { schemas: { ErrorCode: { enum: string[] } } };
    };
    const route = doc.paths["/v1/seek"]?.get;
    expect(route?.operationId).toBe("seek");
    expect(route?.parameters.map((p) => p.name).sort()).toEqual(["length", "preset", "rated", "stake", "timeControl"]);
    expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(["101", "400", "401", "409", "429"]));
    expect(doc.components.schemas.ErrorCode.enum).toEqual(expect.arrayContaining(["STAKE_OUT_OF_RANGE", "INSUFFICIENT_COINS"]));
    expect(doc.components.schemas.ErrorCode.enum).not.toContain("STAKES_UNAVAILABLE");
  });

  it("the per-client limit answers 429 with Retry-After", async () => {
    const choice = freshChoice();
    const a = await guest();
    let limited: Response | null = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await api(`/v1/seek?${seekQuery(choice)}`, {
        headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `nardi.v2, token.${a.token}`, "cf-connecting-ip": "203.0.113.77" },
      });
      if (res.status === 429) limited = res;
      else res.webSocket?.accept();
    }
    expect(limited?.headers.get("retry-after")).toBe("60");
    expect(await problemCode(limited!)).toBe("RATE_LIMITED");
  });
});
