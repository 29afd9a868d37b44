/**
 * The move list, live at the table and in the replay, at 1280×800 and 390×844: a turn per row ("12." White's play,
 * Black's play), the turn numbers never clipped, the same rows in both places, and the numbering toggle (own /
 * White's) applying to both. The match is played over the protocol (long nardi, one hand of more than twelve turns).
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import type { LoggedEvent, SeatGrant } from "../../src/protocol";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { seatedTable } from "../support/tables";
import { playerPage, screenshot, storeSeat, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const client = new NardiClient(baseUrl);

interface Row {
  no: string;
  white: string[];
  black: string[];
  /** The number is drawn whole: not wider than its cell, inside the list, and what the eye sees at its centre. */
  clipped: boolean;
}

/** The rows of the first hand of the list in `listId`, each number scrolled into view and checked for clipping. */
function rows(page: Page, listId: string): Promise<Row[]> {
  return page.evaluate((id) => {
    const list = document.querySelector(`[data-testid="${id}"]`)!;
    const hand = list.querySelector(".hand")!;
    return [...hand.querySelectorAll('[data-testid="move-row"]')].map((tr) => {
      const no = tr.querySelector<HTMLElement>('[data-testid="move-no"]')!;
      no.scrollIntoView({ block: "center" });
      const r = no.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(no);
      const text = range.getBoundingClientRect();
      const seen = document.elementFromPoint(text.left + 1, text.top + text.height / 2);
      const clipped = no.scrollWidth > no.clientWidth || text.left < box.left - 0.5 || text.left < r.left - 0.5 || text.right > box.right + 0.5 || !no.contains(seen);
      const cell = (side: string) => [...tr.querySelectorAll(`td.${side} [data-testid="move"]`)].map((el) => el.textContent ?? "");
      return { no: no.textContent ?? "", white: cell("white"), black: cell("black"), clipped };
    });
  }, listId);
}

/** What each side played in hand 1, in its own numbering: "5-3: 24/16". */
function playsOf(events: readonly LoggedEvent[], side: "white" | "black"): string[] {
  const out: string[] = [];
  let dice = "";
  for (const { event: e } of events) {
    if (e.type === "hand-ended") break;
    if (e.type === "opening-roll" && e.starter === side) dice = `${Math.max(e.white, e.black)}-${Math.min(e.white, e.black)}`;
    if (e.type === "rolled" && e.side === side) dice = `${e.dice[0]}-${e.dice[1]}`;
    if (e.type === "played" && e.side === side) out.push(`${dice}: ${e.notation || "—"}`);
    if (e.type === "burned" && e.side === side) out.push(`${e.dice[0]}-${e.dice[1]}: no legal move`);
  }
  return out;
}

const SIZES: Array<[string, BrowserContextOptions]> = [
  ["1280×800", { viewport: { width: 1280, height: 800 } }],
  ["390×844", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

describe("the move list", () => {
  let seats: { white: SeatGrant; black: SeatGrant };
  let log: LoggedEvent[];
  beforeAll(async () => {
    seats = await seatedTable(client, { preset: "federation-long", length: 1, name: "Ann" });
    let commands = 0;
    const run = await playRandomMatch(client, seats.white, seats.black, seededRng(2112), { stop: () => commands++ >= 34 });
    run.white.close();
    run.black.close();
    log = (await client.getEvents(seats.white.tableId)).events;
  });

  for (const [name, options] of SIZES) {
    it(`${name}: a turn per row, "12." whole, the same in the live list and the replay`, async () => {
      const errors: string[] = [];
      const page = await playerPage(browser(), errors, { ...options, reducedMotion: "reduce" });
      const white = playsOf(log, "white");
      const black = playsOf(log, "black");
      expect(Math.min(white.length, black.length)).toBeGreaterThanOrEqual(13);
      const whiteStarts = log.some((e) => e.event.type === "opening-roll" && e.event.starter === "white");

      // A spectator's live list: White's numbering, so White's cells are White's own notation.
      await page.goto(`${baseUrl}/#/watch/${seats.white.tableId}`);
      await page.waitForSelector('[data-testid="table"][data-role="spectator"][data-busy="false"]');
      const live = await rows(page, "moves");
      expect(live.length).toBeGreaterThanOrEqual(13);
      expect(live.map((r) => r.no).slice(0, 13)).toEqual(Array.from({ length: 13 }, (_, i) => `${i + 1}.`));
      expect(live.filter((r) => r.clipped).map((r) => r.no)).toEqual([]);
      // Paired: a row holds one White play and one Black play (the row Black opens, or the last, may hold one).
      for (const [i, row] of live.slice(0, 12).entries()) {
        if (i === 0 && !whiteStarts) expect(row.white).toEqual([]);
        else expect(row.white).toHaveLength(1);
        expect(row.black).toHaveLength(1);
      }
      const liveWhite = live.flatMap((r) => r.white);
      expect(liveWhite).toEqual(white.slice(0, liveWhite.length));
      await screenshot(page, `movelist-live-${name}`);

      // The replay: the same rows.
      await page.goto(`${baseUrl}/#/replay/${seats.white.tableId}`);
      await page.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
      const replayed = await rows(page, "replay-moves");
      expect(replayed.filter((r) => r.clipped).map((r) => r.no)).toEqual([]);
      expect(replayed.map(({ no, white, black }) => ({ no, white, black }))).toEqual(live.map(({ no, white, black }) => ({ no, white, black })));
      await screenshot(page, `movelist-replay-${name}`);
      expect(errors).toEqual([]);
    });
  }

  it("the numbering toggle (own / White's) applies to the live list and the replay alike", async () => {
    const errors: string[] = [];
    const page = await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
    await storeSeat(page, baseUrl, seats.black);
    await page.goto(`${baseUrl}/#/t/${seats.black.tableId}`);
    await page.waitForSelector('[data-testid="table"][data-role="black"][data-busy="false"]');
    // Black's own numbering: Black's cells are Black's own notation.
    const mine = await rows(page, "moves");
    const black = playsOf(log, "black");
    expect(mine.flatMap((r) => r.black)).toEqual(black.slice(0, mine.flatMap((r) => r.black).length));
    await page.getByTestId("numbering").click();
    const whites = await rows(page, "moves");
    expect(whites.flatMap((r) => r.black)).not.toEqual(mine.flatMap((r) => r.black));

    // The replay opens in the numbering chosen at the table (White's), and its toggle goes back to Black's own.
    await page.goto(`${baseUrl}/#/replay/${seats.black.tableId}`);
    await page.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
    const strip = (list: Row[]) => list.map(({ no, white, black }) => ({ no, white, black }));
    expect(strip(await rows(page, "replay-moves"))).toEqual(strip(whites));
    await page.getByTestId("numbering").click();
    expect(strip(await rows(page, "replay-moves"))).toEqual(strip(mine));
    expect(errors).toEqual([]);
  });
});
