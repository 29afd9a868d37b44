import { describe, expect, it } from "vitest";
import { api, createTable, postJson } from "./helpers";

describe("HTTP API", () => {
  it("answers health", async () => {
    const res = await api("/v1/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("creates a table", async () => {
    const grant = await createTable({ name: "Ann" });
    expect(grant.seat).toBe("white");
    expect(grant.tableId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(grant.table.status).toBe("waiting");
  });
});
