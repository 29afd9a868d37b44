/**
 * The doubling cube and resigning, through the confirmation dialogs, in 3-point backgammon matches: a double
 * taken (the cube moves to the taker's side at 2) and then the match resigned; a double dropped (the hand
 * is named oin at the old cube value and the next hand starts).
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { act, playerPage, POLL, screenshot, seeded, settled, tableIdOf, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

async function player(errors: string[]): Promise<Page> {
  const page = await playerPage(browser(), errors, { viewport: { width: 1000, height: 1300 } });
  return page;
}

/**
 * A 3-point backgammon table: Alice creates it, Bob joins from the lobby's list of open tables (after a
 * refresh), and they play by clicks until one of them may double (before rolling, on their own turn).
 */
async function tableWithADoubler(errors: string[], seed: number): Promise<{ alice: Page; bob: Page; doubler: Page }> {
  const alice = await player(errors);
  const bob = await player(errors);
  await alice.goto(`${baseUrl}/`);
  await alice.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
  await alice.getByTestId("preset").selectOption("backgammon");
  await alice.getByTestId("length").selectOption("3");
  await alice.getByTestId("private").uncheck(); // public, so Bob finds it in the list
  await alice.getByTestId("create").click();
  const invite = await alice.getByTestId("invite-link").inputValue();
  const tableId = tableIdOf(invite);
  await bob.goto(`${baseUrl}/`);
  // The lobby hears of the table just after the create answers; its live feed shows it without a refresh.
  await bob.waitForSelector(`[data-testid="join-${tableId}"]`, { timeout: POLL.timeout });
  await bob.getByTestId(`join-${tableId}`).click();
  await bob.waitForSelector('[data-testid="table"][data-table-status="playing"]');
  await settled(alice);

  // The cube starts in the middle at 1.
  expect(await alice.getByTestId("cube").getAttribute("data-owner")).toBe("middle");
  expect(await alice.getByTestId("cube").getAttribute("data-value")).toBe("1");

  const rand = seeded(seed);
  for (let i = 0; i < 2000; i++) {
    for (const page of [alice, bob]) {
      await settled(page);
      if ((await page.getByTestId("double").count()) > 0) return { alice, bob, doubler: page };
      await act(page, rand);
    }
  }
  throw new Error("nobody could double");
}

describe("cube, drop and resign", () => {
  it("double, take (cube to the taker at 2), then resign the match, each confirmed in a dialog", async () => {
    const errors: string[] = [];
    const { alice, bob, doubler } = await tableWithADoubler(errors, 3);
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
    // The side that must answer is outlined on both screens (not the doubler, whose turn it still is), and its
    // clock is the one running.
    const doublerSide = takerSide === "white" ? "black" : "white";
    for (const page of [alice, bob]) {
      await expect.poll(() => page.getByTestId(`player-${takerSide}`).getAttribute("class"), POLL).toContain("turn");
      expect(await page.getByTestId(`player-${doublerSide}`).getAttribute("class")).not.toContain("turn");
      expect(await page.getByTestId(`clock-${doublerSide}`).getAttribute("data-running")).toBe("false");
    }
    await screenshot(taker, "short-cube-offered");
    await taker.getByTestId("take").click();
    await expect.poll(() => taker.getByTestId("dialog-text").textContent(), POLL).toContain("Take the double");
    await taker.getByTestId("dialog-ok").click();

    // The cube is on the taker's side at 2, on both boards. Only the cube's owner may redouble, so the doubler
    // has no cube decision left and the server rolls for it at once, without a click.
    for (const page of [alice, bob]) {
      await expect.poll(() => page.getByTestId("cube").getAttribute("data-owner"), POLL).toBe(takerSide);
      expect(await page.getByTestId("cube").getAttribute("data-value")).toBe("2");
    }
    const doublerName = takerSide === "white" ? "Black" : "White";
    await expect.poll(() => doubler.getByTestId("log").textContent(), POLL).toMatch(new RegExp(`${doublerName} rolled \\d-\\d \\(rolled automatically\\)`));
    expect(await doubler.getByTestId("roll").count()).toBe(0);
    expect(await doubler.getByTestId("double").count()).toBe(0);
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

  it("double and drop: the doubler wins the hand as oin at the old cube value, and the next hand starts", async () => {
    const errors: string[] = [];
    const { alice, bob, doubler } = await tableWithADoubler(errors, 4);
    const dropper = doubler === alice ? bob : alice;
    const doublerSide = (await doubler.locator('[data-testid="table"]').getAttribute("data-role")) as "white" | "black";
    await doubler.getByTestId("double").click();
    await doubler.getByTestId("dialog-ok").click();
    await dropper.waitForSelector('[data-testid="drop"]');
    await dropper.getByTestId("drop").click();
    await expect.poll(() => dropper.getByTestId("dialog-text").textContent(), POLL).toContain("Drop?");
    await dropper.getByTestId("dialog-ok").click();
    const name = doublerSide === "white" ? "White" : "Black";
    for (const page of [alice, bob]) {
      await page.waitForSelector('[data-testid="hand-result"]:not([hidden])');
      expect(await page.getByTestId("hand-result").textContent()).toBe(
        `Hand 1: ${name} wins — oin (1 point) = 1 point. Score ${doublerSide === "white" ? "1–0" : "0–1"}`,
      );
      // The match goes on: hand 2, the cube back in the middle at 1, no match result.
      await expect.poll(() => page.getByTestId("score").textContent(), POLL).toContain("hand 2");
      expect(await page.getByTestId("cube").getAttribute("data-owner")).toBe("middle");
      expect(await page.getByTestId("cube").getAttribute("data-value")).toBe("1");
      expect(await page.getByTestId("match-result").isHidden()).toBe(true);
      expect(await page.getByTestId(`score-${doublerSide}`).textContent()).toContain("score 1");
    }
    await screenshot(dropper, "short-after-drop-next-hand");
    expect(errors).toEqual([]);
  }, 120_000);
});
