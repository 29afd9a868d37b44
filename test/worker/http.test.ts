import { describe, expect, it } from "vitest";
import {
  EventHistorySchema,
  SeatGrantSchema,
  TableViewSchema,
} from "../../src/protocol";
import { MAX_SOCKETS_PER_SEAT, MAX_SPECTATOR_SOCKETS } from "../../src/server/room/presence";
import { api, createTable, joinTable, listedWhen, postJson, startMatch } from "./helpers";
import { expectProblem } from "../support/problems";


describe("tables over HTTP", () => {
  it("answers health", async () => {
    const res = await api("/v1/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, d1: { ok: true }, outbox: { ok: true } });
  });

  it("creates a table: the creator sits White with a secret token, the table waits", async () => {
    const res = await postJson("/v1/tables", { preset: "backgammon", length: 5, name: "Ann", reconnectSeconds: 30 });
    expect(res.status).toBe(201);
    const grant = SeatGrantSchema.parse(await res.json());
    expect(grant.seat).toBe("white");
    expect(grant.tableId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(grant.token.length).toBeGreaterThanOrEqual(22);
    expect(grant.links).toEqual({
      socket: `/v1/tables/${grant.tableId}/socket`,
      table: `/v1/tables/${grant.tableId}`,
      watch: `/v1/tables/${grant.tableId}/socket`,
    });
    expect(grant.table).toMatchObject({
      status: "waiting",
      length: 5,
      reconnectSeconds: 30,
      ruleset: { preset: "backgammon", variant: "short", cube: true },
      players: { white: { name: "Ann", kind: "human" }, black: null },
      match: null,
    });

    const view = await api(`/v1/tables/${grant.tableId}`);
    expect(view.status).toBe(200);
    const text = await view.text();
    expect(TableViewSchema.parse(JSON.parse(text)).id).toBe(grant.tableId);
    expect(text).not.toContain(grant.token);
  });

  it("applies ruleset overrides and defaults", async () => {
    const grant = await createTable({ preset: "federation-long", overrides: { cube: false } });
    expect(grant.table.ruleset).toEqual({
      preset: "federation-long",
      variant: "long",
      koks: true,
      cube: false,
      opening: "reroll",
      timeout: "lose-match",
    });
    expect(grant.table).toMatchObject({ length: 1, reconnectSeconds: 60, spectators: true });
    // No table without a clock: the default is `standard`, its reserve per match point.
    expect(grant.table.timeControl).toEqual({ name: "standard", delaySeconds: 12, reserveSeconds: 120, matchReserveSeconds: 120 });
  });

  it("takes a time control by name or as custom delay + reserve per point, and refuses one without a limit", async () => {
    const blitz = await createTable({ timeControl: "blitz", length: 5 });
    expect(blitz.table.timeControl).toEqual({ name: "blitz", delaySeconds: 6, reserveSeconds: 30, matchReserveSeconds: 150 });
    const custom = await createTable({ timeControl: { delaySeconds: 5, reserveSeconds: 60 }, length: 3 });
    expect(custom.table.timeControl).toEqual({ name: "custom", delaySeconds: 5, reserveSeconds: 60, matchReserveSeconds: 180 });
    for (const timeControl of [{ delaySeconds: 0, reserveSeconds: 0 }, "forever", { delaySeconds: 5 }]) {
      const res = await postJson("/v1/tables", { preset: "backgammon", timeControl });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
  });

  it("lists waiting tables newest first, and drops a table once joined", async () => {
    const older = await createTable({ name: "Older" });
    const newer = await createTable({ name: "Newer" });
    const bot = await createTable({ opponent: "bot" });
    let ids = await listedWhen((list) => list.includes(older.tableId) && list.includes(newer.tableId));
    expect(ids).not.toContain(bot.tableId);
    expect(ids.indexOf(newer.tableId)).toBeLessThan(ids.indexOf(older.tableId));
    await joinTable(older.tableId);
    ids = await listedWhen((list) => !list.includes(older.tableId));
    expect(ids).toContain(newer.tableId);
  });

  it("joins the free seat, starts the match, and refuses a third player", async () => {
    const created = await createTable();
    const res = await postJson(`/v1/tables/${created.tableId}/join`, { name: "Bob" });
    expect(res.status).toBe(200);
    const grant = SeatGrantSchema.parse(await res.json());
    expect(grant.seat).toBe("black");
    expect(grant.token).not.toBe(created.token);
    expect(grant.table.status).toBe("playing");
    expect(grant.table.players.black).toMatchObject({ name: "Bob", kind: "human" });
    expect(grant.table.match).toMatchObject({ hand: 1, score: { white: 0, black: 0 } });

    await expectProblem(await postJson(`/v1/tables/${created.tableId}/join`, { name: "Carl" }), 409, "TABLE_FULL");
  });

  it("joins without a body under the default name", async () => {
    const created = await createTable();
    const res = await api(`/v1/tables/${created.tableId}/join`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(SeatGrantSchema.parse(await res.json()).table.players.black?.name).toBe("Player 2");
  });

  it("serves the event history in seq order, and after a seq", async () => {
    const { id } = await startMatch();
    const all = EventHistorySchema.parse(await (await api(`/v1/tables/${id}/events`)).json());
    expect(all.tableId).toBe(id);
    expect(all.events.map((e) => e.seq)).toEqual(all.events.map((_, i) => i + 1));
    expect(all.seq).toBe(all.events.length);
    expect(all.events.map((e) => e.event.type).slice(0, 4)).toEqual(["table-created", "player-joined", "player-joined", "hand-started"]);
    expect(all.events.some((e) => e.event.type === "opening-roll")).toBe(true);
    const later = EventHistorySchema.parse(await (await api(`/v1/tables/${id}/events?after=2`)).json());
    expect(later.events).toEqual(all.events.slice(2));
  });

  it("reports storage counters", async () => {
    const { id } = await startMatch();
    const stats = (await (await api(`/v1/tables/${id}/stats`)).json()) as Record<string, number>;
    expect(stats).toMatchObject({ commands: 0, events: expect.any(Number), rowsWritten: expect.any(Number), rowsRead: expect.any(Number) });
    expect(stats.rowsWritten).toBeGreaterThan(0);
  });

  it("lets web clients on other origins call the API (CORS)", async () => {
    const preflight = await api("/v1/tables", {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    const list = await api("/v1/tables", { headers: { origin: "https://elsewhere.example" } });
    expect(list.headers.get("access-control-allow-origin")).toBe("*");
    // Problems too, or a browser client could not read why it was refused.
    const problems = [
      await api(`/v1/tables/${"A".repeat(22)}`, { headers: { origin: "https://elsewhere.example" } }),
      await api("/v1/tables", { method: "POST", headers: { origin: "https://elsewhere.example", "content-type": "application/json" }, body: "{" }),
      await api("/v1/tables", { method: "POST", headers: { origin: "https://elsewhere.example", "content-type": "application/json" }, body: "{}" }),
    ];
    for (const res of problems) expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("serves an OpenAPI 3.1 document generated from the schemas, the WebSocket route included", async () => {
    const res = await api("/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/v1/health",
        "/v1/tables",
        "/v1/tables/{id}",
        "/v1/tables/{id}/join",
        "/v1/tables/{id}/events",
        "/v1/tables/{id}/stats",
        "/v1/tables/{id}/socket",
      ]),
    );
    expect(doc.paths["/v1/tables"]).toHaveProperty("post");
    expect(doc.paths["/v1/tables/{id}/socket"]).toHaveProperty("get");
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["CreateTableBody", "SeatGrant", "TableView", "Problem", "ClientMessage", "ServerMessage", "LoggedEvent", "ErrorCode"]),
    );
  });
});

describe("bad requests are coded problems and change nothing", () => {
  it("malformed JSON → BAD_JSON", async () => {
    const res = await api("/v1/tables", { method: "POST", headers: { "content-type": "application/json" }, body: "{preset:" });
    await expectProblem(res, 400, "BAD_JSON");
  });

  it("a body over the size limit → MESSAGE_TOO_LARGE", async () => {
    await expectProblem(await postJson("/v1/tables", { preset: "backgammon", name: "x".repeat(5000) }), 413, "MESSAGE_TOO_LARGE");
  });

  it("a body that fails the schema → BAD_REQUEST", async () => {
    await expectProblem(await postJson("/v1/tables", { preset: "chess" }), 400, "BAD_REQUEST");
    await expectProblem(await postJson("/v1/tables", { preset: "backgammon", length: 0 }), 400, "BAD_REQUEST");
    await expectProblem(await postJson("/v1/tables", { preset: "backgammon", hack: true }), 400, "BAD_REQUEST");
    await expectProblem(await postJson("/v1/tables", { preset: "backgammon", overrides: { variant: "long" } }), 400, "BAD_REQUEST");
    await expectProblem(await postJson("/v1/tables", ["backgammon"]), 400, "BAD_REQUEST");
  });

  it("a body that is not JSON at all → 415", async () => {
    const res = await api("/v1/tables", { method: "POST", headers: { "content-type": "text/plain" }, body: "preset=backgammon" });
    await expectProblem(res, 415, "BAD_REQUEST");
  });

  it("ids: malformed → BAD_REQUEST, unknown → TABLE_NOT_FOUND", async () => {
    await expectProblem(await api("/v1/tables/short"), 400, "BAD_REQUEST");
    await expectProblem(await api("/v1/tables/has%20space%20in%20it%20oh%20no"), 400, "BAD_REQUEST");
    const unknown = "A".repeat(22);
    await expectProblem(await api(`/v1/tables/${unknown}`), 404, "TABLE_NOT_FOUND");
    await expectProblem(await api(`/v1/tables/${unknown}/events`), 404, "TABLE_NOT_FOUND");
    await expectProblem(await api(`/v1/tables/${unknown}/stats`), 404, "TABLE_NOT_FOUND");
    await expectProblem(await postJson(`/v1/tables/${unknown}/join`, {}), 404, "TABLE_NOT_FOUND");
    await expectProblem(await api(`/v1/tables/${unknown}/socket`, { headers: { Upgrade: "websocket" } }), 404, "TABLE_NOT_FOUND");
  });

  it("a bad query → BAD_REQUEST", async () => {
    const { id } = await startMatch();
    await expectProblem(await api(`/v1/tables/${id}/events?after=-1`), 400, "BAD_REQUEST");
    await expectProblem(await api(`/v1/tables/${id}/events?after=soon`), 400, "BAD_REQUEST");
  });

  it("unknown routes and methods → NOT_FOUND", async () => {
    await expectProblem(await api("/v1/nothing-here"), 404, "NOT_FOUND");
    await expectProblem(await api("/v1/tables", { method: "DELETE" }), 404, "NOT_FOUND");
  });

  it("sockets: a wrong token → BAD_TOKEN before upgrading; no spectators → SPECTATORS_DISABLED; no upgrade → 426", async () => {
    const { id, white } = await startMatch({ spectators: false });
    const upgrade = { headers: { Upgrade: "websocket" } };
    const wrong = await api(`/v1/tables/${id}/socket?token=${"A".repeat(43)}`, upgrade);
    expect(wrong.webSocket).toBeNull();
    await expectProblem(wrong, 401, "BAD_TOKEN");
    await expectProblem(await api(`/v1/tables/${id}/socket?token=`, upgrade), 401, "BAD_TOKEN");
    // Another table's token is no token here.
    const other = await createTable();
    await expectProblem(await api(`/v1/tables/${id}/socket?token=${other.token}`, upgrade), 401, "BAD_TOKEN");
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade), 403, "SPECTATORS_DISABLED");
    await expectProblem(await api(`/v1/tables/${id}/socket?token=${white.token}`), 426, "BAD_REQUEST");
    await expectProblem(await api(`/v1/tables/${id}/socket?token=${white.token}&seq=-4`, upgrade), 400, "BAD_REQUEST");
    const asWhite = { headers: { authorization: `Bearer ${white.token}` } };
    const events = EventHistorySchema.parse(await (await api(`/v1/tables/${id}/events`, asWhite)).json());
    expect(events.events.map((e) => e.event.type)).not.toContain("player-connected");
  });

  it("sockets per seat and spectators per table are bounded (RATE_LIMITED before upgrading)", async () => {
    const { id, white } = await startMatch();
    const upgrade = { headers: { Upgrade: "websocket" } };
    const open: WebSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SEAT; i++) {
      const res = await api(`/v1/tables/${id}/socket?token=${white.token}`, upgrade);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      open.push(res.webSocket!);
    }
    await expectProblem(await api(`/v1/tables/${id}/socket?token=${white.token}`, upgrade), 429, "RATE_LIMITED");
    for (let i = 0; i < MAX_SPECTATOR_SOCKETS; i++) {
      const res = await api(`/v1/tables/${id}/socket`, upgrade);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      open.push(res.webSocket!);
    }
    await expectProblem(await api(`/v1/tables/${id}/socket`, upgrade), 429, "RATE_LIMITED");
    // A socket that goes away frees its place.
    open[0]!.close(1000, "bye");
    let status = 0;
    for (let i = 0; i < 50 && status !== 101; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const res = await api(`/v1/tables/${id}/socket?token=${white.token}`, upgrade);
      status = res.status;
      res.webSocket?.accept();
    }
    expect(status).toBe(101);
    for (const ws of open) ws.close(1000, "bye");
  });
});
