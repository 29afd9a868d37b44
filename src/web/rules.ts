/**
 * The short rules pages, one per variant (#/rules/long, #/rules/short): from docs/rules.md, in the page's language,
 * with the game's terms linked to the glossary.
 */
import { clear, h } from "./dom";
import { rich, rulesNav } from "./glossary";
import { t, type MessageKey } from "./i18n";

type Variant = "long" | "short";

/** Each section: a heading and its points, in reading order. */
const SECTIONS: Record<Variant, Array<[MessageKey, MessageKey[]]>> = {
  long: [
    ["rules.board", ["rules.long.setup", "rules.long.direction", "rules.dice", "rules.maximum"]],
    ["rules.moving", ["rules.long.landing", "rules.long.head", "rules.long.sixBlock"]],
    ["rules.bearingOff", ["rules.bearOff", "rules.bearOffHigh"]],
    ["rules.result", ["rules.oin", "rules.mars", "rules.long.koks"]],
    ["rules.match", ["rules.matchPoints", "rules.cube", "rules.crawford", "rules.resign"]],
  ],
  short: [
    ["rules.board", ["rules.short.setup", "rules.short.direction", "rules.dice", "rules.maximum"]],
    ["rules.moving", ["rules.short.landing", "rules.short.bar", "rules.short.noHead"]],
    ["rules.bearingOff", ["rules.bearOff", "rules.bearOffHigh"]],
    ["rules.result", ["rules.oin", "rules.short.mars", "rules.short.koks"]],
    ["rules.match", ["rules.matchPoints", "rules.cube", "rules.crawford", "rules.resign"]],
  ],
};

export function isVariant(x: string | undefined): x is Variant {
  return x === "long" || x === "short";
}

export function mountRules(root: HTMLElement, variant: Variant): () => void {
  clear(root);
  root.append(
    h(
      "article",
      { class: "card rules", "data-testid": `rules-${variant}-page` },
      h("h1", {}, t(variant === "long" ? "rules.long.title" : "rules.short.title")),
      h("p", { class: "lead" }, ...rich(t(variant === "long" ? "rules.long.intro" : "rules.short.intro"))),
      ...SECTIONS[variant].map(([heading, points]) =>
        h("section", {}, h("h2", {}, t(heading)), h("ul", {}, ...points.map((key) => h("li", {}, ...rich(t(key)))))),
      ),
      rulesNav(),
    ),
  );
  return () => undefined;
}
