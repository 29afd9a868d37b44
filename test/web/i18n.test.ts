import { describe, expect, it } from "vitest";
import { CATALOGUES, LANGUAGES, pickLanguage, translate, type MessageKey } from "../../src/web/i18n";
import type { Message } from "../../src/web/i18n/types";

const placeholders = (m: Message): string[] => {
  const texts = typeof m === "string" ? [m] : Object.values(m).filter((x): x is string => typeof x === "string");
  return [...new Set(texts.flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
};

describe("the page's catalogues", () => {
  const keys = Object.keys(CATALOGUES.en).sort();

  for (const lang of LANGUAGES) {
    it(`${lang} has exactly the English keys, each non-empty and with the same placeholders`, () => {
      const cat = CATALOGUES[lang];
      expect(Object.keys(cat).sort()).toEqual(keys);
      for (const key of keys as MessageKey[]) {
        const m = cat[key];
        const texts = typeof m === "string" ? [m] : [m.other];
        for (const s of texts) expect(s.trim(), `${lang} ${key}`).not.toBe("");
        expect(placeholders(m), `${lang} ${key}`).toEqual(placeholders(CATALOGUES.en[key]));
      }
    });

    it(`${lang} has every plural form its language needs`, () => {
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const key of keys as MessageKey[]) {
        const m = CATALOGUES[lang][key];
        if (typeof m === "string") continue;
        for (const category of needed) expect(m[category as keyof typeof m] ?? (category === "other" ? m.other : undefined), `${lang} ${key} ${category}`).toBeTruthy();
      }
    });
  }

  it("plurals follow the language's rules and numbers its format", () => {
    expect(translate("en", "common.points", { count: 1 })).toBe("1 point");
    expect(translate("en", "common.points", { count: 5 })).toBe("5 points");
    expect(translate("ru", "common.points", { count: 1 })).toBe("1 очко");
    expect(translate("ru", "common.points", { count: 3 })).toBe("3 очка");
    expect(translate("ru", "common.points", { count: 5 })).toBe("5 очков");
    expect(translate("ru", "common.points", { count: 21 })).toBe("21 очко");
  });

  it("picks the remembered language, else the browser's first supported one, else English", () => {
    expect(pickLanguage("hy", ["ru-RU"])).toBe("hy");
    expect(pickLanguage(null, ["de-DE", "ka-GE", "ru"])).toBe("ka");
    expect(pickLanguage("xx", ["fr"])).toBe("en");
  });
});
