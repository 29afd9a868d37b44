/**
 * Helpers for the browser tests: Debian's Chromium through playwright-core (never a downloaded browser),
 * screenshots under test-output/screenshots/, and a player that takes random legal turns BY CLICKING
 * the page: roll, a highlighted source, a highlighted destination, ..., confirm.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { seededRandom } from "../../src/engine";
import { fromAbsolute } from "../../src/engine/position";
import type { CreateTableBody, SeatGrant, SideName, TableView } from "../../src/protocol";

export const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`the browser tests use Debian's Chromium at ${CHROMIUM}, which is not installed: run \`apt-get install chromium\` (they never download a browser)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** A table made over the HTTP API, as its creator's seat grant (the body as given: the server's defaults apply). */
export async function createTable(baseUrl: string, body: Partial<CreateTableBody>): Promise<SeatGrant> {
  const res = await fetch(`${baseUrl}/v1/tables`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SeatGrant;
}

/** The second seat of table `id`, taken over the HTTP API under `name`. */
export async function joinTable(baseUrl: string, id: string, name: string): Promise<SeatGrant> {
  const res = await fetch(`${baseUrl}/v1/tables/${id}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
  if (res.status !== 200 && res.status !== 201) throw new Error(`join failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SeatGrant;
}

const SHOTS = join(process.cwd(), "test-output", "screenshots");

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fails the test on any uncaught page error (a broken page must not pass silently). */
export function watchPageErrors(page: Page, errors: string[]): void {
  page.on("pageerror", (e) => errors.push(`${e.name}: ${e.message}`));
}

/** A page in a browser context of its own (its own storage and cookies: another player), its page errors kept in `errors`. */
export async function playerPage(browser: Browser, errors: string[], options?: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  watchPageErrors(page, errors);
  return page;
}

/** Stores `grant`'s seat in the page's origin as the table screen keeps it (`nardi.seat.<table id>`), so the page holds that seat. */
export async function storeSeat(page: Page, baseUrl: string, grant: Pick<SeatGrant, "tableId" | "seat" | "token">): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate((g) => localStorage.setItem(`nardi.seat.${g.tableId}`, JSON.stringify({ tableId: g.tableId, seat: g.seat, token: g.token })), grant);
}

/** The page holds `grant`'s seat and shows its table, as a player coming back to it (once the table screen names the seat). */
export async function sitAt(page: Page, baseUrl: string, grant: SeatGrant): Promise<Page> {
  await storeSeat(page, baseUrl, grant);
  await page.goto(`${baseUrl}/#/t/${grant.tableId}`);
  await page.waitForSelector(`[data-testid="table"][data-role="${grant.seat}"]`);
  return page;
}

/**
 * Two players at one table, each in a browser context of its own: `seats` are the grants of the create and the
 * join (made through the API), `options` each side's context (viewport, locale, touch).
 */
export async function seatedPair(
  browser: Browser,
  baseUrl: string,
  seats: Record<SideName, SeatGrant>,
  errors: string[],
  options: Partial<Record<SideName, BrowserContextOptions>> = {},
): Promise<Record<SideName, Page>> {
  const white = await sitAt(await playerPage(browser, errors, options.white), baseUrl, seats.white);
  const black = await sitAt(await playerPage(browser, errors, options.black), baseUrl, seats.black);
  return { white, black };
}

/** How long `expect.poll` waits: generous, as `npm test` runs every project at once and a loaded machine answers slowly. */
export const POLL = { timeout: 15_000 };

/**
 * The page's guest claims `name` on their own profile (rated play and stakes need a claimed name; docs/fair-play.md)
 * and is back in the lobby as that member once the header shows the name.
 */
export async function claimName(page: Page, baseUrl: string, name: string): Promise<void> {
  await expect.poll(() => page.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);
  await page.getByTestId("me").click();
  await page.waitForSelector('[data-testid="account"]');
  await page.getByTestId("account-name").fill(name);
  await page.getByTestId("account-password").fill("correct horse battery");
  await page.getByTestId("claim").click();
  await expect.poll(() => page.getByTestId("profile-kind").textContent(), POLL).toContain("member");
  await page.goto(`${baseUrl}/`);
  await expect.poll(() => page.getByTestId("me").textContent(), POLL).toBe(name);
}

/** The table id of an invite link (`…#/t/<id>`, or `…#/t/<id>/<invite secret>` for a private table). */
export function tableIdOf(invite: string): string {
  const id = /#\/t\/([A-Za-z0-9_-]+)/.exec(invite)?.[1];
  if (!id) throw new Error(`not an invite link: ${invite}`);
  return id;
}

/** Seeded whole numbers below `n` (the engine's one seeded generator), so a failing click sequence can be replayed. */
export function seeded(seed: number): (n: number) => number {
  const random = seededRandom(seed);
  return (n) => Math.floor(random() * n);
}

/** Launches Chromium before a file's tests and closes it after them; call at the top level of a test file. */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("Chromium is not running (useChromium must be called at a file's top level)");
    return browser;
  };
}

const TABLE = '[data-testid="table"]';

/** Waits until the table screen is connected and not waiting for an answer to a command. */
export async function settled(page: Page): Promise<void> {
  await page.waitForSelector(`${TABLE}[data-status="connected"][data-busy="false"][data-seq]`, { timeout: 30_000 });
}

export type TurnAction = "rolled" | "moved" | "confirmed" | "idle" | "over";

interface PageState {
  tableStatus: string | null;
  busy: boolean;
  roll: Point | null;
  confirm: Point | null;
  confirmEnabled: boolean;
  sources: Point[];
  destinations: Array<Point & { own: number }>;
  statusText: string;
}
interface Point {
  x: number;
  y: number;
}

/** What the page offers now, with the centres of the things to click (one round trip). */
function readState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const centre = (el: Element): { x: number; y: number } => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    };
    const one = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    const view = one("table");
    const roll = one("roll") as HTMLButtonElement | null;
    const confirm = one("confirm") as HTMLButtonElement | null;
    return {
      tableStatus: view?.getAttribute("data-table-status") ?? null,
      busy: view?.getAttribute("data-busy") !== "false",
      roll: roll && !roll.disabled ? centre(roll) : null,
      confirm: confirm ? centre(confirm) : null,
      confirmEnabled: confirm ? !confirm.disabled : false,
      sources: [...document.querySelectorAll('[data-source="true"]')].map(centre),
      destinations: [...document.querySelectorAll('[data-dest="true"]')].map((el) => ({
        ...centre(el),
        // The mover's own number of the destination (0 = borne off): lower is further along.
        own: Number(el.getAttribute("data-own") ?? "0"),
      })),
      statusText: one("status")?.textContent ?? "",
    };
  });
}

/**
 * Does one thing a player would do now, chosen at random among what the page offers: roll, pick a
 * highlighted checker and then a highlighted destination (mostly the furthest one, so matches end in fair
 * time), or confirm a complete move. Clicks are real
 * mouse clicks at the element's centre, so the browser's own hit-testing decides what was clicked.
 */
export async function act(page: Page, rand: (n: number) => number): Promise<TurnAction> {
  const s = await readState(page);
  if (s.tableStatus === "over") return "over";
  if (s.busy || s.tableStatus === null) return "idle";
  if (s.roll) {
    await page.mouse.click(s.roll.x, s.roll.y);
    await settled(page);
    return "rolled";
  }
  if (!s.confirm) return "idle";
  if (s.confirmEnabled) {
    await page.mouse.click(s.confirm.x, s.confirm.y);
    await settled(page);
    return "confirmed";
  }
  if (s.sources.length === 0) throw new Error(`no highlighted checker and no confirm: ${s.statusText}`);
  const source = s.sources[rand(s.sources.length)] as Point;
  await page.mouse.click(source.x, source.y);
  const after = await readState(page);
  if (after.destinations.length === 0) throw new Error(`a highlighted checker with no highlighted destination: ${after.statusText}`);
  // Mostly the furthest destination, sometimes any: random legal play that still finishes in fair time.
  const furthest = [...after.destinations].sort((a, b) => a.own - b.own)[0] as Point;
  const dest = rand(4) === 0 ? (after.destinations[rand(after.destinations.length)] as Point) : furthest;
  await page.mouse.click(dest.x, dest.y);
  return "moved";
}

/** Per side: checkers on points, on the bar and borne off, as the SVG shows them (data attributes). */
export async function shownCheckers(page: Page): Promise<{ white: number[]; black: number[] }> {
  return page.evaluate(() => {
    const board = { white: new Array<number>(26).fill(0), black: new Array<number>(26).fill(0) };
    const count = (el: Element | null) => Number(el?.getAttribute("data-count") ?? "0");
    // Here index = ABSOLUTE point for both sides; callers map Black's own numbering themselves.
    for (let abs = 1; abs <= 24; abs++) {
      const el = document.querySelector(`[data-testid="point-${abs}"]`);
      const owner = el?.getAttribute("data-owner");
      if (owner === "white" || owner === "black") board[owner][abs] = count(el);
    }
    for (const side of ["white", "black"] as const) {
      board[side][0] = count(document.querySelector(`[data-testid="off-${side}"]`));
      board[side][25] = count(document.querySelector(`[data-testid="bar-${side}"]`));
    }
    return board;
  });
}

/** Asserts-by-throwing that the page draws exactly the server's board, point by absolute point. */
export async function expectBoardMatchesServer(page: Page, baseUrl: string, tableId: string): Promise<TableView> {
  const table = (await (await fetch(`${baseUrl}/v1/tables/${tableId}`)).json()) as TableView;
  const m = table.match;
  if (!m) throw new Error("the table has no match");
  const shown = await shownCheckers(page);
  const variant = table.ruleset.variant;
  for (let abs = 1; abs <= 24; abs++) {
    const w = m.board.white[abs] ?? 0;
    const b = m.board.black[fromAbsolute(variant, "black", abs)] ?? 0;
    if (shown.white[abs] !== w || shown.black[abs] !== b) {
      throw new Error(`absolute point ${abs}: page shows W${shown.white[abs]} B${shown.black[abs]}, server has W${w} B${b}`);
    }
  }
  for (const side of ["white", "black"] as const) {
    for (const i of [0, 25]) {
      if (shown[side][i] !== m.board[side][i]) {
        throw new Error(`${side} ${i === 0 ? "off" : "bar"}: page shows ${shown[side][i]}, server has ${m.board[side][i]}`);
      }
    }
  }
  return table;
}

export function total(checkers: readonly number[]): number {
  return checkers.reduce((a, b) => a + b, 0);
}
