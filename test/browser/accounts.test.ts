/**
 * Accounts in the browser (issue 21, docs/players.md#recovery-codes): a guest is told to claim a name and that the
 * browser's storage holds the guest; the claim shows a one-time recovery code; on another device the code resets
 * the password (the first device is signed out) and the same code again is refused in the page's language; at a
 * rated or stake table the form offers no name field (the seat shows the account's name); "delete my account" asks
 * first, then the profile is a deleted player's.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { NardiClient } from "../../src/client";
import { translate } from "../../src/web/i18n";
import { claimName, playerPage, POLL, screenshot, settled, useChromium } from "./browser";
import { overflowing, seriousViolations } from "./page-checks";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CODE = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;

async function ownProfile(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("me").getAttribute("href"), POLL).toMatch(/^#\/p\//);
  await page.getByTestId("me").click();
  await page.waitForSelector('[data-testid="account"]');
}

async function resetWith(page: Page, name: string, code: string, password: string): Promise<void> {
  await page.getByTestId("forgot-open").click();
  await page.getByTestId("forgot-name").fill(name);
  await page.getByTestId("forgot-code").fill(code);
  await page.getByTestId("forgot-password").fill(password);
  await page.getByTestId("forgot-submit").click();
}

describe("accounts", () => {
  it("claim → the code shown once → a reset with it on another device works → the same code again is refused in Georgian", async () => {
    const errors: string[] = [];
    const first = await playerPage(browser(), errors, DESKTOP);
    await first.goto(`${baseUrl}/`);
    // A guest is told to claim a name, and that clearing the browser's storage loses the guest.
    await expect.poll(() => first.getByTestId("guest-notice").textContent(), POLL).toContain("clearing its storage");
    expect(await first.getByTestId("guest-claim").getAttribute("href")).toMatch(/^#\/p\//);
    await ownProfile(first);
    expect(await first.getByTestId("guest-notice").count()).toBe(1);
    const name = `Ani${Date.now() % 100000}`;
    await first.getByTestId("account-name").fill(name);
    await first.getByTestId("account-password").fill("first password");
    await first.getByTestId("claim").click();
    await expect.poll(() => first.getByTestId("profile-kind").textContent(), POLL).toContain("member");
    const code = (await first.getByTestId("recovery-code").textContent())!;
    expect(code).toMatch(CODE);
    expect(await first.getByTestId("guest-notice").count()).toBe(0);
    await expect.poll(() => first.getByTestId("recovery-state").getAttribute("data-set"), POLL).toBe("true");
    await screenshot(first, "accounts-recovery-code-desktop");
    // Shown once: after "I have written it down" it is gone, and nothing on the page or in storage has it.
    await first.getByTestId("recovery-code-done").click();
    expect(await first.getByTestId("recovery-code-card").count()).toBe(0);
    await first.reload();
    await first.waitForSelector('[data-testid="account"]');
    expect(await first.content()).not.toContain(code);
    expect(JSON.stringify(await first.evaluate(() => ({ ...localStorage })))).not.toContain(code);

    // Another device: "forgot password" with the code sets a new one and shows the next code.
    const second = await playerPage(browser(), errors, PHONE);
    await second.goto(`${baseUrl}/`);
    await ownProfile(second);
    await resetWith(second, name, code, "second password");
    await expect.poll(() => second.getByTestId("me").textContent(), POLL).toBe(name);
    await expect.poll(() => second.getByTestId("profile-name").textContent(), POLL).toBe(name);
    const next = (await second.getByTestId("recovery-code").textContent())!;
    expect(next).toMatch(CODE);
    expect(next).not.toBe(code);
    await screenshot(second, "accounts-after-reset-phone");
    const api = new NardiClient(baseUrl);
    expect((await api.logIn({ name, password: "second password" })).player.name).toBe(name);
    // The first device's session ended with the reset: reloading makes it a new guest.
    await first.reload();
    await expect.poll(() => first.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);

    // The same code again, on a Georgian page: the page says it in Georgian, no code, no English.
    const third = await playerPage(browser(), errors, { ...PHONE, locale: "ka-GE" });
    await third.goto(`${baseUrl}/`);
    await ownProfile(third);
    await resetWith(third, name, code, "third password");
    await expect.poll(() => third.getByTestId("forgot-error").textContent(), POLL).toBe(translate("ka", "errors.code.recoveryCodeUsed"));
    // A wrong code is its own text.
    await third.getByTestId("forgot-code").fill("aaaa-bbbb-cccc-dddd");
    await third.getByTestId("forgot-submit").click();
    await expect.poll(() => third.getByTestId("forgot-error").textContent(), POLL).toBe(translate("ka", "errors.code.badRecoveryCode"));
    await screenshot(third, "accounts-code-used-ka-phone");
    await expect(api.logIn({ name, password: "third password" })).rejects.toMatchObject({ code: "BAD_CREDENTIALS" });
    expect(errors).toEqual([]);
  });

  for (const [size, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`${size}: no name field at a rated or stake table; the seat shows the account's name`, async () => {
      const errors: string[] = [];
      const host = await playerPage(browser(), errors, options);
      const guest = await playerPage(browser(), errors, options);
      const stamp = Date.now() % 100000;
      const hostName = `Gor${size}${stamp}`;
      const guestName = `Lia${size}${stamp}`;
      await host.goto(`${baseUrl}/`);
      await claimName(host, baseUrl, hostName);
      await guest.goto(`${baseUrl}/`);
      await claimName(guest, baseUrl, guestName);

      // Casual: the name field is there; rated or a stake: it gives way to the account's name.
      await host.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
      expect(await host.getByTestId("name").isVisible()).toBe(true);
      expect(await host.getByTestId("seat-name").isVisible()).toBe(false);
      await host.getByTestId("rated").check();
      expect(await host.getByTestId("name").isVisible()).toBe(false);
      expect(await host.getByTestId("seat-name").textContent()).toContain(hostName);
      await host.getByTestId("rated").uncheck();
      expect(await host.getByTestId("name").isVisible()).toBe(true);
      await host.getByTestId("stake").fill("10");
      expect(await host.getByTestId("name").isVisible()).toBe(false);
      await host.getByTestId("stake").fill("");
      expect(await host.getByTestId("name").isVisible()).toBe(true);
      // Against the computer there is no rated table: the field stays.
      await host.getByTestId("rated").check();
      await host.getByTestId("choice-computer").click();
      expect(await host.getByTestId("name").isVisible()).toBe(true);
      await host.getByTestId("choice-friend").click();
      await host.getByTestId("rated").check();
      await screenshot(host, `accounts-rated-form-${size}`);
      await host.getByTestId("create").click();
      await host.waitForSelector('[data-testid="table"][data-role="white"]');

      await guest.goto(await host.getByTestId("invite-link").inputValue());
      await expect.poll(() => guest.getByTestId("join-info").textContent(), POLL).toContain("rated");
      expect(await guest.getByTestId("name").count()).toBe(0);
      expect(await guest.getByTestId("seat-name").textContent()).toContain(guestName);
      await guest.getByTestId("join").click();
      await guest.waitForSelector('[data-testid="table"][data-role="black"]');
      await settled(guest);
      await expect.poll(() => guest.getByTestId("name-white").textContent(), POLL).toContain(hostName);
      await expect.poll(() => guest.getByTestId("name-black").textContent(), POLL).toContain(guestName);
      expect(errors).toEqual([]);
    });
  }

  it("delete my account: asks first (cancel keeps it), then the profile is a deleted player's and the page goes on as a new guest", async () => {
    const errors: string[] = [];
    const page = await playerPage(browser(), errors, PHONE);
    await page.goto(`${baseUrl}/`);
    const name = `Del${Date.now() % 100000}`;
    await claimName(page, baseUrl, name);
    await ownProfile(page);
    const oldId = (await page.getByTestId("me").getAttribute("href"))!.replace("#/p/", "");
    await page.getByTestId("delete-account").click();
    expect(await page.getByTestId("dialog-text").textContent()).toContain("cannot be undone");
    await screenshot(page, "accounts-delete-confirm-phone");
    await page.getByTestId("dialog-cancel").click();
    expect(await page.getByTestId("me").textContent()).toBe(name);
    expect((await new NardiClient(baseUrl).getPlayer(oldId)).kind).toBe("member");

    await page.getByTestId("delete-account").click();
    await page.getByTestId("dialog-ok").click();
    await expect.poll(() => page.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);
    await expect.poll(() => page.getByTestId("account-deleted").count(), POLL).toBe(1);
    expect((await new NardiClient(baseUrl).getPlayer(oldId)).kind).toBe("deleted");
    await page.goto(`${baseUrl}/#/p/${oldId}`);
    await expect.poll(() => page.getByTestId("profile-kind").textContent(), POLL).toContain("deleted");
    expect(errors).toEqual([]);
  });

  it("the account's pieces (guest notice, forgot password, the code, delete) in every language: no serious axe violation, nothing wider than a phone", async () => {
    const errors: string[] = [];
    const problems: string[] = [];
    for (const [lang, locale] of [["en", "en-GB"], ["ru", "ru-RU"], ["ka", "ka-GE"], ["hy", "hy-AM"]] as const) {
      const page = await playerPage(browser(), errors, { ...PHONE, locale });
      await page.goto(`${baseUrl}/`);
      await expect.poll(() => page.getByTestId("guest-notice").textContent(), POLL).toContain(translate(lang, "accounts.guest.title"));
      problems.push(...(await overflowing(page)).map((p) => `lobby ${lang}: overflow ${p}`));
      await ownProfile(page);
      await page.getByTestId("forgot-open").click();
      await page.getByTestId("account-name").fill(`Q${lang}${Date.now() % 100000}`);
      await page.getByTestId("account-password").fill("correct horse battery");
      await page.getByTestId("claim").click();
      await page.waitForSelector('[data-testid="recovery-code"]');
      expect(await page.getByTestId("recovery-code-done").textContent()).toBe(translate(lang, "accounts.code.done"));
      problems.push(...(await overflowing(page)).map((p) => `profile ${lang}: overflow ${p}`));
      problems.push(...(await seriousViolations(page)).map((p) => `profile ${lang}: ${p}`));
      await screenshot(page, `accounts-profile-${lang}-phone`);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});
