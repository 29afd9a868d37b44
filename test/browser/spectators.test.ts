/** A table created without spectators offers no watch link, and its watch page says it cannot be watched. */
import { describe, expect, inject, it } from "vitest";
import { playerPage, POLL, settled, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("spectators switched off", () => {
  it("no watch link for the player, and a refused watch page for anyone else", async () => {
    const errors: string[] = [];
    const page = await playerPage(browser(), errors);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId("choice-computer").click(); // the lobby opens on "Play now"
    await page.locator('[data-testid="advanced"] summary').click(); // spectators are an advanced option
    await page.getByTestId("spectators").uncheck();
    await page.getByTestId("choice-computer").click();
    await page.getByTestId("bot-level").selectOption("beginner");
    await page.getByTestId("create").click();
    await page.waitForSelector('[data-testid="table"][data-role="white"]');
    await settled(page);
    const tableId = (await page.locator('[data-testid="table"]').getAttribute("data-table-id")) as string;
    expect(await page.getByTestId("watch-link").count()).toBe(0);

    const stranger = await playerPage(browser(), errors);
    await stranger.goto(`${baseUrl}/#/watch/${tableId}`);
    await expect.poll(() => stranger.getByTestId("status").textContent(), POLL).toContain("Could not connect to watch");
    expect(await stranger.locator('[data-testid="board"]').count()).toBe(0);
    // The invite link of a full table says so, and offers no watching either.
    await stranger.goto(`${baseUrl}/#/t/${tableId}`);
    await expect.poll(() => stranger.getByTestId("join-info").textContent(), POLL).toContain("full");
    expect(await stranger.getByTestId("watch").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
