/**
 * The end screen says how the match was won (issue 21), in Chromium at 1280×800 and 390×844.
 *
 * Finished matches with a given last hand (oin, mars × cube 4, a doubled koks), a timeout, a forfeit and a resignation
 * at a rated stake table: the page's table socket is answered by the test (Playwright's `routeWebSocket`, as
 * ./reload.test.ts cuts sockets), which speaks the protocol's frames (docs/protocol.md): a `welcome` with the finished
 * table and its log, then, a moment later, the `settled` message with the ratings and coins. No server backdoor: the
 * frames are what a server sends, checked by the page's own schemas. A real rated stake match, resigned, shows the
 * same lines once the real server has settled it.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page, WebSocketRoute } from "playwright-core";
import type { LoggedEvent, ServerMessage, SettledMessage, TableView } from "../../src/protocol";
import { claimName, playerPage, POLL, screenshot, settled, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

const START = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
const ALL_OFF = [15, ...Array<number>(25).fill(0)];

type Ending = {
  reason: "score" | "resign" | "forfeit" | "timeout";
  /** The last hand (reason `score`): its result and the cube it was played for. */
  hand?: { kind: "oin" | "mars" | "koks"; cube: number };
  length: number;
};

/** A finished rated stake table won by White (the page's seat), as a server's view of it. */
function finishedTable(id: string, end: Ending, score: { white: number; black: number }, seq: number): TableView {
  const at = Date.UTC(2026, 11, 3, 7, 0);
  return {
    id,
    status: "over",
    ruleset: { preset: "backgammon", variant: "short", koks: true, cube: true, opening: "play-opening-dice", timeout: "lose-match" },
    length: end.length,
    reconnectSeconds: 60,
    spectators: true,
    rated: true,
    private: false,
    players: {
      white: { name: "Nino", kind: "human", botLevel: null, playerId: "p-nino", connected: true, reconnectDeadline: null, autoRoll: false },
      black: { name: "Aram", kind: "human", botLevel: null, playerId: "p-aram", connected: end.reason !== "forfeit", reconnectDeadline: null, autoRoll: false },
    },
    match: {
      score,
      hand: 1,
      crawford: false,
      cube: { value: end.hand?.cube ?? 1, owner: null },
      cubeOffer: null,
      phase: "over",
      turn: "white",
      firstTurn: false,
      dice: null,
      board: { white: end.reason === "score" ? ALL_OFF : START, black: START },
      pips: { white: 0, black: 167 },
      canDouble: [],
      toAct: null,
      may: [],
      winner: "white",
      endReason: end.reason,
      resignOffer: null,
      canOfferResign: [],
    },
    timeControl: { name: "standard", delaySeconds: 12, reserveSeconds: 60, matchReserveSeconds: 60 * end.length },
    clock: null,
    seq,
    createdAt: at,
    stake: { amount: 100, rakePercent: 0, pot: 200, payout: 200 },
  };
}

/** The table's log: created, both seats, one hand (ended by its result, or by the resignation, forfeit or timeout), the end. */
function logOf(end: Ending): { events: LoggedEvent[]; score: { white: number; black: number } } {
  const events: LoggedEvent["event"][] = [
    { type: "table-created", ruleset: { preset: "backgammon", variant: "short", koks: true, cube: true, opening: "play-opening-dice", timeout: "lose-match" }, length: end.length, reconnectSeconds: 60, spectators: true },
    { type: "player-joined", seat: "white", name: "Nino", kind: "human", botLevel: null },
    { type: "player-joined", seat: "black", name: "Aram", kind: "human", botLevel: null },
    { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
  ];
  let score = { white: 0, black: 0 };
  if (end.hand) {
    const cube = end.hand.cube;
    if (cube > 1) {
      events.push({ type: "doubled", side: "black", value: 2 }, { type: "taken", side: "white", value: 2 });
      if (cube > 2) events.push({ type: "doubled", side: "white", value: 4 }, { type: "taken", side: "black", value: 4 });
    }
    const points = { oin: 1, mars: 2, koks: 3 }[end.hand.kind];
    score = { white: points * cube, black: 0 };
    events.push({ type: "hand-ended", hand: 1, winner: "white", result: { kind: end.hand.kind, points }, cube, value: points * cube, score });
  } else {
    events.push(end.reason === "resign" ? { type: "resigned", side: "black" } : end.reason === "forfeit" ? { type: "forfeited", side: "black" } : { type: "timed-out", side: "black" });
    score = { white: end.length, black: 0 };
  }
  events.push({ type: "match-ended", winner: "white", reason: end.reason, score });
  const at = Date.UTC(2026, 11, 3, 7, 0);
  return { events: events.map((event, i) => ({ seq: i + 1, at: at + i * 1000, event })), score };
}

const SETTLED: SettledMessage = {
  type: "settled",
  ratings: { white: { before: 1500, after: 1562.4, provisional: true }, black: { before: 1510.2, after: 1460.7, provisional: false } },
  coins: { white: 100, black: -100 },
};

/**
 * The page, seated White at a finished table whose socket the test answers: the welcome first, the settlement once
 * `settle()` is called (until then the end screen says the ratings and coins are being settled).
 */
async function finishedAt(page: Page, end: Ending, lang = "en"): Promise<{ settle: () => void }> {
  // A table id as the server makes them (16–64 of [A-Za-z0-9_-]): the page refuses a shorter one before it connects.
  const id = `end-${crypto.randomUUID().replaceAll("-", "")}`;
  const { events, score } = logOf(end);
  const table = finishedTable(id, end, score, events.length);
  let socket: WebSocketRoute | null = null;
  // Only this table's socket: the lobby has sockets of its own.
  await page.routeWebSocket(new RegExp(`/v1/tables/${id}/socket`), (ws) => {
    socket = ws;
    ws.onMessage((frame) => {
      if (frame === "ping") ws.send("pong");
    });
    const welcome: ServerMessage = { type: "welcome", seq: table.seq, role: "white", table, events, next: null, plays: null };
    ws.send(JSON.stringify(welcome));
  });
  // The seat and the language are in storage before the page's first script runs (as after a visit that joined).
  await page.addInitScript(
    ([tableId, language]) => {
      localStorage.setItem(`nardi.seat.${tableId}`, JSON.stringify({ tableId, seat: "white", token: "scripted-seat-token" }));
      localStorage.setItem("nardi.lang", language!);
    },
    [id, lang],
  );
  await page.goto(`${baseUrl}/#/t/${id}`);
  await page.waitForSelector('[data-testid="end"]:not([hidden])');
  return {
    settle: () => {
      if (!socket) throw new Error("the page has no table socket");
      socket.send(JSON.stringify(SETTLED));
    },
  };
}

const text = (page: Page, id: string) => page.getByTestId(id).first().textContent();

const CASES: Array<{ name: string; end: Ending; how: string }> = [
  { name: "oin", end: { reason: "score", hand: { kind: "oin", cube: 1 }, length: 1 }, how: "Won by oin: 1 point." },
  { name: "mars-cube-4", end: { reason: "score", hand: { kind: "mars", cube: 4 }, length: 7 }, how: "Won by mars × cube 4 = 8 points." },
  { name: "koks-doubled", end: { reason: "score", hand: { kind: "koks", cube: 2 }, length: 5 }, how: "Won by koks × cube 2 = 6 points." },
  { name: "timeout", end: { reason: "timeout", length: 5 }, how: "Won on time." },
  { name: "forfeit", end: { reason: "forfeit", length: 5 }, how: "Won by forfeit: the opponent left the table." },
  { name: "resign", end: { reason: "resign", length: 5 }, how: "Won by resignation." },
];

describe("the end screen", () => {
  for (const size of SIZES) {
    it(`says how the match was won, the rating change and the coin change, with play again, rematch and back (${size.name})`, async () => {
      const errors: string[] = [];
      for (const c of CASES) {
        const page = await playerPage(browser(), errors, { viewport: size.viewport });
        const { settle } = await finishedAt(page, c.end);
        expect(await text(page, "end-title")).toBe("You won the match!");
        expect(await text(page, "end-how"), c.name).toBe(c.how);
        // Rated stake table: until the server has settled, the lines say so; then they show the change.
        expect(await page.getByTestId("end-rating").getAttribute("data-state")).toBe("pending");
        expect(await text(page, "end-rating")).toBe("The ratings are being updated…");
        expect(await text(page, "end-coins")).toBe("The Domino Coins are being settled…");
        settle();
        await expect.poll(() => text(page, "end-rating"), POLL).toBe("Your rating: 1,500 → 1,562 (+62), still provisional.");
        expect(await text(page, "end-coins")).toBe("You won 100 Domino Coins.");
        // What next: play again (a new table with these settings), a rematch, back to the lobby; all on screen.
        for (const button of ["play-again", "rematch", "lobby"]) {
          const box = await page.getByTestId(button).boundingBox();
          expect(box, button).not.toBeNull();
          expect(box!.x + box!.width, button).toBeLessThanOrEqual(size.viewport.width);
        }
        await screenshot(page, `end-${c.name}-${size.name}`);
        await page.context().close();
      }
      expect(errors).toEqual([]);
    });
  }

  it("reads as whole sentences in Russian, Georgian and Armenian (a doubled koks, the winner's rating and coins)", async () => {
    const errors: string[] = [];
    const expected = {
      ru: { how: "Победа коксом × куб 2 = 6 очков.", coins: "Вы выиграли 100 домино-монет." },
      ka: { how: "მოგება კოქსით × კუბი 2 = 6 ქულა.", coins: "თქვენ მოიგეთ 100 დომინოს მონეტა." },
      hy: { how: "Հաղթանակ կոքսով × խորանարդ 2 = 6 միավոր։", coins: "Դուք շահեցիք 100 դոմինո մետաղադրամ։" },
    } as const;
    for (const lang of ["ru", "ka", "hy"] as const) {
      const page = await playerPage(browser(), errors, { viewport: { width: 390, height: 844 } });
      const { settle } = await finishedAt(page, { reason: "score", hand: { kind: "koks", cube: 2 }, length: 5 }, lang);
      expect(await text(page, "end-how")).toBe(expected[lang].how);
      settle();
      await expect.poll(() => page.getByTestId("end-coins").getAttribute("data-state"), POLL).toBe("settled");
      expect(await text(page, "end-coins")).toBe(expected[lang].coins);
      expect(await text(page, "end-rating")).toMatch(/1[\s ,.]?500 → 1[\s ,.]?562 \(\+62\)/);
      await screenshot(page, `end-koks-${lang}`);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });

  it("a real rated stake match, resigned: the winner reads the resignation, then the rating and coin change once settled", async () => {
    const errors: string[] = [];
    const host = await playerPage(browser(), errors, { viewport: { width: 1280, height: 800 } });
    const guest = await playerPage(browser(), errors, { viewport: { width: 390, height: 844 } });
    const stamp = Date.now() % 100000;
    await host.goto(`${baseUrl}/`);
    await claimName(host, baseUrl, `Nino${stamp}`);
    await guest.goto(`${baseUrl}/`);
    await claimName(guest, baseUrl, `Aram${stamp}`);
    await host.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    await host.getByTestId("preset").selectOption("backgammon");
    await host.getByTestId("stake").fill("50");
    await host.getByTestId("rated").check();
    await host.getByTestId("create").click();
    await host.waitForSelector('[data-testid="table"][data-role="white"]');
    await guest.goto(await host.getByTestId("invite-link").inputValue());
    await guest.getByTestId("join").click();
    await guest.waitForSelector('[data-testid="table"][data-role="black"]');
    await settled(guest);
    await guest.getByTestId("resign").click();
    await guest.getByTestId("dialog-ok").click();

    await host.waitForSelector('[data-testid="end"]:not([hidden])', { timeout: POLL.timeout });
    expect(await text(host, "end-how")).toBe("Won by resignation.");
    // The outbox settles shortly after the end; the end screen follows without a reload.
    await expect.poll(() => host.getByTestId("end-coins").getAttribute("data-state"), { timeout: 60_000 }).toBe("settled");
    expect(await text(host, "end-coins")).toBe("You won 50 Domino Coins.");
    expect(await text(host, "end-rating")).toMatch(/^Your rating: 1,500 → 1,\d{3} \(\+\d+\), still provisional\.$/);
    await expect.poll(() => guest.getByTestId("end-coins").getAttribute("data-state"), POLL).toBe("settled");
    expect(await text(guest, "end-coins")).toBe("You lost 50 Domino Coins.");
    expect(await text(guest, "end-rating")).toMatch(/^Your rating: 1,500 → 1,\d{3} \([-−]\d+\), still provisional\.$/);
    await screenshot(host, "end-real-resign-desktop");
    await screenshot(guest, "end-real-resign-phone");
    expect(errors).toEqual([]);
  });
});
