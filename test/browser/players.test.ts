/**
 * Players in the browser: a guest from the first visit without any form, whose rated and stake choices wait for a
 * claimed name; both players claim one on their profiles and play a rated table; after the match the profile
 * shows the rating and the match, and names link to profiles.
 */
import { describe, expect, inject, it } from "vitest";
import { ApiError, NardiClient } from "../../src/client";
import { translate } from "../../src/web/i18n";
import { claimName, playerPage, POLL, screenshot, settled, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("players", () => {
  it("a guest from the first visit claims a name to play rated; the profile shows its rating and the match", async () => {
    const errors: string[] = [];
    const host = await playerPage(browser(), errors);
    const guest = await playerPage(browser(), errors);

    await host.goto(`${baseUrl}/`);
    await expect.poll(() => host.getByTestId("me").textContent(), POLL).toMatch(/^guest-[a-z0-9]{8}$/);
    await host.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    // No form to fill: the name field starts with the guest's name.
    expect(await host.getByTestId("name").inputValue()).toBe((await host.getByTestId("me").textContent())!);
    // A guest plays casual; the rated and stake choices are disabled, each with the hint to claim a name.
    expect(await host.getByTestId("rated").isDisabled()).toBe(true);
    expect(await host.getByTestId("rated-hint").textContent()).toContain("claimed name");
    expect(await host.getByTestId("stake").isDisabled()).toBe(true);
    expect(await host.getByTestId("stake-hint").textContent()).toContain("claimed name");

    // Both claim a name on their profiles: same players, now members, and the choices are there.
    const stamp = Date.now() % 100000;
    const hostName = `Nino${stamp}`;
    await claimName(host, baseUrl, hostName);
    await host.getByTestId("choice-friend").click();
    expect(await host.getByTestId("rated").isDisabled()).toBe(false);
    expect(await host.getByTestId("rated-hint").count()).toBe(0);
    await guest.goto(`${baseUrl}/`);
    const guestName = `Sandro${stamp}`;
    await claimName(guest, baseUrl, guestName);

    await host.getByTestId("preset").selectOption("georgian-short");
    await host.getByTestId("rated").check();
    await host.getByTestId("create").click();
    await host.waitForSelector('[data-testid="table"][data-role="white"]');
    const tableId = (await host.locator('[data-testid="table"]').getAttribute("data-table-id"))!;

    // "Play a friend" is private by default: the guest comes through the invite link (it carries the secret).
    const invite = await host.getByTestId("invite-link").inputValue();
    await guest.goto(invite);
    await expect.poll(() => guest.getByTestId("join-info").textContent(), POLL).toContain("rated");
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

    // The loser's own profile, as a member, shows the rating too.
    await guest.getByTestId("me").click();
    await expect.poll(() => guest.getByTestId("profile-kind").textContent(), POLL).toContain("member");
    await expect.poll(() => guest.getByTestId("rating-georgian-short").count(), POLL).toBe(1);

    await host.getByTestId("leaders").click();
    await expect.poll(() => host.getByTestId("no-leaders").count(), POLL).toBe(1);
    expect(errors).toEqual([]);
  });

  it("an Armenian page says a refused claim and a failed sign-in in Armenian: no code, no validation dump", async () => {
    const errors: string[] = [];
    const page = await playerPage(browser(), errors, { locale: "hy-AM" });
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => page.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);
    await page.getByTestId("me").click();
    await page.waitForSelector('[data-testid="account"]');
    const shown = async () => (await page.getByTestId("account-error").textContent()) ?? "";

    // A password under the minimum: the server's answer is BAD_REQUEST with zod's words about `password`.
    await page.getByTestId("account-name").fill(`Hayk${Date.now() % 100000}`);
    await page.getByTestId("account-password").fill("short");
    await page.getByTestId("claim").click();
    await expect.poll(shown, POLL).not.toBe("");
    const refused = await shown();
    expect(refused).toMatch(/[\u0531-\u0587]/);
    expect(refused).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}|password|Too small/);
    expect(refused).toBe(translate("hy", "errors.code.badRequest"));

    await page.getByTestId("account-name").fill("NobodyHere");
    await page.getByTestId("account-password").fill("wrong horse battery");
    await page.getByTestId("login").click();
    // The form clears its message when the click is sent: wait for the next one.
    await expect.poll(async () => [refused, ""].includes(await shown()), POLL).toBe(false);
    const failed = await shown();
    expect(failed).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}|password/);
    expect(failed).toBe(translate("hy", "errors.code.badCredentials"));
    await screenshot(page, "players-armenian-error");
    expect(errors).toEqual([]);
  });
});
