/**
 * Fair play in the browser: a player who left two matches in a row (each forfeited when their one-second reconnect
 * window ran out, with the opponent still there) is in a cooldown, and the lobby says until when.
 */
import { describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import { connected, recordOf } from "../support/tables";
import { playerPage, POLL, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("fair play", () => {
  it("after leaving two matches the lobby shows the cooldown with its end time", async () => {
    const errors: string[] = [];
    const page = await playerPage(browser(), errors);
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => page.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);
    expect(await page.getByTestId("cooldown-notice").isHidden()).toBe(true);

    // The page's own player (its session, as the page keeps it) leaves two casual matches against another guest.
    const token = (await page.evaluate(() => window.localStorage.getItem("nardi.session")))!;
    const client = new NardiClient(baseUrl);
    const me = client.withSession(token);
    const other = client.withSession((await client.createGuest()).token);
    for (let i = 0; i < 2; i++) {
      const white = await me.createTable({ preset: "backgammon", reconnectSeconds: 1 });
      const black = await other.joinTable(white.tableId);
      const staying = await connected(client, white.tableId, { token: black.token, reconnect: false });
      const leaving = await connected(client, white.tableId, { token: white.token, reconnect: false });
      leaving.close();
      expect((await recordOf(client, white.tableId)).reason).toBe("forfeit");
      staying.close();
    }
    const cooldown = await me.getCooldown();
    expect(cooldown).toMatchObject({ offences: 2 });
    expect(cooldown.until).not.toBeNull();

    await page.reload();
    const notice = page.getByTestId("cooldown-notice");
    await expect.poll(() => notice.getAttribute("data-until"), POLL).toBe(String(cooldown.until));
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain("You can start a new match again at");
    await screenshot(page, "fairplay-cooldown");
    expect(errors).toEqual([]);
  });
});
