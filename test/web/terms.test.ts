/**
 * One word per term, one register (issue 21): every catalogue value, the rules pages and the glossary included,
 * uses each term's one spelling (./src/web/i18n/terms-*.ts) and, in Georgian, Armenian and Russian, the polite
 * form of address only.
 */
import { describe, expect, it } from "vitest";
import { botName } from "../../src/protocol";
import { playerLabel } from "../../src/web/describe";
import { TERMS } from "../../src/web/glossary";
import { CATALOGUES, LANGUAGES, setLanguage, translate, type MessageKey } from "../../src/web/i18n";
import { matches, readable, TERM_IDS, wordPattern, type TermId } from "../../src/web/i18n/terms";
import { HY } from "../../src/web/i18n/terms-hy";
import { KA } from "../../src/web/i18n/terms-ka";
import type { Message } from "../../src/web/i18n/types";
import { WORDS } from "../../src/web/i18n/words";
import { displayName } from "../../src/web/names";

const texts = (m: Message): string[] => (typeof m === "string" ? [m] : Object.values(m).filter((x): x is string => typeof x === "string"));
const KEYS = Object.keys(CATALOGUES.en) as MessageKey[];
const keysFor = (pattern: string): MessageKey[] =>
  pattern.endsWith("*") ? KEYS.filter((k) => k.startsWith(pattern.slice(0, -1))) : KEYS.filter((k) => k === pattern);
const isTerm = (id: string): id is TermId => (TERM_IDS as readonly string[]).includes(id);

describe("the glossary files", () => {
  it("name a word for every term in Georgian and Armenian, and every glossary entry in each language", () => {
    for (const id of TERM_IDS) {
      expect(KA.terms[id]?.word, `ka ${id}`).toBeTruthy();
      expect(HY.terms[id]?.word, `hy ${id}`).toBeTruthy();
    }
    for (const lang of LANGUAGES) for (const id of TERMS) expect(WORDS[lang].terms[id]?.word, `${lang} ${id}`).toBeTruthy();
  });

  it("point only at keys that exist", () => {
    for (const lang of LANGUAGES)
      for (const [id, spelling] of Object.entries(WORDS[lang].terms))
        for (const pattern of spelling.in ?? []) expect(keysFor(pattern).length, `${lang} ${id}: ${pattern}`).toBeGreaterThan(0);
  });

  it("match whole words only, so legitimate words are not hit", () => {
    expect(matches("ითამაშე ნარდი", KA.informal)).not.toEqual([]);
    expect(matches("შენი სახელი", KA.informal)).not.toEqual([]);
    expect(matches("ითამაშეთ ნარდი: თქვენი სახელი, შენახვა, შენიშვნა", KA.informal)).toEqual([]);
    expect(matches("Դու խաղում ես սևերով", HY.informal)).not.toEqual([]);
    expect(matches("Քո անունը", HY.informal)).not.toEqual([]);
    expect(matches("Դուք խաղում եք սևերով. Ձեր անունը, տեսեք, իր 24-րդ կետում", HY.informal)).toEqual([]);
    expect(matches("[[koks|კოკსი]] 3 ქულაა", KA.terms.koks?.refused ?? [])).not.toEqual([]);
    expect(matches("ველოდებით მეორე მოთამაშეს", KA.terms.point?.refused ?? [])).toEqual([]);
    expect(matches("կրկնապատկման զառով", HY.terms.cube?.refused ?? [])).not.toEqual([]);
  });
});

for (const lang of LANGUAGES) {
  const { terms, informal } = WORDS[lang];
  const catalogue = CATALOGUES[lang];

  describe(`${lang}: the catalogue's words`, () => {
    it("use no refused spelling of a term anywhere (page, rules, glossary)", () => {
      const refused = Object.entries(terms).flatMap(([id, s]) => (s.refused ?? []).map((p) => ({ id, p })));
      const found = KEYS.flatMap((key) =>
        texts(catalogue[key]).flatMap((text) => refused.flatMap(({ id, p }) => matches(text, [p]).map((m) => `${key}: ${id} spelled ${m}`))),
      );
      expect(found).toEqual([]);
    });

    it("use the term's word in the texts that speak of it", () => {
      const missing = Object.entries(terms).flatMap(([id, s]) =>
        (s.in ?? []).flatMap(keysFor).flatMap((key) =>
          texts(catalogue[key]).filter((text) => !wordPattern(`${s.word}*`).test(readable(text))).map((text) => `${key} (${id}: ${s.word}): ${text}`),
        ),
      );
      expect(missing).toEqual([]);
    });

    it("link a term in the rules and elsewhere with the glossary's word for it", () => {
      const wrong = KEYS.flatMap((key) =>
        texts(catalogue[key]).flatMap((text) =>
          [...text.matchAll(/\[\[(\w+)\|([^\]]+)\]\]/g)].flatMap(([, id, shown]) => {
            const word = id && isTerm(id) ? terms[id]?.word : undefined;
            return word && shown && !wordPattern(`${word}*`).test(shown) ? [`${key}: [[${id}|${shown}]] is not ${word}…`] : [];
          }),
        ),
      );
      expect(wrong).toEqual([]);
    });

    if (informal.length > 0)
      it("address the reader in the polite form only", () => {
        const found = KEYS.flatMap((key) => texts(catalogue[key]).flatMap((text) => matches(text, informal).map((m) => `${key}: ${m}`)));
        expect(found).toEqual([]);
      });
  });
}

describe("the Armenian polite pronoun", () => {
  it("is written with a capital wherever it stands (Դուք, Ձեր, Ձեզ), so it reads as the polite singular", () => {
    const lower = /(?<![\p{L}\p{M}])(?:դուք|ձեր\p{L}*|ձեզ\p{L}*)(?![\p{L}\p{M}])/u;
    const found = KEYS.flatMap((key) => texts(CATALOGUES.hy[key]).filter((text) => lower.test(readable(text))).map((text) => `${key}: ${text}`));
    expect(found).toEqual([]);
  });
});

describe("case forms", () => {
  it("Russian: from the bar, plurals of pips and points", () => {
    expect(translate("ru", "table.pick.fromBar")).toBe("С бара");
    expect(translate("ru", "rules.short.bar")).toMatch(/^Шашка с бара /);
    expect(translate("ru", "table.pips.youLead", { mine: 80, theirs: 82, count: 2 })).toContain("на 2 пипса");
    expect(translate("ru", "table.pips.youLead", { mine: 80, theirs: 85, count: 5 })).toContain("на 5 пипсов");
    expect(translate("ru", "table.pips.youLead", { mine: 80, theirs: 81, count: 1 })).toContain("на 1 пипс");
    expect(translate("ru", "lobby.open.row", { count: 3, host: "Ана" })).toBe("матч до 3 очков, хозяин Ана");
  });

  it("a match's length reads in the right case wherever it is filled in with a number of points", () => {
    const pts = (lang: "ru" | "ka" | "hy", count: number) => translate(lang, "common.points", { count });
    expect(translate("ru", "table.score.matchTo", { points: pts("ru", 1) })).toBe("Матч на 1 очко");
    expect(translate("ru", "table.score.matchTo", { points: pts("ru", 3) })).toBe("Матч на 3 очка");
    expect(translate("ru", "table.score.matchTo", { points: pts("ru", 5) })).toBe("Матч на 5 очков");
    expect(translate("ka", "table.score.matchTo", { points: pts("ka", 5) })).toBe("მატჩი 5 ქულამდე");
    expect(translate("hy", "table.score.matchTo", { points: pts("hy", 5) })).toBe("Մրցախաղ մինչև 5 միավոր");
    for (const lang of ["ka", "hy"] as const)
      for (const key of KEYS) for (const text of texts(CATALOGUES[lang][key])) expect(text, `${lang} ${key}: an ending glued to {points}`).not.toMatch(/\{points\}-/);
  });

  it("Georgian and Armenian: from the bar as one word, not a placeholder with an ending", () => {
    expect(translate("ka", "table.pick.fromBar")).toBe("ბარიდან");
    expect(translate("hy", "table.pick.fromBar")).toBe("Բարից");
  });

  it("the computer is named in the page's language", () => {
    expect(translate("ka", "table.player.bot", { level: translate("ka", "table.bot.expert") })).toBe("კომპიუტერი (ექსპერტი)");
    expect(translate("hy", "table.player.bot", { level: translate("hy", "table.bot.expert") })).toBe("Համակարգիչ (փորձագետ)");
    expect(translate("ru", "table.player.bot", { level: translate("ru", "table.bot.expert") })).toBe("Компьютер (эксперт)");
  });

  it("the server's bot names are shown translated, a player's own name as it is", () => {
    setLanguage("hy");
    expect(displayName(botName("beginner"))).toBe("Համակարգիչ (սկսնակ)");
    expect(playerLabel(botName("expert"), "bot", "expert")).toBe("Համակարգիչ (փորձագետ)");
    setLanguage("ka");
    expect(playerLabel(botName("intermediate"), "bot", "intermediate")).toBe("კომპიუტერი (საშუალო)");
    expect(displayName("Bot (expert) fan")).toBe("Bot (expert) fan");
    expect(playerLabel("Ana", "human", null)).toBe("Ana");
    setLanguage("en");
    expect(displayName(botName("expert"))).toBe("Computer (expert)");
  });
});
