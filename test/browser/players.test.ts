/**
 * Players in the browser: a guest from the first visit without any form; a rated table between two guests;
 * after the match the profile shows the rating and the match, names link to profiles, and a guest claims a name.
 */
import { describe, expect, inject, it } from "vitest";
import { ApiError, NardiClient } from "../../src/client";
import { POLL, screenshot, settled, useChromium, watchPageErrors } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("players", () => {
  it("a guest from the first visit plays a rated match; the profile shows its rating and the match; a guest claims a name", async () => {
    const errors: string[] = [];
    const host = await (await browser().newContext()).newPage();
    const guest = await (await browser().newContext()).newPage();
    watchPageErrors(host, errors);
    watchPageErrors(guest, errors);

    await host.goto(`${baseUrl}/`);
    await expect.poll(() => host.getByTestId("me").textContent(), POLL).toMatch(/^guest-[a-z0-9]{8}$/);
    const hostName = (await host.getByTestId("me").textContent())!;
    // No form to fill: the name field starts with the guest's name.
    expect(await host.getByTestId("name").inputValue()).toBe(hostName);
    await host.getByTestId("preset").selectOption("georgian-short");
    await host.getByTestId("rated").check();
    await host.getByTestId("create").click();
    await host.waitForSelector('[data-testid="table"][data-role="white"]');
    const tableId = (await host.locator('[data-testid="table"]').getAttribute("data-table-id"))!;

    // "Play a friend" is private by default: the guest comes through the invite link (it carries the secret).
    const invite = await host.getByTestId("invite-link").inputValue();
    await guest.goto(invite);
    await expect.poll(() => guest.getByTestId("join-info").textContent(), POLL).toContain("rated");
    const guestName = (await guest.getByTestId("me").textContent())!;
    expect(guestName).not.toBe(hostName);
    await guest.getByTestId("join").click();
    await guest.waitForSelector('[data-testid="table"][data-role="black"]');
    await settled(guest);
    // Names at the table link to the players' profiles.
    await expect.poll(() => guest.getByTestId("name-white").getAttribute("href"), POLL).toMatch(/^#\/p\//);

    await guest.getByTestId("resign").click();
    await guest.getByTestId("dialog-ok").click();
    const api = new NardiClient(baseUrl);
    await expect
      .poll(async () => api.getMatchRecord(tableId).then((r) => r.winner, (e: unknown) => (e instanceof ApiError ? e.code : String(e))), { timeout: 60_000 })
      .toBe("white");

    await host.getByTestId("me").click();
    await expect.poll(() => host.getByTestId("profile-name").textContent(), POLL).toBe(hostName);
    const rating = Number((await host.getByTestId("rating-georgian-short").getByTestId("rating").textContent())!.replace("?", ""));
    expect(rating).toBeGreaterThan(1500);
    expect(await host.getByTestId("match").count()).toBe(1);
    expect(await host.getByTestId("match").textContent()).toContain("won");
    await screenshot(host, "players-profile");
    await host.getByTestId("opponent").click();
    await expect.poll(() => host.getByTestId("profile-name").textContent(), POLL).toBe(guestName);
    expect(await host.getByTestId("account").count()).toBe(0);

    // The loser claims a name: same player, now a member under the new name.
    await guest.getByTestId("me").click();
    await guest.waitForSelector('[data-testid="account"]');
    await guest.getByTestId("account-name").fill(`Sandro${Date.now() % 100000}`);
    await guest.getByTestId("account-password").fill("correct horse battery");
    await guest.getByTestId("claim").click();
    await expect.poll(() => guest.getByTestId("profile-kind").textContent(), POLL).toContain("member");
    await expect.poll(() => guest.getByTestId("me").textContent(), POLL).toMatch(/^Sandro/);
    expect(await guest.getByTestId("rating-georgian-short").count()).toBe(1);

    await host.getByTestId("leaders").click();
    await expect.poll(() => host.getByTestId("no-leaders").count(), POLL).toBe(1);
    expect(errors).toEqual([]);
  });
});
