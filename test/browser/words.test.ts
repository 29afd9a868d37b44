/**
 * The rules pages and the glossary read the same words (issue 21): in Georgian and Armenian every term linked from
 * a rules page is spelled as the glossary file spells it, and the glossary page shows that spelling.
 */
import { describe, expect, inject, it } from "vitest";
import { wordPattern } from "../../src/web/i18n/terms";
import { WORDS } from "../../src/web/i18n/words";
import { translate } from "../../src/web/i18n";
import { TERMS } from "../../src/web/glossary";
import { playerPage, screenshot, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("the game's words on the rules pages and the glossary", () => {
  for (const [lang, locale] of [
    ["ka", "ka-GE"],
    ["hy", "hy-AM"],
  ] as const) {
    it(`${lang}: every term on the rules pages is the glossary's word, and the glossary names each one so`, async () => {
      const errors: string[] = [];
      const page = await playerPage(browser(), errors, { locale, viewport: { width: 390, height: 844 } });
      const { terms } = WORDS[lang];
      for (const variant of ["long", "short"] as const) {
        await page.goto(`${baseUrl}/#/rules/${variant}`);
        await page.waitForSelector(`[data-testid="rules-${variant}-page"]`);
        const links = await page.locator(`[data-testid="rules-${variant}-page"] a.term`).evaluateAll((as) => as.map((a) => [a.getAttribute("data-term") ?? "", a.textContent ?? ""]));
        expect(links.length, variant).toBeGreaterThan(4);
        for (const [id, text] of links) {
          const word = terms[id as keyof typeof terms]?.word;
          expect(word, `${variant}: ${id}`).toBeTruthy();
          expect(text, `${variant}: ${id}`).toMatch(wordPattern(`${word}*`));
        }
        await screenshot(page, `words-rules-${variant}-${lang}`);
      }
      await page.goto(`${baseUrl}/#/glossary`);
      await page.waitForSelector('[data-testid="glossary"]');
      for (const id of TERMS) {
        const name = (await page.locator(`[data-testid="glossary-${id}"] dt`).textContent()) ?? "";
        expect(name, id).toBe(translate(lang, `glossary.${id}`));
        expect(name, id).toMatch(wordPattern(`${terms[id]?.word}*`));
      }
      await screenshot(page, `words-glossary-${lang}`);
      expect(errors).toEqual([]);
    });
  }
});
