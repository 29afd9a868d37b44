/**
 * Quick match is not a blind queue (issue 21): the lobby opens on "Play now", whose computer offer defaults to
 * 30 s; a second browser sees "1 waiting" in the pool the first seeks in (the first never counts itself), the lobby
 * lists that open seek, and its Play now button pairs the two.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { poolKey, SeekPoolsSchema, type SeekChoice } from "../../src/protocol";
import { playerPage, POLL, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

/** Choices no other browser test seeks with, so the pool holds only this test's seekers. */
const CHOICE: SeekChoice = { preset: "federation-long", length: 3, timeControl: "untimed", rated: false, stake: 0 };
const KEY = poolKey(CHOICE);

async function visitor(errors: string[]): Promise<Page> {
  const page = await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${baseUrl}/`);
  await expect.poll(() => page.getByTestId("me").textContent(), POLL).not.toBe("");
  return page;
}

async function choose(page: Page): Promise<void> {
  await page.getByTestId("quick-preset").selectOption(CHOICE.preset);
  await page.getByTestId("quick-length").selectOption(String(CHOICE.length));
  await page.getByTestId("quick-clock").selectOption(CHOICE.timeControl);
}

describe("quick-match pools in the browser", () => {
  it("opens on Play now, offers the computer after 30 s by default", async () => {
    const errors: string[] = [];
    const page = await visitor(errors);
    expect(await page.getByTestId("choice-quick").getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("panel-quick").isVisible()).toBe(true);
    expect(await page.getByTestId("panel-friend").isVisible()).toBe(false);
    expect(await page.getByTestId("quick-bot-after").inputValue()).toBe("30");
    expect(errors).toEqual([]);
  });

  it("a second browser sees 1 waiting in the first one's pool, not counting itself, and joins it from the lobby's open seeks", async () => {
    const errors: string[] = [];
    const first = await visitor(errors);
    const second = await visitor(errors);
    await choose(second);
    expect(await second.getByTestId("quick-pool-count").getAttribute("data-waiting")).toBe("0");

    await choose(first);
    await first.getByTestId("quick-play").click();
    await first.getByTestId("quick-searching").waitFor();

    // The second browser's panel, on the same choices, and its lobby list of open seeks.
    await expect.poll(() => second.getByTestId("quick-pool-count").textContent(), POLL).toBe("1 waiting");
    const row = second.locator(`[data-testid="open-seek"][data-pool="${KEY}"]`);
    expect(await row.getAttribute("data-waiting")).toBe("1");
    expect(await row.textContent()).toContain("1 waiting");
    await screenshot(second, "quick-pools-lobby");

    // The seeker's own reads leave it out: its next answer has nobody in its pool, and its list shows no such seek.
    const own = await first.waitForResponse((r) => r.url().endsWith("/v1/seek/pools") && r.status() === 200, POLL);
    const read = SeekPoolsSchema.parse(await own.json());
    expect(read.pools.find((p) => p.pool === KEY)).toBeUndefined();
    expect(await first.locator(`[data-testid="open-seek"][data-pool="${KEY}"]`).count()).toBe(0);

    // The open seek's Play now seeks in that pool: the two are paired at one table.
    await second.getByTestId(`seek-${KEY}`).click();
    await first.waitForSelector('[data-testid="table"][data-table-status="playing"]', { timeout: POLL.timeout });
    await second.waitForSelector('[data-testid="table"][data-table-status="playing"]', { timeout: POLL.timeout });
    expect(new URL(first.url()).hash).toBe(new URL(second.url()).hash);
    expect(errors).toEqual([]);
  });
});
