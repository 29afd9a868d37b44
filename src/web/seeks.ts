/**
 * The lobby's open seeks: the quick-match pools with someone waiting (as the "Play now" panel last read them,
 * `GET /v1/seek/pools`, the visitor not counted), each with a button that seeks in that pool, where the visitor may.
 */
import type { PlayerProfile } from "../client";
import type { SeekChoice, SeekPool } from "../protocol";
import { button, h } from "./dom";
import { t } from "./i18n";
import { presetName, timeControlName } from "./names";
import { ratedBadge } from "./seat-rating";

/** The choices of a listed pool, as a seek names them. */
function choiceOf(pool: SeekPool): SeekChoice {
  return { preset: pool.preset, length: pool.length, timeControl: pool.timeControl, rated: pool.rated, stake: pool.stake };
}

/** A guest plays casual, without a stake (docs/fair-play.md); a stake pool is joined from the panel, beside the balance. */
function mayJoin(pool: SeekPool, me: PlayerProfile | null): boolean {
  return me !== null && pool.stake === 0 && (!pool.rated || me.kind !== "guest");
}

export function renderSeeks(list: HTMLElement, pools: readonly SeekPool[], me: PlayerProfile | null, seekIn: (choice: SeekChoice) => void): void {
  if (pools.length === 0) {
    list.replaceChildren(h("li", { class: "muted", "data-testid": "no-seeks" }, t("lobby.seeks.none")));
    return;
  }
  list.replaceChildren(
    ...pools.map((pool) => {
      const row = h(
        "li",
        { "data-testid": "open-seek", "data-pool": pool.pool, "data-waiting": String(pool.waiting) },
        h(
          "span",
          {},
          h("strong", {}, presetName(pool.preset)),
          " ",
          h("span", { class: "muted" }, t("lobby.seeks.row", { length: t("common.points", { count: pool.length }), clock: timeControlName(pool.timeControl) })),
          " ",
          ratedBadge(pool.rated, `seek-rated-${pool.pool}`),
          pool.stake > 0 ? h("span", { class: "stake" }, " ", t("coins.amount", { count: pool.stake })) : null,
          " ",
          h("span", { "data-testid": `seek-waiting-${pool.pool}` }, t("quick.pool.waiting", { count: pool.waiting })),
        ),
      );
      if (mayJoin(pool, me)) row.append(button(t("quick.play"), `seek-${pool.pool}`, () => seekIn(choiceOf(pool))));
      return row;
    }),
  );
}
