/**
 * Quick match in the browser: two people in two browser contexts press "Play now" with the same choices and
 * land at the same table, one at each seat; a third cancels a seek and is back at the choices; two more pick a stake
 * beside their balance and land at a table with both stakes in escrow.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { claimName, POLL, screenshot, useChromium, watchPageErrors } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

let members = 0;

/** A visitor in the lobby's "Play now" panel: a guest, or (`member`) one that claimed a name first, as stakes need. */
async function visitor(errors: string[], member = false): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1000, height: 1300 } });
  const page = await context.newPage();
  watchPageErrors(page, errors);
  await page.goto(`${baseUrl}/`);
  // The page makes a guest player on the first visit; its name shows once the session exists.
  await expect.poll(() => page.getByTestId("me").textContent(), POLL).not.toBe("");
  if (member) await claimName(page, baseUrl, `Quick${Date.now() % 100000}x${members++}`);
  await page.getByTestId("choice-quick").click(); // the lobby's first choice, "Play now"
  return page;
}

/** Choices no other browser test uses, so the pool holds only this test's seekers. */
async function choose(page: Page): Promise<void> {
  await page.getByTestId("quick-preset").selectOption("armenian-long");
  await page.getByTestId("quick-length").selectOption("7");
  await page.getByTestId("quick-clock").selectOption("correspondence");
}

describe("quick match in the browser", () => {
  it("two players press Play now and land in the same match", async () => {
    const errors: string[] = [];
    const alice = await visitor(errors);
    const bob = await visitor(errors);
    await choose(alice);
    await alice.getByTestId("quick-play").click();
    await expect.poll(() => alice.getByTestId("quick-elapsed").textContent(), POLL).toMatch(/0:\d\d/);
    await screenshot(alice, "quick-waiting");
    await choose(bob);
    await bob.getByTestId("quick-play").click();

    await alice.waitForSelector('[data-testid="table"][data-table-status="playing"]');
    await bob.waitForSelector('[data-testid="table"][data-table-status="playing"]');
    const tableOf = (page: Page) => new URL(page.url()).hash.replace(/^#\/t\//, "");
    expect(tableOf(alice)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(tableOf(alice)).toBe(tableOf(bob));
    const roles = await Promise.all([alice, bob].map((p) => p.getByTestId("table").getAttribute("data-role")));
    expect(roles.sort()).toEqual(["black", "white"]);
    await screenshot(bob, "quick-paired");
    expect(errors).toEqual([]);
  });

  it("cancel ends the seek and shows the choices again", async () => {
    const errors: string[] = [];
    const carol = await visitor(errors);
    await carol.getByTestId("quick-preset").selectOption("backgammon");
    await carol.getByTestId("quick-length").selectOption("5");
    await carol.getByTestId("quick-clock").selectOption("untimed");
    await carol.getByTestId("quick-play").click();
    await carol.getByTestId("quick-searching").waitFor();
    await carol.getByTestId("quick-cancel").click();
    await carol.getByTestId("quick-play").waitFor();
    expect(await carol.getByTestId("quick-searching").isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a guest's rated and stake choices are disabled, with the hint to claim a name", async () => {
    const errors: string[] = [];
    const guest = await visitor(errors);
    expect(await guest.getByTestId("quick-rated").isDisabled()).toBe(true);
    expect(await guest.getByTestId("quick-rated-hint").textContent()).toContain("claimed name");
    expect(await guest.getByTestId("quick-stake").isDisabled()).toBe(true);
    expect(await guest.getByTestId("quick-balance").textContent()).toContain("claimed name");
    expect(errors).toEqual([]);
  });

  it("with a stake: the balance is shown, and both land at a table with both stakes in escrow", async () => {
    const errors: string[] = [];
    const [dave, erin] = [await visitor(errors, true), await visitor(errors, true)];
    for (const page of [dave, erin]) {
      await expect.poll(() => page.getByTestId("quick-balance").textContent(), POLL).toMatch(/1,?000/);
      await page.getByTestId("quick-preset").selectOption("federation-long");
      await page.getByTestId("quick-length").selectOption("3");
      await page.getByTestId("quick-clock").selectOption("untimed");
      await page.getByTestId("quick-stake").selectOption("50");
    }
    await screenshot(dave, "quick-stake");
    await dave.getByTestId("quick-play").click();
    await dave.getByTestId("quick-searching").waitFor();
    await erin.getByTestId("quick-play").click();
    for (const page of [dave, erin]) {
      await page.waitForSelector('[data-testid="table"][data-table-status="playing"]');
      await expect.poll(() => page.getByTestId("stake-line").textContent(), POLL).toMatch(/100/);
    }
    expect(errors).toEqual([]);
  });
});
