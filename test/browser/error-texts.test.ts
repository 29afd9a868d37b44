/**
 * Every refusal the page can provoke is said in the page's language (issue 21 "Error texts"): in Armenian and
 * Georgian, on a desktop and a phone screen, a refused claim (too short a password, a taken name), a failed
 * sign-in, a join with a reserved name, a join to a table that filled meanwhile, a wrong invite link and an
 * unknown table, and at the table a chat line with a filtered word or sent twice, each show their own sentence:
 * never a raw `CODE: message`, an English fallback or a validation dump.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { NardiClient } from "../../src/client";
import { botName } from "../../src/protocol";
import { translate, type MessageKey } from "../../src/web/i18n";
import { playerPage, POLL, screenshot, seatedPair, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();
const api = new NardiClient(baseUrl);

const SCRIPT = { hy: /[\u0531-\u0587]/, ka: /[\u10D0-\u10FF]/ } as const;
type Lang = keyof typeof SCRIPT;
const LOCALE: Record<Lang, string> = { hy: "hy-AM", ka: "ka-GE" };
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** What a player must never read: a code, a validation dump, a placeholder left unfilled, the English fallback. */
const RAW = /[A-Z]{2,}_[A-Z]{2,}|\b(?:json|password|Too small|expected|undefined|null)\b|[{}]|Something went wrong/;

/** `text` is the sentence `keys` names (one of them) in `lang`, in its own script, with nothing raw in it. */
function expectSaid(text: string, lang: Lang, keys: readonly MessageKey[], what: string): void {
  expect(text, what).toMatch(SCRIPT[lang]);
  expect(text, what).not.toMatch(RAW);
  expect(keys.map((k) => translate(lang, k)), what).toContain(text);
  for (const k of keys) expect(text, `${what}: not the English`).not.toBe(translate("en", k));
}

/** The whole page as read: nothing raw anywhere on it. */
async function expectNothingRaw(page: Page, what: string): Promise<void> {
  const body = await page.locator("body").innerText();
  expect(body, what).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}|Too small|Something went wrong|\{\w+\}/);
}

/** Waits until the element's text is something other than `before` (a form clears its message when it sends). */
async function nextText(page: Page, testId: string, before: readonly string[] = [""]): Promise<string> {
  const read = async () => ((await page.getByTestId(testId).count()) > 0 ? ((await page.getByTestId(testId).textContent()) ?? "") : "");
  await expect.poll(async () => !before.includes(await read()), POLL).toBe(true);
  return read();
}

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

describe("error texts in the page's language", () => {
  for (const lang of ["hy", "ka"] as const) {
    for (const viewport of VIEWPORTS) {
      it(`${lang}, ${viewport.name} (${viewport.width}×${viewport.height}): every provoked refusal in ${lang}, nothing raw`, async () => {
        const errors: string[] = [];
        const page = await playerPage(browser(), errors, { locale: LOCALE[lang], viewport: { width: viewport.width, height: viewport.height } });
        await page.goto(`${baseUrl}/`);
        await expect.poll(() => page.getByTestId("me").textContent(), POLL).toMatch(/^guest-/);

        // The account form: a password under the minimum (BAD_REQUEST with zod's words), a name another member has
        // (NAME_TAKEN), a sign-in that fails (BAD_CREDENTIALS).
        const taken = `Taken${stamp()}`;
        await api.withSession((await api.createGuest()).token).claim({ name: taken, password: "correct horse battery" });
        await page.getByTestId("me").click();
        await page.waitForSelector('[data-testid="account"]');
        await page.getByTestId("account-name").fill(`Short${stamp()}`);
        await page.getByTestId("account-password").fill("short");
        await page.getByTestId("claim").click();
        const short = await nextText(page, "account-error");
        expectSaid(short, lang, ["errors.code.badRequest"], "too short a password");

        await page.getByTestId("account-name").fill(taken);
        await page.getByTestId("account-password").fill("another horse battery");
        await page.getByTestId("claim").click();
        const takenText = await nextText(page, "account-error", ["", short]);
        expectSaid(takenText, lang, ["errors.code.nameTaken", "fairplay.code.nameProtected"], "a taken name");

        await page.getByTestId("account-name").fill(`Nobody${stamp()}`);
        await page.getByTestId("account-password").fill("wrong horse battery");
        await page.getByTestId("login").click();
        const failed = await nextText(page, "account-error", ["", short, takenText]);
        expectSaid(failed, lang, ["errors.code.badCredentials"], "a failed sign-in");
        await expectNothingRaw(page, "the account form");
        await screenshot(page, `error-texts-${lang}-${viewport.name}-account`);

        // A join under the name the server gives its bots (NAME_RESERVED).
        const open = await api.withSession((await api.createGuest()).token).createTable({ preset: "georgian-short", length: 1, name: "Host" });
        await page.goto(`${baseUrl}/#/t/${open.tableId}`);
        await page.waitForSelector('[data-testid="join"]');
        await page.getByTestId("name").fill(botName("expert"));
        await page.getByTestId("join").click();
        expectSaid(await nextText(page, "join-error"), lang, ["errors.code.badName"], "a reserved name");

        // A table that filled while the join page was open (TABLE_FULL).
        const full = await api.withSession((await api.createGuest()).token).createTable({ preset: "backgammon", length: 1, name: "Host" });
        await page.goto(`${baseUrl}/#/t/${full.tableId}`);
        await page.waitForSelector('[data-testid="join"]');
        await api.withSession((await api.createGuest()).token).joinTable(full.tableId, { name: "Quicker" });
        await page.getByTestId("name").fill(`Late${stamp()}`);
        await page.getByTestId("join").click();
        expectSaid(await nextText(page, "join-error"), lang, ["errors.code.tableFull"], "a full table");
        await expectNothingRaw(page, "the join page");
        await screenshot(page, `error-texts-${lang}-${viewport.name}-join`);

        // A full table opened afresh says so before any click.
        await page.goto(`${baseUrl}/#/`);
        await page.goto(`${baseUrl}/#/t/${full.tableId}`);
        expectSaid(await nextText(page, "join-info", ["", translate(lang, "join.lookingUp")]), lang, ["join.full"], "a full table's page");

        // A private table's link with the wrong secret (BAD_INVITE), and a table that does not exist.
        const hidden = await api.withSession((await api.createGuest()).token).createTable({ preset: "georgian-short", length: 1, name: "Host", private: true });
        await page.goto(`${baseUrl}/#/t/${hidden.tableId}/${"w".repeat(22)}`);
        await page.getByTestId("join").click();
        await page.waitForSelector('[data-testid="error-page"][data-error="bad-invite"]');
        expectSaid((await page.locator('[data-testid="error-page"] h1').textContent()) ?? "", lang, ["errors.badInvite.title"], "a bad invite");
        await expectNothingRaw(page, "the bad invite page");

        await page.goto(`${baseUrl}/#/t/${"x".repeat(22)}`);
        await page.waitForSelector('[data-testid="error-page"][data-error="unknown-table"]');
        expectSaid((await page.locator('[data-testid="error-page"] h1').textContent()) ?? "", lang, ["errors.unknownTable.title"], "an unknown table");
        expectSaid((await page.locator('[data-testid="error-page"] p').first().textContent()) ?? "", lang, ["errors.unknownTable.body"], "an unknown table");
        await screenshot(page, `error-texts-${lang}-${viewport.name}-unknown-table`);
        expect(errors).toEqual([]);
      }, 120_000);

      it(`${lang}, ${viewport.name}: the chat's refusals (a filtered word, the same line again) in ${lang}`, async () => {
        const errors: string[] = [];
        const white = await api.createTable({ preset: "backgammon", name: "Alice" });
        const black = await api.joinTable(white.tableId, { name: "Bob" });
        const options = { locale: LOCALE[lang], viewport: { width: viewport.width, height: viewport.height } };
        const { white: page, black: other } = await seatedPair(browser(), baseUrl, { white, black }, errors, { white: options, black: options });
        for (const p of [page, other]) await p.getByTestId("chat-enable").click();
        const say = async (text: string) => {
          await page.getByTestId("chat-input").fill(text);
          await page.getByTestId("chat-input").press("Enter");
        };
        await say("f.u.c.k this");
        expectSaid(await nextText(page, "chat-error"), lang, ["chat.error.filtered"], "a filtered word");
        await say("a classic opening");
        await expect.poll(() => other.getByTestId("chat-line").count(), POLL).toBe(1);
        await say("a classic opening");
        expectSaid(await nextText(page, "chat-error"), lang, ["chat.error.flood"], "the same line again");
        await expectNothingRaw(page, "the table with its chat");
        await screenshot(page, `error-texts-${lang}-${viewport.name}-chat`);
        expect(errors).toEqual([]);
      }, 120_000);
    }
  }
});
