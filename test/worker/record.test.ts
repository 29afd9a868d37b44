/**
 * `GET /v1/tables/{id}/record`: a finished match as JSON (the MatchRecord of GET /v1/matches/{id}), gnubg .mat and
 * plain text; read like the event log; from D1 once the table is gone.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MatchRecordSchema } from "../../src/protocol";
import { replayLog, toMat, toText } from "../../src/protocol/export";
import { resign } from "./coins-support";
import { guest, tableBetween } from "./players-support";
import { api, history, playOne, seatedMatch, startMatch, stubOf, timePasses } from "./helpers";
import { problemCode } from "../support/problems";

function record(id: string, format: string, token?: string): Promise<Response> {
  return api(`/v1/tables/${id}/record?format=${format}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

describe("GET /v1/tables/{id}/record", () => {
  it("gives a played-out short-nardi match as JSON, .mat and text, all from the same log", async () => {
    const { id, clients } = await seatedMatch({ preset: "backgammon", length: 1 });
    expect(await problemCode(await record(id, "mat"))).toBe("MATCH_NOT_OVER");
    let commands = 0;
    while (await playOne(clients)) commands++;
    expect(commands).toBeGreaterThan(10);
    const { events } = await history(id);

    const json = await record(id, "json");
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="${id}.json"`);
    const doc = MatchRecordSchema.parse(await json.json());
    expect(doc).toMatchObject({ tableId: id, pool: "backgammon", length: 1, reason: "score" });
    expect(doc.events).toEqual(events);
    expect(doc.players.white).toMatchObject({ name: "White", kind: "human", deleted: false });

    const replayed = replayLog(events, id);
    if (!replayed.ok) throw new Error(replayed.message);
    const mat = await record(id, "mat");
    expect(mat.status).toBe(200);
    expect(mat.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(mat.headers.get("content-disposition")).toBe(`attachment; filename="${id}.mat"`);
    const matText = await mat.text();
    expect(matText).toBe(toMat(replayed.replay));
    expect(matText).toContain(" 1 point match\n");
    // One `dd:` entry per roll played or burned (the opening roll included).
    const turns = events.filter((e) => e.event.type === "played" || e.event.type === "burned").length;
    expect([...matText.matchAll(/\b[1-6][1-6]:/g)].length).toBe(turns);

    const txt = await (await record(id, "txt")).text();
    expect(txt).toBe(toText(replayed.replay));
    expect(txt.trimEnd().split("\n").at(-1)).toBe(`match ${doc.winner} reason score score ${doc.score.white}-${doc.score.black}`);
  });

  it("has no .mat of long nardi (FORMAT_UNAVAILABLE) but JSON and text", async () => {
    const { id, black } = await startMatch({ preset: "federation-long", length: 3 });
    await resign(id, black.token);
    const mat = await record(id, "mat");
    expect(mat.status).toBe(409);
    expect(await problemCode(mat)).toBe("FORMAT_UNAVAILABLE");
    const txt = await record(id, "txt");
    expect(txt.status).toBe(200);
    const text = await txt.text();
    expect(text).toContain("ruleset federation-long variant long");
    expect(text).toContain("black resigns");
    expect(text.trimEnd().split("\n").at(-1)).toBe("match white reason resign score 3-0");
  });

  it("is read like the event log: a table without spectators answers only its seats", async () => {
    const { id, white, black } = await startMatch({ preset: "backgammon", length: 3, spectators: false });
    await resign(id, white.token);
    expect(await problemCode(await record(id, "json"))).toBe("SPECTATORS_DISABLED");
    expect(await problemCode(await record(id, "json", "not-a-seat-token-at-all"))).toBe("BAD_TOKEN");
    const seat = await record(id, "txt", black.token);
    expect(seat.status).toBe(200);
    expect(await seat.text()).toContain("white resigns");
  });

  it("comes from the stored D1 record once the table is gone", async () => {
    // Only matches with a player (a session) on a seat are recorded in D1.
    const { id, black } = await tableBetween((await guest()).token, null, { preset: "georgian-short", length: 3 });
    await resign(id, black.token);
    const live = MatchRecordSchema.parse(await (await record(id, "json")).json());
    // The purge's time comes; the alarm delivers the record to D1 first (the table is kept until it has), then deletes.
    for (let i = 0; i < 10 && (await api(`/v1/tables/${id}`)).status !== 404; i++) {
      await timePasses(id);
      await runDurableObjectAlarm(stubOf(id));
    }
    expect((await api(`/v1/tables/${id}/events`)).status).toBe(404);
    const stored = await record(id, "json");
    expect(stored.status).toBe(200);
    expect(MatchRecordSchema.parse(await stored.json())).toEqual(live);
    expect(await (await record(id, "mat")).text()).toContain(" 3 point match");
  });

  it("keeps a table's `spectators: false` once it is gone: only its players' sessions read the stored record", async () => {
    const [white, outsider] = [await guest(), await guest()];
    const { id, black } = await tableBetween(white.token, null, { preset: "georgian-short", length: 1, spectators: false });
    await resign(id, black.token);
    for (let i = 0; i < 10 && (await api(`/v1/tables/${id}`)).status !== 404; i++) {
      await timePasses(id);
      await runDurableObjectAlarm(stubOf(id));
    }
    expect((await api(`/v1/tables/${id}/events`)).status).toBe(404);
    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    for (const path of [`/v1/matches/${id}`, `/v1/tables/${id}/record?format=json`]) {
      expect(await problemCode(await api(path)), path).toBe("SPECTATORS_DISABLED");
      expect(await problemCode(await api(path, bearer(outsider.token))), path).toBe("SPECTATORS_DISABLED");
      // The gone table's seat token is no session.
      expect(await problemCode(await api(path, bearer(black.token))), path).toBe("SPECTATORS_DISABLED");
      const mine = await api(path, bearer(white.token));
      expect(mine.status, path).toBe(200);
      expect(MatchRecordSchema.parse(await mine.json())).toMatchObject({ tableId: id, winner: "white", reason: "resign" });
    }
  });

  it("is in the OpenAPI document with both media types and its problem answers", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as {
      paths: Record<string, { get?: { parameters: Array<{ name: string; in: string }>; responses: Record<string, { content: Record<string, unknown> }> } }>;
    };
    const route = doc.paths["/v1/tables/{id}/record"]?.get;
    expect(route?.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(["header:authorization", "path:id", "query:format"]);
    expect(Object.keys(route!.responses["200"]!.content).sort()).toEqual(["application/json", "text/plain"]);
    for (const status of ["400", "401", "403", "404", "409"]) expect(Object.keys(route!.responses[status]!.content)).toEqual(["application/problem+json"]);
  });

  it("refuses an unknown format and an unknown match", async () => {
    const { id } = await startMatch({ preset: "backgammon" });
    const bad = await record(id, "sgf");
    expect(bad.status).toBe(400);
    expect(await problemCode(bad)).toBe("BAD_REQUEST");
    const missing = await record("nosuchtable00000000", "json");
    expect(missing.status).toBe(404);
    expect(await problemCode(missing)).toBe("MATCH_NOT_FOUND");
  });
});
