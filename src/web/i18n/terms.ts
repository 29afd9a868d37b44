/**
 * The game's words, one spelling per term and language (issue 21): the glossary files ./terms-{en,ru,ka,hy}.ts say
 * how each term is written, which spellings are refused, and which catalogue texts must use it; the catalogue
 * tests (test/web/terms.test.ts) hold every catalogue value, the rules pages and the glossary to them. The same
 * files list the informal forms of address refused in Georgian and Armenian, where the page speaks in the polite
 * form (ka: თქვენ and the -თ verb forms; hy: Դուք/Ձեր and the polite imperative).
 */
import type { MessageKey } from "./types";

export const TERM_IDS = [
  "oin",
  "mars",
  "koks",
  "cube",
  "crawford",
  "head",
  "sixBlock",
  "burned",
  "roll",
  "pip",
  "matchPoint",
  "point",
  "bar",
  "home",
  "bearOff",
  "checker",
  "hand",
  "match",
  "opponent",
  "double",
  "take",
  "drop",
  "resign",
  "rating",
  "provisional",
  "coins",
  "stake",
  "quickMatch",
  "invite",
  "spectator",
] as const;
export type TermId = (typeof TERM_IDS)[number];

/**
 * A term's one spelling. Patterns are whole words, case-insensitive; a `*` stands for any ending (the inflected
 * forms), so `კოქს*` is every form of კოქსი, `სწრაფ* თამაშ*` every form of the phrase, and `ველი` is that word
 * alone, not ველოდებით.
 */
export interface TermSpelling {
  /** The spelling every form starts with (a stem where the word inflects). */
  readonly word: string;
  /** Other spellings of the same term, refused everywhere in the language's catalogue. */
  readonly refused?: readonly string[];
  /** Texts that speak of the term and must use the word: keys, or a key prefix ending in `*`. */
  readonly in?: readonly (MessageKey | `${string}*`)[];
}

export type Glossary = Readonly<Partial<Record<TermId, TermSpelling>>>;

/** A language's words: its glossary and the forms of address its catalogue refuses (whole-word patterns). */
export interface Words {
  readonly terms: Glossary;
  readonly informal: readonly string[];
}

const LETTER = "[\\p{L}\\p{M}]";

/** The pattern for a whole word or phrase (a trailing `*`: any ending). */
export function wordPattern(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"))
    .join(`${LETTER}*`);
  return new RegExp(`(?<!${LETTER})${body}(?!${LETTER})`, "iu");
}

/** A catalogue text as the reader sees it: `[[term|shown]]` marks reduced to the shown words (a bare `[[term]]` to its id), placeholders dropped. */
export function readable(text: string): string {
  return text.replace(/\[\[(\w+)(?:\|([^\]]+))?\]\]/g, (_, id: string, shown?: string) => shown ?? id).replace(/\{\w+\}/g, " ");
}

/** The patterns of `patterns` that `text` contains, each with the words it matched. */
export function matches(text: string, patterns: readonly string[]): string[] {
  const seen = readable(text);
  return patterns.flatMap((p) => {
    const m = wordPattern(p).exec(seen);
    return m ? [`${p} (“${m[0]}”)`] : [];
  });
}
