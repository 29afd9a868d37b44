/**
 * The site switch on the page: with the level above 0 every page shows, under the header, what is stopped and the
 * operators' note, in the page's language; at level 0 nothing is shown. The level is set as an operator would on
 * a local database: a `site_settings` row written with `wrangler d1 execute --local --persist-to`. Its own
 * `wrangler dev`, so no other test meets a restricted site.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { NardiClient } from "../../src/client";
import { CATALOGUES } from "../../src/web/i18n";
import { d1Execute, startDevServer, type DevServer } from "../support/wrangler-dev";
import { playerPage, POLL, screenshot, seatedPair, useChromium, watchPageErrors } from "./browser";

const browser = useChromium();
let server: DevServer;

beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Runs one SQL statement against the dev server's local D1, as `npx wrangler d1 execute DB --local` does. */
function d1(sql: string): void {
  d1Execute(server.stateDir, sql);
}

function setLevel(level: number, message: string): void {
  const value = JSON.stringify({ level, message }).replaceAll("'", "''");
  d1(`INSERT INTO site_settings (key, value, updated_at) VALUES ('defcon', '${value}', ${Date.now()}) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`);
}

describe("the site switch's notice", () => {
  it("shows what is stopped on every page, in the page's language, and goes away at level 0", async () => {
    const errors: string[] = [];
    const page = await playerPage(browser(), errors, { locale: "en-US" });
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-testid="app"]:not([aria-busy])');
    await expect.poll(() => page.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);
    expect(await page.getByTestId("site-banner").isHidden()).toBe(true);

    setLevel(2, "Spam wave: back soon");
    // The next page reads the switch again.
    await page.goto(`${server.baseUrl}/#/rules/long`);
    const banner = page.getByTestId("site-banner");
    await expect.poll(() => banner.getAttribute("data-defcon"), POLL).toBe("2");
    expect(await banner.isVisible()).toBe(true);
    const en = CATALOGUES.en;
    expect(await banner.locator("li").allTextContents()).toEqual([en["site.stop.guest-creation"], en["site.stop.guest-chat"]]);
    expect(await banner.getByTestId("site-message").textContent()).toBe("From the operators: Spam wave: back soon");
    await screenshot(page, "site-switch-en");

    // In Georgian: the same stops in the Georgian catalogue's words; the operators' note as they wrote it.
    await page.getByTestId("language").selectOption("ka");
    const ka = CATALOGUES.ka;
    await expect.poll(() => banner.locator("li").allTextContents(), POLL).toEqual([ka["site.stop.guest-creation"], ka["site.stop.guest-chat"]]);
    expect(await banner.locator("strong").textContent()).toBe(ka["site.banner.title"]);
    expect(await banner.getByTestId("site-message").textContent()).toContain("Spam wave: back soon");

    // Level 4 on another page: all four stops; then level 0: gone.
    setLevel(4, "");
    await page.goto(`${server.baseUrl}/#/glossary`);
    await expect.poll(() => banner.getAttribute("data-defcon"), POLL).toBe("4");
    expect(await banner.locator("li").count()).toBe(4);
    expect(await banner.getByTestId("site-message").count()).toBe(0);
    await screenshot(page, "site-switch-ka");

    // "Play now" at level 4: the seek is refused before its socket opens, and the page says why.
    await page.goto(`${server.baseUrl}/#/`);
    await page.getByTestId("choice-quick").click();
    await page.getByTestId("quick-play").click();
    await expect.poll(() => page.getByTestId("quick-error").textContent(), POLL).toBe(ka["errors.code.siteRestricted"]);

    setLevel(0, "");
    await page.goto(`${server.baseUrl}/#/rules/short`);
    await expect.poll(() => banner.isHidden(), POLL).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a visitor who arrives while new guests are paused still gets the page, with the notice, and plays anonymously", async () => {
    setLevel(1, "");
    const page = await (await browser().newContext({ locale: "ru-RU" })).newPage();
    const errors: string[] = [];
    watchPageErrors(page, errors);
    await page.goto(`${server.baseUrl}/`);
    const banner = page.getByTestId("site-banner");
    await expect.poll(() => banner.getAttribute("data-defcon"), POLL).toBe("1");
    expect(await banner.locator("li").allTextContents()).toEqual([CATALOGUES.ru["site.stop.guest-creation"]]);
    // No guest was made: the header names nobody, and the lobby still offers to play.
    await page.waitForSelector('[data-testid="app"]:not([aria-busy])');
    expect(await page.getByTestId("me").textContent()).toBe("");
    setLevel(0, "");
    expect(errors).toEqual([]);
  });

  it("at the table: a filtered line and a guest's line under level 2 are refused with the page's words; a clean line goes through", async () => {
    const api = new NardiClient(server.baseUrl);
    const white = await api.createTable({ preset: "backgammon", name: "Alice" });
    const black = await api.joinTable(white.tableId, { name: "Bob" });
    const errors: string[] = [];
    const { white: alice, black: bob } = await seatedPair(browser(), server.baseUrl, { white, black }, errors, { white: { locale: "en-US" }, black: { locale: "hy-AM" } });
    for (const page of [alice, bob]) await page.getByTestId("chat-enable").click();
    const say = async (page: Page, text: string) => {
      await page.getByTestId("chat-input").fill(text);
      await page.getByTestId("chat-input").press("Enter");
    };

    await say(alice, "f.u.c.k this");
    await expect.poll(() => alice.getByTestId("chat-error").textContent(), POLL).toBe(CATALOGUES.en["chat.error.filtered"]);
    await say(alice, "a classic opening");
    await expect.poll(() => bob.getByTestId("chat-line").allTextContents(), POLL).toEqual(["Alice. a classic opening"]);

    // Both seats were taken without a session: from level 2 they are guests' seats and may not chat.
    setLevel(2, "");
    await say(bob, "բարև");
    await expect.poll(() => bob.getByTestId("chat-error").textContent(), POLL).toBe(CATALOGUES.hy["chat.error.restricted"]);
    setLevel(0, "");
    await say(bob, "բարև");
    await expect.poll(() => alice.getByTestId("chat-line").count(), POLL).toBe(2);
    expect(await alice.getByTestId("chat-line").allTextContents()).toEqual(["Alice: a classic opening", "Bob: բարև"]);
    expect(errors).toEqual([]);
  });
});
