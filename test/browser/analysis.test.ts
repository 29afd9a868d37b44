/**
 * The analysis in the replay viewer, in Chromium (docs/replays.md#the-analysis): a short backgammon match is played
 * over the protocol to its end; its replay shows "Analysis in progress…" while the analysis is pending, then the
 * summary per player, each marked move coloured and annotated (?! ? ??) exactly where the analysis marks a decision,
 * the decision at the position shown (the played move beside the best ones), and "Next mistake" / "Previous mistake"
 * (buttons and the N / P keys) walking the marked moves in order; at 1280×800 and 390×844. Then the server's own
 * analysis of the match: the end screen links to it, the replay marks exactly its marked moves, the profile shows the PR.
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import type { LoggedEvent, MatchRecord, SeatGrant } from "../../src/protocol";
import { AnalysisSchema, markOf, prWordOf, type Analysis, type Decision } from "../../src/protocol/analysis";
import { decisionsByItem, mistakeSeqs, worstMark } from "../../src/web/analysis-marks";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { recordOf } from "../support/tables";
import { playerPage, POLL, screenshot, storeSeat, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const client = new NardiClient(baseUrl);

const SIZES: Array<[string, BrowserContextOptions]> = [
  ["1280×800", { viewport: { width: 1280, height: 800 } }],
  ["390×844", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

/**
 * An analysis of `record` in the schema's shape, with chosen losses: every third counted play is marked in turn
 * doubtful, bad and very bad (the page's checks need marks where the test put them, whatever the evaluator says).
 */
function servedAnalysis(record: MatchRecord): Analysis {
  const decisions: Decision[] = [];
  const losses = [0, 0.04, 0, 0.08, 0, 0.2];
  let hand = 0;
  let dice: [number, number] = [1, 1];
  for (const { seq, event: e } of record.events) {
    if (e.type === "hand-started") hand = e.hand;
    if (e.type === "rolled") dice = e.dice;
    if (e.type !== "played" || e.steps.length === 0) continue;
    const loss = losses[decisions.length % losses.length]!;
    decisions.push({
      seq,
      hand,
      side: e.side,
      decision: { kind: "play", dice, played: { play: e.notation, equity: 0.1 - loss }, best: [{ play: loss === 0 ? e.notation : "24/23 13/11", equity: 0.1 }] },
      loss,
      mark: markOf(loss),
      counted: true,
      chances: { win: 0.55, winMars: 0.12, winKoks: 0.01, loseMars: 0.1, loseKoks: 0.005 },
      luck: { value: 0.35, mark: "lucky" },
    });
  }
  const player = (side: "white" | "black") => {
    const mine = decisions.filter((d) => d.side === side);
    const pr = (500 * mine.reduce((s, d) => s + d.loss, 0)) / Math.max(1, mine.length);
    return {
      decisions: mine.length,
      checkerDecisions: mine.length,
      cubeDecisions: 0,
      errorRate: pr * 2,
      checkerErrorRate: pr * 2,
      cubeErrorRate: 0,
      pr,
      prWord: prWordOf(pr),
      marks: { doubtful: mine.filter((d) => d.mark === "doubtful").length, bad: mine.filter((d) => d.mark === "bad").length, veryBad: mine.filter((d) => d.mark === "very-bad").length },
      luck: 0.35 * mine.length,
      luckAdjusted: 0,
    };
  };
  return AnalysisSchema.parse({
    status: "ready",
    tableId: record.tableId,
    version: 1,
    variant: "short",
    depth: { checker: "test", cube: "test" },
    players: { white: player("white"), black: player("black") },
    decisions,
  });
}

/** Serves `analysis` at the page's `GET …/analysis`, after `pending` answers `{status: "pending"}`. */
async function serve(page: Page, tableId: string, analysis: Analysis, pending: number): Promise<void> {
  let asked = 0;
  await page.route(`**/v1/matches/${tableId}/analysis`, (route) => {
    const body = asked++ < pending ? { status: "pending", tableId } : analysis;
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  });
}

/** The marked moves of the list: seq → mark, and the symbol written after each. */
function markedMoves(page: Page): Promise<Array<{ seq: number; mark: string; symbol: string }>> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="replay-moves"] [data-testid="move"][data-mark]')].map((el) => ({
      seq: Number(el.getAttribute("data-seq")),
      mark: el.getAttribute("data-mark") ?? "",
      symbol: el.querySelector(".mark-symbol")?.textContent ?? "",
    })),
  );
}

const SYMBOL: Record<string, string> = { doubtful: "?!", bad: "?", "very-bad": "??" };

/** The board's place on the page (not in the viewport: the phone's page scrolls to the buttons below it). */
function boardOnPage(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.evaluate(() => {
    const r = document.querySelector('[data-testid="replay"] [data-testid="board"]')!.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });
}

/** The summary table fits its column: nothing of it is cut off (or left to scroll sideways). */
async function expectSummaryFits(page: Page): Promise<void> {
  const [scroll, client] = await page.locator(".analysis-summary").evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll, `the summary is ${scroll}px wide in ${client}px`).toBeLessThanOrEqual(client!);
}

async function seqShown(page: Page): Promise<number> {
  return Number(await page.getByTestId("replay").getAttribute("data-seq"));
}

describe("the analysis in the replay viewer", () => {
  let seats: { white: SeatGrant; black: SeatGrant };
  let record: MatchRecord;
  let annId: string;
  beforeAll(async () => {
    // A guest's table: a match with a player on a seat is recorded (and analysed).
    const ann = await client.createGuest();
    annId = ann.player.id;
    const white = await client.withSession(ann.token).createTable({ preset: "backgammon", length: 1, name: "Ann" });
    seats = { white, black: await client.joinTable(white.tableId) };
    const run = await playRandomMatch(client, seats.white, seats.black, seededRng(2525), { doubleChance: 0 });
    run.white.close();
    run.black.close();
    expect(run.finished).toBe(true);
    record = await recordOf(client, seats.white.tableId);
  });

  for (const [name, options] of SIZES) {
    it(`${name}: pending, then the summary, the marks where the analysis puts them, the decision shown and next/previous mistake`, async () => {
      const errors: string[] = [];
      const page = await playerPage(browser(), errors, options);
      const analysis = servedAnalysis(record);
      await serve(page, seats.white.tableId, analysis, 1);
      await page.goto(`${baseUrl}/#/replay/${seats.white.tableId}`);
      await page.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
      const first = await boardOnPage(page);
      // Asked once, told "pending": it says so, then asks again and shows the analysis.
      await page.waitForSelector('[data-testid="analysis"][data-state="pending"]', { timeout: 10_000 });
      expect(await page.getByTestId("analysis-status").textContent()).toBe("Analysis in progress…");
      await page.waitForSelector('[data-testid="analysis"][data-state="ready"]', { timeout: 15_000 });

      // The summary: a row per player with the PR and its word, and the marks counted.
      const rows = page.getByTestId("analysis-player");
      expect(await rows.count()).toBe(2);
      for (const side of ["white", "black"] as const) {
        const row = page.locator(`[data-testid="analysis-player"][data-side="${side}"]`);
        expect(await row.getAttribute("data-word")).toBe(analysis.players[side].prWord);
        expect(await row.locator('[data-mark="very-bad"]').textContent()).toBe(String(analysis.players[side].marks.veryBad));
      }
      expect(await page.getByTestId("analysis-legend").textContent()).toContain("??");

      // Each marked move of the list is exactly one the analysis marks, with the mark's symbol.
      const events: LoggedEvent[] = record.events;
      const byItem = decisionsByItem(events, analysis.decisions);
      const expected = mistakeSeqs(byItem).map((seq) => ({ seq, mark: worstMark(byItem.get(seq)!.map((d) => d.mark))! }));
      expect(expected.length).toBeGreaterThanOrEqual(3);
      const marked = await markedMoves(page);
      expect(marked.map(({ seq, mark }) => ({ seq, mark }))).toEqual(expected);
      for (const m of marked) expect(m.symbol).toBe(SYMBOL[m.mark]);

      // Next mistake walks them in order, from the start; the decision shown is the marked one.
      const walked: number[] = [];
      for (let i = 0; i < expected.length; i++) {
        await page.getByTestId("analysis-next-mistake").click();
        await expect.poll(() => seqShown(page), POLL).toBe(expected[i]!.seq);
        walked.push(await seqShown(page));
        const item = page.locator('[data-testid="analysis-item"]').first();
        expect(await item.getAttribute("data-mark")).toBe(expected[i]!.mark);
        expect(await page.locator('[data-testid="analysis-decision"] [data-testid="analysis-played"]').count()).toBe(1);
        expect(await page.locator('[data-testid="analysis-decision"] [data-testid="analysis-candidate"]').count()).toBeGreaterThanOrEqual(1);
      }
      expect(walked).toEqual(expected.map((e) => e.seq));
      expect(await page.getByTestId("analysis-next-mistake").isDisabled()).toBe(true);
      await screenshot(page, `analysis-${name}`);
      await expectSummaryFits(page);
      // The P key goes back one, the N key forward again (the viewer has the focus).
      await page.getByTestId("replay").focus();
      await page.keyboard.press("p");
      await expect.poll(() => seqShown(page), POLL).toBe(expected.at(-2)!.seq);
      await page.keyboard.press("n");
      await expect.poll(() => seqShown(page), POLL).toBe(expected.at(-1)!.seq);
      await page.getByTestId("analysis-prev-mistake").click();
      await expect.poll(() => seqShown(page), POLL).toBe(expected.at(-2)!.seq);

      // A position with an unmarked play shows its decision as the best choice; the chances and the luck are there.
      const clean = [...byItem].find(([, ds]) => ds.every((d) => d.mark === null))![0];
      await page.locator(`[data-testid="replay-moves"] [data-seq="${clean}"]`).click();
      await expect.poll(() => seqShown(page), POLL).toBe(clean);
      expect(await page.locator('[data-testid="analysis-item"]').first().getAttribute("data-mark")).toBe("");
      expect(await page.getByTestId("analysis-chances").first().textContent()).toContain("55.0%");
      expect(await page.getByTestId("analysis-luck").first().getAttribute("data-luck")).toBe("lucky");

      // The board never moved while the analysis came in and the mistakes were walked.
      expect(await boardOnPage(page)).toEqual(first);
      if (name === "1280×800") {
        const next = await page.getByTestId("replay-next").boundingBox();
        expect(next!.y + next!.height).toBeLessThanOrEqual(800);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width);
      expect(errors).toEqual([]);
    });
  }
  it("the server's own analysis: the end screen links to it, the replay marks the moves it marks, the profile shows the PR", async () => {
    // The server analyses the recorded match off the table (its queue): wait for it as a client would.
    let analysis: Analysis | null = null;
    await expect
      .poll(async () => {
        const answer = await client.getAnalysis(seats.white.tableId);
        if (answer.status === "ready") analysis = answer;
        return answer.status;
      }, { timeout: 60_000, interval: 500 })
      .toBe("ready");
    const ready = analysis!;
    const errors: string[] = [];
    const page = await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 } });

    // Ann comes back to her finished table: the end screen says the analysis is ready and links to the replay.
    await storeSeat(page, baseUrl, seats.white);
    await page.goto(`${baseUrl}/#/t/${seats.white.tableId}`);
    await page.waitForSelector('[data-testid="end-analysis"][data-state="ready"]', { timeout: 30_000 });
    await page.getByTestId("end-analysis-link").click();
    await page.waitForSelector('[data-testid="analysis"][data-state="ready"]', { timeout: 30_000 });
    // (The viewer names the position shown in the address at once.)
    expect(new URL(page.url()).hash.startsWith(`#/replay/${seats.white.tableId}`)).toBe(true);

    // The marks in the list are the analysis' own, and Next mistake walks to the first of them.
    const byItem = decisionsByItem(record.events, ready.decisions);
    const expected = mistakeSeqs(byItem).map((seq) => ({ seq, mark: worstMark(byItem.get(seq)!.map((d) => d.mark))! }));
    // Two random players make mistakes: the test has marks to check.
    expect(expected.length).toBeGreaterThan(0);
    const marked = await markedMoves(page);
    expect(marked.map(({ seq, mark }) => ({ seq, mark }))).toEqual(expected);
    for (const side of ["white", "black"] as const) {
      expect(await page.locator(`[data-testid="analysis-player"][data-side="${side}"]`).getAttribute("data-word")).toBe(ready.players[side].prWord);
    }
    await page.getByTestId("analysis-next-mistake").click();
    await expect.poll(() => seqShown(page), POLL).toBe(expected[0]!.seq);
    const shown = page.locator('[data-testid="analysis-decision"] [data-testid="analysis-item"]');
    expect(await shown.evaluateAll((els) => els.map((e) => e.getAttribute("data-seq")))).toEqual(byItem.get(expected[0]!.seq)!.map((d) => String(d.seq)));
    await screenshot(page, "analysis-served");
    // The summary fits its column: nothing of it is cut off.
    await expectSummaryFits(page);

    // Ann's profile: her average PR in short nardi over this one match.
    await page.goto(`${baseUrl}/#/p/${annId}`);
    const row = page.getByTestId("performance-short");
    await row.waitFor({ timeout: 15_000 });
    expect(Number(await row.getAttribute("data-pr"))).toBeCloseTo(ready.players.white.pr, 6);

    // In Georgian (the longest words): the panel speaks Georgian and its summary still fits.
    await page.evaluate(() => localStorage.setItem("nardi.lang", "ka"));
    await page.goto(`${baseUrl}/#/replay/${seats.white.tableId}`);
    await page.reload();
    await page.waitForSelector('[data-testid="analysis"][data-state="ready"]', { timeout: 30_000 });
    expect(await page.getByTestId("analysis-legend").textContent()).toContain("საეჭვო");
    expect(await page.getByTestId("analysis-next-mistake").textContent()).toBe("შემდეგი შეცდომა");
    await expectSummaryFits(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectSummaryFits(page);
    expect(errors).toEqual([]);
  });
});
