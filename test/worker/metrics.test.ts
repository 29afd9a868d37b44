/**
 * The counters an operator reads at GET /v1/admin/metrics: matches played and delivered move them exactly once
 * (a re-delivery adds nothing), guests, claims and coins are counted, errors by code arrive, bad queries are
 * coded problems, and every admin route refuses an anonymous caller (401) and a plain player (403).
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LAG_RULE } from "../../src/engine";
import { ProblemSchema, TableStatsSchema } from "../../src/protocol";
import type { MatchRoom } from "../../src/server/match-room";
import { countEvents, matchCounts } from "../../src/server/metrics/match";
import { datapointOf } from "../../src/server/metrics/analytics";
import { api, commandId, connect, connectSeats, ROLL_IS_A_DECISION, stubOf, timePasses } from "./helpers";
import { eventually, metricsOf, staff, total } from "./metrics-support";
import { call, delivered, guest, tableBetween } from "./players-support";

async function resign(id: string, token: string): Promise<void> {
  const socket = await connect(id, { token });
  await socket.next("welcome");
  socket.send({ type: "resign", id: commandId() });
  const answer = await socket.answer();
  if (answer.type !== "ack") throw new Error(`resign refused: ${answer.code}`);
  socket.close();
}

async function commandsOf(id: string): Promise<number> {
  return TableStatsSchema.parse(await (await api(`/v1/tables/${id}/stats`)).json()).commands;
}

describe("GET /v1/admin/metrics", () => {
  it("every admin route refuses an anonymous caller with 401 and a plain player with 403, coded", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/v1/admin/"))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: path.replaceAll(/\{[^}]+\}/g, "x") })));
    expect(routes).toContainEqual({ method: "GET", path: "/v1/admin/metrics" });
    const player = await guest();
    for (const { method, path } of routes) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const anonymous = await call(method, path, { body });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      expect(ProblemSchema.parse(await anonymous.json()).code).toBe("UNAUTHORIZED");
      const plain = await call(method, path, { token: player.token, body });
      expect(plain.status, `${method} ${path} as a player`).toBe(403);
      expect(ProblemSchema.parse(await plain.json()).code).toBe("FORBIDDEN");
    }
    // The session and role come before the query: a bad query from an anonymous caller is still 401.
    expect((await call("GET", "/v1/admin/metrics?period=week")).status).toBe(401);
    expect((await call("GET", "/v1/admin/metrics?period=week", { token: player.token })).status).toBe(403);
  });

  it("matches played and delivered move the counters once: starts, endings by reason, commands, reconnects, flags, abandonments", async () => {
    const admin = await staff("admin");
    const before = await metricsOf(admin.token);
    const a = await guest();
    const b = await guest();

    // 1: Black drops and comes back (a reconnect), then resigns.
    const first = await tableBetween(a.token, b.token);
    const seats = await connectSeats(first.id, { white: first.white.token, black: first.black.token });
    seats.black.close();
    await seats.white.next("update");
    await resign(first.id, first.black.token);
    seats.white.close();
    await delivered(first.id);

    // 2: White leaves and its window runs out: a forfeit, one abandonment.
    const second = await tableBetween(a.token, b.token);
    const left = await connectSeats(second.id, { white: second.white.token, black: second.black.token });
    left.white.close();
    await left.black.next("update");
    await timePasses(second.id);
    await runDurableObjectAlarm(stubOf(second.id));
    left.black.close();
    await delivered(second.id);

    // 3: the mover's clock runs out: a flag.
    const third = await tableBetween(a.token, b.token, ROLL_IS_A_DECISION);
    const flagged = await connectSeats(third.id, { white: third.white.token, black: third.black.token });
    await runInDurableObject(stubOf(third.id), async (room: MatchRoom) => {
      const loaded = room.room.store.load()!;
      const clock = loaded.info.clock!;
      const since = clock.since - (12_000 + 400_000 + LAG_RULE.perMoveMs);
      room.room.commit({ room: { ...loaded, info: { ...loaded.info, clock: { ...clock, since } } }, events: [], at: Date.now() });
      await room.room.syncAlarm();
    });
    await runDurableObjectAlarm(stubOf(third.id));
    flagged.white.close();
    flagged.black.close();
    await delivered(third.id);

    const after = await metricsOf(admin.token);
    const delta = (name: Parameters<typeof total>[1], key?: string) => total(after, name, key) - total(before, name, key);
    expect(delta("matches.started", "backgammon")).toBe(3);
    expect(delta("matches.finished", "backgammon")).toBe(3);
    expect(delta("matches.ended", "resign")).toBe(1);
    expect(delta("matches.ended", "forfeit")).toBe(1);
    expect(delta("matches.ended", "timeout")).toBe(1);
    expect(delta("abandonments", "backgammon")).toBe(1);
    expect(delta("flags", "backgammon")).toBe(1);
    expect(delta("reconnects", "backgammon")).toBe(1);
    const commands = (await commandsOf(first.id)) + (await commandsOf(second.id)) + (await commandsOf(third.id));
    expect(commands).toBeGreaterThan(0);
    expect(delta("commands", "backgammon")).toBe(commands);
    expect(delta("guests.created")).toBe(2);
    // The series line up with the buckets, and the hour now is the last one.
    for (const s of after.series) expect(s.values).toHaveLength(after.buckets.length);
    expect(after.buckets.at(-1)).toBe(Math.floor(Date.now() / 3_600_000) * 3_600_000);

    // The record delivered again (an at-least-once alarm) adds nothing.
    await runInDurableObject(stubOf(first.id), async (room: MatchRoom) => {
      const stored = room.room.store.load()!;
      room.room.commit({ room: stored, events: [], at: Date.now(), outbox: { put: "match-record" }, setDeadlines: [{ kind: "deliver", seat: "table", due: Date.now() - 1 }] });
      await room.room.syncAlarm();
    });
    await delivered(first.id);
    const again = await metricsOf(admin.token);
    for (const s of after.series) {
      if (s.name === "errors") continue;
      expect(total(again, s.name, s.key), `${s.name} ${s.key}`).toBe(s.total);
    }

    // Per day: the same counts in one bucket per UTC day.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const byDay = await metricsOf(admin.token, `?period=day&since=${today}`);
    const byHour = await metricsOf(admin.token, `?period=hour&since=${today}`);
    expect(byDay.buckets).toEqual([today]);
    for (const name of ["matches.started", "matches.finished", "commands", "reconnects", "flags", "abandonments"] as const) {
      expect(total(byDay, name)).toBe(total(byHour, name));
    }
  });

  it("guests created, claims, players by kind and coins in circulation", async () => {
    const admin = await staff();
    const before = await metricsOf(admin.token);
    const g = await guest();
    expect((await call("POST", "/v1/me/claim", { token: g.token, body: { name: `Claimer${Date.now() % 100000}`, password: "a long enough password" } })).status).toBe(200);
    const other = await guest();
    expect((await call("GET", "/v1/coins", { token: other.token })).status).toBe(200);
    const after = await metricsOf(admin.token);
    expect(total(after, "guests.created") - total(before, "guests.created")).toBe(2);
    expect(total(after, "claims") - total(before, "claims")).toBe(1);
    expect(after.now.members - before.now.members).toBe(1);
    expect(after.now.guests - before.now.guests).toBe(1);
    // The starting grant left the house and is now in circulation.
    expect(after.now.coinsInCirculation - before.now.coinsInCirculation).toBe(1000);
    const house = await env.DB.prepare("SELECT balance FROM coin_accounts WHERE id = 'house'").first<{ balance: number }>();
    expect(after.now.coinsInCirculation).toBe(-house!.balance);
    // Reports: counted from the reports table where this server has one.
    const reports = await env.DB.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'reports'").first();
    if (reports) expect(after.now.reportsOpen).toBe((await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE status = 'open'").first<{ n: number }>())!.n);
    else expect(after.now.reportsOpen).toBeNull();
  });

  it("errors by code: HTTP problems and a socket's error frames are counted", async () => {
    const admin = await staff();
    const before = await metricsOf(admin.token);
    const missing = await api("/v1/matches/no-such-match");
    const code = ProblemSchema.parse(await missing.json()).code;
    const a = await guest();
    const waiting = await call("POST", "/v1/tables", { token: a.token, body: { preset: "backgammon" } });
    const grant = (await waiting.json()) as { tableId: string; token: string };
    const socket = await connect(grant.tableId, { token: grant.token });
    await socket.next("welcome");
    socket.send({ type: "roll", id: commandId() });
    expect(await socket.answer()).toMatchObject({ type: "error", code: "MATCH_NOT_STARTED" });
    socket.close();
    const after = await eventually(
      () => metricsOf(admin.token),
      (r) => total(r, "errors", code) > total(before, "errors", code) && total(r, "errors", "MATCH_NOT_STARTED") > total(before, "errors", "MATCH_NOT_STARTED"),
      "both errors counted",
    );
    expect(total(after, "errors", "MATCH_NOT_STARTED") - total(before, "errors", "MATCH_NOT_STARTED")).toBe(1);
  });

  it("bad queries are coded problems", async () => {
    const admin = await staff();
    const now = Date.now();
    for (const query of ["?period=week", "?since=yesterday", `?since=${now + 2 * 86_400_000}`, `?period=hour&since=${now - 500 * 3_600_000}`]) {
      const res = await call("GET", `/v1/admin/metrics${query}`, { token: admin.token });
      expect(res.status, query).toBe(400);
      expect(ProblemSchema.parse(await res.json()).code).toBe("BAD_REQUEST");
    }
    // 400 days is the most that is served at once.
    expect((await metricsOf(admin.token, `?period=day&since=${now - 399 * 86_400_000}`)).buckets).toHaveLength(400);
  });
});

describe("counting a match's events", () => {
  const at = Date.UTC(2026, 11, 2, 10, 30);
  const e = (event: Record<string, unknown>, dt = 0) => ({ seq: 1, at: at + dt, event }) as never;

  it("a seat's first arrival is no reconnect; its return after a drop is; flags and endings by hour", () => {
    const counts = countEvents(
      [
        e({ type: "player-connected", seat: "white" }),
        e({ type: "player-disconnected", seat: "white", deadline: 0 }),
        e({ type: "player-connected", seat: "white" }),
        e({ type: "timed-out", side: "black" }, 3_600_000),
        e({ type: "match-ended", winner: null, reason: "abandoned", score: { white: 0, black: 0 } }, 3_600_000),
      ],
      "georgian-short",
    );
    const hour = Date.UTC(2026, 11, 2, 10);
    expect(counts).toEqual([
      { name: "reconnects", key: "georgian-short", hour, value: 1 },
      { name: "flags", key: "georgian-short", hour: hour + 3_600_000, value: 1 },
      { name: "matches.finished", key: "georgian-short", hour: hour + 3_600_000, value: 1 },
      { name: "matches.ended", key: "abandoned", hour: hour + 3_600_000, value: 1 },
      { name: "abandonments", key: "georgian-short", hour: hour + 3_600_000, value: 1 },
    ]);
    // A seat already away before the change: its return counts.
    expect(countEvents([e({ type: "player-connected", seat: "black" })], "backgammon", { white: false, black: true })).toHaveLength(1);
  });

  it("a delivered record adds its start in the hour it started and its commands in the hour it ended", () => {
    const counts = matchCounts({ pool: "backgammon", startedAt: at - 3_600_000, endedAt: at, events: [e({ type: "match-ended", winner: "white", reason: "resign", score: { white: 1, black: 0 } })] }, 7);
    expect(counts).toContainEqual({ name: "matches.started", key: "backgammon", hour: Date.UTC(2026, 11, 2, 9), value: 1 });
    expect(counts).toContainEqual({ name: "commands", key: "backgammon", hour: Date.UTC(2026, 11, 2, 10), value: 7 });
  });

  it("locally the Analytics Engine binding exists and takes writes (which go nowhere)", () => {
    expect(env.METRICS).toBeDefined();
    expect(() => env.METRICS!.writeDataPoint(datapointOf({ name: "commands", key: "backgammon", value: 1 }))).not.toThrow();
  });

  it("an Analytics Engine datapoint: index and blob1 the counter, blob2 its key, blob3 the table, double1 how many", () => {
    expect(datapointOf({ name: "errors", key: "STALE_SEQ", value: 1, tableId: "t1" })).toEqual({
      indexes: ["errors"],
      blobs: ["errors", "STALE_SEQ", "t1"],
      doubles: [1],
    });
  });
});
