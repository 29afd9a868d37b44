/**
 * The first screen and the pages around it: three choices, the live lists (no Refresh button), players online,
 * the language switch, the rules pages and glossary with their term links, and the error pages.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { CreateTableBody, SeatGrant } from "../../src/protocol";
import { createTable as createTableAt, playerPage, POLL, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
/** A table made over the HTTP API; `georgian-short` unless the body names a preset. */
const createTable = (body: Partial<CreateTableBody>): Promise<SeatGrant> => createTableAt(baseUrl, { preset: "georgian-short", ...body });

async function newPage(errors: string[], locale = "en-US"): Promise<Page> {
  const page = await playerPage(browser(), errors, { locale });
  return page;
}

/** Raw catalogue keys on screen mean a string that missed the catalogue. */
async function expectNoRawKeys(page: Page): Promise<void> {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/\b(common|lobby|join|nav|players|preset|variant|level|clock|glossary|rules|errors)\.[a-z][A-Za-z.]+/);
}

describe("the lobby", () => {
  it("offers three choices, folds the advanced options away, and shows a new table and its match live", async () => {
    const errors: string[] = [];
    const watcher = await newPage(errors);
    await watcher.goto(`${baseUrl}/`);
    await watcher.waitForSelector('[data-testid="feed"][data-live="true"]');
    for (const choice of ["quick", "friend", "computer"]) expect(await watcher.getByTestId(`choice-${choice}`).isVisible()).toBe(true);
    expect(await watcher.getByTestId("refresh").count()).toBe(0);
    await watcher.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    // Advanced options are folded away; the rules are named in words.
    expect(await watcher.getByTestId("time-control").isVisible()).toBe(false);
    expect(await watcher.getByTestId("preset").locator("option:checked").textContent()).toBe("Georgian short nardi");
    expect(await watcher.getByTestId("preset-about").getByTestId("term-koks").getAttribute("title")).toContain("3 points");
    await watcher.getByTestId("choice-computer").click();
    expect(await watcher.getByTestId("bot-level").isVisible()).toBe(true);
    expect(await watcher.getByTestId("private").isVisible()).toBe(false);
    await expect.poll(async () => Number((await watcher.getByTestId("online").textContent())?.match(/\d+/)?.[0]), POLL).toBeGreaterThanOrEqual(1);

    // Someone else creates a public table: it appears for the watcher without any click.
    const host = await newPage(errors);
    await host.goto(`${baseUrl}/`);
    await host.getByTestId("choice-friend").click();
    await host.getByTestId("name").fill("Tamar");
    await host.getByTestId("private").uncheck();
    await host.getByTestId("create").click();
    await host.waitForSelector('[data-testid="table"][data-table-status="waiting"]');
    const tableId = (await host.locator('[data-testid="table"]').getAttribute("data-table-id")) as string;
    await watcher.waitForSelector(`[data-testid="open-table"][data-table-id="${tableId}"]`, { timeout: POLL.timeout });
    expect(await watcher.locator(`[data-testid="open-table"][data-table-id="${tableId}"]`).textContent()).toContain("Tamar");

    // A third visitor joins from the list: the table leaves "open" and shows under "being played now".
    const guest = await newPage(errors);
    await guest.goto(`${baseUrl}/`);
    await guest.getByTestId("choice-friend").click();
    await guest.getByTestId("name").fill("Levon");
    await guest.getByTestId(`join-${tableId}`).click();
    await guest.waitForSelector('[data-testid="table"][data-role="black"]');
    await watcher.waitForSelector(`[data-testid="playing-table"][data-table-id="${tableId}"]`, { timeout: POLL.timeout });
    expect(await watcher.locator(`[data-testid="open-table"][data-table-id="${tableId}"]`).count()).toBe(0);
    expect(await watcher.locator(`[data-testid="playing-table"][data-table-id="${tableId}"]`).textContent()).toContain("Tamar against Levon");
    await watcher.getByTestId(`watch-${tableId}`).click();
    await watcher.waitForSelector(`[data-testid="table"][data-role="spectator"][data-table-id="${tableId}"]`);
    expect(errors).toEqual([]);
  }, 90_000);

  it("speaks the browser's language, switches on demand, remembers it, and sets <html lang>", async () => {
    const errors: string[] = [];
    const page = await newPage(errors, "ru-RU");
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('[data-testid="choice-friend"]');
    expect(await page.getAttribute("html", "lang")).toBe("ru");
    expect(await page.getByTestId("choice-friend").textContent()).toContain("Играть с другом");
    await expectNoRawKeys(page);
    for (const [lang, words] of [
      ["ka", "ითამაშეთ მეგობართან"],
      ["hy", "Խաղալ ընկերոջ հետ"],
      ["en", "Play a friend"],
    ] as const) {
      await page.getByTestId("language").selectOption(lang);
      await expect.poll(() => page.getByTestId("choice-friend").textContent(), POLL).toContain(words);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      await expectNoRawKeys(page);
    }
    await page.getByTestId("language").selectOption("hy");
    await page.reload();
    await page.waitForSelector('[data-testid="choice-friend"]');
    expect(await page.getAttribute("html", "lang")).toBe("hy");
    expect(await page.getByTestId("language").inputValue()).toBe("hy");
    expect(errors).toEqual([]);
  });
});

describe("rules, glossary and error pages", () => {
  it("has a rules page per variant whose terms link to the glossary, in every language", async () => {
    const errors: string[] = [];
    const page = await newPage(errors);
    await page.goto(`${baseUrl}/#/rules/long`);
    await page.waitForSelector('[data-testid="rules-long-page"]');
    expect(await page.locator("h1").textContent()).toBe("Long nardi");
    expect(await page.getByTestId("term-head").count()).toBeGreaterThan(0);
    await page.getByTestId("term-sixBlock").first().click();
    await page.waitForSelector('[data-testid="glossary"]');
    expect(page.url()).toContain("#/glossary/sixBlock");
    for (const term of ["oin", "mars", "koks", "cube", "crawford", "head", "sixBlock", "burned"]) {
      expect((await page.getByTestId(`glossary-${term}`).textContent())?.length).toBeGreaterThan(20);
    }
    await page.goto(`${baseUrl}/#/rules/short`);
    await page.waitForSelector('[data-testid="rules-short-page"]');
    expect(await page.getByTestId("term-koks").first().getAttribute("title")).toContain("3 points");
    const titles = new Set<string>();
    for (const lang of ["ru", "ka", "hy"]) {
      await page.getByTestId("language").selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.waitForSelector('[data-testid="rules-short-page"]');
      titles.add((await page.locator("h1").textContent()) ?? "");
      await expectNoRawKeys(page);
    }
    expect(titles.size).toBe(3);
    expect(errors).toEqual([]);
  });

  it("says what happened on an unknown page, an unknown table and a bad invite link, and links back", async () => {
    const errors: string[] = [];
    const page = await newPage(errors);
    await page.goto(`${baseUrl}/#/no-such-page`);
    await page.waitForSelector('[data-testid="error-page"][data-error="unknown-page"]');
    await page.getByTestId("back-to-lobby").click();
    await page.waitForSelector('[data-testid="choice-friend"]');

    await page.goto(`${baseUrl}/#/t/${"x".repeat(22)}`);
    await page.waitForSelector('[data-testid="error-page"][data-error="unknown-table"]');
    expect(await page.locator("h1").textContent()).toBe("There is no such table");

    // An invite link to a table that is gone (or never was) and one with the wrong secret.
    await page.goto(`${baseUrl}/#/t/${"y".repeat(22)}/${"s".repeat(22)}`);
    await page.waitForSelector('[data-testid="error-page"][data-error="bad-invite"]');
    const host = await createTable({ name: "Host", private: true });
    await page.goto(`${baseUrl}/#/t/${host.tableId}/${"w".repeat(22)}`);
    await page.getByTestId("join").click();
    await page.waitForSelector('[data-testid="error-page"][data-error="bad-invite"]');
    await page.getByTestId("back-to-lobby").click();
    await page.waitForSelector('[data-testid="choice-friend"]');
    expect(errors).toEqual([]);
  });
});
