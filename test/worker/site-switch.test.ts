/**
 * The site switch (defcon): each level stops exactly what docs/safety.md says and nothing else, refused with 503
 * SITE_RESTRICTED; set by an admin at once (the next request sees it), logged, readable by anyone at GET /v1/site;
 * anonymous callers 401, players and moderators 403, and a refused or invalid change leaves everything as it was.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seekSearchParams, SOCKET_PROTOCOL, type SessionGrant, type SiteState } from "../../src/protocol";
import { api, commandId, connectSeats, createTable, seatedMatch, type Client } from "./helpers";
import { call, d1Count, guest, tableBetween } from "./players-support";
import { freshChoice } from "./quick-support";
import { logRows, member, setLevel, staff } from "./site-support";

type Outcome = "ok" | "restricted";

/** An HTTP answer as an outcome; anything but success or SITE_RESTRICTED fails the test there. */
async function outcome(res: Response, ok: number): Promise<Outcome> {
  if (res.status === ok) return "ok";
  const body = (await res.json()) as { code?: string };
  if (res.status === 503 && body.code === "SITE_RESTRICTED") return "restricted";
  throw new Error(`unexpected ${res.status} ${JSON.stringify(body)}`);
}

async function seekOutcome(token: string, stake: number): Promise<Outcome> {
  const query = seekSearchParams(freshChoice({ stake })).toString();
  const res = await api(`/v1/seek?${query}`, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `${SOCKET_PROTOCOL}, token.${token}` } });
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, "done");
    return "ok";
  }
  return outcome(res, 101);
}

let lines = 0;
async function chatOutcome(client: Client): Promise<Outcome> {
  lines += 1;
  client.send({ type: "chat", id: commandId(), text: `good game ${lines}` });
  const answer = await client.answer();
  if (answer.type === "ack") return "ok";
  if (answer.type === "error" && answer.code === "SITE_RESTRICTED") return "restricted";
  throw new Error(`unexpected ${JSON.stringify(answer)}`);
}

describe("the site switch", () => {
  let admin: SessionGrant;
  let guestSeat: Client;
  let anonymousSeat: Client;
  let memberSeat: Client;
  let aGuest: SessionGrant;
  let aMember: SessionGrant;
  const toClose: Client[] = [];

  beforeAll(async () => {
    admin = await staff("admin");
    aGuest = await guest();
    aMember = await member();
    const [g1, g2, m1, m2] = [await guest(), await guest(), await member(), await member()];
    const guests = await tableBetween(g1.token, g2.token);
    guestSeat = (await connectSeats(guests.id, { white: guests.white.token, black: guests.black.token })).white;
    const anonymous = await tableBetween(null, null);
    anonymousSeat = (await connectSeats(anonymous.id, { white: anonymous.white.token, black: anonymous.black.token })).white;
    const members = await tableBetween(m1.token, m2.token);
    memberSeat = (await connectSeats(members.id, { white: members.white.token, black: members.black.token })).white;
    for (const c of [guestSeat, anonymousSeat, memberSeat]) {
      c.skipAll();
      toClose.push(c);
    }
  });
  afterAll(async () => {
    for (const c of toClose) c.close();
    await setLevel(admin.token, 0);
  });

  const NOTHING = {
    "create a guest": "ok",
    "a guest seat chats": "ok",
    "a seat without a session chats": "ok",
    "a member seat chats": "ok",
    "create a table": "ok",
    "create a table against the computer": "ok",
    "create a stake table": "ok",
    "seek": "ok",
    "seek with a stake": "ok",
    "join a waiting table": "ok",
  } as const;
  const EXPECTED: Record<number, Record<string, Outcome>> = {
    0: { ...NOTHING },
    1: { ...NOTHING, "create a guest": "restricted" },
    2: { ...NOTHING, "create a guest": "restricted", "a guest seat chats": "restricted", "a seat without a session chats": "restricted" },
    3: {
      ...NOTHING,
      "create a guest": "restricted",
      "a guest seat chats": "restricted",
      "a seat without a session chats": "restricted",
      "create a stake table": "restricted",
      "seek with a stake": "restricted",
    },
    4: {
      "create a guest": "restricted",
      "a guest seat chats": "restricted",
      "a seat without a session chats": "restricted",
      "a member seat chats": "ok",
      "create a table": "restricted",
      "create a table against the computer": "restricted",
      "create a stake table": "restricted",
      "seek": "restricted",
      "seek with a stake": "restricted",
      "join a waiting table": "ok",
    },
  };

  for (const level of [0, 1, 2, 3, 4]) {
    it(`level ${level} stops exactly what it says`, async () => {
      // The waiting table is made at level 0 (level 4 would stop its creation), then the level under test is set.
      await setLevel(admin.token, 0);
      const waiting = await createTable();
      await setLevel(admin.token, level);
      const joined = await outcome(await call("POST", `/v1/tables/${waiting.tableId}/join`, { body: {} }), 200);
      const results = {
        "create a guest": await outcome(await call("POST", "/v1/players"), 201),
        "a guest seat chats": await chatOutcome(guestSeat),
        "a seat without a session chats": await chatOutcome(anonymousSeat),
        "a member seat chats": await chatOutcome(memberSeat),
        "create a table": await outcome(await call("POST", "/v1/tables", { body: { preset: "backgammon" } }), 201),
        "create a table against the computer": await outcome(await call("POST", "/v1/tables", { body: { preset: "backgammon", opponent: "bot" } }), 201),
        "create a stake table": await outcome(await call("POST", "/v1/tables", { token: aMember.token, body: { preset: "backgammon", stake: 10 } }), 201),
        seek: await seekOutcome(aGuest.token, 0),
        "seek with a stake": await seekOutcome(aMember.token, 10),
        "join a waiting table": joined,
      };
      expect(results).toEqual(EXPECTED[level]);
      // What players read: the level, its stops in order, the note.
      const site = (await (await api("/v1/site")).json()) as SiteState;
      expect(site).toMatchObject({ defcon: level, stops: ["guest-creation", "guest-chat", "stake-tables", "new-tables"].slice(0, level), message: "" });
    });
  }

  it("a claim and a log-in are never stopped, even at level 4", async () => {
    await setLevel(admin.token, 0);
    const g = await guest();
    await setLevel(admin.token, 4);
    const claimed = await call("POST", "/v1/me/claim", { token: g.token, body: { name: "NinoLatest", password: "correct horse battery" } });
    expect(claimed.status).toBe(200);
    const login = await call("POST", "/v1/sessions", { body: { name: "NinoLatest", password: "correct horse battery" } });
    expect(login.status).toBe(200);
    await setLevel(admin.token, 0);
  });
});

describe("a rematch is a new table", () => {
  it("level 4 refuses the accepting seat with SITE_RESTRICTED and makes nothing; at level 0 the same rematch is made", async () => {
    const admin = await staff("admin");
    const { w, b } = await seatedMatch();
    b.send({ type: "resign", id: commandId() });
    const resigned = await b.answer();
    expect(resigned.type).toBe("ack");
    w.send({ type: "rematch", id: commandId(), want: true });
    expect(await w.answer()).toMatchObject({ type: "ack" });
    await setLevel(admin.token, 4);
    b.send({ type: "rematch", id: commandId(), want: true });
    expect(await b.answer()).toMatchObject({ type: "error", code: "SITE_RESTRICTED" });
    await setLevel(admin.token, 0);
    b.send({ type: "rematch", id: commandId(), want: true });
    expect(await b.answer()).toMatchObject({ type: "ack" });
    for (;;) {
      const state = await b.next("rematch");
      if (state.table !== null) break;
    }
    w.close();
    b.close();
  });
});

describe("setting the switch", () => {
  it("admins only: anonymous 401, a player 403, a moderator 403, whatever the body; nothing changes", async () => {
    const player = await guest();
    const moderator = await staff("moderator");
    const before = { settings: await d1Count("SELECT count(*) AS n FROM site_settings WHERE key = 'defcon'"), log: await d1Count("SELECT count(*) AS n FROM moderation_log") };
    const good = { defcon: 4, message: "", reason: "farming", note: "" };
    for (const [token, status, code] of [
      [undefined, 401, "UNAUTHORIZED"],
      [player.token, 403, "FORBIDDEN"],
      [moderator.token, 403, "FORBIDDEN"],
    ] as const) {
      for (const body of [good, { defcon: 99 }, "not an object"]) {
        const put = await call("PUT", "/v1/admin/site", { token, body });
        expect(put.status).toBe(status);
        expect(put.headers.get("content-type")).toContain("application/problem+json");
        expect(await put.json()).toMatchObject({ code });
      }
      const get = await call("GET", "/v1/admin/site", { token });
      expect(get.status).toBe(status);
      expect(await get.json()).toMatchObject({ code });
    }
    expect(await d1Count("SELECT count(*) AS n FROM site_settings WHERE key = 'defcon'")).toBe(before.settings);
    expect(await d1Count("SELECT count(*) AS n FROM moderation_log")).toBe(before.log);
    expect(((await (await api("/v1/site")).json()) as SiteState).defcon).toBe(0);
  });

  it("an admin sets it at once; each change is a `defcon` moderation_log row with the levels before and after", async () => {
    const admin = await staff("admin");
    const logged = (await logRows("defcon")).length;
    const put = await call("PUT", "/v1/admin/site", { token: admin.token, body: { defcon: 1, message: "Spam wave: new guests are paused", reason: "farming", note: "26 guests a second" } });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ defcon: 1, stops: ["guest-creation"], message: "Spam wave: new guests are paused" });
    // The very next request sees it.
    const refused = await call("POST", "/v1/players");
    expect(refused.status).toBe(503);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe("SITE_RESTRICTED");
    expect(problem.detail).toContain("Spam wave");
    expect(await (await call("GET", "/v1/admin/site", { token: admin.token })).json()).toMatchObject({ defcon: 1 });
    expect(await (await api("/v1/site")).json()).toMatchObject({ defcon: 1, stops: ["guest-creation"], message: "Spam wave: new guests are paused" });

    await setLevel(admin.token, 0);
    expect((await call("POST", "/v1/players")).status).toBe(201);
    const rows = (await logRows("defcon")).slice(logged);
    expect(rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) }))).toEqual([
      { actor_id: admin.player.id, reason: "farming", note: "26 guests a second", detail: { from: 0, to: 1, message: "Spam wave: new guests are paused" } },
      { actor_id: admin.player.id, reason: "other", note: "level 0", detail: { from: 1, to: 0, message: "" } },
    ]);
  });

  it("bad bodies are 400 and change nothing", async () => {
    const admin = await staff("admin");
    const before = await d1Count("SELECT count(*) AS n FROM moderation_log");
    for (const body of [{ defcon: 5, reason: "other" }, { defcon: -1, reason: "other" }, { defcon: 1.5, reason: "other" }, { defcon: 1 }, { defcon: 1, reason: "because" }, { defcon: 1, reason: "other", message: "x".repeat(281) }]) {
      const res = await call("PUT", "/v1/admin/site", { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(await d1Count("SELECT count(*) AS n FROM moderation_log")).toBe(before);
    expect(((await (await api("/v1/site")).json()) as SiteState).defcon).toBe(0);
  });

  it("a row an operator wrote by hand: a bare level works; a value that does not parse counts as level 0", async () => {
    await env.DB.prepare("INSERT INTO site_settings (key, value, updated_at) VALUES ('defcon', '1', 1) ON CONFLICT (key) DO UPDATE SET value = '1'").run();
    expect(await (await api("/v1/site")).json()).toMatchObject({ defcon: 1, stops: ["guest-creation"] });
    expect((await call("POST", "/v1/players")).status).toBe(503);
    await env.DB.prepare("UPDATE site_settings SET value = 'level nine' WHERE key = 'defcon'").run();
    expect(await (await api("/v1/site")).json()).toMatchObject({ defcon: 0, stops: [] });
    expect((await call("POST", "/v1/players")).status).toBe(201);
    await env.DB.prepare("DELETE FROM site_settings WHERE key = 'defcon'").run();
  });

  it("the routes are in the OpenAPI document, the admin ones behind the staff scheme", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths["/v1/site"] ?? {})).toEqual(["get"]);
    for (const method of ["get", "put"]) {
      const op = doc.paths["/v1/admin/site"]?.[method];
      expect(op?.security).toEqual([{ staff: [] }]);
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "403"]));
    }
  });
});
