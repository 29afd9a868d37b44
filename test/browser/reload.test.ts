/**
 * Seats survive reloads and drops: a page reloaded in the middle of a turn (after rolling, with or without a
 * step chosen) comes back on the same seat with the same position and dice, and a player who closes the
 * tab is shown to the opponent with the reconnect countdown until they open the table again.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page, WebSocketRoute } from "playwright-core";
import { act, expectBoardMatchesServer, playerPage, POLL, screenshot, seeded, settled, shownCheckers, tableIdOf, useChromium, watchPageErrors } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

const view = (page: Page) => page.locator('[data-testid="table"]');

async function dice(page: Page): Promise<string | null> {
  return page.locator('[data-testid="dice"]').getAttribute("data-values");
}

describe("reloads and drops keep the seat", () => {
  it("a reload mid-turn keeps the seat, the position and the dice; a closed tab shows the countdown", async () => {
    const errors: string[] = [];
    const aliceCtx = await browser().newContext({ viewport: { width: 1000, height: 1300 } });
    const bobCtx = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const alice = await aliceCtx.newPage();
    let bob = await bobCtx.newPage();
    watchPageErrors(alice, errors);
    watchPageErrors(bob, errors);

    await alice.goto(`${baseUrl}/`);
    await alice.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    await alice.getByTestId("preset").selectOption("armenian-long");
    await alice.locator('[data-testid="advanced"] summary').click(); // the reconnect window is an advanced option
    await alice.getByTestId("reconnect").selectOption("300");
    await alice.getByTestId("create").click();
    const invite = await alice.getByTestId("invite-link").inputValue();
    const tableId = tableIdOf(invite);
    await bob.goto(invite);
    await bob.getByTestId("join").waitFor();
    await screenshot(bob, "phone-join-page");
    await bob.getByTestId("join").click();
    await bob.waitForSelector('[data-testid="table"][data-role="black"][data-table-status="playing"]');
    await settled(alice);
    await settled(bob);

    // A few turns each, by clicks, so the position is not the starting one.
    const rand = seeded(42);
    let turns = 0;
    playing: for (let i = 0; i < 5000; i++) {
      for (const page of [alice, bob]) {
        if ((await act(page, rand)) === "confirmed" && ++turns >= 4) break playing;
      }
    }
    expect(turns).toBeGreaterThanOrEqual(4);

    // Nobody has a cube here, so the server rolls for whoever is on roll (and passes a burned roll, and plays a
    // forced one): wait for the next side with a move to choose; its page is reloaded before it picks a step.
    await alice.waitForSelector('[data-testid="table"][data-phase="moving"][data-busy="false"]');
    const turn = (await view(alice).getAttribute("data-turn")) as "white" | "black";
    let mover = turn === "white" ? alice : bob;
    const moverCtx = turn === "white" ? aliceCtx : bobCtx;
    await mover.waitForSelector('[data-testid="table"][data-phase="moving"][data-busy="false"]');
    const rolled = await dice(mover);
    expect(rolled).toMatch(/^[1-6],[1-6]$/);
    const before = await expectBoardMatchesServer(mover, baseUrl, tableId);

    await mover.reload();
    await settled(mover);
    await mover.waitForSelector(`[data-testid="table"][data-role="${turn}"][data-phase="moving"]`);
    expect(await dice(mover)).toBe(rolled);
    const afterReload = await expectBoardMatchesServer(mover, baseUrl, tableId);
    // (The seq moves on: the drop and the return are logged; the match itself has not moved.)
    expect(afterReload.match?.dice).toEqual(before.match?.dice);
    expect(afterReload.match?.board).toEqual(before.match?.board);

    // The roll may be burned (the engine passes it at once); otherwise pick one step, then reload again.
    if ((await mover.locator('[data-source="true"]').count()) > 0) {
      const shownBefore = await shownCheckers(mover);
      await mover.locator('[data-source="true"]').first().click();
      await mover.locator('[data-dest="true"]').first().click();
      expect(await shownCheckers(mover)).not.toEqual(shownBefore);
      await expect.poll(() => mover.getByTestId("undo").isEnabled(), POLL).toBe(true);
      await screenshot(mover, `long-step-chosen-${turn}-view`);

      await mover.reload();
      await settled(mover);
      await mover.waitForSelector(`[data-testid="table"][data-role="${turn}"][data-phase="moving"]`);
      // The unconfirmed step is gone; the server's position and dice are back, and the turn can be finished.
      expect(await dice(mover)).toBe(rolled);
      expect(await shownCheckers(mover)).toEqual(shownBefore);
      const { seq: beforePlay } = await expectBoardMatchesServer(mover, baseUrl, tableId);
      expect(await mover.getByTestId("status").textContent()).toContain("Your move");
      await screenshot(mover, `long-after-reload-${turn}-view`);
      let done = false;
      for (let i = 0; !done && i < 20; i++) done = (await act(mover, rand)) === "confirmed";
      expect(done).toBe(true);
      // The play is stored: the server logged it. (The page's turn is no sign: when the other side's roll is burned
      // or its only play forced, the server passes the turn straight back, and the page may never show it away.)
      await expect
        .poll(async () => {
          const log = (await (await fetch(`${baseUrl}/v1/tables/${tableId}/events?after=${beforePlay}`)).json()) as { events: Array<{ event: { type: string; side?: string } }> };
          return log.events.some((e) => e.event.type === "played" && e.event.side === turn);
        }, POLL)
        .toBe(true);
    }
    expect(await moverCtx.storageState().then((s) => JSON.stringify(s.origins))).toContain(`nardi.seat.${tableId}`);

    // Bob closes his tab: Alice sees him away, with the seconds left to come back; he opens the link again.
    await bob.close();
    await expect.poll(() => alice.getByTestId("conn-black").textContent(), POLL).toMatch(/away: \d+ s left to reconnect/);
    await screenshot(alice, "long-opponent-away-countdown");
    bob = await bobCtx.newPage();
    watchPageErrors(bob, errors);
    await bob.goto(invite);
    await bob.waitForSelector('[data-testid="table"][data-role="black"][data-status="connected"]');
    await expect.poll(() => alice.getByTestId("conn-black").textContent(), POLL).toContain("online");
    await expectBoardMatchesServer(bob, baseUrl, tableId);
    await screenshot(bob, "long-phone-black-view");
    mover = bob;
    expect(await view(mover).getAttribute("data-table-status")).toBe("playing");
    expect(errors).toEqual([]);
  }, 120_000);

  it("a dropped connection comes back by itself mid-turn, keeping the seat and even the step chosen", async () => {
    const errors: string[] = [];
    const page = await playerPage(browser(), errors, { viewport: { width: 1000, height: 1300 } });
    // Every socket of the page goes through this route, so the test can cut one as a network failure would.
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/socket/, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId("choice-computer").click(); // the lobby opens on "Play now"
    await page.getByTestId("preset").selectOption("georgian-short");
    await page.getByTestId("choice-computer").click();
    await page.getByTestId("bot-level").selectOption("beginner");
    await page.getByTestId("create").click();
    await page.waitForSelector('[data-testid="table"][data-role="white"][data-status="connected"]');
    const tableId = (await view(page).getAttribute("data-table-id")) as string;

    // Our turn with a move to make (a burned roll passes by itself: roll again next turn).
    for (let tries = 0; ; tries++) {
      if (tries > 10) throw new Error("no playable roll in ten tries");
      await page.waitForSelector('[data-testid="roll"], [data-testid="confirm"]', { timeout: 30_000 });
      await settled(page);
      if ((await page.getByTestId("roll").count()) > 0) {
        await page.getByTestId("roll").click();
        await settled(page);
      }
      if ((await page.locator('[data-source="true"]').count()) > 0) break;
    }
    const rolled = await dice(page);
    await page.locator('[data-source="true"]').first().click();
    await page.locator('[data-dest="true"]').first().click();
    const chosen = await shownCheckers(page);

    const before = sockets.length;
    await sockets[sockets.length - 1]?.close({ code: 4000, reason: "network drop" });
    await expect.poll(() => sockets.length, POLL).toBeGreaterThan(before);
    await page.waitForSelector('[data-testid="table"][data-role="white"][data-status="connected"][data-phase="moving"]');
    expect(await page.getByTestId("connection").textContent()).toBe("connected");
    expect(await dice(page)).toBe(rolled);
    expect(await shownCheckers(page)).toEqual(chosen);

    // Finish the turn and confirm: the server takes it.
    const seqBefore = Number(await view(page).getAttribute("data-seq"));
    let done = false;
    const rand = seeded(5);
    for (let i = 0; !done && i < 20; i++) done = (await act(page, rand)) === "confirmed";
    expect(done).toBe(true);
    expect(Number(await view(page).getAttribute("data-seq"))).toBeGreaterThan(seqBefore);
    const history = (await (await fetch(`${baseUrl}/v1/tables/${tableId}/events?after=${seqBefore}`)).json()) as {
      events: Array<{ event: { type: string; side?: string } }>;
    };
    expect(history.events.some((e) => e.event.type === "played" && e.event.side === "white")).toBe(true);
    expect(errors).toEqual([]);
  }, 90_000);
});
