/** The HTTP side of the API over real HTTP: health, the OpenAPI document, the lobby, table views and errors. */
import { describe, expect, inject, test } from "vitest";
import { ApiError, NardiClient } from "../../src/client";
import { expectProblem, problemCode } from "../support/problems";

const baseUrl = inject("baseUrl");
const client = new NardiClient(baseUrl);

describe.concurrent("HTTP API", () => {
  test("health answers ok", async () => {
    expect(await client.health()).toMatchObject({ ok: true, d1: { ok: true }, outbox: { ok: true, backlog: 0 } });
  });

  test("the OpenAPI document is 3.1 and describes the table routes", async () => {
    const doc = await client.openApi();
    expect(String(doc.openapi)).toMatch(/^3\.1\./);
    const paths = Object.keys((doc.paths ?? {}) as Record<string, unknown>);
    for (const p of ["/v1/tables", "/v1/tables/{id}", "/v1/tables/{id}/join", "/v1/tables/{id}/events"]) expect(paths).toContain(p);
    const create = (doc.paths as Record<string, Record<string, unknown>>)["/v1/tables"];
    expect(Object.keys(create ?? {})).toEqual(expect.arrayContaining(["get", "post"]));
    const schemas = Object.keys(((doc.components as Record<string, unknown> | undefined)?.schemas ?? {}) as Record<string, unknown>);
    expect(schemas).toEqual(expect.arrayContaining(["CreateTableBody", "SeatGrant", "TableView", "Problem"]));
  });

  test("a new table is listed as open until someone joins; the creator sits White", async ({ expect }) => {
    const grant = await client.createTable({ preset: "federation-long", length: 5, name: "Nino" });
    expect(grant.seat).toBe("white");
    expect(grant.table).toMatchObject({ id: grant.tableId, status: "waiting", length: 5, seq: grant.table.seq });
    expect(grant.table.ruleset).toEqual({
      preset: "federation-long",
      variant: "long",
      koks: true,
      cube: true,
      opening: "reroll",
      timeout: "lose-match",
    });
    expect(grant.table.players.white?.name).toBe("Nino");
    expect(grant.table.players.black).toBeNull();
    expect(grant.tableId).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(grant.token.length).toBeGreaterThanOrEqual(22);
    // The lobby hears of a table just after its create answers (create never waits for the lobby).
    await expect.poll(async () => (await client.listOpenTables()).find((t) => t.id === grant.tableId), { timeout: 10_000 }).toMatchObject({ host: "Nino", length: 5 });

    const joined = await client.joinTable(grant.tableId, { name: "Levan" });
    expect(joined.seat).toBe("black");
    expect(joined.token).not.toBe(grant.token);
    expect(joined.table.status).toBe("playing");
    expect(joined.table.players.black?.name).toBe("Levan");
    expect(joined.table.match?.hand).toBe(1);
    await expect.poll(async () => (await client.listOpenTables()).some((t) => t.id === grant.tableId), { timeout: 10_000 }).toBe(false);

    // The public view and the log hold no secrets.
    const view = await client.getTable(grant.tableId);
    const log = await client.getEvents(grant.tableId);
    for (const text of [JSON.stringify(view), JSON.stringify(log)]) {
      expect(text).not.toContain(grant.token);
      expect(text).not.toContain(joined.token);
    }
    expect(log.events.map((e) => e.event.type).slice(0, 3)).toEqual(["table-created", "player-joined", "player-joined"]);
    expect(log.events.some((e) => e.event.type === "opening-roll")).toBe(true);
  });

  test("overrides change the ruleset; bad bodies are BAD_REQUEST problems", async () => {
    const grant = await client.createTable({ preset: "backgammon", length: 3, overrides: { cube: false, koks: false } });
    expect(grant.table.ruleset).toMatchObject({ preset: "backgammon", cube: false, koks: false });
    for (const body of [{ preset: "chess" }, { preset: "backgammon", length: 0 }, { preset: "backgammon", surprise: 1 }]) {
      const err = await client.createTable(body as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    }
    const res = await fetch(`${baseUrl}/v1/tables`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(res.status).toBe(400);
    expect(await problemCode(res)).toMatch(/^BAD_(JSON|REQUEST)$/);
    const big = await fetch(`${baseUrl}/v1/tables`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ preset: "backgammon", name: "x".repeat(10_000) }),
    });
    await expectProblem(big, 413, "MESSAGE_TOO_LARGE");
  });

  test("unknown routes under /v1 are NOT_FOUND problems", async () => {
    const res = await fetch(`${baseUrl}/v1/nothing-here`);
    await expectProblem(res, 404, "NOT_FOUND");
  });
});
