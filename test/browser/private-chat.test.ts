/**
 * Chat at a private (invite) table (issue 21): between the two invited players it is on from the start, guests or
 * not, and after a reload it is still on, with the conversation so far. At an open table between guests it still
 * starts off (the contrast: the private table is what turns it on).
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { NardiClient } from "../../src/client";
import { playerPage, POLL, screenshot, seatedPair, settled, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-input").press("Enter");
}

describe("chat at a private table", () => {
  it("is on by default between the two invited players, and after a reload it is still on, with its history", async () => {
    const errors: string[] = [];
    const alice = await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 } });
    const bob = await playerPage(browser(), errors, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await alice.goto(`${baseUrl}/`);
    await expect.poll(() => alice.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);
    // "Play a friend" is private by default.
    await alice.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    expect(await alice.getByTestId("private").isChecked()).toBe(true);
    await alice.getByTestId("name").fill("Alice");
    await alice.getByTestId("create").click();
    await alice.waitForSelector('[data-testid="table"][data-role="white"]');
    await bob.goto(await alice.getByTestId("invite-link").inputValue());
    await bob.getByTestId("name").fill("Bob");
    await bob.getByTestId("join").click();
    await bob.waitForSelector('[data-testid="table"][data-role="black"]');
    await settled(bob);

    for (const page of [alice, bob]) {
      await expect.poll(() => page.getByTestId("chat-input").isVisible(), POLL).toBe(true);
      expect(await page.getByTestId("chat-enable").count()).toBe(0);
    }
    await say(alice, "hi Bob");
    await expect.poll(() => bob.getByTestId("chat-line").allTextContents(), POLL).toEqual(["Alice: hi Bob"]);
    await say(bob, "hello Alice");
    await expect.poll(() => alice.getByTestId("chat-line").count(), POLL).toBe(2);

    await bob.reload();
    await bob.waitForSelector('[data-testid="table"][data-role="black"]');
    await expect.poll(() => bob.getByTestId("chat-line").allTextContents(), POLL).toEqual(["Alice: hi Bob", "Bob: hello Alice"]);
    expect(await bob.getByTestId("chat-input").isVisible()).toBe(true);
    expect(await bob.getByTestId("chat-enable").count()).toBe(0);
    await screenshot(bob, "private-chat-after-reload-phone");
    await say(bob, "still here");
    await expect.poll(() => alice.getByTestId("chat-line").count(), POLL).toBe(3);
    await screenshot(alice, "private-chat-desktop");
    expect(errors).toEqual([]);
  });

  it("at an open table between guests it still starts off", async () => {
    const errors: string[] = [];
    const api = new NardiClient(baseUrl);
    const white = await api.createTable({ preset: "backgammon", name: "Alice" });
    const black = await api.joinTable(white.tableId, { name: "Bob" });
    const { white: alice } = await seatedPair(browser(), baseUrl, { white, black }, errors);
    await expect.poll(() => alice.getByTestId("chat-enable").count(), POLL).toBe(1);
    expect(await alice.getByTestId("chat-input").isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
