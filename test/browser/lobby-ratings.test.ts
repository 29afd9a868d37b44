/**
 * Ratings where players choose (issue 21), in the browser: a rated public table shows its host's rating in the open
 * tables (provisional marked "?", its title saying so) and is marked rated; once joined, the matches being played
 * show both players' ratings, and the player bars at the table show them too — at a desktop and a phone size.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { claimName, playerPage, POLL, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function ratingOf(page: Page, testid: string): Promise<{ text: string; provisional: string | null; title: string | null }> {
  const el = page.getByTestId(testid);
  return { text: ((await el.textContent()) ?? "").trim(), provisional: await el.getAttribute("data-provisional"), title: await el.getAttribute("title") };
}

describe("ratings in the lobby and at the table", () => {
  for (const size of SIZES) {
    it(`a rated table lists both ratings, provisional marked, and the player bars show them (${size.name})`, async () => {
      const errors: string[] = [];
      const options = { viewport: size.viewport };
      const [watcher, host, guest] = [await playerPage(browser(), errors, options), await playerPage(browser(), errors, options), await playerPage(browser(), errors, options)];
      const stamp = `${Date.now() % 100000}${size.name[0]}`;
      await watcher.goto(`${baseUrl}/`);
      await watcher.waitForSelector('[data-testid="feed"][data-live="true"]');
      await host.goto(`${baseUrl}/`);
      await claimName(host, baseUrl, `Rati${stamp}`);
      await guest.goto(`${baseUrl}/`);
      await claimName(guest, baseUrl, `Gayane${stamp}`);

      await host.getByTestId("choice-friend").click();
      await host.getByTestId("preset").selectOption("georgian-short");
      await host.getByTestId("private").uncheck();
      await host.getByTestId("rated").check();
      await host.getByTestId("create").click();
      await host.waitForSelector('[data-testid="table"][data-table-status="waiting"]');
      const tableId = (await host.locator('[data-testid="table"]').getAttribute("data-table-id"))!;

      // The open tables: the host's rating (new players are provisional at 1500) and the rated mark.
      await watcher.waitForSelector(`[data-testid="open-table"][data-table-id="${tableId}"]`, { timeout: POLL.timeout });
      const hostRating = await ratingOf(watcher, `rating-host-${tableId}`);
      expect(hostRating).toMatchObject({ text: "1500?", provisional: "true" });
      expect(hostRating.title).toContain("Provisional rating 1500");
      expect(await watcher.getByTestId(`rated-${tableId}`).textContent()).toBe("rated");
      await screenshot(watcher, `lobby-ratings-open-${size.name}`);

      await guest.getByTestId(`join-${tableId}`).click();
      await guest.waitForSelector('[data-testid="table"][data-role="black"]');

      // Being played now: both ratings, in the order of the names, and the rated mark.
      await watcher.waitForSelector(`[data-testid="playing-table"][data-table-id="${tableId}"]`, { timeout: POLL.timeout });
      const row = watcher.locator(`[data-testid="playing-table"][data-table-id="${tableId}"]`);
      expect(await row.textContent()).toContain(`Rati${stamp}`);
      for (const side of ["white", "black"]) {
        const shown = await ratingOf(watcher, `rating-${side}-${tableId}`);
        expect(shown).toMatchObject({ text: "1500?", provisional: "true" });
        expect(shown.title).toContain(side === "white" ? `Rati${stamp}` : `Gayane${stamp}`);
      }
      expect(await watcher.getByTestId(`rated-${tableId}`).textContent()).toBe("rated");
      await screenshot(watcher, `lobby-ratings-playing-${size.name}`);

      // The player bars at the table, for both players.
      for (const page of [host, guest]) {
        await expect.poll(() => page.getByTestId("rating-black").count(), POLL).toBe(1);
        for (const side of ["white", "black"]) {
          const bar = await ratingOf(page, `rating-${side}`);
          expect(bar).toMatchObject({ text: "1500?", provisional: "true" });
          expect(bar.title).toContain("Provisional");
        }
      }
      await screenshot(guest, `table-ratings-${size.name}`);
      expect(errors).toEqual([]);
    });
  }
});
