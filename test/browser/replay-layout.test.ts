/**
 * The replay viewer's layout, at 1280×800 and 390×844: the board keeps its place while stepping through a whole hand
 * (however the texts under it change), the move list sits beside the board on the desktop, and dice are drawn at
 * every position (the roll held, else the last roll spent, else blank dice before a hand's first roll).
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import type { SeatGrant } from "../../src/protocol";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { seatedTable } from "../support/tables";
import { playerPage, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const client = new NardiClient(baseUrl);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function box(page: Page, testid: string): Promise<Box> {
  return page.evaluate((id) => {
    const r = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }, testid);
}

/** The dice drawn now: their values and whether they are the roll held, a spent roll or blank dice. */
function dice(page: Page): Promise<{ values: string; kind: string; faces: number } | null> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="replay"] [data-testid="dice"]');
    if (!el) return null;
    const kind = el.hasAttribute("data-blank") ? "blank" : el.hasAttribute("data-spent") ? "spent" : "held";
    return { values: el.getAttribute("data-values") ?? "", kind, faces: el.querySelectorAll(".die").length };
  });
}

const SIZES: Array<[string, BrowserContextOptions]> = [
  ["1280×800", { viewport: { width: 1280, height: 800 } }],
  ["390×844", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

describe("the replay viewer's layout", () => {
  let seats: { white: SeatGrant; black: SeatGrant };
  beforeAll(async () => {
    // A short backgammon match with the cube: texts of every length (hits, doubles, drops, hand results).
    seats = await seatedTable(client, { preset: "backgammon", length: 3, name: "Ann" });
    let commands = 0;
    const run = await playRandomMatch(client, seats.white, seats.black, seededRng(4242), { doubleChance: 0.1, takeChance: 0.7, stop: () => commands++ >= 70 });
    run.white.close();
    run.black.close();
  });

  for (const [name, options] of SIZES) {
    it(`${name}: the board stays put while stepping, dice at every position${name === "1280×800" ? ", the move list beside the board" : ""}`, async () => {
      const errors: string[] = [];
      const page = await playerPage(browser(), errors, options);
      await page.goto(`${baseUrl}/#/replay/${seats.white.tableId}`);
      await page.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
      const count = Number(await page.getByTestId("replay").getAttribute("data-count"));
      expect(count).toBeGreaterThan(40);
      const first = await box(page, "board");
      if (name === "1280×800") {
        // Beside, not below: the list starts right of the board and level with it.
        const list = await box(page, "replay-moves");
        expect(list.x).toBeGreaterThanOrEqual(first.x + first.width);
        expect(list.y).toBeLessThan(first.y + first.height);
        // The board and the step buttons are on the first screen.
        const next = await box(page, "replay-next");
        expect(next.y + next.height).toBeLessThanOrEqual(800);
      }
      const kinds = new Set<string>();
      const moved: string[] = [];
      for (let i = 0; i < count; i++) {
        if (i > 0) await page.getByTestId("replay-next").click();
        expect(Number(await page.getByTestId("replay").getAttribute("data-index"))).toBe(i);
        const now = await box(page, "board");
        if (JSON.stringify(now) !== JSON.stringify(first)) moved.push(`position ${i + 1}: ${JSON.stringify(now)}`);
        const shown = await dice(page);
        expect(shown, `position ${i + 1}`).not.toBeNull();
        expect(shown!.faces).toBeGreaterThanOrEqual(2);
        if (shown!.kind !== "blank") expect(shown!.values).toMatch(/^\d,\d$/);
        kinds.add(shown!.kind);
      }
      expect(moved).toEqual([]);
      expect([...kinds].sort()).toEqual(["blank", "held", "spent"]);
      expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
      await screenshot(page, `replay-layout-${name}`);
      expect(errors).toEqual([]);
    });
  }
});
