/**
 * The edge between the internet and the match objects: private tables and their invite secret, what a table
 * without spectators hides over HTTP, per-client limits (the real Rate Limiting bindings, keyed by
 * CF-Connecting-IP), the socket token in the subprotocol, the lobby's indexes and alarm, and the API's headers.
 */
import { SELF, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EventHistorySchema, SeatGrantSchema, TableViewSchema } from "../../src/protocol";
import { LISTED_TABLES_PER_CLIENT, type Lobby } from "../../src/server/lobby";
import { acceptedUntilRefused } from "../support/limits";
import { BASE, api, createTable, history, listed, listedWhen, postJson, startMatch } from "./helpers";
import { expectProblem } from "../support/problems";


let addressCounter = 0;
/** A fresh client address (TEST-NET-3), so each test meets the limiters with an empty budget. */
function newAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

function from(address: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), "cf-connecting-ip": address } };
}

const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("private tables", () => {
  it("are not listed, and only the invite secret seats the second player; wrong or missing → 403 BAD_INVITE, nothing changes", async () => {
    const host = await createTable({ private: true, name: "Host" });
    expect(host.invite).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits
    expect(host.table.private).toBe(true);
    const open = await createTable({ name: "Public" });
    expect(open.invite).toBeNull();
    const ids = await listedWhen((list) => list.includes(open.tableId));
    expect(ids).not.toContain(host.tableId);

    const before = await history(host.tableId);
    await expectProblem(await postJson(`/v1/tables/${host.tableId}/join`, { name: "Sniper" }), 403, "BAD_INVITE");
    await expectProblem(await postJson(`/v1/tables/${host.tableId}/join`, { invite: "A".repeat(22) }), 403, "BAD_INVITE");
    await expectProblem(await postJson(`/v1/tables/${host.tableId}/join`, { invite: "" }), 403, "BAD_INVITE");
    // Another table's secret is no secret here.
    const other = await createTable({ private: true });
    await expectProblem(await postJson(`/v1/tables/${host.tableId}/join`, { invite: other.invite }), 403, "BAD_INVITE");
    const after = await history(host.tableId);
    expect(after.seq).toBe(before.seq);
    expect(TableViewSchema.parse(await (await api(`/v1/tables/${host.tableId}`)).json()).status).toBe("waiting");

    const friend = SeatGrantSchema.parse(await (await postJson(`/v1/tables/${host.tableId}/join`, { invite: host.invite, name: "Friend" })).json());
    expect(friend.seat).toBe("black");
    expect(friend.invite).toBeNull();
    expect(friend.table.status).toBe("playing");
    // A full private table still says BAD_INVITE to someone without the secret (it tells them nothing more).
    await expectProblem(await postJson(`/v1/tables/${host.tableId}/join`, {}), 403, "BAD_INVITE");
    await expectProblem(await postJson(`/v1/tables/${host.tableId}/join`, { invite: host.invite }), 409, "TABLE_FULL");
  });
});

describe("a table without spectators over HTTP", () => {
  it("hides the match (board, dice, score) and the event log from readers without a seat token", async () => {
    const { id, white, black } = await startMatch({ spectators: false });
    const anonymous = TableViewSchema.parse(await (await api(`/v1/tables/${id}`)).json());
    expect(anonymous.status).toBe("playing");
    expect(anonymous.match).toBeNull();
    await expectProblem(await api(`/v1/tables/${id}/events`), 403, "SPECTATORS_DISABLED");

    for (const seat of [white, black]) {
      const auth = { headers: { authorization: `Bearer ${seat.token}` } };
      const view = TableViewSchema.parse(await (await api(`/v1/tables/${id}`, auth)).json());
      expect(view.match?.board).toBeDefined();
      expect(view.seq).toBe(anonymous.seq);
      expect(EventHistorySchema.parse(await (await api(`/v1/tables/${id}/events`, auth)).json()).events.length).toBe(view.seq);
    }
    // A token that holds no seat here, or a header that is not a bearer token: BAD_TOKEN.
    const other = await createTable();
    await expectProblem(await api(`/v1/tables/${id}`, { headers: { authorization: `Bearer ${other.token}` } }), 401, "BAD_TOKEN");
    await expectProblem(await api(`/v1/tables/${id}/events`, { headers: { authorization: `Basic ${white.token}` } }), 401, "BAD_TOKEN");
  });

  it("a table with spectators shows everything to anyone", async () => {
    const { id } = await startMatch();
    expect(TableViewSchema.parse(await (await api(`/v1/tables/${id}`)).json()).match).not.toBeNull();
    expect((await api(`/v1/tables/${id}/events`)).status).toBe(200);
  });
});

describe("per-client limits (Rate Limiting bindings, keyed by CF-Connecting-IP)", () => {
  it("table creation: 10 a minute per address, then 429 RATE_LIMITED with Retry-After", async () => {
    const address = newAddress();
    const create = () => SELF.fetch(`${BASE}/v1/tables`, from(address, json({ preset: "backgammon", name: "Spammer" })));
    await expectProblem(await acceptedUntilRefused(10, create), 429, "RATE_LIMITED");
    await expectProblem(await create(), 429, "RATE_LIMITED");
    // Another address is not affected.
    expect((await SELF.fetch(`${BASE}/v1/tables`, from(newAddress(), json({ preset: "backgammon", opponent: "bot" })))).status).toBe(201);
  });

  it("joins: 20 a minute per address; the refused join leaves the table waiting at its seq", async () => {
    const address = newAddress();
    const join = async () => SELF.fetch(`${BASE}/v1/tables/${(await createTable()).tableId}/join`, from(address, json({})));
    await expectProblem(await acceptedUntilRefused(20, join), 429, "RATE_LIMITED");
    const table = await createTable();
    await expectProblem(await SELF.fetch(`${BASE}/v1/tables/${table.tableId}/join`, from(address, json({}))), 429, "RATE_LIMITED");
    expect((await history(table.tableId)).seq).toBe(table.table.seq);
    expect(TableViewSchema.parse(await (await api(`/v1/tables/${table.tableId}`)).json()).status).toBe("waiting");
  });

  it("socket upgrades: 60 a minute per address, refused before the upgrade", async () => {
    const address = newAddress();
    const { id } = await startMatch();
    const before = await history(id);
    // Spectator sockets, each closed at once, so only the address limit can refuse.
    const upgrade = async () => {
      const res = await SELF.fetch(`${BASE}/v1/tables/${id}/socket`, from(address, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": "nardi.v1" } }));
      res.webSocket?.accept();
      res.webSocket?.close(1000, "bye");
      return res;
    };
    const refused = await acceptedUntilRefused(60, upgrade);
    expect(refused.webSocket).toBeNull();
    await expectProblem(refused, 429, "RATE_LIMITED");
    expect((await history(id)).seq).toBe(before.seq);
  });
});

describe("the lobby", () => {
  it(`lists at most ${LISTED_TABLES_PER_CLIENT} tables per client: its newer tables push its older ones off the list`, async () => {
    const address = newAddress();
    const ids: string[] = [];
    for (let i = 0; i < LISTED_TABLES_PER_CLIENT + 2; i++) {
      const res = await SELF.fetch(`${BASE}/v1/tables`, from(address, json({ preset: "backgammon", name: `Spam ${i}` })));
      ids.push(SeatGrantSchema.parse(await res.json()).tableId);
    }
    const neighbour = await createTable({ name: "Neighbour" });
    const list = await listedWhen((l) => l.includes(ids.at(-1)!) && l.includes(neighbour.tableId));
    expect(ids.filter((id) => list.includes(id))).toEqual(ids.slice(-LISTED_TABLES_PER_CLIENT));
    // The unlisted tables still take a player by their link.
    expect((await postJson(`/v1/tables/${ids[0]}/join`, {})).status).toBe(200);
  });

  it("reading never writes: expired rows are filtered by the query and deleted by the lobby's alarm", async () => {
    const lobby = env.LOBBY.getByName("lobby");
    // A row whose table expired a moment ago, before the lobby's alarm ran.
    const past = Date.now() - 1000;
    const summary = { id: "expired-table-000001", ruleset: { preset: "backgammon", variant: "short", koks: true, cube: true, opening: "reroll" }, length: 1, host: "Old", createdAt: past - 5000 };
    await runInDurableObject(lobby, (_: Lobby, state) => {
      state.storage.sql.exec("INSERT INTO open_tables (id, summary, created_at, expires_at, client) VALUES (?, ?, ?, ?, 'x')", summary.id, JSON.stringify(summary), summary.createdAt, past);
    });
    const rows = () =>
      runInDurableObject(lobby, (_: Lobby, state) => state.storage.sql.exec("SELECT id FROM open_tables WHERE id = ?", summary.id).toArray().length);
    expect(await listed()).not.toContain(summary.id);
    expect(await rows()).toBe(1); // the listing left it in place
    await runInDurableObject(lobby, async (_: Lobby, state) => {
      if ((await state.storage.getAlarm()) === null) await state.storage.setAlarm(Date.now());
    });
    expect(await runDurableObjectAlarm(lobby)).toBe(true);
    expect(await rows()).toBe(0);
  });

  it("has indexes on its sort, expiry and client columns", async () => {
    const names = await runInDurableObject(env.LOBBY.getByName("lobby"), (_: Lobby, state) =>
      state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'open_tables'").toArray().map((r) => r.name),
    );
    expect(names).toEqual(expect.arrayContaining(["open_tables_by_age", "open_tables_by_expiry", "open_tables_by_client"]));
  });

  it("create and join do not wait for a lobby that does not answer", async () => {
    const lobby = env.LOBBY.getByName("lobby");
    // The lobby hangs on every change until the test ends: creating and joining must still answer.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const saved = await runInDurableObject(lobby, (instance: Lobby) => {
      const proto = Object.getPrototypeOf(instance) as Record<"add" | "remove", unknown>;
      const original = { add: proto.add, remove: proto.remove };
      Object.assign(proto, { add: () => gate, remove: () => gate });
      return original;
    });
    try {
      const { id, black } = await startMatch({ name: "Unhurried" });
      expect(black.table.status).toBe("playing");
      expect((await history(id)).seq).toBe(black.table.seq);
    } finally {
      await runInDurableObject(lobby, (instance: Lobby) => Object.assign(Object.getPrototypeOf(instance), saved));
      release();
    }
  });
});

describe("the seat token travels in the subprotocol, not the URL", () => {
  const upgrade = (protocols: string) => ({ headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": protocols } });

  it("`nardi.v1, token.<token>` seats the socket and the server answers `nardi.v1`", async () => {
    const { id, white } = await startMatch();
    const res = await api(`/v1/tables/${id}/socket`, upgrade(`nardi.v1, token.${white.token}`));
    expect(res.status).toBe(101);
    expect(res.headers.get("sec-websocket-protocol")).toBe("nardi.v1");
    const ws = res.webSocket!;
    const first = new Promise<string>((resolve) => ws.addEventListener("message", (e) => resolve(e.data as string), { once: true }));
    ws.accept();
    expect(JSON.parse(await first)).toMatchObject({ type: "welcome", role: "white" });
    ws.close(1000, "bye");
  });

  it("`nardi.v2` is chosen over the deprecated `nardi.v1` when both are offered; an unknown version alone is BAD_REQUEST", async () => {
    const { id, white } = await startMatch();
    for (const offered of [`nardi.v1, nardi.v2, token.${white.token}`, `nardi.v2, token.${white.token}`]) {
      const res = await api(`/v1/tables/${id}/socket`, upgrade(offered));
      expect(res.headers.get("sec-websocket-protocol")).toBe("nardi.v2");
      res.webSocket!.accept();
      res.webSocket!.close(1000, "bye");
    }
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade(`nardi.v3, token.${white.token}`)), 400, "BAD_REQUEST");
  });

  it("refuses a token offered twice, subprotocols without nardi.v1, and wrong or empty tokens; the deprecated ?token= still works", async () => {
    const { id, white } = await startMatch({ spectators: false });
    const before = await history(id, undefined, white.token);
    await expectProblem(await api(`/v1/tables/${id}/socket?token=${white.token}`, upgrade(`nardi.v1, token.${white.token}`)), 400, "BAD_REQUEST");
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade(`nardi.v1, token.${white.token}, token.${white.token}`)), 400, "BAD_REQUEST");
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade(`token.${white.token}`)), 400, "BAD_REQUEST");
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade(`nardi.v1, token.${"A".repeat(43)}`)), 401, "BAD_TOKEN");
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade("nardi.v1, token.")), 401, "BAD_TOKEN");
    await expectProblem(await api(`/v1/tables/${id}/socket?token=`, { headers: { Upgrade: "websocket" } }), 401, "BAD_TOKEN");
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade("nardi.v1")), 403, "SPECTATORS_DISABLED");
    expect((await history(id, undefined, white.token)).seq).toBe(before.seq);
    const legacy = await api(`/v1/tables/${id}/socket?token=${white.token}`, { headers: { Upgrade: "websocket" } });
    expect(legacy.status).toBe(101);
    expect(legacy.headers.get("sec-websocket-protocol")).toBeNull();
    legacy.webSocket!.accept();
    legacy.webSocket!.close(1000, "bye");
  });
});

describe("headers", () => {
  it("API answers (problems included) say nosniff, no framing, no referrer", async () => {
    for (const res of [await api("/v1/health"), await api("/v1/tables/nope"), await api("/v1/nothing")]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      await res.body?.cancel();
    }
  });
});
