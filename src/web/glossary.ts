/**
 * The glossary (#/glossary) and `term(key)`: a word of the game shown with its meaning as a tooltip and a link to
 * its entry, for every screen (the lobby, the rules pages, the table).
 */
import { clear, h } from "./dom";
import { t, type MessageKey } from "./i18n";

export const TERMS = ["oin", "mars", "koks", "cube", "crawford", "head", "sixBlock", "burned"] as const;
export type Term = (typeof TERMS)[number];

const KEYS: Record<Term, { name: MessageKey; meaning: MessageKey }> = {
  oin: { name: "glossary.oin", meaning: "glossary.oin.meaning" },
  mars: { name: "glossary.mars", meaning: "glossary.mars.meaning" },
  koks: { name: "glossary.koks", meaning: "glossary.koks.meaning" },
  cube: { name: "glossary.cube", meaning: "glossary.cube.meaning" },
  crawford: { name: "glossary.crawford", meaning: "glossary.crawford.meaning" },
  head: { name: "glossary.head", meaning: "glossary.head.meaning" },
  sixBlock: { name: "glossary.sixBlock", meaning: "glossary.sixBlock.meaning" },
  burned: { name: "glossary.burned", meaning: "glossary.burned.meaning" },
};

/** The term's anchor on the glossary page. */
function anchor(key: Term): string {
  return `term-${key}`;
}

/**
 * The term as a link to its glossary entry, its meaning as the tooltip (`title`) and as its accessible
 * description. `text` replaces the term's own name (e.g. a plural) when given.
 */
export function term(key: Term, text?: string): HTMLAnchorElement {
  return h(
    "a",
    { class: "term", href: `#/glossary/${key}`, title: t(KEYS[key].meaning), "data-term": key, "data-testid": `term-${key}` },
    text ?? t(KEYS[key].name),
  );
}

const MARKED = /\[\[(\w+)(?:\|([^\]]+))?\]\]/g;

/**
 * A translated sentence whose terms are marked `[[koks]]` (or `[[koks|shown words]]`, for an inflected form) as
 * nodes: the marked terms become `term` links, the rest stays text. The catalogue keeps whole sentences.
 */
export function rich(text: string): Array<Node | string> {
  const out: Array<Node | string> = [];
  let last = 0;
  for (const match of text.matchAll(MARKED)) {
    const key = TERMS.find((k) => k === match[1]);
    if (match.index > last) out.push(text.slice(last, match.index));
    out.push(key ? term(key, match[2]) : (match[2] ?? match[1]!));
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Links between the rules pages, the glossary and (unless `home` is false: on the lobby itself) the lobby. */
export function rulesNav(home = true): HTMLElement {
  return h(
    "nav",
    { class: "page-links", "aria-label": t("rules.nav") },
    h("a", { href: "#/rules/long", "data-testid": "rules-long" }, t("rules.long.title")),
    h("a", { href: "#/rules/short", "data-testid": "rules-short" }, t("rules.short.title")),
    h("a", { href: "#/glossary", "data-testid": "glossary-link" }, t("glossary.title")),
    home ? h("a", { href: "#/" }, t("common.backToLobby")) : null,
  );
}

/** The glossary page; `focus` scrolls to one entry (#/glossary/<term>). */
export function mountGlossary(root: HTMLElement, focus?: string): () => void {
  clear(root);
  const entries = TERMS.map((key) =>
    h("div", { class: "entry", id: anchor(key), "data-testid": `glossary-${key}` }, h("dt", {}, t(KEYS[key].name)), h("dd", {}, t(KEYS[key].meaning))),
  );
  root.append(
    h(
      "section",
      { class: "card rules", "data-testid": "glossary" },
      h("h1", {}, t("glossary.title")),
      h("dl", { class: "glossary" }, ...entries),
      rulesNav(),
    ),
  );
  const target = TERMS.find((k) => k === focus);
  if (target) document.getElementById(anchor(target))?.scrollIntoView();
  return () => undefined;
}
