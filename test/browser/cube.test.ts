/**
 * The doubling cube and resigning, through the confirmation dialogs: a 3-point backgammon match where one
 * player doubles, the other takes (the cube moves to the taker's side at 2), and then resigns the match.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { act, launchChromium, screenshot, seeded, settled, watchPageErrors } from "./browser";

const baseUrl = inject("baseUrl");
/** Generous: `npm test` runs every project at once, and a loaded machine answers slowly. */
const POLL = { timeout: 15_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function player(errors: string[]): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1000, height: 1300 } })).newPage();
  watchPageErrors(page, errors);
  return page;
}

describe("cube and resign", () => {
  it("double, take (cube to the taker at 2), then resign the match, each confirmed in a dialog", async () => {
    const errors: string[] = [];
    const alice = await player(errors);
    const bob = await player(errors);
    await alice.goto(`${baseUrl}/`);
    await alice.getByTestId("preset").selectOption("backgammon");
    await alice.getByTestId("length").selectOption("3");
    await alice.getByTestId("create").click();
    const invite = await alice.getByTestId("invite-link").inputValue();
    const tableId = invite.split("/").pop() as string;
    // Bob joins from the lobby's list of open tables (after a refresh), not through the invite link.
    await bob.goto(`${baseUrl}/`);
    await bob.getByTestId("refresh").click();
    await bob.getByTestId(`join-${tableId}`).click();
    await bob.waitForSelector('[data-testid="table"][data-table-status="playing"]');
    await settled(alice);

    // The cube starts in the middle at 1.
    expect(await alice.getByTestId("cube").getAttribute("data-owner")).toBe("middle");
    expect(await alice.getByTestId("cube").getAttribute("data-value")).toBe("1");

    // Play by clicks until someone may double (before rolling, on their own turn).
    const rand = seeded(3);
    let doubler: Page | null = null;
    for (let i = 0; !doubler && i < 2000; i++) {
      for (const page of [alice, bob]) {
        await settled(page);
        if ((await page.getByTestId("double").count()) > 0) {
          doubler = page;
          break;
        }
        await act(page, rand);
      }
    }
    if (!doubler) throw new Error("nobody could double");
    const taker = doubler === alice ? bob : alice;
    const takerSide = (await taker.locator('[data-testid="table"]').getAttribute("data-role")) as string;

    // Cancelling the dialog changes nothing.
    await doubler.getByTestId("double").click();
    await doubler.getByTestId("dialog-cancel").click();
    expect(await doubler.getByTestId("dialog").count()).toBe(0);
    expect(await doubler.getByTestId("roll").isEnabled()).toBe(true);

    await doubler.getByTestId("double").click();
    await expect.poll(() => doubler.getByTestId("dialog-text").textContent(), POLL).toContain("double");
    await doubler.getByTestId("dialog-ok").click();
    await taker.waitForSelector('[data-testid="take"]');
    expect(await taker.getByTestId("status").textContent()).toMatch(/doubles to 2: take or drop\?/);
    await screenshot(taker, "short-cube-offered");
    await taker.getByTestId("take").click();
    await expect.poll(() => taker.getByTestId("dialog-text").textContent(), POLL).toContain("Take the double");
    await taker.getByTestId("dialog-ok").click();

    // The cube is on the taker's side at 2, on both boards; the doubler now rolls.
    for (const page of [alice, bob]) {
      await expect.poll(() => page.getByTestId("cube").getAttribute("data-owner"), POLL).toBe(takerSide);
      expect(await page.getByTestId("cube").getAttribute("data-value")).toBe("2");
    }
    await doubler.waitForSelector('[data-testid="roll"]');
    expect(await doubler.getByTestId("double").count()).toBe(0); // only the cube's owner may redouble
    await screenshot(doubler, "short-cube-taken");

    // Resigning ends the whole match: the opponent is awarded the points still needed (3).
    await taker.getByTestId("resign").click();
    await taker.getByTestId("dialog-ok").click();
    for (const page of [alice, bob]) {
      await page.waitForSelector('[data-testid="match-result"]:not([hidden])');
      const text = (await page.getByTestId("match-result").textContent()) ?? "";
      const winner = takerSide === "white" ? "Black" : "White";
      expect(text).toContain(`${winner} wins the match`);
      expect(text).toContain(takerSide === "white" ? "0–3" : "3–0");
      expect(text).toContain("resigned");
    }
    expect(await taker.getByTestId("status").textContent()).toBe("You lost the match.");
    expect(await doubler.getByTestId("status").textContent()).toBe("You won the match.");
    await screenshot(doubler, "short-after-resign");
    expect(errors).toEqual([]);
  }, 120_000);
});
