/**
 * Reports, the whole path inside workerd: a player reports the opponent after chat; the server captures the chat
 * lines; the moderators' queue shows them with the reporter, the reported player and the table; a moderator
 * closes the report (one moderation-log row); the reporter sees it handled. Every refusal changes nothing, and
 * the admin routes refuse an anonymous caller (401) and a plain player (403).
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FiledReportSchema, OwnReportListSchema, REPORT_LIMITS, ReportQueueSchema, StaffReportSchema, type ErrorCode, type SessionGrant } from "../../src/protocol";
import { api, commandId, connect, stubOf, timePasses, type Client } from "./helpers";
import { call, d1Count, delivered, guest, tableBetween } from "./players-support";
import { expectProblem } from "../support/problems";

async function moderator(): Promise<SessionGrant> {
  const staff = await guest();
  await env.DB.prepare("INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES (?, 'moderator', NULL, ?)").bind(staff.player.id, Date.now()).run();
  return staff;
}

async function say(client: Client, text: string): Promise<void> {
  client.send({ type: "chat", id: commandId(), text });
  expect(await client.answer()).toMatchObject({ type: "ack" });
}

/** Two guests at one table, each seat's socket open (welcomed). */
async function opponents() {
  const a = await guest();
  const b = await guest();
  const table = await tableBetween(a.token, b.token);
  const w = await connect(table.id, { token: table.white.token });
  const bl = await connect(table.id, { token: table.black.token });
  await w.next("welcome");
  await bl.next("welcome");
  return { a, b, table, w, b2: bl };
}

const reportCount = () => d1Count("SELECT count(*) AS n FROM reports");
const logCount = () => d1Count("SELECT count(*) AS n FROM moderation_log");

describe("reports", () => {
  it("the whole path: filed after chat with the lines captured → in the queue with the evidence → resolved → the reporter sees it handled", async () => {
    const { a, b, table, w, b2 } = await opponents();
    await say(w, "good luck");
    await say(b2, "you play like a donkey, idiot");
    const staff = await moderator();

    const filed = await call("POST", "/v1/reports", { token: a.token, body: { playerId: b.player.id, tableId: table.id, reason: "chat-abuse", text: "  insults in chat  " } });
    expect(filed.status).toBe(201);
    const { report, duplicate } = FiledReportSchema.parse(await filed.json());
    expect(duplicate).toBe(false);
    const before = await reportCount();
    expect(report).toMatchObject({ reported: { id: b.player.id, name: b.player.name }, tableId: table.id, reason: "chat-abuse", text: "insults in chat", status: "open", handledAt: null });

    // Said after the filing: not part of the evidence.
    await say(b2, "and I will say more");
    // The same report again: answered, nothing added.
    const again = await call("POST", "/v1/reports", { token: a.token, body: { playerId: b.player.id, tableId: table.id, reason: "chat-abuse", text: "again" } });
    expect(again.status).toBe(200);
    expect(FiledReportSchema.parse(await again.json())).toMatchObject({ duplicate: true, report: { id: report.id, text: "insults in chat" } });
    expect(await reportCount()).toBe(before);

    const queue = ReportQueueSchema.parse(await (await call("GET", `/v1/admin/reports?player=${b.player.id}`, { token: staff.token })).json());
    const openBefore = queue.open;
    expect(queue.reports).toHaveLength(1);
    const seen = queue.reports[0]!;
    expect(seen).toMatchObject({
      id: report.id,
      reporter: { id: a.player.id, name: a.player.name },
      reported: { id: b.player.id, name: b.player.name },
      tableId: table.id,
      links: { table: `/v1/tables/${table.id}`, events: `/v1/tables/${table.id}/events`, record: `/v1/matches/${table.id}` },
      otherOpen: 0,
      status: "open",
      handledBy: null,
    });
    expect(seen.evidence.name).toBe(b.player.name);
    expect(seen.evidence.chat.map((line) => [line.seat, line.text])).toEqual([
      ["white", "good luck"],
      ["black", "you play like a donkey, idiot"],
    ]);
    expect(seen.evidence.match).toMatchObject({ status: "playing" });
    expect(seen.evidence.match!.seq).toBeGreaterThan(0);

    const resolved = await call("POST", `/v1/admin/reports/${report.id}/resolve`, { token: staff.token, body: { outcome: "handled", note: "muted for a day" } });
    expect(resolved.status).toBe(200);
    const closed = StaffReportSchema.parse(await resolved.json());
    expect(closed).toMatchObject({ status: "handled", handledBy: { id: staff.player.id }, note: "muted for a day", actionId: null });
    expect(closed.handledAt).toBeGreaterThan(0);
    // One append-only log row says who closed which report, how and why.
    const log = await env.DB.prepare("SELECT * FROM moderation_log WHERE id = ?").bind(closed.resolutionId).first<Record<string, unknown>>();
    expect(log).toMatchObject({ actor_id: staff.player.id, action: "resolve-report", player_id: b.player.id, table_id: table.id, reason: "chat-abuse", note: "muted for a day" });
    expect(JSON.parse(String(log!.detail))).toEqual({ report: report.id, outcome: "handled", action: null });

    // The reporter sees that it was handled (not by whom, nor the note).
    const mine = await call("GET", "/v1/me/reports", { token: a.token });
    expect(mine.status).toBe(200);
    const own = await mine.json();
    expect(OwnReportListSchema.parse(own).reports).toEqual([expect.objectContaining({ id: report.id, status: "handled", handledAt: closed.handledAt })]);
    expect(JSON.stringify(own)).not.toContain("muted for a day");
    expect(JSON.stringify(own)).not.toContain(staff.player.id);

    // Closed once: a second resolve is refused and writes nothing.
    const logs = await logCount();
    const twice = await call("POST", `/v1/admin/reports/${report.id}/resolve`, { token: staff.token, body: { outcome: "dismissed" } });
    await expectProblem(twice, 409, "REPORT_CLOSED");
    expect(await logCount()).toBe(logs);
    expect(ReportQueueSchema.parse(await (await call("GET", "/v1/admin/reports", { token: staff.token })).json()).open).toBe(openBefore - 1);
    const handled = ReportQueueSchema.parse(await (await call("GET", `/v1/admin/reports?status=handled&player=${b.player.id}`, { token: staff.token })).json());
    expect(handled.reports.map((r) => r.id)).toEqual([report.id]);

    // Once closed, the same complaint may be filed anew.
    const anew = await call("POST", "/v1/reports", { token: a.token, body: { playerId: b.player.id, tableId: table.id, reason: "chat-abuse", text: "again" } });
    expect(anew.status).toBe(201);
    const fresh = FiledReportSchema.parse(await anew.json()).report;
    const one = StaffReportSchema.parse(await (await call("GET", `/v1/admin/reports/${fresh.id}`, { token: staff.token })).json());
    expect(one.evidence.chat.map((line) => line.text)).toEqual(["good luck", "you play like a donkey, idiot", "and I will say more"]);
  });

  it("the evidence is the report's own copy: it outlives the table's purge, after which that table can no longer be reported from", async () => {
    const { a, b, table, w, b2 } = await opponents();
    await say(b2, "rude words");
    const staff = await moderator();
    const { report } = FiledReportSchema.parse(
      await (await call("POST", "/v1/reports", { token: a.token, body: { playerId: b.player.id, tableId: table.id, reason: "chat-abuse" } })).json(),
    );
    w.send({ type: "resign", id: commandId() });
    expect(await w.answer()).toMatchObject({ type: "ack" });
    await delivered(table.id);
    await timePasses(table.id);
    await runDurableObjectAlarm(stubOf(table.id));
    expect((await api(`/v1/tables/${table.id}`)).status).toBe(404);

    const kept = StaffReportSchema.parse(await (await call("GET", `/v1/admin/reports/${report.id}`, { token: staff.token })).json());
    expect(kept.evidence.chat.map((line) => line.text)).toEqual(["rude words"]);
    const late = await call("POST", "/v1/reports", { token: b.token, body: { playerId: a.player.id, tableId: table.id, reason: "leaving" } });
    await expectProblem(late, 404, "TABLE_NOT_FOUND");
  });

  it("from a profile (no table): the name is captured; the queue is oldest first, filters by player and counts the other open reports", async () => {
    const [a, b, c] = [await guest(), await guest(), await guest()];
    const staff = await moderator();
    const first = await call("POST", "/v1/reports", { token: a.token, body: { playerId: b.player.id, reason: "name" } });
    expect(first.status).toBe(201);
    const second = await call("POST", "/v1/reports", { token: c.token, body: { playerId: b.player.id, reason: "other", text: "offers to sell coins" } });
    expect(second.status).toBe(201);
    const third = await call("POST", "/v1/reports", { token: b.token, body: { playerId: c.player.id, reason: "stalling" } });
    expect(third.status).toBe(201);
    const ids = [first, second, third].map(async (res) => FiledReportSchema.parse(await res.json()).report.id);
    const [r1, r2, r3] = await Promise.all(ids);

    const all = ReportQueueSchema.parse(await (await call("GET", "/v1/admin/reports", { token: staff.token })).json());
    const ours = all.reports.filter((r) => [r1, r2, r3].includes(r.id));
    expect(ours.map((r) => r.id)).toEqual([r1, r2, r3]);
    expect(ours.map((r) => r.otherOpen)).toEqual([1, 1, 0]);
    expect(ours[0]).toMatchObject({ tableId: null, links: null, evidence: { name: b.player.name, chat: [], match: null } });
    // A rename afterwards: the queue shows the name now, the evidence the name then.
    expect((await call("PATCH", "/v1/me", { token: b.token, body: { name: "Renamed-after" } })).status).toBe(200);
    const renamed = StaffReportSchema.parse(await (await call("GET", `/v1/admin/reports/${r1}`, { token: staff.token })).json());
    expect(renamed).toMatchObject({ reported: { name: "Renamed-after" }, evidence: { name: b.player.name } });

    const aboutB = ReportQueueSchema.parse(await (await call("GET", `/v1/admin/reports?player=${b.player.id}`, { token: staff.token })).json());
    expect(aboutB.reports.map((r) => r.id)).toEqual([r1, r2]);
    const page = ReportQueueSchema.parse(await (await call("GET", `/v1/admin/reports?player=${b.player.id}&limit=1`, { token: staff.token })).json());
    expect(page.reports.map((r) => r.id)).toEqual([r1]);
    expect(page.next).toBe(1);
  });

  it("a resolution may name the action it led to: one about the reported player; any other id is ACTION_NOT_FOUND and changes nothing", async () => {
    const [a, b] = [await guest(), await guest()];
    const staff = await moderator();
    const { report } = FiledReportSchema.parse(await (await call("POST", "/v1/reports", { token: a.token, body: { playerId: b.player.id, reason: "name" } })).json());
    const insertAction = (id: string, player: string) =>
      env.DB.prepare("INSERT INTO moderation_log (id, at, actor_id, action, player_id, reason, note) VALUES (?, ?, ?, 'rename', ?, 'name', '')")
        .bind(id, Date.now(), staff.player.id, player)
        .run();
    await insertAction("action-about-b-000001", b.player.id);
    await insertAction("action-about-a-000001", a.player.id);
    const logs = await logCount();
    for (const actionId of ["no-such-action-00001", "action-about-a-000001"]) {
      const res = await call("POST", `/v1/admin/reports/${report.id}/resolve`, { token: staff.token, body: { outcome: "handled", actionId } });
      await expectProblem(res, 404, "ACTION_NOT_FOUND");
    }
    expect(await logCount()).toBe(logs);
    const ok = await call("POST", `/v1/admin/reports/${report.id}/resolve`, { token: staff.token, body: { outcome: "handled", actionId: "action-about-b-000001" } });
    expect(StaffReportSchema.parse(await ok.json())).toMatchObject({ status: "handled", actionId: "action-about-b-000001" });
    const detail = await env.DB.prepare("SELECT detail FROM moderation_log WHERE action = 'resolve-report' AND player_id = ?").bind(b.player.id).first<{ detail: string }>();
    expect(JSON.parse(detail!.detail)).toEqual({ report: report.id, outcome: "handled", action: "action-about-b-000001" });
    // Dismissed, the other way to close one.
    const { report: other } = FiledReportSchema.parse(await (await call("POST", "/v1/reports", { token: b.token, body: { playerId: a.player.id, reason: "leaving" } })).json());
    const dismissed = await call("POST", `/v1/admin/reports/${other.id}/resolve`, { token: staff.token, body: { outcome: "dismissed", note: "no evidence" } });
    expect(StaffReportSchema.parse(await dismissed.json())).toMatchObject({ status: "dismissed", note: "no evidence" });
    const mine = OwnReportListSchema.parse(await (await call("GET", "/v1/me/reports", { token: b.token })).json());
    expect(mine.reports.map((r) => r.status)).toEqual(["dismissed"]);
  });

  it("every refusal of a filing is coded and stores nothing", async () => {
    const { a, b, table } = await opponents();
    const c = await guest();
    const deleted = await guest();
    expect((await call("DELETE", "/v1/me", { token: deleted.token })).status).toBe(204);
    const before = await reportCount();
    const cases: Array<{ what: string; token?: string; body: unknown; status: number; code: ErrorCode }> = [
      { what: "no session", body: { playerId: b.player.id, reason: "name" }, status: 401, code: "UNAUTHORIZED" },
      { what: "a made-up session", token: "x".repeat(43), body: { playerId: b.player.id, reason: "name" }, status: 401, code: "UNAUTHORIZED" },
      { what: "oneself", token: a.token, body: { playerId: a.player.id, reason: "name" }, status: 409, code: "SAME_PLAYER" },
      { what: "an unknown player", token: a.token, body: { playerId: "nobody-has-this-id-000", reason: "name" }, status: 404, code: "PLAYER_NOT_FOUND" },
      { what: "a deleted player", token: a.token, body: { playerId: deleted.player.id, reason: "name" }, status: 404, code: "PLAYER_NOT_FOUND" },
      { what: "an unknown table", token: a.token, body: { playerId: b.player.id, tableId: "no-such-table-0000000", reason: "stalling" }, status: 404, code: "TABLE_NOT_FOUND" },
      { what: "a table the reporter did not play at", token: c.token, body: { playerId: b.player.id, tableId: table.id, reason: "chat-abuse" }, status: 403, code: "SPECTATOR" },
      { what: "a player who is not the opponent there", token: a.token, body: { playerId: c.player.id, tableId: table.id, reason: "chat-abuse" }, status: 400, code: "BAD_REQUEST" },
      { what: "`other` without a text", token: a.token, body: { playerId: b.player.id, reason: "other", text: "   " }, status: 400, code: "BAD_REQUEST" },
      { what: "a reason players cannot give", token: a.token, body: { playerId: b.player.id, reason: "farming" }, status: 400, code: "BAD_REQUEST" },
      { what: "a text too long", token: a.token, body: { playerId: b.player.id, reason: "name", text: "x".repeat(REPORT_LIMITS.maxText + 1) }, status: 400, code: "BAD_REQUEST" },
      { what: "an unknown field", token: a.token, body: { playerId: b.player.id, reason: "name", evidence: { chat: [] } }, status: 400, code: "BAD_REQUEST" },
    ];
    for (const t of cases) {
      const res = await call("POST", "/v1/reports", { token: t.token, body: t.body });
      await expectProblem(res, t.status, t.code, t.what);
    }
    expect(await reportCount()).toBe(before);
    expect((await call("GET", "/v1/me/reports")).status).toBe(401);
  });

  it(`a reporter has at most ${REPORT_LIMITS.maxOpenPerReporter} open reports (RATE_LIMITED after), a repeat is still answered, and a closed one frees a place`, async () => {
    const reporter = await guest();
    const staff = await moderator();
    const targets: SessionGrant[] = [];
    for (let i = 0; i <= REPORT_LIMITS.maxOpenPerReporter; i++) targets.push(await guest());
    const file = (target: SessionGrant) => call("POST", "/v1/reports", { token: reporter.token, body: { playerId: target.player.id, reason: "name" } });
    const filed: string[] = [];
    for (const target of targets.slice(0, REPORT_LIMITS.maxOpenPerReporter)) {
      const res = await file(target);
      expect(res.status).toBe(201);
      filed.push(FiledReportSchema.parse(await res.json()).report.id);
    }
    const before = await reportCount();
    const over = await file(targets.at(-1)!);
    await expectProblem(over, 429, "RATE_LIMITED");
    expect(await reportCount()).toBe(before);
    // A repeat of an open one is answered, even at the cap.
    expect((await file(targets[0]!)).status).toBe(200);
    await call("POST", `/v1/admin/reports/${filed[0]}/resolve`, { token: staff.token, body: { outcome: "dismissed" } });
    expect((await file(targets.at(-1)!)).status).toBe(201);
  });

  it("at once: two filings of one report make one row, and two moderators resolving one report make one resolution", async () => {
    const [a, b] = [await guest(), await guest()];
    const [m1, m2] = [await moderator(), await moderator()];
    const body = { playerId: b.player.id, reason: "name" };
    const filings = await Promise.all([call("POST", "/v1/reports", { token: a.token, body }), call("POST", "/v1/reports", { token: a.token, body })]);
    expect(filings.map((r) => r.status).sort()).toEqual([200, 201]);
    const ids = await Promise.all(filings.map(async (r) => FiledReportSchema.parse(await r.json()).report.id));
    expect(ids[0]).toBe(ids[1]);
    expect(await d1Count("SELECT count(*) AS n FROM reports WHERE reporter_id = ?", a.player.id)).toBe(1);

    const resolve = (token: string, outcome: string) => call("POST", `/v1/admin/reports/${ids[0]}/resolve`, { token, body: { outcome } });
    const answers = await Promise.all([resolve(m1.token, "handled"), resolve(m2.token, "dismissed")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await d1Count("SELECT count(*) AS n FROM moderation_log WHERE action = 'resolve-report' AND json_extract(detail, '$.report') = ?", ids[0])).toBe(1);
    // The stored resolution is the one that was answered 200.
    const winner = StaffReportSchema.parse(await answers.find((r) => r.status === 200)!.json());
    const stored = StaffReportSchema.parse(await (await call("GET", `/v1/admin/reports/${ids[0]}`, { token: m1.token })).json());
    expect(stored).toMatchObject({ status: winner.status, handledBy: winner.handledBy, resolutionId: winner.resolutionId });
  });

  it("the admin routes refuse an anonymous caller (401) and a plain player (403), and nothing changes", async () => {
    const [a, b, plain] = [await guest(), await guest(), await guest()];
    const { report } = FiledReportSchema.parse(await (await call("POST", "/v1/reports", { token: a.token, body: { playerId: b.player.id, reason: "name" } })).json());
    const logs = await logCount();
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/v1/admin/reports"],
      ["GET", `/v1/admin/reports?status=handled&player=${b.player.id}`],
      ["GET", `/v1/admin/reports/${report.id}`],
      ["POST", `/v1/admin/reports/${report.id}/resolve`, { outcome: "dismissed", note: "nothing" }],
      // Even a body that would be refused: the staff check comes first.
      ["POST", `/v1/admin/reports/${report.id}/resolve`, { outcome: "maybe" }],
    ];
    for (const [method, path, body] of routes) {
      await expectProblem(await call(method, path, { body }), 401, "UNAUTHORIZED", path);
      await expectProblem(await call(method, path, { token: plain.token, body }), 403, "FORBIDDEN", path);
    }
    expect(await logCount()).toBe(logs);
    const mine = OwnReportListSchema.parse(await (await call("GET", "/v1/me/reports", { token: a.token })).json());
    expect(mine.reports.map((r) => r.status)).toEqual(["open"]);

    const staff = await moderator();
    await expectProblem(await call("GET", "/v1/admin/reports/no-such-report-00000", { token: staff.token }), 404, "REPORT_NOT_FOUND");
    await expectProblem(await call("POST", "/v1/admin/reports/no-such-report-00000/resolve", { token: staff.token, body: { outcome: "handled" } }), 404, "REPORT_NOT_FOUND");
    await expectProblem(await call("POST", `/v1/admin/reports/${report.id}/resolve`, { token: staff.token, body: { outcome: "maybe" } }), 400, "BAD_REQUEST");
  });

  it("the OpenAPI document has every report route, the admin ones behind the staff scheme", async () => {
    const doc = (await (await call("GET", "/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>> };
    expect(doc.paths["/v1/reports"]?.post?.security).toEqual([{ session: [] }]);
    expect(Object.keys(doc.paths["/v1/reports"]!.post!.responses).sort()).toEqual(["200", "201", "400", "401", "403", "404", "409", "429"]);
    expect(doc.paths["/v1/me/reports"]?.get?.security).toEqual([{ session: [] }]);
    for (const [path, method] of [
      ["/v1/admin/reports", "get"],
      ["/v1/admin/reports/{id}", "get"],
      ["/v1/admin/reports/{id}/resolve", "post"],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.security).toEqual([{ staff: [] }]);
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(["200", "401", "403"]));
    }
  });
});
