/**
 * Reports in Chromium: after chat at the table, a player reports the opponent from the table's Report button;
 * the report reaches the moderators' queue with the chat line the server captured; a moderator (made by writing a
 * `player_roles` row into this server's local D1 with `wrangler d1 execute`, as an operator would) resolves it;
 * the reporter's profile shows it handled. On the run's shared `wrangler dev`, whose state folder the setup provides.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import { ReportQueueSchema, StaffReportSchema } from "../../src/protocol";
import { d1Execute } from "../support/wrangler-dev";
import { playerPage, POLL, screenshot, settled, useChromium } from "./browser";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const browser = useChromium();
const server = { baseUrl: inject("baseUrl"), stateDir: inject("stateDir") };

/** What an operator runs to make a moderator on a local database (docs/reports.md). */
function grantModerator(playerId: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(playerId)) throw new Error(`not a player id: ${playerId}`);
  d1Execute(server.stateDir, `INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES ('${playerId}', 'moderator', NULL, ${Date.now()})`);
}

async function adminGet(token: string, path: string): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** axe-core's serious and critical violations, as test/browser/quality.test.ts counts them. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.impact} ${v.id}`);
}

describe("reports in the browser", () => {
  it("a player reports the opponent from the table after chat; the queue shows the chat line; once resolved, the reporter's profile says handled", async () => {
    const errors: string[] = [];
    const host = await playerPage(browser(), errors);
    const guest = await playerPage(browser(), errors);
    const baseUrl = server.baseUrl;

    await host.goto(`${baseUrl}/`);
    await expect.poll(() => host.getByTestId("me").getAttribute("href"), POLL).toMatch(/^#\/p\//);
    const hostId = (await host.getByTestId("me").getAttribute("href"))!.replace("#/p/", "");
    await host.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    await host.getByTestId("create").click();
    await host.waitForSelector('[data-testid="table"][data-role="white"]');
    const tableId = (await host.locator('[data-testid="table"]').getAttribute("data-table-id"))!;
    await guest.goto(await host.getByTestId("invite-link").inputValue());
    await expect.poll(() => guest.getByTestId("me").getAttribute("href"), POLL).toMatch(/^#\/p\//);
    const guestId = (await guest.getByTestId("me").getAttribute("href"))!.replace("#/p/", "");
    await guest.getByTestId("join").click();
    await guest.waitForSelector('[data-testid="table"][data-role="black"]');
    await settled(guest);
    await settled(host);

    // "Play a friend" makes a private table: between the two invited players chat is on from the start, guests or
    // not (no "turn chat on"); the guest insults the host.
    const insult = "you are a donkey and you play like one";
    for (const page of [guest, host]) await expect.poll(() => page.getByTestId("chat-input").isVisible(), POLL).toBe(true);
    expect(await host.getByTestId("chat-enable").count()).toBe(0);
    await guest.getByTestId("chat-input").fill(insult);
    await guest.getByTestId("chat-send").click();
    await expect.poll(() => host.getByTestId("chat-line").allTextContents(), POLL).toEqual([expect.stringContaining(insult)]);

    // The host reports the opponent from the table: beside Mute in the chat (the table tools have Report too).
    expect(await host.getByTestId("report").count()).toBe(1);
    await host.getByTestId("chat-report").click();
    await host.waitForSelector('[data-testid="report-dialog"]');
    expect(await host.getByTestId("report-reason-chat-abuse").isChecked()).toBe(true);
    await host.getByTestId("report-text").fill("insults in the chat");
    await screenshot(host, "report-dialog");
    await host.getByTestId("report-send").click();
    await expect.poll(() => host.getByTestId("report-sent").count(), POLL).toBe(1);
    const reportId = (await host.getByTestId("report-sent").getAttribute("data-report-id"))!;
    await host.getByTestId("report-close").click();
    expect(await host.getByTestId("report-dialog").count()).toBe(0);

    // A moderator, made as an operator does, sees it in the queue with the chat line the server captured.
    const anonymous = new NardiClient(baseUrl);
    const staff = await anonymous.createGuest();
    grantModerator(staff.player.id);
    const queue = ReportQueueSchema.parse(await adminGet(staff.token, "/v1/admin/reports"));
    const seen = queue.reports.find((r) => r.id === reportId);
    expect(seen).toMatchObject({ reporter: { id: hostId }, reported: { id: guestId }, tableId, reason: "chat-abuse", text: "insults in the chat", status: "open" });
    expect(seen!.evidence.chat.map((line) => [line.seat, line.text])).toEqual([["black", insult]]);

    // Before it is resolved the reporter's profile shows it open; after, handled.
    await host.getByTestId("me").click();
    await expect.poll(() => host.getByTestId("my-report").getAttribute("data-status"), POLL).toBe("open");
    const resolved = await fetch(`${baseUrl}/v1/admin/reports/${reportId}/resolve`, {
      method: "POST",
      headers: { authorization: `Bearer ${staff.token}`, "content-type": "application/json" },
      body: JSON.stringify({ outcome: "handled", note: "warned" }),
    });
    expect(StaffReportSchema.parse(await resolved.json())).toMatchObject({ status: "handled", handledBy: { id: staff.player.id } });
    await host.reload();
    await expect.poll(() => host.getByTestId("my-report").getAttribute("data-status"), POLL).toBe("handled");
    expect(await host.getByTestId("my-report-status").textContent()).toBe("Handled: a moderator acted on it");
    await screenshot(host, "report-my-reports");

    // The opponent's profile offers a report too (no table); the own profile does not.
    expect(await host.getByTestId("profile-report").count()).toBe(0);
    await guest.goto(`${baseUrl}/#/p/${hostId}`);
    await expect.poll(() => guest.getByTestId("profile-report").count(), POLL).toBe(1);
    await guest.getByTestId("profile-report").click();
    await guest.waitForSelector('[data-testid="report-dialog"]');
    await guest.keyboard.press("Escape");
    expect(await guest.getByTestId("report-dialog").count()).toBe(0);

    // After the match, the end screen offers the report (a new one: the first was closed).
    await guest.goto(`${baseUrl}/#/t/${tableId}`);
    await settled(guest);
    await guest.getByTestId("resign").click();
    await guest.getByTestId("dialog-ok").click();
    await host.goto(`${baseUrl}/#/t/${tableId}`);
    await host.getByTestId("end-report").click();
    await host.getByTestId("report-reason-leaving").check();
    await host.getByTestId("report-send").click();
    await expect.poll(() => host.getByTestId("report-sent").getAttribute("data-report-id"), POLL).not.toBe(reportId);
    expect(await host.getByTestId("report").count()).toBe(0);
    // A spectator has nothing to report from (no seat).
    const watcher = await (await browser().newContext()).newPage();
    await watcher.goto(`${baseUrl}/#/watch/${tableId}`);
    await settled(watcher);
    expect(await watcher.locator('[data-testid="report"], [data-testid="end-report"], [data-testid="chat-report"]').count()).toBe(0);
    const again = ReportQueueSchema.parse(await adminGet(staff.token, `/v1/admin/reports?player=${guestId}`));
    expect(again.reports.map((r) => [r.reason, r.evidence.match?.status])).toEqual([["leaving", "over"]]);
    expect(errors).toEqual([]);
  });

  for (const [lang, locale] of [["en", "en-GB"], ["ru", "ru-RU"], ["ka", "ka-GE"], ["hy", "hy-AM"]] as const) {
    it(`${lang}: the dialog on a phone fits the screen, has no serious accessibility violation, and says a refusal in words`, async () => {
      const errors: string[] = [];
      const page = await playerPage(browser(), errors, { locale, viewport: { width: 390, height: 844 } });
      const other = await new NardiClient(server.baseUrl).createGuest();
      await page.goto(`${server.baseUrl}/#/p/${other.player.id}`);
      await page.getByTestId("profile-report").click();
      await page.waitForSelector('[data-testid="report-dialog"]');
      expect(await seriousViolations(page)).toEqual([]);
      const fits = await page.evaluate(() => {
        const box = document.querySelector(".report-box")!.getBoundingClientRect();
        return document.documentElement.scrollWidth <= document.documentElement.clientWidth && box.left >= 0 && box.right <= document.documentElement.clientWidth;
      });
      expect(fits).toBe(true);
      await screenshot(page, `report-dialog-${lang}-phone`);
      // The keyboard stays inside the dialog: from the first reason Shift+Tab reaches Send, and Tab comes back.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
      expect(await focused()).toBe("report-reason-chat-abuse");
      await page.keyboard.press("Shift+Tab");
      expect(await focused()).toBe("report-send");
      await page.keyboard.press("Tab");
      expect(await focused()).toBe("report-reason-chat-abuse");
      // "Something else" without a text is stopped here, in the page's language.
      await page.getByTestId("report-reason-other").check();
      await page.getByTestId("report-send").click();
      expect((await page.getByTestId("report-error").textContent())?.length).toBeGreaterThan(0);
      expect(await page.getByTestId("report-sent").count()).toBe(0);
      await page.getByTestId("report-text").fill("sells coins");
      await page.getByTestId("report-send").click();
      await expect.poll(() => page.getByTestId("report-sent").count(), POLL).toBe(1);
      expect(errors).toEqual([]);
    });
  }
});
