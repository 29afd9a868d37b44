/**
 * The chat word filter (docs/safety.md). The maintained lists are the `naughty-words` package (LDNOOBW, CC-BY-4.0):
 * English and Russian exist there; there is no Georgian or Armenian list, so those two languages have only the
 * operator's words. The operator adds words and exceptions per language (en, ru, ka, hy) through the admin API;
 * every line is checked against every language's words, since a table has no language and players mix them.
 *
 * Matching is on whole words, after folding what a sender could vary without changing what a reader sees:
 * compatibility forms (NFKD: full-width letters, ligatures) with accents dropped, case, invisible characters,
 * look-alike letters from other scripts and digits or symbols standing for letters (the display names' folding,
 * protocol/names.ts, plus more), separators inside a word ("f.u-c_k"), letters spelled out one by one
 * ("f u c k"), and repeated letters ("fuuuck", but not "as" for "ass": each letter must appear at least as
 * often as in the listed word). Because words are whole, "Scunthorpe", "assassin" and "classic" pass.
 * A `*` at the end of an entry matches any ending ("пизд*"), for inflected languages.
 *
 * Pure functions, and one loader: the compiled filter is kept per isolate and keyed by the lists' version
 * (`site_settings.updated_at`), which every chat line reads anyway; so an operator's change applies to the next
 * line, and the lists themselves are read and compiled once per change.
 */
import en from "naughty-words/en.json";
import ru from "naughty-words/ru.json";
import * as z from "zod";
import { FILTER_LANGUAGES, LOOK_ALIKES, OperatorFilterSchema, type FilterLanguage, type OperatorFilter } from "../../protocol";
import { CHAT_FILTER_KEY, setting } from "../db/site";

/** The maintained lists, parsed at the boundary like any data from outside. */
export const MAINTAINED: Readonly<Record<FilterLanguage, readonly string[]>> = {
  en: z.array(z.string()).parse(en),
  ru: z.array(z.string()).parse(ru),
  ka: [],
  hy: [],
};

/**
 * Entries of the maintained lists dropped by default: everyday words or phrases in a game's chat ("what's the
 * difference", "a goal", "wow", "the match is tied up", "a hardcore player", "tit for tat") that LDNOOBW lists for
 * search autocompletion, not for conversation. An operator who wants one back adds it to their own list.
 */
export const DROPPED: Readonly<Record<FilterLanguage, readonly string[]>> = {
  en: ["domination", "escort", "xx", "tied up", "girl on", "big black", "tight white", "taste my", "tongue in a", "hot chick", "how to kill", "how to murder", "make me come", "hardcore", "hard core", "tit"],
  ru: ["gol", "byk", "uboy", "какая разница", "другой дразнится", "бугор", "мент", "фига", "на фиг", "офигеть", "хапать", "хрен"],
  ka: [],
  hy: [],
};

/**
 * More look-alikes than a display name needs: Cyrillic, Greek and Armenian letters that pass for Latin ones, and
 * digits and symbols written for letters. Folding both the line and the list the same way means a folded list
 * word still matches its own script ("хуй" and "xyй" fold alike).
 */
const CHAT_LOOK_ALIKES: Readonly<Record<string, string>> = {
  ...LOOK_ALIKES,
  а: "a", е: "e", ё: "e", р: "p", с: "c", у: "y", х: "x", к: "k", м: "m", н: "h", і: "i", ј: "j", ѕ: "s",
  α: "a", ε: "e", ι: "i", κ: "k", ν: "v", ρ: "p", υ: "u", χ: "x",
  օ: "o", ս: "u", հ: "h", ո: "n",
  "1": "i", "!": "i", "|": "i", "3": "e", "4": "a", "@": "a", "5": "s", $: "s",
};

/** Where a line breaks into words: spaces, punctuation that no one writes inside a word, and ellipses. */
const BREAKS = /[\s,;:?"«»„“”()[\]{}<>/\\+=~^]+|\.{2,}|…/u;
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const MARKS = /\p{M}/gu;

/** One word of a line as a reader compares it: folded letters and digits only ("Sh!t." → "shit"). */
export function foldWord(token: string): string {
  // Punctuation at the ends is punctuation ("shit!" is "shit"); inside a word, "!" or "$" stand for letters.
  const inner = token
    .normalize("NFKD")
    .replace(MARKS, "")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+$/u, "")
    .replace(/^[^\p{L}\p{N}@$]+/u, "");
  // A number is a number: digits stand for letters only beside letters ("5hit"), never in "455" or "5-5".
  const table = /\p{L}/u.test(inner) ? CHAT_LOOK_ALIKES : {};
  let out = "";
  for (const ch of inner) {
    const folded = table[ch] ?? ch;
    if (/[\p{L}\p{N}]/u.test(folded)) out += folded;
  }
  return out;
}

/** A line as words: each with the text as the sender wrote it, for the refusal's message. */
export function wordsOf(text: string): { folded: string; written: string }[] {
  return text
    .replace(INVISIBLE, "")
    .split(BREAKS)
    .map((written) => ({ folded: foldWord(written), written }))
    .filter((word) => word.folded !== "");
}

/** A word's runs of one letter: "fuuck" → key "fuck", counts [1, 2, 1, 1]. */
interface Runs {
  key: string;
  counts: number[];
}

function runsOf(word: string): Runs {
  let key = "";
  const counts: number[] = [];
  let last = "";
  for (const ch of word) {
    if (ch === last) counts[counts.length - 1]! += 1;
    else {
      key += ch;
      counts.push(1);
      last = ch;
    }
  }
  return { key, counts };
}

/** Whether `word` is `entry` with letters repeated (or starts so, for an entry ending in `*`). */
function wordMatches(word: Runs, entry: Runs, prefix: boolean): boolean {
  if (prefix ? !word.key.startsWith(entry.key) : word.key !== entry.key) return false;
  return entry.counts.every((min, i) => (word.counts[i] ?? 0) >= min);
}

interface Entry {
  /** As listed (what the log and tests name). */
  listed: string;
  source: "maintained" | "operator";
  words: Runs[];
  /** The last word may go on (the entry ended in `*`). */
  prefix: boolean;
}

/** A caught line: the listed entry and the words of the line that matched it. */
export interface Catch {
  listed: string;
  source: "maintained" | "operator";
  written: string;
}

export interface ChatFilter {
  check(text: string): Catch | null;
}

/** An entry as folded words; null when nothing is left to match (an entry of punctuation only). */
function entryOf(listed: string, source: Entry["source"]): Entry | null {
  const prefix = listed.trimEnd().endsWith("*");
  const words = wordsOf(listed).map((w) => runsOf(w.folded));
  return words.length === 0 ? null : { listed, source, words, prefix };
}

/** The folded form an allowed entry or a dropped one is compared in. */
function phraseKey(listed: string): string {
  return wordsOf(listed)
    .map((w) => w.folded)
    .join(" ");
}

/** Whether an operator's entry leaves anything to match once folded (the admin route refuses one that does not). */
export function isMatchable(listed: string): boolean {
  return phraseKey(listed) !== "";
}

export function compileFilter(operator: OperatorFilter): ChatFilter {
  const lists = FILTER_LANGUAGES.map((language) => ({ language, blocked: operator[language]?.blocked ?? [], allowed: operator[language]?.allowed ?? [] }));
  // Exceptions: whole words a line may always hold, word beginnings (`*`), and phrases that drop a listed entry.
  const allowedWords = new Set<string>();
  const allowedPrefixes: string[] = [];
  const allowedPhrases = new Set<string>();
  for (const listed of lists.flatMap((l) => l.allowed)) {
    const key = phraseKey(listed);
    if (key === "") continue;
    allowedPhrases.add(key);
    if (key.includes(" ")) continue;
    if (listed.trimEnd().endsWith("*")) allowedPrefixes.push(key);
    else allowedWords.add(key);
  }
  // The defaults dropped from the maintained lists, unless the operator lists the same entry as their own.
  const operatorBlocked = new Set(lists.flatMap((l) => l.blocked.map(phraseKey)));
  const dropped = new Set(FILTER_LANGUAGES.flatMap((l) => DROPPED[l].map(phraseKey)).filter((key) => !operatorBlocked.has(key)));

  const byFirst = new Map<string, Entry[]>();
  const prefixed: Entry[] = [];
  const add = (entry: Entry | null) => {
    if (!entry) return;
    if (entry.prefix && entry.words.length === 1) prefixed.push(entry);
    else byFirst.set(entry.words[0]!.key, [...(byFirst.get(entry.words[0]!.key) ?? []), entry]);
  };
  for (const { language, blocked } of lists) {
    for (const listed of MAINTAINED[language]) {
      const key = phraseKey(listed);
      if (!allowedPhrases.has(key) && !dropped.has(key)) add(entryOf(listed, "maintained"));
    }
    for (const listed of blocked) if (!allowedPhrases.has(phraseKey(listed))) add(entryOf(listed, "operator"));
  }

  const exempt = (folded: string) => allowedWords.has(folded) || allowedPrefixes.some((p) => folded.startsWith(p));
  const oneLetter = (word: { folded: string }) => [...word.folded].length === 1;
  const singleHit = (word: Runs) =>
    (byFirst.get(word.key) ?? []).find((e) => e.words.length === 1 && wordMatches(word, e.words[0]!, e.prefix)) ??
    prefixed.find((e) => wordMatches(word, e.words[0]!, true));

  return {
    check(text) {
      const words = wordsOf(text);
      const runs = words.map((w) => runsOf(w.folded));
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        // A phrase entry whose words follow one another in the line.
        for (const entry of byFirst.get(runs[i]!.key) ?? []) {
          if (entry.words.length === 1) continue;
          const fits = entry.words.every((w, k) => runs[i + k] !== undefined && wordMatches(runs[i + k]!, w, entry.prefix && k === entry.words.length - 1));
          if (fits) return { listed: entry.listed, source: entry.source, written: words.slice(i, i + entry.words.length).map((w) => w.written).join(" ") };
        }
        if (!exempt(word.folded)) {
          const hit = singleHit(runs[i]!);
          if (hit) return { listed: hit.listed, source: hit.source, written: word.written };
        }
        // Letters spelled out one by one ("f u c k") are read as the word they spell, from this letter on.
        if (!oneLetter(word)) continue;
        for (let end = i + 2; end <= words.length && oneLetter(words[end - 1]!); end++) {
          const part = words.slice(i, end);
          const spelled = part.map((w) => w.folded).join("");
          if (exempt(spelled)) continue;
          const hit = singleHit(runsOf(spelled));
          if (hit) return { listed: hit.listed, source: hit.source, written: part.map((w) => w.written).join(" ") };
        }
      }
      return null;
    },
  };
}

/** The operator's lists as stored; a value that does not parse counts as none (logged), so chat keeps the maintained lists. */
export function parseOperatorFilter(value: string | null): OperatorFilter {
  if (value === null) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    json = undefined;
  }
  const parsed = OperatorFilterSchema.safeParse(json);
  if (!parsed.success) {
    console.error(`site_settings ${CHAT_FILTER_KEY} does not parse; only the maintained lists apply`);
    return {};
  }
  return parsed.data;
}

/** The compiled filter of one version of the operator's lists, kept per isolate (the Worker's, a match object's). */
let compiled: { version: number | null; filter: ChatFilter } | null = null;

/**
 * The filter for `version` (as `chatContext` read it): from memory when it is the one compiled last, else the
 * lists are read from D1 (reads only) and compiled. A prefix entry (`*`) with a multi-word phrase applies to
 * its last word.
 */
export async function chatFilter(d1: D1Database, version: number | null): Promise<ChatFilter> {
  if (compiled && compiled.version === version) return compiled.filter;
  const row = version === null ? null : await setting(d1, CHAT_FILTER_KEY);
  const filter = compileFilter(parseOperatorFilter(row?.value ?? null));
  // Keyed by what was read, so a change that landed between the two reads is picked up on the next line.
  compiled = { version: row?.updatedAt ?? null, filter };
  return filter;
}

/** The filter compiled last in this isolate, else the maintained lists alone (when D1 cannot be read). */
export function lastFilter(): ChatFilter {
  return compiled?.filter ?? compileFilter({});
}
