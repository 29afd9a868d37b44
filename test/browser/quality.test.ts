/**
 * Quality of every page (lobby, table, replay, a profile, the leaderboard, rules, glossary, error) in every language, at a desktop (1280×800) and a phone (390×844) size: axe-core finds no
 * serious or critical accessibility violation, no element sticks out of the viewport horizontally, and a
 * screenshot of each is kept under test-output/screenshots/quality-<page>-<language>-<size>.png. One browser, one
 * page per language and size, reused across the pages.
 */
import { describe, expect, inject, it } from "vitest";
import type { CreateTableBody, SeatGrant } from "../../src/protocol";
import { createTable as createTableAt, screenshot, useChromium, watchPageErrors } from "./browser";
import { overflowing, seriousViolations } from "./page-checks";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const createTable = (body: Partial<CreateTableBody>): Promise<SeatGrant> => createTableAt(baseUrl, body);

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const LANGUAGES = { en: "en-GB", ru: "ru-RU", ka: "ka-GE", hy: "hy-AM" } as const;

describe("every page, in every language, at desktop and phone sizes", () => {
  it("has no serious or critical axe violation, nothing wider than the screen, and a screenshot", async () => {
    // A live table: the visitor plays White against the computer (its seat put where the page keeps seats).
    const table = await createTable({ preset: "federation-long", length: 3, opponent: "bot", botLevel: "beginner", name: "Nino" });
    // A player's public profile (a guest made over the API), as any visitor sees it.
    const guest = await fetch(`${baseUrl}/v1/players`, { method: "POST" });
    expect(guest.status).toBe(201);
    const { player } = (await guest.json()) as { player: { id: string } };
    const pages: Array<{ name: string; hash: string; ready: string }> = [
      { name: "lobby", hash: "#/", ready: '[data-testid="feed"][data-live="true"]' },
      { name: "table", hash: `#/t/${table.tableId}`, ready: '[data-testid="table"][data-status="connected"][data-busy="false"]' },
      { name: "replay", hash: `#/replay/${table.tableId}`, ready: '[data-testid="replay"][data-state="ready"]' },
      { name: "profile", hash: `#/p/${player.id}`, ready: '[data-testid="profile-name"]' },
      { name: "leaders", hash: "#/leaders/georgian-short", ready: '[data-testid="no-leaders"], [data-testid="leader"]' },
      { name: "rules-long", hash: "#/rules/long", ready: '[data-testid="rules-long-page"]' },
      { name: "rules-short", hash: "#/rules/short", ready: '[data-testid="rules-short-page"]' },
      { name: "glossary", hash: "#/glossary", ready: '[data-testid="glossary"]' },
      { name: "error", hash: "#/no-such-page", ready: '[data-testid="error-page"]' },
    ];
    const problems: string[] = [];
    const errors: string[] = [];
    for (const [lang, locale] of Object.entries(LANGUAGES)) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const context = await browser().newContext({ locale, viewport });
        await context.addInitScript(
          ([key, seat]) => localStorage.setItem(key, seat),
          [`nardi.seat.${table.tableId}`, JSON.stringify({ tableId: table.tableId, seat: table.seat, token: table.token })] as const,
        );
        const page = await context.newPage();
        watchPageErrors(page, errors);
        for (const { name, hash, ready } of pages) {
          await page.goto(`${baseUrl}/${hash}`);
          await page.waitForSelector(ready, { timeout: 30_000 });
          expect(await page.getAttribute("html", "lang")).toBe(lang);
          const where = `${name} ${lang} ${size}`;
          problems.push(...(await overflowing(page)).map((p) => `${where}: overflow ${p}`));
          problems.push(...(await seriousViolations(page)).map((p) => `${where}: ${p}`));
          await screenshot(page, `quality-${name}-${lang}-${size}`);
        }
        await context.close();
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  }, 600_000);
});
