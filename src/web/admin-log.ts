/**
 * #/admin/log: the moderation log, newest first, a page at a time ("Older" follows the cursor), filtered by
 * player (a name or an id) and by action. Each row links to the player's dossier.
 */
import { ModerationActionKindSchema } from "../protocol/moderation";
import { PlayerIdSchema } from "../protocol/players";
import type { AdminContext } from "./admin-kit";
import { logLine } from "./admin-players";
import { actionName } from "./admin-words";
import { button, field, h, select } from "./dom";
import { t } from "./i18n";

const PAGE = 25;

export function mountLogSection(body: HTMLElement, ctx: AdminContext): void {
  const player = h("input", { "data-testid": "log-player", maxlength: 64, placeholder: t("admin.log.playerHint"), "aria-label": t("admin.log.player") });
  const action = select("log-action-filter", [["", t("admin.log.anyAction")], ...ModerationActionKindSchema.options.map((a) => [a, actionName(a)] as const)], "");
  const list = h("ul", { class: "admin-list", "data-testid": "log-entries" });
  const more = h("div", {});
  const status = h("div", {});
  body.append(
    h("div", { class: "row admin-filters" }, field(t("admin.log.player"), player), field(t("admin.log.action"), action), button(t("admin.log.apply"), "log-apply", () => void load(null), "primary")),
    status,
    list,
    more,
  );

  /** The filter's player id: the text itself when it is an id, else the player of that exact name. */
  const playerId = async (): Promise<string | undefined | null> => {
    const q = player.value.trim();
    if (q === "") return undefined;
    if (PlayerIdSchema.safeParse(q).success) return q;
    const hit = (await ctx.api.adminFindPlayers(q)).players.find((p) => p.name.toLowerCase() === q.toLowerCase());
    return hit ? hit.id : null;
  };

  const load = async (cursor: string | null): Promise<void> => {
    try {
      const id = await playerId();
      if (!ctx.live()) return;
      if (id === null) {
        list.replaceChildren();
        more.replaceChildren();
        status.replaceChildren(h("p", { class: "muted", "data-testid": "log-no-player" }, t("admin.players.none")));
        return;
      }
      const kind = ModerationActionKindSchema.safeParse(action.value);
      const page = await ctx.api.adminLog({ limit: PAGE, ...(id ? { player: id } : {}), ...(kind.success ? { action: kind.data } : {}), ...(cursor ? { cursor } : {}) });
      if (!ctx.live()) return;
      status.replaceChildren();
      if (cursor === null) list.replaceChildren();
      if (page.entries.length === 0 && cursor === null) status.append(h("p", { class: "muted", "data-testid": "log-empty" }, t("admin.log.empty")));
      for (const e of page.entries) {
        list.append(
          h(
            "li",
            { "data-testid": "log-entry", "data-action": e.action, "data-id": e.id, "data-player-id": e.playerId },
            ...logLine(e),
            e.playerId ? h("a", { href: `#/admin/players/${e.playerId}`, "data-testid": "log-player-link" }, t("admin.log.dossier")) : null,
            e.tableId ? h("a", { href: `#/watch/${e.tableId}`, class: "muted" }, t("admin.reports.table")) : null,
            e.undoes ? h("span", { class: "muted" }, t("admin.log.undoes")) : null,
          ),
        );
      }
      more.replaceChildren(page.next === null ? "" : button(t("admin.log.older"), "log-older", () => void load(page.next)));
    } catch (err) {
      ctx.fail(status, err);
    }
  };
  void load(null);
}
