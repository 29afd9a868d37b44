/**
 * A person against the computer: a 1-point long-nardi match (federation rules) played to its end by clicks
 * (the very first checker by dragging it with the mouse).
 */
import { describe, expect, inject, it } from "vitest";
import { act, expectBoardMatchesServer, POLL, useChromium, screenshot, seeded, settled, shownCheckers, total, watchPageErrors } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("a person against the computer", () => {
  it("plays a 1-point long nardi match against the expert bot to its end", async () => {
    const errors: string[] = [];
    const context = await browser().newContext({ viewport: { width: 1000, height: 1300 } });
    const page = await context.newPage();
    watchPageErrors(page, errors);

    await page.goto(`${baseUrl}/`);
    await page.getByTestId("choice-computer").click(); // the lobby opens on "Play now"
    await page.getByTestId("name").fill("Dana");
    await page.getByTestId("preset").selectOption("federation-long");
    await page.getByTestId("length").selectOption("1");
    await page.getByTestId("choice-computer").click();
    await page.getByTestId("bot-level").selectOption("expert");
    await page.getByTestId("create").click();
    await page.waitForSelector('[data-testid="table"][data-role="white"][data-table-status="playing"]');
    const tableId = (await page.locator('[data-testid="table"]').getAttribute("data-table-id")) as string;
    await expect.poll(() => page.getByTestId("name-black").textContent(), POLL).toMatch(/computer|bot/i);

    // Long nardi: each head is marked where docs/rules.md §1 puts it (White absolute 24, Black absolute 12).
    expect(await page.getByTestId("head-white").getAttribute("data-abs")).toBe("24");
    expect(await page.getByTestId("head-black").getAttribute("data-abs")).toBe("12");

    // A 1-point match has no cube, so the server rolls for both sides, and plays the forced first moves off the
    // head. Wait for the first moment we have a move to choose, then check the board.
    const rand = seeded(7);
    await page.waitForSelector('[data-testid="confirm"]', { timeout: 30_000 });
    await settled(page);
    expect(await page.getByTestId("roll").count()).toBe(0);
    await expectBoardMatchesServer(page, baseUrl, tableId);
    await screenshot(page, "long-start-white-view");
    // Both clocks are shown; ours runs.
    expect(await page.getByTestId("clock-white").getAttribute("data-running")).toBe("true");
    expect(await page.getByTestId("clock-black").textContent()).toMatch(/time \d+:\d\d/);

    // The first checker moves by dragging with the mouse: press on it, drag to a lit destination, release.
    if ((await page.locator('[data-source="true"]').count()) > 0) {
      const before = await shownCheckers(page);
      const from = await page.locator('[data-source="true"]').first().boundingBox();
      if (!from) throw new Error("no box for the source");
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 20, { steps: 4 });
      const to = await page.locator('[data-dest="true"]').first().boundingBox();
      if (!to) throw new Error("dragging lit no destination");
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
      await page.mouse.up();
      expect(await shownCheckers(page)).not.toEqual(before);
      expect(await page.getByTestId("undo").isEnabled()).toBe(true);
    }

    let turns = 0;
    let idle = 0;
    for (let i = 0; i < 20_000; i++) {
      const a = await act(page, rand);
      if (a === "over") break;
      if (a === "confirmed") {
        turns++;
        // The computer's answer is played out checker by checker: count once the page has drawn it.
        await settled(page);
        const shown = await shownCheckers(page);
        expect(total(shown.white)).toBe(15);
        expect(total(shown.black)).toBe(15);
        if (turns === 10) await screenshot(page, "long-midgame-white-view");
      }
      if (a === "moved" && turns === 10) {
        // Mid-turn, the legal sources are highlighted and the dice are on the board.
        await screenshot(page, "long-midgame-rolled");
      }
      if (a === "idle") {
        if (++idle > 2400) throw new Error(`stuck: ${await page.getByTestId("status").textContent()}`);
        await page.waitForTimeout(25);
      } else idle = 0;
    }

    await page.waitForSelector('[data-testid="match-result"]:not([hidden])');
    const matchText = (await page.getByTestId("match-result").textContent()) ?? "";
    expect(matchText).toMatch(/^Match over: (White|Black) wins the match/);
    const handText = (await page.getByTestId("hand-result").textContent()) ?? "";
    expect(handText).toMatch(/^Hand 1: (White|Black) wins — (oin|mars|koks) \(([123]) points?\) = \3 points?/);
    const table = await expectBoardMatchesServer(page, baseUrl, tableId);
    const winner = table.match?.winner as "white" | "black";
    expect(table.match?.board[winner][0]).toBe(15);
    expect(matchText).toContain(winner === "white" ? "White wins" : "Black wins");
    expect(await page.getByTestId("status").textContent()).toBe(winner === "white" ? "You won the match." : "You lost the match.");
    // The score shows the hand's points for the winner.
    const kind = /— (oin|mars|koks)/.exec(handText)?.[1];
    const value = { oin: 1, mars: 2, koks: 3 }[kind as "oin" | "mars" | "koks"];
    expect(await page.getByTestId(`score-${winner}`).textContent()).toContain(`score ${value}`);
    await screenshot(page, "long-end-white-view");
    expect(turns).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  }, 180_000);
});
