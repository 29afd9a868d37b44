/**
 * The clocks on the page: a spectator watches a table (made over the API with a 1 s + 2 s-per-point clock) where
 * nobody moves. The running clock is marked and warns of low time, and the match ends on time with the result
 * named on the page.
 */
import { describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import { playerPage, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("clocks in the browser", () => {
  it("shows both clocks, which one runs, a low-time warning, and the timeout result", async () => {
    const errors: string[] = [];
    const api = new NardiClient(baseUrl);
    const white = await api.createTable({
      preset: "backgammon",
      length: 3,
      overrides: { opening: "reroll" },
      timeControl: { delaySeconds: 1, reserveSeconds: 2 },
      name: "Slow",
    });
    await api.joinTable(white.tableId, { name: "Also slow" });
    const page = await playerPage(browser(), errors, { viewport: { width: 1000, height: 1300 } });
    await page.goto(`${baseUrl}/#/watch/${white.tableId}`);
    await page.waitForSelector('[data-testid="table"][data-role="spectator"][data-table-status="playing"]');

    const turn = (await page.locator('[data-testid="table"]').getAttribute("data-turn")) as "white" | "black";
    const other = turn === "white" ? "black" : "white";
    // Under 10 s left: the running clock is marked low (the match reserve is only 6 s).
    const running = page.locator(`[data-testid="clock-${turn}"][data-running="true"].low`);
    await running.waitFor();
    expect(await running.textContent()).toMatch(/time \d+:\d\d \+ \d+:\d\d — low time!/);
    expect(await page.getByTestId(`clock-${other}`).getAttribute("data-running")).toBe("false");
    expect(await page.getByTestId(`clock-${other}`).textContent()).toBe(" · time 0:06");
    await screenshot(page, "clock-low-time");

    await page.waitForSelector('[data-testid="match-result"]:not([hidden])', { timeout: 30_000 });
    const slow = turn === "white" ? "White" : "Black";
    const winner = turn === "white" ? "Black" : "White";
    expect(await page.getByTestId("match-result").textContent()).toBe(
      `Match over: ${winner} wins the match ${turn === "white" ? "0–3" : "3–0"} (${slow} ran out of time)`,
    );
    expect(await page.getByTestId("log").textContent()).toContain(`${slow} ran out of time`);
    await screenshot(page, "clock-timeout");
    expect(errors).toEqual([]);
  }, 60_000);
});
