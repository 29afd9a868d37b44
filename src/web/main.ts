/**
 * The browser client's entry: a hash router over three screens.
 *   #/            the lobby (create a table, open tables)
 *   #/t/<id>      a table: play it with the seat stored for it, or the join page when there is none
 *   #/t/<id>/<invite>  the same, from a private table's invite link (the secret never leaves the fragment)
 *   #/watch/<id>  watch a table as a spectator
 *   #/p/<id>      a player's profile (the visitor's own: also claim a name, log in, log out)
 *   #/leaders/<preset>  the leaderboard of a rule set
 *   #/coins       the visitor's Domino Coins: balance and transfer history
 *   #/replay/<id>[/<seq>]  the replay of a table's match, at one position
 *   #/verify/<id> recompute every roll of a match (fair dice);  #/dice/<playerId>  a player's dice statistics
 * Seats ({tableId, seat, token}) live in localStorage, so a reload or a new tab resumes the same seat. The
 * visitor is a player from the first visit (a guest, ./session.ts).
 */
import { NardiClient } from "../client";
import { balanceBadge, mountTransfers, refreshBalance } from "./coins";
import { clear, h } from "./dom";
import { mountGame } from "./game";
import { mountJoin, mountLobby } from "./lobby";
import { mountLeaderboard, mountProfile } from "./players";
import { mountReplay } from "./replay";
import { visitor, type Visitor } from "./session";
import { loadSeat } from "./store";
import { mountDiceStats, mountVerify } from "./verify";

const anonymous = new NardiClient(location.origin);
let you: Visitor = { api: anonymous, me: null };
let api = anonymous;
const meEl = h("a", { "data-testid": "me", class: "me" });
document.querySelector("header.top")?.append(h("a", { href: "#/leaders/georgian-short", "data-testid": "leaders", class: "me" }, "Leaderboards"), meEl);

function setVisitor(v: Visitor): void {
  you = v;
  api = v.api;
  meEl.textContent = v.me ? v.me.name : "";
  document.querySelector(".coins-badge")?.remove();
  meEl.before(balanceBadge(v.api));
  if (v.me) meEl.setAttribute("href", `#/p/${v.me.id}`);
  else meEl.removeAttribute("href");
}
const root = document.getElementById("app") as HTMLElement;
const connectionEl = document.querySelector<HTMLElement>("[data-testid=connection]") ?? h("span");
let unmount: () => void = () => undefined;

const TABLE_ID = /^[A-Za-z0-9_-]{16,64}$/;

function route(): void {
  refreshBalance();
  unmount();
  unmount = () => undefined;
  clear(root);
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  const [screen, id, invite] = parts;
  if (screen === "p" && id && TABLE_ID.test(id)) {
    unmount = mountProfile(root, you, id, (v) => {
      setVisitor(v);
      if (v.me) location.hash = `#/p/${v.me.id}`;
      route();
    });
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
  if ((screen === "t" || screen === "watch") && id && TABLE_ID.test(id)) {
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
  if (screen && screen !== "") {
    root.append(h("p", { class: "error" }, "Unknown page."), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  unmount = mountLobby(root, api, you.me);
}

window.addEventListener("hashchange", route);
void visitor(anonymous).then((v) => {
  setVisitor(v);
  route();
});
