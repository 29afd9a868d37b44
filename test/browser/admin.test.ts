/**
 * The staff pages in Chromium against `wrangler dev` (docs/admin-page.md): a plain player sees the "staff only"
 * page; a member made admin by a `player_roles` row (written into the dev server's D1 with `wrangler d1 execute`)
 * sees the header link, the reports queue with a report filed through the API (its chat line as evidence), looks
 * a player up by name, mutes them for 10 minutes with a reason, finds the action in the player's history and in
 * the log, undoes it, and reads the metrics (one finished match) and the site's state and health; a moderator's
 * attempt at the site switch is refused in words; every section passes axe-core and fits a phone's width.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ApiError, NardiClient, type SessionGrant } from "../../src/client";
import { connected } from "../support/tables";
import { d1Execute } from "../support/wrangler-dev";
import { POLL, screenshot, useChromium, watchPageErrors } from "./browser";
import { overflowing, seriousViolations } from "./page-checks";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = useChromium();
const api = new NardiClient(baseUrl);

/** One SQL statement against the dev server's own D1 (the operator's way in before any admin exists). */
function d1(sql: string): void {
  d1Execute(stateDir, sql);
}

/** A page whose visitor is the player of `grant` (the session the web client keeps in localStorage). */
async function pageAs(grant: SessionGrant | null, errors: string[]): Promise<Page> {
  const context = await browser().newContext();
  if (grant) await context.addInitScript((token) => localStorage.setItem("nardi.session", token), grant.token);
  const page = await context.newPage();
  watchPageErrors(page, errors);
  return page;
}

/** Two guests at a table: the host says a line in chat, reports the guest with it as evidence, and the guest resigns. */
async function reportedMatch(): Promise<{ reporter: SessionGrant; reported: SessionGrant; tableId: string; line: string }> {
  const reporter = await api.createGuest();
  const reported = await api.createGuest();
  const white = await api.withSession(reporter.token).createTable({ preset: "georgian-short", length: 1 });
  const black = await api.withSession(reported.token).joinTable(white.tableId);
  const whiteConn = await connected(api, white.tableId, { token: white.token });
  const blackConn = await connected(api, white.tableId, { token: black.token });
  const line = `you play like a goat ${Date.now() % 1000}`;
  await blackConn.say(line);
  await whiteConn.waitFor((c) => c.chat.some((l) => l.text === line), 15_000, "the chat line");
  const filed = await fetch(`${baseUrl}/v1/reports`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${reporter.token}` },
    body: JSON.stringify({ playerId: reported.player.id, tableId: white.tableId, reason: "chat-abuse", text: "insults in chat" }),
  });
  expect(filed.status).toBeLessThan(300);
  await blackConn.resign();
  whiteConn.close();
  blackConn.close();
  // The match counts as finished once its record is delivered to D1 (the outbox, shortly after the end).
  await expect
    .poll(() => api.getMatchRecord(white.tableId).then((r) => r.winner, (e: unknown) => (e instanceof ApiError ? e.code : String(e))), { timeout: 60_000 })
    .toBe("white");
  return { reporter, reported, tableId: white.tableId, line };
}

describe("the admin page", () => {
  it("refuses a plain player; an admin works a report, mutes a player for 10 minutes, finds it in the history and the log, undoes it, and reads the metrics", { timeout: 240_000 }, async () => {
    const errors: string[] = [];

    // A plain player (the guest every first visit makes) meets the "staff only" page, answered 403 by the API.
    const plain = await pageAs(null, errors);
    await plain.goto(`${baseUrl}/#/admin`);
    await plain.waitForSelector('[data-testid="staff-only"]');
    expect(await plain.getByTestId("staff-only").getAttribute("data-code")).toBe("FORBIDDEN");
    expect(await plain.locator('[data-testid^="admin-tab-"]').count()).toBe(0);
    expect(await plain.getByTestId("admin-link").count()).toBe(0);
    await screenshot(plain, "admin-staff-only");

    // The staff member: a member (staff sign in with a claimed name), made admin straight in D1.
    const staffGrant = await api.createGuest();
    const staffName = `Warden${Date.now() % 100000}`;
    const staffMember = await api.withSession(staffGrant.token).claim({ name: staffName, password: "correct horse battery" });
    d1(`INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES ('${staffMember.id}', 'admin', NULL, ${Date.now()})`);

    const { reported, line, tableId } = await reportedMatch();

    const staff = await pageAs(staffGrant, errors);
    await staff.goto(`${baseUrl}/`);
    await staff.getByTestId("admin-link").click();

    // Reports: the queue shows the report with the chat line the server captured and a link to the table.
    await staff.waitForSelector('[data-testid="report"]');
    const report = staff.locator(`[data-testid="report"][data-reported-id="${reported.player.id}"]`);
    await expect.poll(() => report.count(), POLL).toBe(1);
    expect(await report.getByTestId("report-chat").textContent()).toContain(line);
    expect(await report.getByTestId("report-table-link").getAttribute("href")).toBe(`#/watch/${tableId}`);
    await screenshot(staff, "admin-reports");

    // Players: look the reported player up by name, mute for 10 minutes with a reason and a note.
    await staff.getByTestId("admin-tab-players").click();
    await staff.getByTestId("admin-lookup").fill(reported.player.name);
    await staff.getByTestId("admin-lookup-go").click();
    await expect.poll(() => staff.getByTestId("dossier-name").textContent(), POLL).toBe(reported.player.name);
    expect(await staff.getByTestId("player-report").count()).toBe(1);
    await staff.getByTestId("admin-action").selectOption("mute");
    await staff.getByTestId("admin-reason").selectOption("chat-abuse");
    await staff.getByTestId("admin-duration").fill("10");
    await staff.getByTestId("admin-duration-unit").selectOption("minutes");
    await staff.getByTestId("admin-note").fill("insults in chat, see the report");
    const before = Date.now();
    await staff.getByTestId("admin-act").click();
    await staff.waitForSelector('[data-testid="standing-muted"]');
    const mute = staff.locator('[data-testid="history-entry"][data-action="mute"]');
    await expect.poll(() => mute.count(), POLL).toBe(1);
    const muteId = (await mute.getAttribute("data-id"))!;
    expect(await mute.getByTestId("log-note").textContent()).toBe("insults in chat, see the report");
    const dossier = await api.withSession(staffGrant.token).adminGetPlayer(reported.player.id);
    const until = dossier.standing.muted?.until ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + 600_000 - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 600_000 + 5_000);
    await screenshot(staff, "admin-player");

    // The log: the mute, by the staff member, filtered by the player's name.
    await staff.getByTestId("admin-tab-log").click();
    await staff.getByTestId("log-player").fill(reported.player.name);
    await staff.getByTestId("log-apply").click();
    const logged = staff.locator('[data-testid="log-entry"][data-action="mute"]');
    await expect.poll(() => logged.count(), POLL).toBe(1);
    expect(await logged.getAttribute("data-player-id")).toBe(reported.player.id);
    expect(await logged.textContent()).toContain(staffName);
    await screenshot(staff, "admin-log");

    // Undo from the history: the player is no longer muted, and the unmute is logged as undoing the mute.
    await logged.getByTestId("log-player-link").click();
    await staff.locator('[data-testid="history-entry"][data-action="mute"] [data-testid="admin-undo"]').click();
    await staff.getByTestId("dialog-ok").click();
    await staff.waitForSelector('[data-testid="history-entry"][data-action="unmute"]');
    await staff.waitForSelector('[data-testid="dossier-standing"][data-clear]');
    expect(await staff.locator('[data-testid="admin-undo"]').count()).toBe(0);
    expect((await api.withSession(staffGrant.token).adminGetPlayer(reported.player.id)).standing.muted).toBeNull();

    // Metrics: the finished match and the open report, from the server's own counters.
    await staff.getByTestId("admin-tab-metrics").click();
    await staff.waitForSelector('[data-testid="chart-matches.finished"]');
    expect(Number(await staff.getByTestId("chart-matches.finished").getAttribute("data-total"))).toBeGreaterThanOrEqual(1);
    expect(Number(await staff.getByTestId("now-reports").textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(staff, "admin-metrics");

    // Site: the switch at level 0 and the server's health.
    await staff.getByTestId("admin-tab-site").click();
    await staff.waitForSelector('[data-testid="defcon"][data-level="0"]');
    await staff.waitForSelector('[data-testid="health"][data-ok]');
    await screenshot(staff, "admin-site");

    // Back to the queue: the report is resolved as handled, naming the mute it led to, and leaves the open list.
    await staff.getByTestId("admin-tab-reports").click();
    await expect.poll(() => report.count(), POLL).toBe(1);
    await report.getByTestId("resolve-note").fill("muted for 10 minutes");
    await expect.poll(() => report.locator(`[data-testid="resolve-action"] option[value="${muteId}"]`).count(), POLL).toBe(1);
    await report.getByTestId("resolve-action").selectOption(muteId);
    await report.getByTestId("resolve").click();
    await staff.getByTestId("dialog-ok").click();
    await expect.poll(() => report.count(), POLL).toBe(0);
    const handled = await api.withSession(staffGrant.token).getReportQueue({ status: "handled", player: reported.player.id });
    expect(handled.reports.map((r) => [r.status, r.actionId, r.note])).toEqual([["handled", muteId, "muted for 10 minutes"]]);

    // The page follows the language switch: the Armenian operators read it in Armenian.
    await staff.getByTestId("language").selectOption("hy");
    await expect.poll(() => staff.getByTestId("admin-tab-reports").textContent(), POLL).toBe("Բողոքներ");
    await staff.waitForSelector('[data-testid="reports-empty"]');
    expect(await staff.getByTestId("reports-empty").textContent()).toBe("Այստեղ բողոքներ չկան։");
    await screenshot(staff, "admin-reports-hy");

    // A moderator sees the same page, but the site switch is an admin's: the API's FORBIDDEN is shown in words.
    const modGrant = await api.createGuest();
    const modMember = await api.withSession(modGrant.token).claim({ name: `Keeper${Date.now() % 100000}`, password: "correct horse battery" });
    d1(`INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES ('${modMember.id}', 'moderator', NULL, ${Date.now()})`);
    const moderator = await pageAs(modGrant, errors);
    await moderator.goto(`${baseUrl}/#/admin/site`);
    await moderator.waitForSelector('[data-testid="defcon"][data-level="0"]');
    await moderator.getByTestId("defcon-level").selectOption("4");
    await moderator.getByTestId("defcon-set").click();
    await expect.poll(() => moderator.getByTestId("defcon-error").textContent(), POLL).toBe("Your role does not allow that.");
    expect((await api.withSession(staffGrant.token).getSiteAdmin()).defcon).toBe(0);

    // Every section, at a desktop and a phone size: no serious accessibility violation, nothing wider than the screen.
    const sections: Array<[string, string]> = [
      ["reports/handled", '[data-testid="report"]'],
      [`players/${reported.player.id}`, '[data-testid="history-entry"]'],
      ["log", '[data-testid="log-entry"]'],
      ["metrics", '[data-testid="chart-matches.finished"]'],
      ["site", '[data-testid="health"]'],
    ];
    const problems: string[] = [];
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const context = await browser().newContext({ viewport, locale: "ka-GE" });
      await context.addInitScript((token) => localStorage.setItem("nardi.session", token), staffGrant.token);
      const page = await context.newPage();
      watchPageErrors(page, errors);
      for (const [hash, ready] of sections) {
        await page.goto(`${baseUrl}/#/admin/${hash}`);
        await page.waitForSelector(ready);
        const where = `${hash} ${viewport.width}px`;
        problems.push(...(await overflowing(page)).map((p) => `${where}: overflow ${p}`), ...(await seriousViolations(page)).map((p) => `${where}: ${p}`));
      }
      await screenshot(page, `admin-site-ka-${viewport.width}`);
      await context.close();
    }
    expect(problems).toEqual([]);

    expect(errors).toEqual([]);
  });
});
