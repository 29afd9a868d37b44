/**
 * The profile's average PR per variant (docs/players.md): the player's PR over their recent analysed matches, with
 * its word, from the profile's `performance` (docs/analysis.md explains the PR).
 */
import type { PlayerProfile } from "../client";
import { prWordOf } from "../protocol/analysis";
import { formatRate, prLabel } from "./analysis-marks";
import { h } from "./dom";
import { formatNumber, t } from "./i18n";
import { variantName } from "./names";

export function performanceTable(player: PlayerProfile): HTMLElement {
  const rows = player.performance;
  const title = h("h3", { title: t("analysis.profile.about") }, t("analysis.profile.title"));
  if (rows.length === 0) return h("section", { class: "performance" }, title, h("p", { class: "muted", "data-testid": "no-performance" }, t("analysis.profile.none")));
  return h(
    "section",
    { class: "performance" },
    title,
    h(
      "table",
      { "data-testid": "performance" },
      h("tr", {}, h("th", {}, t("analysis.profile.col.variant")), h("th", { title: t("analysis.profile.about") }, t("analysis.profile.col.pr")), h("th", {}, t("analysis.profile.col.matches"))),
      ...rows.map((p) =>
        h(
          "tr",
          { "data-testid": `performance-${p.variant}`, "data-pr": p.pr },
          h("td", {}, variantName(p.variant)),
          h("td", { "data-testid": "performance-pr" }, t("analysis.prWithWord", { pr: formatRate(p.pr), word: prLabel(prWordOf(p.pr)) })),
          h("td", {}, formatNumber(p.matches)),
        ),
      ),
    ),
  );
}
