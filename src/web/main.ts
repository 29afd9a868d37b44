/**
 * The browser client's entry: the header (language switch, rules, leaderboards, the visitor) and a hash router.
 *   #/            the lobby (play now, a friend, the computer; open tables and matches being played, live)
 *   #/t/<id>      a table: play it with the seat stored for it, or the join page when there is none
 *   #/t/<id>/<invite>  the same, from a private table's invite link (the secret never leaves the fragment)
 *   #/watch/<id>  watch a table as a spectator
 *   #/p/<id>      a player's profile (the visitor's own: also claim a name, log in, log out)
 *   #/leaders/<preset>  the leaderboard of a rule set
 *   #/coins       the visitor's Domino Coins: balance and transfer history
 *   #/friends     friends, follows, followers, blocks, who may challenge the visitor (./friends.ts)
 *   #/replay/<id>[/<seq>]  the replay of a table's match, at one position
 *   #/verify/<id> recompute every roll of a match (fair dice);  #/dice/<playerId>  a player's dice statistics
 *   #/rules/long, #/rules/short  the rules of a variant; #/glossary[/<term>] the glossary
 *   #/admin[/<section>[/<arg>]]  the staff pages (./admin.ts): a "staff only" page for anyone the API refuses
 * Anything else is the "unknown page" error page. Seats ({tableId, seat, token}) live in localStorage, so a reload
 * or a new tab resumes the same seat. The visitor is a player from the first visit (a guest, ./session.ts).
 * Changing the language re-renders the current screen.
 */
import { NardiClient } from "../client";
import { isStaff, mountAdmin } from "./admin";
import { challengesBar } from "./challenge";
import { balanceBadge, mountTransfers, refreshBalance } from "./coins";
import { h } from "./dom";
import { mountError } from "./errors";
import { mountFriends } from "./friends";
import { mountGame } from "./game";
import { mountGlossary } from "./glossary";
import { LANGUAGE_NAMES, LANGUAGES, language, onLanguageChange, setLanguage, t } from "./i18n";
import { mountJoin, mountLobby } from "./lobby";
import { mountLeaderboard, mountProfile } from "./players";
import { keepChannel } from "./presence-channel";
import { mountReplay } from "./replay";
import { isVariant, mountRules } from "./rules";
import { visitor, type Visitor } from "./session";
import { siteBanner } from "./site-banner";
import { loadSeat } from "./store";
import { mountDiceStats, mountVerify } from "./verify";

const anonymous = new NardiClient(location.origin);
let you: Visitor = { api: anonymous, me: null };
let api = anonymous;
let visitorKnown = false;
/** Whether the admin API accepts the visitor (asked once per visitor; it decides, the page only shows the link). */
let staff = false;

const header = document.querySelector("header.top");
const nav = h("nav", { class: "top-links" });
const meEl = h("a", { "data-testid": "me", class: "me" });
const languageSelect = h("select", { "data-testid": "language", class: "language", "aria-label": t("nav.language") });
for (const lang of LANGUAGES) languageSelect.append(h("option", { value: lang, lang }, LANGUAGE_NAMES[lang]));
languageSelect.addEventListener("change", () => {
  const lang = LANGUAGES.find((l) => l === languageSelect.value);
  if (lang) setLanguage(lang);
});
header?.querySelector(".conn")?.before(nav, languageSelect);
// What the operators' site switch stops now, on every page (read again on each page change).
const banner = siteBanner(() => api);
header?.after(banner.el);
// The open challenges, at once from the player's channel, on every page.
banner.el.after(challengesBar().el);

/** The header's words, in the current language. */
function renderHeader(): void {
  document.documentElement.lang = language();
  document.title = t("app.name");
  languageSelect.value = language();
  languageSelect.setAttribute("aria-label", t("nav.language"));
  const brand = header?.querySelector<HTMLAnchorElement>("a.brand");
  if (brand) brand.textContent = t("app.name");
  nav.replaceChildren(
    h("a", { href: "#/rules/long", "data-testid": "rules" }, t("nav.rules")),
    h("a", { href: "#/leaders/georgian-short", "data-testid": "leaders" }, t("nav.leaders")),
    // The Domino Coins balance, once the visitor is known (made again so its words follow the language).
    ...(visitorKnown ? [balanceBadge(api)] : []),
    ...(you.me ? [h("a", { href: "#/friends", "data-testid": "friends-link" }, t("friends.nav"))] : []),
    ...(staff ? [h("a", { href: "#/admin", "data-testid": "admin-link", class: "admin-link" }, t("nav.admin"))] : []),
    meEl,
  );
}

function setVisitor(v: Visitor): void {
  you = v;
  api = v.api;
  visitorKnown = true;
  // Another visitor (a log-in, a log-out): no link until the API has answered for them.
  staff = false;
  meEl.textContent = v.me ? v.me.name : "";
  keepChannel(v.me?.id ?? null);
  renderHeader();
  if (v.me) meEl.setAttribute("href", `#/p/${v.me.id}`);
  else meEl.removeAttribute("href");
  void isStaff(v.api, v.me).then((yes) => {
    if (you !== v || yes === staff) return;
    staff = yes;
    renderHeader();
  });
}
const root = document.getElementById("app") as HTMLElement;
const connectionEl = document.querySelector<HTMLElement>("[data-testid=connection]") ?? h("span");
let unmount: () => void = () => undefined;

const TABLE_ID = /^[A-Za-z0-9_-]{16,64}$/;

function route(): void {
  refreshBalance();
  banner.refresh();
  unmount();
  unmount = () => undefined;
  root.replaceChildren();
  root.removeAttribute("aria-busy");
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  const [screen, id, invite] = parts;
  if (!screen) {
    unmount = mountLobby(root, api, you.me);
    return;
  }
  if (screen === "p" && id && TABLE_ID.test(id)) {
    unmount = mountProfile(root, you, id, (v) => {
      setVisitor(v);
      if (v.me) location.hash = `#/p/${v.me.id}`;
      route();
    });
    return;
  }
  if (screen === "admin") {
    unmount = mountAdmin(root, api, id, invite);
    return;
  }
  if (screen === "friends") {
    unmount = mountFriends(root, you.me);
    return;
  }
  if (screen === "coins") {
    unmount = mountTransfers(root, api);
    return;
  }
  if (screen === "leaders" && id) {
    unmount = mountLeaderboard(root, api, id);
    return;
  }
  if (screen === "replay" && id && TABLE_ID.test(id)) {
    unmount = mountReplay(root, { api, tableId: id, token: loadSeat(id)?.token ?? null, at: /^\d+$/.test(parts[2] ?? "") ? Number(parts[2]) : null });
    return;
  }
  if (screen === "rules" && isVariant(id)) {
    unmount = mountRules(root, id);
    return;
  }
  if (screen === "glossary") {
    unmount = mountGlossary(root, id);
    return;
  }
  if (screen === "t" || screen === "watch") {
    if (!id || !TABLE_ID.test(id)) {
      unmount = mountError(root, invite ? "bad-invite" : "unknown-table");
      return;
    }
    const seat = screen === "t" ? loadSeat(id) : null;
    if (screen === "t" && !seat) {
      unmount = mountJoin(root, api, id, invite || null, route, you.me);
      return;
    }
    unmount = mountGame(root, { api, tableId: id, seat, connectionEl });
    return;
  }
  if ((screen === "verify" || screen === "dice") && id && TABLE_ID.test(id)) {
    unmount = screen === "verify" ? mountVerify(root, api, id) : mountDiceStats(root, api, id);
    return;
  }
  unmount = mountError(root, "unknown-page");
}

renderHeader();
onLanguageChange(() => {
  renderHeader();
  banner.render();
  route();
});
window.addEventListener("hashchange", route);
void visitor(anonymous).then((v) => {
  setVisitor(v);
  route();
});
