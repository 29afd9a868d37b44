/**
 * Players' pages: a profile (name, ratings per rule set, recent matches; for the visitor also claim a name,
 * log in, rename, log out) and the leaderboards per rule set.
 */
import { ApiError, type MatchSummary, type NardiClient, type PlayerProfile } from "../client";
import type { Side } from "../engine/types";
import { PRESETS } from "./lobby";
import { button, clear, h } from "./dom";
import { replayLink } from "./replay";
import { signedIn, type Visitor } from "./session";
import { forgetSession } from "./store";
import { diceStatsLink } from "./verify";

const POOL_NAMES = new Map(PRESETS);

/** A player's name as a link to their profile (plain text without an id). */
export function playerLink(name: string, playerId: string | null, testid?: string): HTMLElement {
  if (!playerId) return h("span", { "data-testid": testid }, name);
  return h("a", { href: `#/p/${playerId}`, "data-testid": testid, "data-player-id": playerId }, name);
}

function problemText(err: unknown): string {
  return err instanceof ApiError ? `${err.code}: ${err.detail}` : String(err);
}

function matchRow(m: MatchSummary, me: string): HTMLLIElement {
  const mySide: Side = m.players.white.playerId === me ? "white" : "black";
  const other = m.players[mySide === "white" ? "black" : "white"];
  const mine = m.players[mySide];
  const result = m.winner === null ? "abandoned" : m.winner === mySide ? "won" : "lost";
  const change =
    mine.ratingBefore !== null && mine.ratingAfter !== null
      ? ` · rating ${Math.round(mine.ratingBefore)} → ${Math.round(mine.ratingAfter)}`
      : m.rated ? "" : " · casual";
  return h(
    "li",
    { "data-testid": "match", "data-table-id": m.tableId },
    h("span", {}, `${result} vs `, playerLink(other.name, other.playerId, "opponent"), ` · ${POOL_NAMES.get(m.pool) ?? m.pool}, to ${m.length}`),
    h("span", { class: "muted" }, `${m.score.white}–${m.score.black}${change} · ${new Date(m.endedAt).toLocaleString()}`),
    replayLink(m.tableId),
  );
}

export function mountProfile(root: HTMLElement, visitor: Visitor, playerId: string, onSession: (v: Visitor) => void): () => void {
  clear(root);
  let live = true;
  const card = h("section", { class: "card", "data-testid": "profile" }, h("p", {}, "Loading…"));
  root.append(card);
  void (async () => {
    try {
      const [player, page] = await Promise.all([visitor.api.getPlayer(playerId), visitor.api.getPlayerMatches(playerId, { limit: 20 })]);
      if (!live) return;
      clear(card);
      card.append(
        h("h2", { "data-testid": "profile-name" }, player.name),
        h("p", { class: "muted", "data-testid": "profile-kind" }, kindText(player), ` · ${player.counts.matches} matches, ${player.counts.wins} won, ${player.counts.losses} lost`),
        ratingsTable(player),
        diceStatsLink(player.id),
        h("h2", {}, "Recent matches"),
        page.matches.length === 0
          ? h("p", { class: "muted", "data-testid": "no-matches" }, "No matches yet.")
          : h("ul", { class: "tables", "data-testid": "matches" }, ...page.matches.map((m) => matchRow(m, player.id))),
      );
      if (visitor.me?.id === player.id) root.append(accountCard(visitor, player, onSession));
    } catch (err) {
      if (live) card.replaceChildren(h("p", { class: "error", "data-testid": "profile-error" }, problemText(err)));
    }
  })();
  return () => {
    live = false;
  };
}

function kindText(player: PlayerProfile): string {
  if (player.kind === "deleted") return "deleted account";
  return player.kind === "guest" ? "guest" : "member";
}

function ratingsTable(player: PlayerProfile): HTMLElement {
  if (player.ratings.length === 0) return h("p", { class: "muted", "data-testid": "no-ratings" }, "No rated matches yet.");
  return h(
    "table",
    { "data-testid": "ratings" },
    h("tr", {}, h("th", {}, "Rules"), h("th", {}, "Rating"), h("th", {}, "RD"), h("th", {}, "Games")),
    ...player.ratings.map((r) =>
      h(
        "tr",
        { "data-testid": `rating-${r.pool}` },
        h("td", {}, POOL_NAMES.get(r.pool) ?? r.pool),
        h("td", { "data-testid": "rating" }, `${Math.round(r.rating)}${r.provisional ? "?" : ""}`),
        h("td", {}, String(Math.round(r.rd))),
        h("td", {}, String(r.games)),
      ),
    ),
  );
}

/** The visitor's own account: claim a name (guest), log in as someone else, rename, log out. */
function accountCard(visitor: Visitor, player: PlayerProfile, onSession: (v: Visitor) => void): HTMLElement {
  const message = h("p", { class: "error", "data-testid": "account-error" });
  const name = h("input", { "data-testid": "account-name", maxlength: 24, placeholder: "name", autocomplete: "username" });
  const password = h("input", { "data-testid": "account-password", type: "password", placeholder: "password (8+ characters)", autocomplete: "current-password" });
  const run = (action: () => Promise<Visitor>) => () => {
    message.textContent = "";
    void action().then(onSession, (err: unknown) => (message.textContent = problemText(err)));
  };
  const anonymous = visitor.api.withSession(undefined);
  const credentials = () => ({ name: name.value.trim(), password: password.value });
  const buttons = [
    player.kind === "guest"
      ? button("Claim this name", "claim", run(async () => ({ ...visitor, me: await visitor.api.claim(credentials()) })), "primary")
      : button("Rename", "rename", run(async () => ({ ...visitor, me: await visitor.api.rename(name.value.trim()) }))),
    button("Log in", "login", run(async () => signedIn(anonymous, await anonymous.logIn(credentials())))),
    button("Log out", "logout", run(async () => {
      await visitor.api.logOut();
      forgetSession();
      return { api: anonymous, me: null };
    })),
  ];
  return h(
    "section",
    { class: "card", "data-testid": "account" },
    h("h2", {}, "Your account"),
    h("p", { class: "muted" }, player.kind === "guest" ? "Claim a name with a password to keep this player on other devices." : "Log in elsewhere with your name and password."),
    h("div", { class: "row" }, name, password),
    h("div", { class: "row" }, ...buttons),
    message,
  );
}

export function mountLeaderboard(root: HTMLElement, api: NardiClient, pool: string): () => void {
  clear(root);
  let live = true;
  const tabs = h("div", { class: "row" }, ...PRESETS.map(([id, label]) => h("a", { href: `#/leaders/${id}`, class: id === pool ? "current" : null, "data-testid": `pool-${id}` }, label.replace(/ \(.*/, ""))));
  const body = h("div", { "data-testid": "leaderboard" }, h("p", {}, "Loading…"));
  root.append(h("section", { class: "card" }, h("h2", {}, `Leaderboard: ${POOL_NAMES.get(pool as never) ?? pool}`), tabs, body));
  void (async () => {
    try {
      const board = await api.getLeaderboard(pool, { limit: 50 });
      if (!live) return;
      clear(body);
      if (board.entries.length === 0) {
        body.append(h("p", { class: "muted", "data-testid": "no-leaders" }, "Nobody has an established rating here yet (a rating counts after enough rated matches)."));
        return;
      }
      body.append(
        h(
          "table",
          {},
          h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Games")),
          ...board.entries.map((e) =>
            h("tr", { "data-testid": "leader" }, h("td", {}, String(e.rank)), h("td", {}, playerLink(e.name, e.playerId)), h("td", {}, String(Math.round(e.rating))), h("td", {}, String(e.games))),
          ),
        ),
      );
    } catch (err) {
      if (live) body.replaceChildren(h("p", { class: "error" }, problemText(err)));
    }
  })();
  return () => {
    live = false;
  };
}
