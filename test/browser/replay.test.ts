/**
 * The replay viewer in Chromium: a whole backgammon match (cube actions included) is played over the protocol,
 * then the viewer steps through every position, and each is compared with what the server said at that seq (the
 * table view of each welcome/update: board, dice, cube, score) and with the event log (event order, scores).
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { NardiClient } from "../../src/client";
import { fromAbsolute } from "../../src/engine/position";
import type { LoggedEvent, TableView } from "../../src/protocol";
import { MatchEventSchema } from "../../src/protocol";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { seatedTable } from "../support/tables";
import { playerPage, POLL, screenshot, storeSeat, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const client = new NardiClient(baseUrl);

interface Shown {
  seq: number;
  index: number;
  points: Array<{ count: number; owner: string }>;
  bar: { white: number; black: number };
  off: { white: number; black: number };
  dice: string | null;
  cube: { value: number; owner: string } | null;
  score: { white: number; black: number };
  event: string;
}

/** What the viewer shows now, read from the drawn board and the score line. */
function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="replay"]')!;
    const num = (sel: string, attr: string) => Number(root.querySelector(sel)?.getAttribute(attr) ?? "NaN");
    const points = [];
    for (let abs = 1; abs <= 24; abs++) {
      const p = root.querySelector(`[data-testid="point-${abs}"]`)!;
      points.push({ count: Number(p.getAttribute("data-count")), owner: p.getAttribute("data-owner") ?? "" });
    }
    const cube = root.querySelector('[data-testid="cube"]');
    const score = root.querySelector('[data-testid="replay-score"]')!;
    return {
      seq: Number(root.getAttribute("data-seq")),
      index: Number(root.getAttribute("data-index")),
      points,
      bar: { white: num('[data-testid="bar-white"]', "data-count"), black: num('[data-testid="bar-black"]', "data-count") },
      off: { white: num('[data-testid="off-white"]', "data-count"), black: num('[data-testid="off-black"]', "data-count") },
      // The roll held (spent and blank dice are drawn between turns, as the server holds none then).
      dice: root.querySelector('[data-testid="dice"]:not([data-spent]):not([data-blank])')?.getAttribute("data-values") ?? null,
      cube: cube ? { value: Number(cube.getAttribute("data-value")), owner: cube.getAttribute("data-owner") ?? "" } : null,
      score: { white: Number(score.getAttribute("data-white")), black: Number(score.getAttribute("data-black")) },
      event: root.querySelector('[data-testid="replay-event"]')?.textContent ?? "",
    };
  });
}

/** The server's view at a seq, drawn as the viewer draws it (absolute points, White's numbering). */
function expectSameAsServer(view: TableView, now: Shown): void {
  const m = view.match!;
  for (let abs = 1; abs <= 24; abs++) {
    const white = m.board.white[abs]!;
    const black = m.board.black[fromAbsolute("short", "black", abs)]!;
    expect(now.points[abs - 1], `seq ${now.seq}, point ${abs}`).toEqual({ count: white + black, owner: white > 0 ? "white" : black > 0 ? "black" : "" });
  }
  expect(now.bar, `seq ${now.seq} bar`).toEqual({ white: m.board.white[25], black: m.board.black[25] });
  expect(now.off, `seq ${now.seq} off`).toEqual({ white: m.board.white[0], black: m.board.black[0] });
  expect(now.dice, `seq ${now.seq} dice`).toBe(m.dice ? `${m.dice[0]},${m.dice[1]}` : null);
  expect(now.score, `seq ${now.seq} score`).toEqual(m.score);
  if (m.crawford) expect(now.cube, `seq ${now.seq}: no cube in the Crawford hand`).toBeNull();
  else expect(now.cube, `seq ${now.seq} cube`).toEqual({ value: m.cube.value, owner: m.cube.owner ?? "middle" });
}

describe("the replay viewer", () => {
  it("steps through a whole match, every position as the server had it", { timeout: 300_000 }, async () => {
    // A 3-point backgammon match with random legal plays, doubles and drops: several hands, the cube moving.
    const { white, black } = await seatedTable(client, { preset: "backgammon", length: 3, name: "Ann" });
    const views = new Map<number, TableView>();
    const run = await playRandomMatch(client, white, black, seededRng(1212), {
      doubleChance: 0.2,
      takeChance: 0.5,
      onConnect: (conn) => {
        conn.onWelcome((w) => views.set(w.seq, w.table));
        conn.onUpdate((u) => views.set(u.seq, u.table));
      },
    });
    run.white.close();
    run.black.close();
    const log: LoggedEvent[] = (await client.getEvents(white.tableId)).events;
    const matchEvents = log.filter((e) => MatchEventSchema.safeParse(e.event).success);
    expect(matchEvents.some((e) => e.event.type === "taken")).toBe(true);
    const hands = matchEvents.filter((e) => e.event.type === "hand-started").length;
    expect(hands).toBeGreaterThanOrEqual(2);
    expect(matchEvents.at(-1)?.event.type).toBe("match-ended");

    const errors: string[] = [];
    const page = await playerPage(browser(), errors);
    await page.goto(`${baseUrl}/#/replay/${white.tableId}`);
    await page.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
    expect(Number(await page.getByTestId("replay").getAttribute("data-count"))).toBe(matchEvents.length);
    // The move list: a line per play, burned roll and cube action.
    const listed = matchEvents.filter((e) => ["played", "burned", "doubled", "taken", "dropped"].includes(e.event.type));
    expect(await page.getByTestId("replay-moves").getByTestId("move").count()).toBe(listed.length);

    // Forward through every position.
    let compared = 0;
    let score = { white: 0, black: 0 };
    for (const [i, logged] of matchEvents.entries()) {
      if (i > 0) await page.getByTestId("replay-next").click();
      const now = await shown(page);
      expect(now.index).toBe(i);
      expect(now.seq).toBe(logged.seq);
      const e = logged.event;
      if (e.type === "hand-started" || e.type === "hand-ended" || e.type === "match-ended") score = e.score;
      expect(now.score, `seq ${now.seq}`).toEqual(score);
      if (e.type === "rolled") expect(now.dice).toBe(`${e.dice[0]},${e.dice[1]}`);
      if (e.type === "played") expect(now.event).toContain(e.notation);
      const view = views.get(logged.seq);
      if (view?.match) {
        expectSameAsServer(view, now);
        compared++;
      }
      // The link names the position shown.
      expect(page.url()).toBe(`${baseUrl}/#/replay/${white.tableId}/${logged.seq}`);
    }
    // Every update ends on a match event, so most positions have a server view to compare with.
    expect(compared).toBeGreaterThan(matchEvents.length / 3);
    expect(await page.getByTestId("replay-next").isDisabled()).toBe(true);
    await screenshot(page, "replay-end");

    // Back by hand lands on the last hand's start, and again on the one before; back by move goes one position back.
    await page.getByTestId("replay-prev-hand").click();
    const handStart = await shown(page);
    expect(matchEvents[handStart.index]!.event).toMatchObject({ type: "hand-started", hand: hands });
    await page.getByTestId("replay-prev-hand").click();
    expect(matchEvents[(await shown(page)).index]!.event).toMatchObject({ type: "hand-started", hand: hands - 1 });
    await page.getByTestId("replay-next-hand").click();
    await page.getByTestId("replay-next").click();
    await page.getByTestId("replay-prev").click();
    expect((await shown(page)).index).toBe(handStart.index);

    // Jump anywhere from the move list, then open the shared link in a fresh page: the same position.
    const middle = listed[Math.floor(listed.length / 2)]!;
    await page.locator(`[data-testid="replay-moves"] button[data-seq="${middle.seq}"]`).click();
    const there = await shown(page);
    expect(there.seq).toBe(middle.seq);
    const link = await page.getByTestId("replay-share").inputValue();
    expect(link).toBe(`${baseUrl}/#/replay/${white.tableId}/${middle.seq}`);
    const friend = await playerPage(browser(), errors);
    await friend.goto(link);
    await friend.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
    expect(await shown(friend)).toEqual(there);

    // The files are linked from the viewer (a short-nardi match offers .mat).
    for (const format of ["json", "mat", "txt"]) {
      const href = await page.getByTestId(`record-${format}`).getAttribute("href");
      expect(href).toBe(`${baseUrl}/v1/tables/${white.tableId}/record?format=${format}`);
      expect((await fetch(href!)).status).toBe(200);
    }

    // The finished table links to its replay.
    await friend.goto(`${baseUrl}/#/watch/${white.tableId}`);
    await friend.getByTestId("replay-link").click();
    await expect.poll(() => friend.getByTestId("replay").getAttribute("data-state"), POLL).toBe("ready");
    expect(errors).toEqual([]);
  });

  it("follows a running match on request, and a table without spectators only for its seats", { timeout: 300_000 }, async () => {
    const errors: string[] = [];
    const { white, black } = await seatedTable(client, { preset: "georgian-short", length: 1, name: "Ann" });
    let commands = 0;
    const first = await playRandomMatch(client, white, black, seededRng(77), { stop: () => commands++ >= 8 });
    first.white.close();
    first.black.close();
    const page = await playerPage(browser(), errors);
    await page.goto(`${baseUrl}/#/replay/${white.tableId}`);
    await page.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
    const before = Number(await page.getByTestId("replay").getAttribute("data-count"));
    await page.getByTestId("replay-last").click();
    const at = await shown(page);

    const rest = await playRandomMatch(client, white, black, seededRng(78));
    rest.white.close();
    rest.black.close();
    await page.getByTestId("replay-refresh").click();
    await page.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
    const matchEvents = (await client.getEvents(white.tableId)).events.filter((e) => MatchEventSchema.safeParse(e.event).success);
    expect(Number(await page.getByTestId("replay").getAttribute("data-count"))).toBe(matchEvents.length);
    expect(matchEvents.length).toBeGreaterThan(before);
    expect(await shown(page)).toEqual(at);
    // Over now: nothing newer can come.
    expect(await page.getByTestId("replay-refresh").count()).toBe(0);

    const hidden = await seatedTable(client, { preset: "backgammon", length: 1, name: "Ann", spectators: false });
    const stranger = await playerPage(browser(), errors);
    await stranger.goto(`${baseUrl}/#/replay/${hidden.white.tableId}`);
    await expect.poll(() => stranger.getByTestId("replay-error").textContent(), POLL).toContain("only its players");
    // The seat holder's browser holds the seat (as the table screen stores it) and replays the match so far.
    const seated = await playerPage(browser(), errors);
    await storeSeat(seated, baseUrl, hidden.black);
    await seated.goto(`${baseUrl}/#/replay/${hidden.black.tableId}`);
    await seated.waitForSelector('[data-testid="replay"][data-state="ready"]', { timeout: 30_000 });
    expect(await seated.getByTestId("replay-refresh").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
