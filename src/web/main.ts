/**
 * The browser client's entry: a hash router over three screens.
 *   #/            the lobby (create a table, open tables)
 *   #/t/<id>      a table: play it with the seat stored for it, or the join page when there is none
 *   #/t/<id>/<invite>  the same, from a private table's invite link (the secret never leaves the fragment)
 *   #/watch/<id>  watch a table as a spectator
 * Seats ({tableId, seat, token}) live in localStorage, so a reload or a new tab resumes the same seat.
 */
import { NardiClient } from "../client";
import { clear, h } from "./dom";
import { mountGame } from "./game";
import { mountJoin, mountLobby } from "./lobby";
import { loadSeat } from "./store";

const api = new NardiClient(location.origin);
const root = document.getElementById("app") as HTMLElement;
const connectionEl = document.querySelector<HTMLElement>("[data-testid=connection]") ?? h("span");
let unmount: () => void = () => undefined;

const TABLE_ID = /^[A-Za-z0-9_-]{16,64}$/;

function route(): void {
  unmount();
  unmount = () => undefined;
  clear(root);
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  const [screen, id, invite] = parts;
  if ((screen === "t" || screen === "watch") && id && TABLE_ID.test(id)) {
    const seat = screen === "t" ? loadSeat(id) : null;
    if (screen === "t" && !seat) {
      unmount = mountJoin(root, api, id, invite || null, route);
      return;
    }
    unmount = mountGame(root, { api, tableId: id, seat, connectionEl });
    return;
  }
  if (screen && screen !== "") {
    root.append(h("p", { class: "error" }, "Unknown page."), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  unmount = mountLobby(root, api);
}

window.addEventListener("hashchange", route);
route();
