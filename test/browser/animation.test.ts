/**
 * The computer's turn at the table, at 1280×800 and 390×844: its dice are on the board before and while its checkers
 * move; the move list, the status line and the clocks tell the move only once its show ends; a whole turn lasts
 * the pace's planned time (1 s at "normal"), checked with Playwright's fake clock (the page's timers), never by the
 * wall clock; the slower pace is kept over a reload.
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { CreateTableBody, SeatGrant } from "../../src/protocol";
import { createTable as createTableAt, act, playerPage, settled, sitAt, seeded, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const createTable = (body: Partial<CreateTableBody>): Promise<SeatGrant> => createTableAt(baseUrl, body);

const TURN_MS = { normal: 1000, slow: 2500 };
const SETUP_MS = { normal: 600, slow: 1200 };

/** Plays by clicks until this page's move is complete and only the confirm is left to press. */
async function untilConfirm(page: Page, rand: (n: number) => number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await settled(page);
    const confirm = page.getByTestId("confirm");
    if ((await confirm.count()) > 0 && (await confirm.isEnabled())) return;
    const did = await act(page, rand);
    if (did === "over") throw new Error("the match ended");
    if (did === "idle") await page.waitForSelector('[data-testid="roll"], [data-testid="confirm"]', { timeout: 30_000 });
  }
  throw new Error("never a complete move");
}

interface Moment {
  animating: boolean;
  flying: boolean;
  dice: { values: string; side: string } | null;
  status: string;
  blackMoves: number;
  outlined: string[];
  running: string[];
}

function moment(page: Page): Promise<Moment> {
  return page.evaluate(() => {
    const svg = document.querySelector('[data-testid="board"]');
    const dice = svg?.querySelector('[data-testid="dice"]');
    return {
      animating: svg?.getAttribute("data-animating") === "true",
      flying: svg?.querySelector('[data-testid="flying"]') !== null,
      dice: dice ? { values: dice.getAttribute("data-values") ?? "", side: dice.classList.contains("black") ? "black" : dice.classList.contains("white") ? "white" : "" } : null,
      status: document.querySelector('[data-testid="status"]')?.textContent ?? "",
      blackMoves: document.querySelectorAll('[data-testid="moves"] .move.black').length,
      outlined: [...document.querySelectorAll(".player.turn")].map((el) => el.getAttribute("data-testid") ?? ""),
      running: [...document.querySelectorAll('.clock[data-running="true"]')].map((el) => el.getAttribute("data-testid") ?? ""),
    };
  });
}

/** The planned show of the last update: its total, its opposing turns and new hands. */
async function planned(page: Page): Promise<{ ms: number; turns: number; setups: number; pace: string }> {
  const view = page.getByTestId("table");
  return {
    ms: Number(await view.getAttribute("data-anim-ms")),
    turns: Number(await view.getAttribute("data-anim-turns")),
    setups: Number(await view.getAttribute("data-anim-setups")),
    pace: (await view.getAttribute("data-anim-pace")) ?? "",
  };
}

/**
 * Confirms the page's move with the page's timers paused, then walks the computer's answer through the fake clock:
 * what is shown at its start and at every 50 ms, and when the show ends. Returns what was seen.
 */
async function watchAnswer(page: Page, pace: "normal" | "slow"): Promise<{ moments: Moment[]; before: number }> {
  const before = (await moment(page)).blackMoves;
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.getByTestId("confirm").click();
  await page.waitForSelector('[data-testid="board"][data-animating="true"]', { timeout: 30_000 });
  const moments: Moment[] = [await moment(page)];
  // The show runs on the page's timers: step them 50 ms at a time until it ends.
  let elapsed = 0;
  for (; elapsed < 20_000 && moments.at(-1)!.animating; elapsed += 50) {
    await page.clock.runFor(50);
    moments.push(await moment(page));
  }
  // Its plan (an update arriving during the show lengthens it): a whole opposing turn takes the pace's turn time,
  // a new hand's set-up comes on top; and it ran exactly that long, to the 50 ms step.
  const plan = await planned(page);
  expect(plan.pace).toBe(pace);
  expect(plan.turns).toBeGreaterThanOrEqual(1);
  expect(plan.ms).toBe(plan.turns * TURN_MS[pace] + plan.setups * SETUP_MS[pace]);
  expect(elapsed).toBeGreaterThanOrEqual(plan.ms);
  expect(elapsed).toBeLessThanOrEqual(plan.ms + 50);
  await page.clock.resume();
  return { moments, before };
}

const SIZES: Array<[string, BrowserContextOptions]> = [
  ["1280×800", { viewport: { width: 1280, height: 800 } }],
  ["390×844", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

describe("the computer's turn at the table", () => {
  for (const [name, options] of SIZES) {
    it(`${name}: dice first and all along, the move told when its show ends, one turn in the pace's time; slow is kept`, async () => {
      const errors: string[] = [];
      const grant = await createTable({ preset: "federation-long", length: 1, opponent: "bot", botLevel: "beginner", name: "Ann" });
      const page = await playerPage(browser(), errors, { ...options, reducedMotion: "no-preference" });
      await page.clock.install();
      await sitAt(page, baseUrl, grant);
      const rand = seeded(21);
      let flights = 0;
      for (const pace of ["normal", "slow"] as const) {
        for (let turn = 0; turn < 2; turn++) {
          await untilConfirm(page, rand);
          const { moments, before } = await watchAnswer(page, pace);
          const showing = moments.filter((m) => m.animating);
          // The first moment of the show is the roll: Black's dice on the board, nothing moving yet.
          expect(showing[0]!.flying).toBe(false);
          for (const m of showing) {
            expect(m.dice, JSON.stringify(m)).toMatchObject({ side: "black", values: expect.stringMatching(/^\d,\d$/) });
            // Until the show ends: not listed, the status line names the mover and its dice only, no clock runs, Black outlined.
            expect(m.blackMoves).toBe(before);
            expect(m.status).toMatch(/^Black is moving \(\d-\d\)\.$/);
            expect(m.running).toEqual([]);
            expect(m.outlined).toEqual(["player-black"]);
          }
          if (showing.some((m) => m.flying)) flights++;
          const end = moments.at(-1)!;
          expect(end.blackMoves).toBeGreaterThan(before);
          if (/^(Your move|No legal move)/.test(end.status)) {
            // Now the player's turn shows: outlined, their clock running (the time already used taken off).
            expect(end.outlined).toEqual(["player-white"]);
            expect(end.running).toEqual(["clock-white"]);
          }
        }
        if (pace === "normal") {
          // The slower pace, chosen at the table, is kept over a reload.
          await page.getByTestId("pace").click();
          expect(await page.getByTestId("pace").getAttribute("data-pace")).toBe("slow");
          await page.reload();
          await page.waitForSelector('[data-testid="table"][data-role="white"]');
          await settled(page);
          expect(await page.getByTestId("pace").getAttribute("data-pace")).toBe("slow");
        }
      }
      expect(flights).toBeGreaterThanOrEqual(2);
      expect(errors).toEqual([]);
    });
  }
});
