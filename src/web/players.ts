/**
 * Players' pages: a profile (name, ratings per rule set, average PR per variant, recent matches; for the visitor also claim a name,
 * log in, rename, log out) and the leaderboards per rule set.
 */
import type { MatchSummary, NardiClient, PlayerProfile } from "../client";
import { deleteAccount, deletedCard, forgotPassword, guestNotice, recoveryCodeCard, recoveryCodeState, showRecoveryCode } from "./accounts";
import type { Side } from "../engine/types";
import { performanceTable } from "./analysis-profile";
import { button, clear, h } from "./dom";
import { problemMessage } from "./errors";
import { socialButtons } from "./friends";
import { formatNumber, language, t } from "./i18n";
import { displayName, PRESET_NAMES, presetName } from "./names";
import { onChannel, presenceHeard } from "./presence-channel";
import { botMark, presenceBadge } from "./presence";
import { replayLink } from "./replay";
import { myReportsCard, reportButton } from "./report";
import { signedIn, type Visitor } from "./session";
import { forgetSession } from "./store";
import { diceStatsLink } from "./verify";

/** A player's name as a link to their profile (plain text without an id). */
export function playerLink(name: string, playerId: string | null, testid?: string): HTMLElement {
  if (!playerId) return h("span", { "data-testid": testid }, name);
  return h("a", { href: `#/p/${playerId}`, "data-testid": testid, "data-player-id": playerId }, name);
}

function matchRow(m: MatchSummary, me: string): HTMLLIElement {
  const mySide: Side = m.players.white.playerId === me ? "white" : "black";
  const other = m.players[mySide === "white" ? "black" : "white"];
  const mine = m.players[mySide];
  const result = t(m.reason === "closed" ? "players.closed" : m.winner === null ? "players.abandoned" : m.winner === mySide ? "players.won" : "players.lost");
  const rating =
    mine.ratingBefore !== null && mine.ratingAfter !== null
      ? t("players.ratingChange", { before: Math.round(mine.ratingBefore), after: Math.round(mine.ratingAfter) })
      : m.rated ? null : t("players.casual");
  const details = [
    t("players.matchRules", { rules: presetName(m.pool), count: m.length }),
    t("players.score", { white: m.score.white, black: m.score.black }),
    rating,
    new Date(m.endedAt).toLocaleString(language()),
  ].filter((x) => x !== null);
  return h(
    "li",
    { "data-testid": "match", "data-table-id": m.tableId },
    h("span", {}, h("strong", { "data-testid": "result" }, result), " ", playerLink(displayName(other.name), other.playerId, "opponent")),
    h("span", { class: "muted" }, details.join(" · ")),
    replayLink(m.tableId),
  );
}

export function mountProfile(root: HTMLElement, visitor: Visitor, playerId: string, onSession: (v: Visitor) => void): () => void {
  clear(root);
  let live = true;
  const stops: Array<() => void> = [];
  const card = h("section", { class: "card", "data-testid": "profile" }, h("p", {}, t("common.loading")));
  root.append(card);
  void (async () => {
    try {
      const [player, page] = await Promise.all([visitor.api.getPlayer(playerId), visitor.api.getPlayerMatches(playerId, { limit: 20 })]);
      if (!live) return;
      clear(card);
      card.append(
        h("h2", { "data-testid": "profile-name" }, player.name),
        h("p", {}, botMark(player.bot), " ", presenceOf(player.id, stops)),
        h(
          "p",
          { class: "muted", "data-testid": "profile-kind" },
          t("players.counts", { kind: kindText(player), count: player.counts.matches, wins: player.counts.wins, losses: player.counts.losses }),
        ),
        ratingsTable(player),
        performanceTable(player),
        diceStatsLink(player.id),
        h("h2", {}, t("players.recent")),
        page.matches.length === 0
          ? h("p", { class: "muted", "data-testid": "no-matches" }, t("players.noMatches"))
          : h("ul", { class: "tables", "data-testid": "matches" }, ...page.matches.map((m) => matchRow(m, player.id))),
      );
      if (visitor.me?.id === player.id) {
        const notices = [deletedCard(player.id), recoveryCodeCard(), guestNotice(player, false)].filter((x) => x !== null);
        card.before(...notices);
        root.append(accountCard(visitor, player, onSession), myReportsCard(visitor.api));
      }
      else if (visitor.me && player.kind !== "deleted") {
        card.append(
          socialButtons({ id: player.id, name: player.name }, visitor.me),
          h("div", { class: "row" }, reportButton(visitor.api, { playerId: player.id, name: player.name, tableId: null }, "profile-report")),
        );
      }
    } catch (err) {
      if (live) card.replaceChildren(h("p", { class: "error", "data-testid": "profile-error" }, problemMessage(err)));
    }
  })();
  return () => {
    live = false;
    for (const stop of stops) stop();
  };
}

/** The player's presence as the channel tells it (players the visitor follows), kept live; empty for others. */
function presenceOf(id: string, stops: Array<() => void>): HTMLElement {
  const slot = h("span", { "data-testid": "profile-presence-slot" });
  stops.push(
    onChannel(() => {
      const heard = presenceHeard(id);
      slot.replaceChildren(...(heard ? [presenceBadge(heard, "profile-presence")] : []));
    }),
  );
  return slot;
}

function kindText(player: PlayerProfile): string {
  if (player.kind === "deleted") return t("players.kind.deleted");
  return t(player.kind === "guest" ? "players.kind.guest" : "players.kind.member");
}

function ratingsTable(player: PlayerProfile): HTMLElement {
  if (player.ratings.length === 0) return h("p", { class: "muted", "data-testid": "no-ratings" }, t("players.noRatings"));
  return h(
    "table",
    { "data-testid": "ratings" },
    h("tr", {}, h("th", {}, t("players.col.rules")), h("th", {}, t("players.col.rating")), h("th", { title: t("players.col.rd.about") }, t("players.col.rd")), h("th", {}, t("players.col.games"))),
    ...player.ratings.map((r) =>
      h(
        "tr",
        { "data-testid": `rating-${r.pool}` },
        h("td", {}, presetName(r.pool)),
        h("td", { "data-testid": "rating", title: r.provisional ? t("players.provisional") : null }, `${Math.round(r.rating)}${r.provisional ? "?" : ""}`),
        h("td", {}, formatNumber(Math.round(r.rd))),
        h("td", {}, formatNumber(r.games)),
      ),
    ),
  );
}

/** The visitor's own account: claim a name (guest), log in as someone else, rename, log out. */
function accountCard(visitor: Visitor, player: PlayerProfile, onSession: (v: Visitor) => void): HTMLElement {
  const message = h("p", { class: "error", "data-testid": "account-error" });
  const name = h("input", { "data-testid": "account-name", maxlength: 24, placeholder: t("players.account.name"), "aria-label": t("players.account.name"), autocomplete: "username" });
  const password = h("input", {
    "data-testid": "account-password",
    type: "password",
    placeholder: t("players.account.password"),
    "aria-label": t("players.account.password"),
    autocomplete: "current-password",
  });
  const run = (action: () => Promise<Visitor>) => () => {
    message.textContent = "";
    void action().then(onSession, (err: unknown) => (message.textContent = problemMessage(err)));
  };
  const anonymous = visitor.api.withSession(undefined);
  const credentials = () => ({ name: name.value.trim(), password: password.value });
  const buttons = [
    player.kind === "guest"
      ? button(t("players.account.claim"), "claim", run(async () => {
          const { recoveryCode, ...me } = await visitor.api.claim(credentials());
          if (recoveryCode !== undefined) showRecoveryCode(recoveryCode);
          return { ...visitor, me };
        }), "primary")
      : button(t("players.account.rename"), "rename", run(async () => ({ ...visitor, me: await visitor.api.rename(name.value.trim()) }))),
    button(t("players.account.login"), "login", run(async () => signedIn(anonymous, await anonymous.logIn(credentials())))),
    button(t("players.account.logout"), "logout", run(async () => {
      await visitor.api.logOut();
      forgetSession();
      return { api: anonymous, me: null };
    })),
  ];
  return h(
    "section",
    { class: "card", "data-testid": "account" },
    h("h2", {}, t("players.account.title")),
    h("p", { class: "muted" }, t(player.kind === "guest" ? "players.account.guestHint" : "players.account.memberHint")),
    h("div", { class: "row" }, name, password),
    h("div", { class: "row" }, ...buttons),
    message,
    forgotPassword(anonymous, onSession),
    player.kind === "member" ? recoveryCodeState(visitor.api) : null,
    deleteAccount(visitor, onSession),
  );
}

export function mountLeaderboard(root: HTMLElement, api: NardiClient, pool: string): () => void {
  clear(root);
  let live = true;
  const tabs = h(
    "nav",
    { class: "row tabs", "aria-label": t("players.leaderboards") },
    ...PRESET_NAMES.map((id) => h("a", { href: `#/leaders/${id}`, class: id === pool ? "current" : null, "aria-current": id === pool ? "page" : null, "data-testid": `pool-${id}` }, presetName(id))),
  );
  const body = h("div", { "data-testid": "leaderboard" }, h("p", {}, t("common.loading")));
  root.append(h("section", { class: "card" }, h("h1", {}, t("players.leaderboard", { rules: presetName(pool) })), tabs, body));
  void (async () => {
    try {
      const board = await api.getLeaderboard(pool, { limit: 50 });
      if (!live) return;
      clear(body);
      if (board.entries.length === 0) {
        body.append(h("p", { class: "muted", "data-testid": "no-leaders" }, t("players.noLeaders")));
        return;
      }
      body.append(
        h(
          "table",
          {},
          h("tr", {}, h("th", {}, t("players.col.rank")), h("th", {}, t("players.col.player")), h("th", {}, t("players.col.rating")), h("th", {}, t("players.col.games"))),
          ...board.entries.map((e) =>
            h(
              "tr",
              { "data-testid": "leader" },
              h("td", {}, formatNumber(e.rank)),
              h("td", {}, playerLink(e.name, e.playerId)),
              h("td", {}, String(Math.round(e.rating))),
              h("td", {}, formatNumber(e.games)),
            ),
          ),
        ),
      );
    } catch (err) {
      if (live) body.replaceChildren(h("p", { class: "error" }, problemMessage(err)));
    }
  })();
  return () => {
    live = false;
  };
}
