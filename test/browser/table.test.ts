/**
 * The table screen: one-screen layout at desktop and phone sizes (bounding boxes against the viewport, tap
 * targets), the computer's moves played out checker by checker and ending on the server's board, keyboard focus
 * following the turn, the resign dialog, the end of a match with a rematch, and two players chatting. Tables are
 * made over the HTTP API and the seat put where the page keeps it, so these tests do not depend on the lobby.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { CreateTableBody, SeatGrant } from "../../src/protocol";
import { createTable as createTableAt, joinTable as joinTableAt, act, expectBoardMatchesServer, playerPage, POLL, screenshot, seatedPair, seeded, settled, sitAt, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
/** A table made over the HTTP API; `backgammon` unless the body names a preset. */
const createTable = (body: Partial<CreateTableBody>): Promise<SeatGrant> => createTableAt(baseUrl, { preset: "backgammon", ...body });
const joinTable = (id: string, name: string): Promise<SeatGrant> => joinTableAt(baseUrl, id, name);

interface Box {
  testid: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of the elements with these test ids that are on the page (hidden ones left out). */
function boxes(page: Page, testids: string[]): Promise<Box[]> {
  return page.evaluate((ids) => {
    const out: Box[] = [];
    for (const id of ids) {
      for (const el of document.querySelectorAll(`[data-testid="${id}"]`)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        out.push({ testid: id, x: r.x, y: r.y, width: r.width, height: r.height });
      }
    }
    return out;
  }, testids);
}

function outside(list: Box[], viewport: { width: number; height: number }): string[] {
  return list
    .filter((b) => b.x < 0 || b.y < 0 || b.x + b.width > viewport.width + 0.5 || b.y + b.height > viewport.height + 0.5)
    .map((b) => `${b.testid} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`);
}

/** Plays by clicks until it is this page's turn to roll (the cube is in play, so the server waits for the click). */
async function untilMyRoll(page: Page): Promise<void> {
  const rand = seeded(14);
  for (let i = 0; i < 400; i++) {
    await settled(page);
    if ((await page.getByTestId("roll").count()) > 0) return;
    if ((await page.getByTestId("take").count()) > 0) {
      // The computer doubled: take, and play on.
      await page.getByTestId("take").click();
      await page.getByTestId("dialog-ok").click();
      continue;
    }
    const did = await act(page, rand);
    if (did === "over") throw new Error("the match ended before a roll");
    if (did === "idle") await page.waitForSelector('[data-testid="roll"], [data-testid="confirm"], [data-testid="undo"]', { timeout: 30_000 });
  }
  throw new Error("never my roll");
}

const TURN_PARTS = ["board", "dice", "cube", "clock-white", "clock-black", "score", "roll", "undo", "confirm", "resign", "status"];

describe("the table screen", () => {
  it("1280×800: board, dice, clocks, roll/undo/confirm, cube and score all on one screen, without scrolling", async () => {
    const errors: string[] = [];
    const viewport = { width: 1280, height: 800 };
    const grant = await createTable({ length: 3, opponent: "bot", botLevel: "beginner", name: "Desk" });
    const page = await sitAt(await playerPage(browser(), errors, { viewport }), baseUrl, grant);
    await untilMyRoll(page);
    const beforeRoll = await boxes(page, TURN_PARTS);
    expect(beforeRoll.map((b) => b.testid)).toEqual(expect.arrayContaining(["board", "cube", "clock-white", "clock-black", "score", "roll"]));
    expect(outside(beforeRoll, viewport)).toEqual([]);
    await page.getByTestId("roll").click();
    await page.waitForSelector('[data-testid="confirm"]');
    await settled(page);
    const afterRoll = await boxes(page, TURN_PARTS);
    expect(afterRoll.map((b) => b.testid)).toEqual(expect.arrayContaining(["dice", "undo", "confirm"]));
    expect(outside(afterRoll, viewport)).toEqual([]);
    // Beside the board, not below it.
    const board = afterRoll.find((b) => b.testid === "board")!;
    const confirm = afterRoll.find((b) => b.testid === "confirm")!;
    expect(confirm.x).toBeGreaterThanOrEqual(board.x + board.width);
    expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
    await screenshot(page, "table-desktop-1280x800");
    expect(errors).toEqual([]);
  });

  it("390×844 phone: the board and the turn controls fit one screen; tap targets ≥ 40 px; point numbers readable", async () => {
    const errors: string[] = [];
    const viewport = { width: 390, height: 844 };
    const grant = await createTable({ length: 3, opponent: "bot", botLevel: "beginner", name: "Pocket" });
    const page = await sitAt(await playerPage(browser(), errors, { viewport, isMobile: true, hasTouch: true }), baseUrl, grant);
    await untilMyRoll(page);
    expect(outside(await boxes(page, ["board", "roll", "resign", "score"]), viewport)).toEqual([]);
    await page.getByTestId("roll").tap();
    await page.waitForSelector('[data-testid="confirm"]');
    await settled(page);
    const parts = await boxes(page, ["board", "undo", "confirm", "status"]);
    expect(parts.map((b) => b.testid)).toEqual(expect.arrayContaining(["board", "undo", "confirm"]));
    expect(outside(parts, viewport)).toEqual([]);
    // Every control of the turn (the picker's checker buttons included) is a big enough tap target.
    const targets = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="controls"] button, [data-testid="picker"] button, [data-testid="table"] .table-tools button')].map((el) => {
        const r = el.getBoundingClientRect();
        return { id: el.getAttribute("data-testid"), width: r.width, height: r.height };
      }),
    );
    expect(targets.length).toBeGreaterThan(3);
    expect(targets.filter((b) => b.width < 40 || b.height < 40)).toEqual([]);
    // The picker plays a whole move with taps alone.
    await page.locator('[data-testid^="pick-from-"]').first().tap();
    await page.locator('[data-testid^="pick-to-"]').first().tap();
    expect(await page.getByTestId("undo").isEnabled()).toBe(true);
    // Point numbers: drawn at least 10 px tall on the phone's board.
    const numberHeights = await page.evaluate(() => [...document.querySelectorAll("svg.board .num")].map((el) => el.getBoundingClientRect().height));
    expect(numberHeights).toHaveLength(24);
    expect(Math.min(...numberHeights)).toBeGreaterThanOrEqual(10);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, "table-phone-390x844");
    expect(errors).toEqual([]);
  });

  it("the computer's move is played out checker by checker, ends on the server's board, is announced and listed", async () => {
    const errors: string[] = [];
    const grant = await createTable({ preset: "federation-long", length: 1, opponent: "bot", botLevel: "beginner", name: "Eve" });
    const page = await sitAt(await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 }, reducedMotion: "no-preference" }), baseUrl, grant);
    const rand = seeded(3);
    let flights = 0;
    for (let moves = 0; moves < 3; ) {
      const seen = page.waitForSelector('[data-testid="flying"]', { timeout: 30_000 }).then(() => flights++);
      await settled(page);
      const did = await act(page, rand);
      if (did === "confirmed") {
        moves++;
        // The computer answers; its move is shown: a checker in flight, the page busy until the show ends.
        await seen;
        await settled(page);
        await expectBoardMatchesServer(page, baseUrl, grant.tableId);
        // The latest line is Black's, in Black's column of the move list.
        const last = page.locator('[data-testid="move"][aria-current="step"]');
        expect(await last.textContent()).toMatch(/^\d-\d: /);
        expect(await last.evaluate((el) => el.closest("td")?.classList.contains("black"))).toBe(true);
        expect(await page.getByTestId("announcer").textContent()).toMatch(/Black (played|could not move)/);
        expect(await page.locator('[data-last="true"]').count()).toBeGreaterThan(0);
      }
    }
    expect(flights).toBeGreaterThanOrEqual(3);
    // The move list in White's (absolute) numbering: for White, whose numbering it is, the same text.
    const mine = await page.getByTestId("move").allTextContents();
    await page.getByTestId("numbering").click();
    expect(await page.getByTestId("move").allTextContents()).toEqual(mine);
    expect(errors).toEqual([]);
  });

  it("keyboard: after picking a checker focus goes to its targets; the resign dialog defaults to Cancel and says the match is lost", async () => {
    const errors: string[] = [];
    const grant = await createTable({ length: 3, opponent: "bot", botLevel: "beginner", name: "Kay" });
    const page = await sitAt(await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" }), baseUrl, grant);
    await untilMyRoll(page);
    await page.getByTestId("roll").click();
    await page.waitForSelector('[data-source="true"]');
    await settled(page);
    await page.locator('[data-source="true"]').first().focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-dest"))).toBe("true");
    await page.keyboard.press("Enter");
    // Next: another checker to move, or the confirm button once the move is complete.
    const next = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.getAttribute("data-source") === "true" ? "source" : el?.getAttribute("data-testid");
    });
    expect(["source", "confirm"]).toContain(next);

    await page.getByTestId("resign").click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("dialog-cancel");
    expect(await page.getByTestId("dialog-text").textContent()).toContain("whole match");
    await page.keyboard.press("Enter");
    expect(await page.getByTestId("dialog").count()).toBe(0);
    expect(await page.locator('[data-testid="table"]').getAttribute("data-table-status")).toBe("playing");

    await page.getByTestId("resign").click();
    await page.getByTestId("dialog-ok").click();
    await page.waitForSelector('[data-testid="end"]:not([hidden])');
    expect(await page.getByTestId("end-title").textContent()).toBe("You lost the match");
    expect(await page.getByTestId("end-reason").textContent()).toBe("You resigned the match.");
    // Against the computer a rematch starts at once, at a new table.
    await page.getByTestId("rematch").click();
    await page.waitForFunction((old) => !location.hash.includes(old) && location.hash.startsWith("#/t/"), grant.tableId);
    await page.waitForSelector('[data-testid="table"][data-role="white"][data-table-status="playing"]');
    expect(errors).toEqual([]);
  });

  it("two players chat (text never HTML, flood rule, mute remembered), a spectator reads, then a rematch with seats swapped", async () => {
    const errors: string[] = [];
    const grant = await createTable({ length: 1, name: "Alice" });
    const joined = await joinTable(grant.tableId, "Bob");
    const { white: alice, black: bob } = await seatedPair(browser(), baseUrl, { white: grant, black: joined }, errors, {
      white: { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" },
      black: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" },
    });
    const carol = await playerPage(browser(), errors);
    await carol.goto(`${baseUrl}/#/watch/${grant.tableId}`);
    await carol.waitForSelector('[data-testid="table"][data-role="spectator"]');

    // Both are anonymous guests to each other: chat starts off, one click turns it on.
    for (const page of [alice, bob]) {
      await expect.poll(() => page.getByTestId("chat-note").textContent(), POLL).toContain("off");
      await page.getByTestId("chat-enable").click();
    }
    const say = async (page: Page, text: string) => {
      await page.getByTestId("chat-input").fill(text);
      await page.getByTestId("chat-input").press("Enter");
    };
    await say(alice, "<b>hi</b> Bob");
    await expect.poll(() => bob.getByTestId("chat-line").allTextContents(), POLL).toEqual(["Alice: <b>hi</b> Bob"]);
    expect(await bob.locator('[data-testid="chat-line"] b').count()).toBe(0);
    await expect.poll(() => carol.getByTestId("chat-line").allTextContents(), POLL).toEqual(["Alice: <b>hi</b> Bob"]);
    expect(await carol.getByTestId("chat-input").isVisible()).toBe(false);
    await say(bob, "hello Alice");
    await expect.poll(() => alice.getByTestId("chat-line").count(), POLL).toBe(2);

    // Flood rule: saying the same line again is dropped and Alice is told (the ten-second rule is the worker
    // tests' business, where time can be moved without waiting for it).
    await say(alice, "gg");
    await expect.poll(() => alice.getByTestId("chat-input").inputValue(), POLL).toBe("");
    await say(alice, "gg");
    await expect.poll(() => alice.getByTestId("chat-error").textContent(), POLL).toContain("Slow down");
    await expect.poll(() => bob.getByTestId("chat-line").count(), POLL).toBe(3);

    // Bob mutes Alice: her lines disappear for him, and stay hidden after a reload.
    await bob.getByTestId("chat-mute").click();
    expect(await bob.getByTestId("chat-line").allTextContents()).toEqual(["Bob: hello Alice"]);
    await bob.reload();
    await bob.waitForSelector('[data-testid="table"][data-role="black"]');
    await bob.getByTestId("chat-enable").click();
    await expect.poll(() => bob.getByTestId("chat-mute").getAttribute("aria-pressed"), POLL).toBe("true");
    expect(await bob.getByTestId("chat-line").allTextContents()).toEqual(["Bob: hello Alice"]);
    await screenshot(alice, "table-chat-desktop");

    // Alice resigns; each sees the end in their own tone; Alice offers a rematch and Bob accepts.
    await alice.getByTestId("resign").click();
    await alice.getByTestId("dialog-ok").click();
    await alice.waitForSelector('[data-testid="end"]:not([hidden])');
    await bob.waitForSelector('[data-testid="end"]:not([hidden])');
    expect(await alice.getByTestId("end-title").textContent()).toBe("You lost the match");
    expect(await bob.getByTestId("end-title").textContent()).toBe("You won the match!");
    expect(await bob.getByTestId("end-reason").textContent()).toBe("Alice resigned the match.");
    await expect.poll(() => carol.getByTestId("end-title").textContent(), POLL).toBe("Bob won the match");
    await alice.getByTestId("rematch").click();
    await expect.poll(() => bob.getByTestId("rematch-state").textContent(), POLL).toContain("offers a rematch");
    await screenshot(bob, "table-rematch-offer-phone");
    await bob.getByTestId("rematch").click();
    await alice.waitForSelector('[data-testid="table"][data-role="black"][data-table-status="playing"]');
    await bob.waitForSelector('[data-testid="table"][data-role="white"][data-table-status="playing"]');
    const newId = await alice.locator('[data-testid="table"]').getAttribute("data-table-id");
    expect(newId).not.toBe(grant.tableId);
    expect(await bob.locator('[data-testid="table"]').getAttribute("data-table-id")).toBe(newId);
    // The spectator is offered the way to the new table.
    await expect.poll(() => carol.getByTestId("rematch-link").getAttribute("href"), POLL).toBe(`#/watch/${newId}`);
    expect(errors).toEqual([]);
  });
});
