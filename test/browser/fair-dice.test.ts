/**
 * The fair-dice pages in Chromium: #/verify/<tableId> recomputes a finished match's rolls in the browser and says
 * they are genuine (and that a running match cannot be checked yet); #/dice/<playerId> shows the player's counts.
 */
import { describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import { countRolls, verifyDice } from "../../src/protocol";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { recordOf } from "../support/tables";
import { playerPage, POLL, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const client = new NardiClient(baseUrl);

describe("fair dice on the web page", () => {
  it("verifies a finished match, refuses a running one, and shows a player's dice statistics", async () => {
    const a = await client.createGuest();
    const white = await client.withSession(a.token).createTable({ preset: "georgian-short", length: 1 });
    const black = await client.joinTable(white.tableId);
    const run = await playRandomMatch(client, white, black, seededRng(99));
    run.white.close();
    run.black.close();
    const expected = verifyDice(white.tableId, run.white.events);
    if (!expected.ok) throw new Error(`the match does not verify in Node: ${expected.failure}`);

    const running = await client.createTable({ preset: "backgammon" });
    await client.joinTable(running.tableId);

    const errors: string[] = [];
    const page = await playerPage(browser(), errors);
    await page.goto(`${baseUrl}/#/verify/${white.tableId}`);
    const verdict = page.getByTestId("dice-verdict");
    await expect.poll(() => verdict.getAttribute("data-ok"), POLL).toBe("true");
    expect(await verdict.getAttribute("data-rolls")).toBe(String(expected.rolls));
    expect(await page.getByTestId("dice-seed").textContent()).toBe(expected.serverSeed);
    await screenshot(page, "fair-dice-verified");

    await page.goto(`${baseUrl}/#/verify/${running.tableId}`);
    await expect.poll(() => page.getByTestId("dice-verdict").getAttribute("data-ok"), POLL).toBe("false");
    expect(await page.getByTestId("dice-seed").count()).toBe(0);

    const record = await recordOf(client, white.tableId);
    const mine = countRolls(record.events.map((e) => e.event)).white;
    await page.goto(`${baseUrl}/#/dice/${a.player.id}`);
    await expect.poll(() => page.getByTestId("dice-rolls").getAttribute("data-rolls"), POLL).toBe(String(mine.rolls));
    const shown = await page.getByTestId("dice-face").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-count"))));
    expect(shown).toEqual(mine.faces);
    await screenshot(page, "fair-dice-statistics");
    expect(errors).toEqual([]);
  });
});
