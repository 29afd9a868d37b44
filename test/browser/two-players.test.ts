/**
 * Two people in two browser contexts: one creates a table, the other joins through the invite link, a
 * spectator watches through the watch link, and they play a 1-point short-nardi match to its end by
 * clicking random legal moves.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { act, expectBoardMatchesServer, playerPage, POLL, screenshot, seeded, settled, shownCheckers, tableIdOf, total, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

const newPlayer = (errors: string[]): Promise<Page> => playerPage(browser(), errors, { viewport: { width: 1000, height: 1300 } });

describe("two players in the browser", () => {
  it("create, join by invite link, watch, and play a 1-point match to its end by clicks", async () => {
    const errors: string[] = [];
    const alice = await newPlayer(errors);
    const bob = await newPlayer(errors);
    const carol = await newPlayer(errors);

    await alice.goto(`${baseUrl}/`);
    await alice.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    await alice.getByTestId("name").fill("Alice");
    await alice.getByTestId("preset").selectOption("georgian-short");
    await alice.getByTestId("length").selectOption("1");
    await alice.getByTestId("choice-friend").click();
    await screenshot(alice, "lobby");
    await alice.getByTestId("create").click();
    await alice.waitForSelector('[data-testid="table"][data-table-status="waiting"]');
    const invite = await alice.getByTestId("invite-link").inputValue();
    const watch = await alice.getByTestId("watch-link").inputValue();
    const tableId = tableIdOf(invite);
    // "Play a friend" is private by default: the invite link carries the secret (in the fragment).
    expect(invite).toMatch(/#\/t\/[A-Za-z0-9_-]{16,64}\/[A-Za-z0-9_-]{22}$/);
    expect(watch).toBe(`${baseUrl}/#/watch/${tableId}`);
    await expect.poll(() => alice.getByTestId("status").textContent(), POLL).toContain("Waiting for an opponent");
    await screenshot(alice, "short-waiting-for-opponent");

    // A private table is not listed, and its link without the secret offers no seat.
    await bob.goto(`${baseUrl}/`);
    await bob.locator('[data-testid="open-table"], [data-testid="no-tables"]').first().waitFor();
    expect(await bob.locator(`[data-table-id="${tableId}"]`).count()).toBe(0);
    await bob.goto(`${baseUrl}/#/t/${tableId}`);
    await expect.poll(() => bob.getByTestId("join-info").textContent(), POLL).toContain("private");
    expect(await bob.getByTestId("join").count()).toBe(0);

    await bob.goto(invite);
    await bob.getByTestId("name").fill("Bob");
    await screenshot(bob, "join-page");
    await bob.getByTestId("join").click();
    await bob.waitForSelector('[data-testid="table"][data-role="black"][data-table-status="playing"]');
    await alice.waitForSelector('[data-testid="table"][data-role="white"][data-table-status="playing"]');
    await carol.goto(watch);
    await carol.waitForSelector('[data-testid="table"][data-role="spectator"][data-table-status="playing"]');
    expect(await carol.getByTestId("roll").count()).toBe(0);
    expect(await carol.getByTestId("resign").count()).toBe(0);
    await expect.poll(() => bob.getByTestId("name-white").textContent(), POLL).toContain("Alice");
    await expect.poll(() => alice.getByTestId("name-black").textContent(), POLL).toContain("Bob");
    await expect.poll(() => alice.getByTestId("conn-black").textContent(), POLL).toContain("online");

    // Both see the starting position drawn where the server has it, each from their own seat.
    for (const page of [alice, bob, carol]) await settled(page);
    await expectBoardMatchesServer(alice, baseUrl, tableId);
    await expectBoardMatchesServer(bob, baseUrl, tableId);
    expect(await alice.locator('[data-testid="board"]').getAttribute("data-viewer")).toBe("white");
    expect(await bob.locator('[data-testid="board"]').getAttribute("data-viewer")).toBe("black");
    await screenshot(alice, "short-start-white-view");
    await screenshot(bob, "short-start-black-view");

    const rand = seeded(20261130);
    let turns = 0;
    let idle = 0;
    for (let i = 0; i < 20_000; i++) {
      const a = await act(alice, rand);
      const b = await act(bob, rand);
      if (a === "over" && b === "over") break;
      if (a === "confirmed" || b === "confirmed") {
        turns++;
        for (const page of [alice, bob]) {
          // The opponent's page plays the move out checker by checker first: count once it has drawn the result.
          await settled(page);
          const shown = await shownCheckers(page);
          expect(total(shown.white)).toBe(15);
          expect(total(shown.black)).toBe(15);
        }
        if (turns === 12) {
          await settled(carol);
          await screenshot(alice, "short-midgame-white-view");
          await screenshot(bob, "short-midgame-black-view");
          await screenshot(carol, "short-midgame-spectator");
        }
      }
      if (a === "idle" && b === "idle") {
        idle++;
        if (idle > 2400) throw new Error(`nobody can act: ${await alice.getByTestId("status").textContent()}`);
        await alice.waitForTimeout(25);
      } else idle = 0;
    }

    // The end: the hand is named with its points, and the match result is shown to everyone.
    for (const page of [alice, bob, carol]) {
      await page.waitForSelector('[data-testid="match-result"]:not([hidden])');
      await expect.poll(() => page.getByTestId("match-result").textContent(), POLL).toMatch(/^Match over: (White|Black) wins the match [0-3]–[0-3]$/);
      expect(await page.getByTestId("hand-result").textContent()).toMatch(/Hand 1: (White|Black) wins — (oin|mars|koks) \([123] points?\)/);
    }
    const table = await expectBoardMatchesServer(alice, baseUrl, tableId);
    const winner = table.match?.winner;
    expect(winner === "white" || winner === "black").toBe(true);
    // The winner has borne off all 15, and the page says who won.
    expect(table.match?.board[winner as "white" | "black"][0]).toBe(15);
    expect(await carol.getByTestId("match-result").textContent()).toContain(winner === "white" ? "White wins" : "Black wins");
    expect(await alice.getByTestId("roll").count()).toBe(0);
    expect(await alice.getByTestId("confirm").count()).toBe(0);
    await screenshot(alice, "short-end-white-view");
    await screenshot(carol, "short-end-spectator");
    expect(turns).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  }, 240_000);
});
