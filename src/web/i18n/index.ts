/**
 * The page's languages: English, Russian, Georgian and Armenian. Every string the page shows comes from one
 * catalogue per language (./en.ts, ./ru.ts, ./ka.ts, ./hy.ts) through `t`; plurals go through
 * `Intl.PluralRules` and numbers through `Intl.NumberFormat`, so no sentence is glued together from pieces.
 * The language is the one the visitor chose (remembered in localStorage), else the browser's first supported
 * language, else English.
 */
import { en } from "./en";
import { hy } from "./hy";
import { ka } from "./ka";
import { ru } from "./ru";
import { LANGUAGES, type Catalogue, type Language, type Message, type MessageKey } from "./types";

export { LANGUAGES, type Language, type MessageKey } from "./types";

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, ru, ka, hy };

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", ru: "Русский", ka: "ქართული", hy: "Հայերեն" };

const STORAGE_KEY = "nardi.lang";

function isLanguage(x: unknown): x is Language {
  return typeof x === "string" && (LANGUAGES as readonly string[]).includes(x);
}

/** The visitor's remembered choice, else the first of `preferred` (e.g. navigator.languages) we have, else English. */
export function pickLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

function storedChoice(): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

let current: Language = pickLanguage(storedChoice(), typeof navigator === "undefined" ? [] : navigator.languages ?? []);

export function language(): Language {
  return current;
}

const listeners = new Set<(lang: Language) => void>();

/** Switches the page's language, remembers it, and tells the listeners (the router re-renders the screen). */
export function setLanguage(lang: Language): void {
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const l of listeners) l(lang);
}

export function onLanguageChange(listener: (lang: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type Params = Readonly<Record<string, string | number>>;

/** The message `key` in `lang` with `{name}` placeholders filled; a `count` parameter picks the plural form. Numbers are formatted for the language. */
export function translate(lang: Language, key: MessageKey, params: Params = {}): string {
  const message: Message = CATALOGUES[lang][key] ?? en[key];
  let text: string;
  if (typeof message === "string") text = message;
  else {
    const count = typeof params.count === "number" ? params.count : 0;
    const category = new Intl.PluralRules(lang).select(count) as keyof typeof message;
    text = message[category] ?? message.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return typeof v === "number" ? formatNumber(v, lang) : v;
  });
}

/** `translate` in the page's current language. */
export function t(key: MessageKey, params: Params = {}): string {
  return translate(current, key, params);
}

export function formatNumber(n: number, lang: Language = current): string {
  return new Intl.NumberFormat(lang).format(n);
}
