/**
 * Dragging a checker, with the mouse at 1280×800 and with a finger at 390×844 (touch events sent through Chromium's
 * DevTools protocol, as a touch screen sends them): the checker follows the pointer, a drop on an illegal point puts
 * it back (still picked, nothing moved), a drop on a lit destination moves it, the page does not scroll under the
 * finger, and click-to-move still works.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { CreateTableBody, SeatGrant } from "../../src/protocol";
import { createTable as createTableAt, act, playerPage, seeded, settled, shownCheckers, sitAt, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const createTable = (body: Partial<CreateTableBody>): Promise<SeatGrant> => createTableAt(baseUrl, body);

interface Point {
  x: number;
  y: number;
}

/** Waits until the page offers checkers to move (the player's move, nothing chosen yet). */
async function untilSources(page: Page): Promise<void> {
  const rand = seeded(5);
  for (let i = 0; i < 200; i++) {
    await settled(page);
    if ((await page.locator('[data-source="true"]').count()) > 0 && !(await page.getByTestId("undo").isEnabled())) return;
    const did = await act(page, rand);
    if (did === "over") throw new Error("the match ended");
    if (did === "idle") await page.waitForSelector('[data-source="true"]', { timeout: 30_000 });
  }
  throw new Error("never a checker to move");
}

/** The centre of an element on the screen (scrolled into view first). */
async function centre(page: Page, selector: string): Promise<Point> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const b = (await el.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Where the dragged checker is drawn (its centre), or null when none is. */
function ghost(page: Page): Promise<Point | null> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="drag-ghost"] circle');
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
}

/** A point that is neither a source nor a destination now: dropping there is illegal. */
async function illegalPoint(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    const el = [...document.querySelectorAll('[data-testid^="point-"]')].find((p) => !p.hasAttribute("data-dest") && !p.hasAttribute("data-source") && !p.classList.contains("selected"));
    return el?.getAttribute("data-testid") ?? null;
  });
  if (!id) throw new Error("no illegal point");
  return `[data-testid="${id}"]`;
}

const near = (a: Point | null, b: Point) => a !== null && Math.abs(a.x - b.x) < 4 && Math.abs(a.y - b.y) < 4;

/** A pointer that presses, moves in steps and releases: the mouse, or one finger. */
interface Pointer {
  down(at: Point): Promise<void>;
  move(to: Point): Promise<void>;
  up(): Promise<void>;
}

function mouse(page: Page): Pointer {
  return {
    down: async (at) => {
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
    },
    move: (to) => page.mouse.move(to.x, to.y, { steps: 6 }),
    up: () => page.mouse.up(),
  };
}

async function finger(page: Page): Promise<Pointer> {
  const cdp = await page.context().newCDPSession(page);
  let last: Point = { x: 0, y: 0 };
  const send = (type: "touchStart" | "touchMove" | "touchEnd", at: Point | null) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at ? [{ x: at.x, y: at.y, id: 1 }] : [] });
  return {
    down: async (at) => {
      last = at;
      await send("touchStart", at);
    },
    move: async (to) => {
      const from = last;
      for (let i = 1; i <= 6; i++) await send("touchMove", { x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 });
      last = to;
    },
    up: async () => {
      await send("touchEnd", null);
    },
  };
}

async function dragChecks(page: Page, pointer: Pointer): Promise<void> {
  await untilSources(page);
  const before = await shownCheckers(page);
  const from = await centre(page, '[data-source="true"]');
  const scroll = await page.evaluate(() => window.scrollY);

  // Picked up: the checker follows the pointer.
  await pointer.down(from);
  const step = { x: from.x + 25, y: from.y + 35 };
  await pointer.move(step);
  expect(near(await ghost(page), step), `ghost at ${JSON.stringify(await ghost(page))}, pointer at ${JSON.stringify(step)}`).toBe(true);
  const bad = await centre(page, await illegalPoint(page));
  await pointer.move(bad);
  expect(near(await ghost(page), bad)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
  // Dropped on an illegal point: back where it was, still picked, nothing moved.
  await pointer.up();
  expect(await ghost(page)).toBeNull();
  expect(await shownCheckers(page)).toEqual(before);
  expect(await page.getByTestId("undo").isEnabled()).toBe(false);
  expect(await page.locator('[data-dest="true"]').count()).toBeGreaterThan(0);

  // Dragged again, onto a lit destination: moved.
  const again = await centre(page, '[data-testid="board"] .selected');
  await pointer.down(again);
  await pointer.move({ x: again.x + 20, y: again.y + 20 });
  const to = await centre(page, '[data-dest="true"]');
  await pointer.move(to);
  expect(near(await ghost(page), to)).toBe(true);
  await pointer.up();
  expect(await ghost(page)).toBeNull();
  expect(await shownCheckers(page)).not.toEqual(before);
  expect(await page.getByTestId("undo").isEnabled()).toBe(true);

  // Click-to-move still works: undo, then a click on the checker and one on a destination.
  await page.getByTestId("undo").click();
  expect(await shownCheckers(page)).toEqual(before);
  await page.locator('[data-source="true"]').first().click();
  await page.locator('[data-dest="true"]').first().click();
  expect(await shownCheckers(page)).not.toEqual(before);
}

describe("dragging a checker", () => {
  it("1280×800, the mouse: follows the pointer, an illegal drop puts it back, a legal one moves it; clicks still work", async () => {
    const errors: string[] = [];
    const grant = await createTable({ preset: "federation-long", length: 1, opponent: "bot", botLevel: "beginner", name: "Ann" });
    const page = await sitAt(await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" }), baseUrl, grant);
    await dragChecks(page, mouse(page));
    expect(errors).toEqual([]);
  });

  it("390×844, a finger: the same, and the page does not scroll under the dragged checker", async () => {
    const errors: string[] = [];
    const grant = await createTable({ preset: "backgammon", length: 1, opponent: "bot", botLevel: "beginner", name: "Ann" });
    const page = await sitAt(await playerPage(browser(), errors, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" }), baseUrl, grant);
    await dragChecks(page, await finger(page));
    expect(errors).toEqual([]);
  });
});
