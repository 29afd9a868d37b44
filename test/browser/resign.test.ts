/**
 * Resigning through the Resign dialog (docs/rules.md §5.5). At a backgammon-preset table two players, each in a
 * browser context of its own: the side to act offers a single, the other accepts and the hand ends with 1 point
 * (× the cube at 1) to the acceptor, the next hand starting; an offer refused leaves play where it stopped (the same
 * dice, the same side to act). At a Georgian or federation table the dialog says plainly that resigning forfeits
 * the whole match, and offers no single hand. Tables are made over the HTTP API.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { CreateTableBody, SeatGrant, TableView } from "../../src/protocol";
import { createTable as createTableAt, joinTable as joinTableAt, playerPage, POLL, seatedPair, settled, sitAt, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
/** A table made over the HTTP API; `backgammon` unless the body names a preset. */
const createTable = (body: Partial<CreateTableBody>): Promise<SeatGrant> => createTableAt(baseUrl, { preset: "backgammon", ...body });
const joinTable = (id: string, name: string): Promise<SeatGrant> => joinTableAt(baseUrl, id, name);

async function tableView(id: string): Promise<TableView> {
  return (await (await fetch(`${baseUrl}/v1/tables/${id}`)).json()) as TableView;
}

/** A running 3-point backgammon match between two people; `mover` is the page of the side to act first. */
async function backgammonPair(errors: string[]) {
  const grant = await createTable({ length: 3, name: "Ann" });
  const joined = await joinTable(grant.tableId, "Bob");
  const pages = await seatedPair(browser(), baseUrl, { white: grant, black: joined }, errors, {
    white: { viewport: { width: 1280, height: 900 } },
    black: { viewport: { width: 1280, height: 900 } },
  });
  for (const page of [pages.white, pages.black]) await settled(page);
  await expect.poll(async () => (await tableView(grant.tableId)).match?.toAct ?? null, POLL).not.toBeNull();
  const before = await tableView(grant.tableId);
  const side = before.match!.toAct!;
  const other = side === "white" ? "black" : "white";
  return { id: grant.tableId, before, side, other, mover: pages[side], answerer: pages[other] } as const;
}

/** The mover opens the Resign dialog and offers a single; the answerer sees the offer in the status line. */
async function offerSingle(mover: Page, answerer: Page): Promise<void> {
  await settled(mover);
  await mover.getByTestId("resign").click();
  expect(await mover.getByTestId("dialog-text").textContent()).toContain("Offer to resign this hand");
  expect(await mover.getByTestId("resign-offer-single").textContent()).toBe("Offer a single (1 point)");
  expect(await mover.getByTestId("resign-offer-gammon").textContent()).toBe("Offer a gammon (2 points)");
  expect(await mover.getByTestId("resign-offer-backgammon").textContent()).toBe("Offer a backgammon (3 points)");
  await mover.getByTestId("resign-offer-single").click();
  await answerer.waitForSelector('[data-testid="accept-resign"]', { timeout: POLL.timeout });
  await expect.poll(() => answerer.getByTestId("status").textContent(), POLL).toMatch(/offers to resign this hand as a single \(oin\): accept and score 1 point/);
  await expect.poll(() => mover.getByTestId("status").textContent(), POLL).toMatch(/^You offered to resign this hand as a single \(oin\)/);
  expect(await answerer.getByTestId("accept-resign").textContent()).toBe("Accept (1 point)");
}

describe("resign offers (backgammon preset)", () => {
  it("a single offered and accepted: the hand ends with 1 point × the cube to the acceptor and the next hand starts", async () => {
    const errors: string[] = [];
    const { id, side, other, mover, answerer } = await backgammonPair(errors);
    await offerSingle(mover, answerer);
    await answerer.getByTestId("accept-resign").click();
    await expect.poll(async () => (await tableView(id)).match?.hand, POLL).toBe(2);
    const after = await tableView(id);
    expect(after.match!.score[other]).toBe(1);
    expect(after.match!.score[side]).toBe(0);
    expect(after.match!.resignOffer).toBeNull();
    const expected = other === "white" ? "White 1 – 0 Black" : "White 0 – 1 Black";
    for (const page of [mover, answerer]) {
      await expect.poll(() => page.getByTestId("score").textContent(), POLL).toContain(expected);
      await expect.poll(() => page.getByTestId("log").textContent(), POLL).toMatch(/accepts the resignation: a single \(oin\)/);
    }
    expect(errors).toEqual([]);
  });

  it("an offer refused: play goes on with the same dice and the same side to act, which may not offer again this turn", async () => {
    const errors: string[] = [];
    const { id, before, side, mover, answerer } = await backgammonPair(errors);
    await offerSingle(mover, answerer);
    await answerer.getByTestId("reject-resign").click();
    await expect.poll(async () => (await tableView(id)).match?.resignOffer ?? null, POLL).toBeNull();
    const after = await tableView(id);
    expect(after.match!.toAct).toBe(side);
    expect(after.match!.dice).toEqual(before.match!.dice);
    expect(after.match!.hand).toBe(1);
    expect(after.match!.score).toEqual({ white: 0, black: 0 });
    expect(after.match!.canOfferResign).not.toContain(side);
    await expect.poll(() => mover.getByTestId("log").textContent(), POLL).toMatch(/refuses the resignation; play goes on/);
    await settled(mover);
    expect(await mover.getByTestId("accept-resign").count()).toBe(0);
    // The mover's dialog now has no offers, only the whole match.
    await mover.getByTestId("resign").click();
    expect(await mover.getByTestId("resign-offer-single").count()).toBe(0);
    await mover.getByTestId("dialog-cancel").click();
    expect(errors).toEqual([]);
  });
});

describe("resigning where it forfeits the match", () => {
  for (const [preset, name] of [["georgian-short", "Georgian short nardi"], ["federation-long", "Federation long nardi"]] as const) {
    it(`${preset}: the dialog says resigning forfeits the whole match and offers no single hand`, async () => {
      const errors: string[] = [];
      const grant = await createTable({ preset, length: 3, name: "Ann" });
      await joinTable(grant.tableId, "Bob");
      const page = await sitAt(await playerPage(browser(), errors), baseUrl, grant);
      await page.waitForSelector('[data-testid="table"][data-table-status="playing"]');
      await settled(page);
      await page.getByTestId("resign").click();
      const text = (await page.getByTestId("dialog-text").textContent()) ?? "";
      expect(text).toContain(`Under these rules (${name}) resigning forfeits the whole match`);
      expect(text).toContain("Resign the whole match?");
      expect(await page.locator('[data-testid^="resign-offer-"]').count()).toBe(0);
      await page.getByTestId("dialog-cancel").click();
      expect(await page.getByTestId("dialog").count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
