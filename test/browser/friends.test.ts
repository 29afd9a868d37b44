/**
 * Friends in the browser (issue 23): two players follow each other from their profiles and become friends; A sees B
 * come online and go offline from the player channel; A challenges B from the friends list, B sees the challenge at
 * once, accepts, and both pages land at the same table, seated; a second challenge is declined and leaves A's list.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { playerPage, POLL, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

/** The visitor's player id, from the header's link to their profile. */
async function playerIdOf(page: Page): Promise<string> {
  await expect.poll(() => page.getByTestId("me").getAttribute("href"), POLL).toMatch(/^#\/p\//);
  return (await page.getByTestId("me").getAttribute("href"))!.replace("#/p/", "");
}

async function follow(page: Page, playerId: string): Promise<void> {
  await page.goto(`${baseUrl}/#/p/${playerId}`);
  await page.getByTestId("follow").click();
  await page.waitForSelector('[data-testid="unfollow"]');
}

/** The presence shown for `playerId` in the friends list of `page`. */
const friendState = (page: Page, playerId: string) => page.locator(`[data-testid="friend"][data-player-id="${playerId}"] [data-testid="presence"]`).getAttribute("data-state");

describe("friends", () => {
  it("follow each other, see a friend come online and go offline, challenge from the list: accepted, then declined", async () => {
    const errors: string[] = [];
    const a = await playerPage(browser(), errors);
    let b = await playerPage(browser(), errors);
    await a.goto(`${baseUrl}/`);
    await b.goto(`${baseUrl}/`);
    const aId = await playerIdOf(a);
    const bId = await playerIdOf(b);

    await follow(a, bId);
    await follow(b, aId);

    // A's friends page: B is a friend (both follow), online while B's page is open.
    await a.getByTestId("friends-link").click();
    await a.waitForSelector(`[data-testid="friend"][data-player-id="${bId}"]`);
    await expect.poll(() => friendState(a, bId), POLL).toBe("online");

    // B closes the page: offline; B opens it again: online, without A reloading.
    const bContext = b.context();
    await b.close();
    await expect.poll(() => friendState(a, bId), POLL).toBe("offline");
    b = await bContext.newPage();
    await b.goto(`${baseUrl}/`);
    await expect.poll(() => friendState(a, bId), POLL).toBe("online");
    await screenshot(a, "friends-list");

    // A challenges B from the list; B sees it at once, with the time left, and accepts.
    await a.locator(`[data-testid="friend"][data-player-id="${bId}"] [data-testid="friend-challenge"]`).click();
    await a.getByTestId("challenge-preset").selectOption("georgian-short");
    await a.getByTestId("challenge-send").click();
    await a.waitForSelector(`[data-testid="challenge-out"][data-to="${bId}"]`);
    const incoming = b.locator(`[data-testid="challenge-in"][data-from="${aId}"]`);
    await incoming.waitFor(POLL);
    expect(await incoming.getByTestId("challenge-left").textContent()).toMatch(/\d:\d\d left/);
    await screenshot(b, "friends-challenge");
    await incoming.getByTestId("challenge-accept").click();

    await b.waitForSelector('[data-testid="table"][data-role]', POLL);
    await a.waitForSelector('[data-testid="table"][data-role]', POLL);
    const tableA = await a.locator('[data-testid="table"]').getAttribute("data-table-id");
    const tableB = await b.locator('[data-testid="table"]').getAttribute("data-table-id");
    expect(tableA).toBe(tableB);
    const roles = [await a.locator('[data-testid="table"]').getAttribute("data-role"), await b.locator('[data-testid="table"]').getAttribute("data-role")];
    expect(roles.sort()).toEqual(["black", "white"]);
    // Nothing open any more on either side.
    expect(await a.getByTestId("challenge-out").count()).toBe(0);
    expect(await b.getByTestId("challenge-in").count()).toBe(0);

    // A second challenge, from B's profile this time; B declines; A's outgoing challenge goes at once.
    // B's profile shows B's presence as the channel told A: there, online or (seated at the new table) playing.
    await a.goto(`${baseUrl}/#/p/${bId}`);
    await expect.poll(() => a.getByTestId("profile-presence").getAttribute("data-state"), POLL).toMatch(/^(online|playing)$/);
    await a.getByTestId("challenge").click();
    await a.getByTestId("challenge-send").click();
    const again = b.locator(`[data-testid="challenge-in"][data-from="${aId}"]`);
    await again.waitFor(POLL);
    await again.getByTestId("challenge-decline").click();
    await expect.poll(() => b.getByTestId("challenge-in").count(), POLL).toBe(0);
    await expect.poll(() => a.getByTestId("challenge-out").count(), POLL).toBe(0);
    expect(errors).toEqual([]);
  });
});
