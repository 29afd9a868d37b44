/** Each language's glossary of the game's words and its refused forms of address (./terms.ts). */
import type { Words } from "./terms";
import { EN } from "./terms-en";
import { HY } from "./terms-hy";
import { KA } from "./terms-ka";
import { RU } from "./terms-ru";
import type { Language } from "./types";

export const WORDS: Readonly<Record<Language, Words>> = { en: EN, ru: RU, ka: KA, hy: HY };
