/**
 * The shape of a translation catalogue. A message is a sentence with `{name}` placeholders, or one sentence per
 * plural category (`Intl.PluralRules`) chosen by the `count` parameter. Sentences are whole: never build one by
 * joining fragments, since word order differs between languages.
 */
import type { en } from "./en";

export interface PluralForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

export type Message = string | PluralForms;

/** Every key the page uses; English (./en.ts) is the reference catalogue. */
export type MessageKey = keyof typeof en;

/** A language's catalogue: every key of the English one, no more (a missing key fails the typecheck). */
export type Catalogue = { readonly [K in MessageKey]: Message };

export const LANGUAGES = ["en", "ru", "ka", "hy"] as const;
export type Language = (typeof LANGUAGES)[number];
