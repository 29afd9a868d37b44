/**
 * The lobby: create a table (preset, match length, reconnect window, spectators, a person or the computer),
 * the list of open tables to join, and the join page an invite link opens.
 */
import type { NardiClient, PlayerProfile, SeatGrant, TableSummary } from "../client";
import { ApiError } from "../client";
import type { PresetName } from "../engine/types";
import { TIME_CONTROL_NAMES, type BotLevelName } from "../protocol";
import { stakeField, stakeLine, stakeListed } from "./coins";
import { points } from "./describe";
import { mountQuickPlay } from "./quick";
import { button, clear, field, h, select } from "./dom";
import { loadName, loadSeat, saveName, saveSeat } from "./store";

export const PRESETS: Array<[PresetName, string]> = [
  ["georgian-short", "Georgian short nardi (koks, no cube)"],
  ["backgammon", "Backgammon (short, koks, cube)"],
  ["federation-long", "Federation long nardi (koks, cube)"],
  ["armenian-long", "Armenian long nardi (no koks, no cube)"],
];

function keepSeat(grant: SeatGrant): void {
  saveSeat({ tableId: grant.tableId, seat: grant.seat, token: grant.token, ...(grant.invite ? { invite: grant.invite } : {}) });
}

/** The name typed in `input` (or "Player"), remembered for the next table. At a table it links to the visitor's profile; a rated table shows the player's own name instead. */
function playerName(input: HTMLInputElement): string {
  const player = input.value.trim() || "Player";
  saveName(player);
  return player;
}

function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === "TABLE_FULL") return "That table is already full.";
    if (err.code === "TABLE_NOT_FOUND") return "There is no such table.";
    if (err.code === "BAD_INVITE") return "This invite link is not valid for this table: ask the host for a new one.";
    if (err.code === "RATE_LIMITED") return "Too many tables or joins from your address: wait a minute and try again.";
    return `${err.code}: ${err.detail}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** The computer levels offered, strongest first (docs/bots.md). */
const BOT_LEVEL_CHOICES: Array<[BotLevelName, string]> = [
  ["expert", "expert"],
  ["intermediate", "intermediate"],
  ["beginner", "beginner (random)"],
];

export function mountLobby(root: HTMLElement, api: NardiClient, player: PlayerProfile | null = null): () => void {
  clear(root);
  const stopQuickPlay = mountQuickPlay(root, api, player);
  // Rated tables need a player (a session); the page has one unless the players' database is unreachable.
  const rated = h("input", { type: "checkbox", "data-testid": "rated", disabled: !player });
  const ratedField = field("Rated (changes both ratings)", rated);
  const syncRated = () => {
    ratedField.hidden = opponent.value === "bot";
    if (opponent.value === "bot") rated.checked = false;
  };
  const name = h("input", { "data-testid": "name", name: "name", maxlength: 32, value: loadName(player?.name ?? "Player"), autocomplete: "nickname" });
  const preset = select("preset", PRESETS, "georgian-short");
  const length = select("length", [["1", "1 point"], ["3", "3 points"], ["5", "5 points"], ["7", "7 points"]], "1");
  const reconnect = select(
    "reconnect",
    [["30", "30 seconds"], ["60", "1 minute"], ["120", "2 minutes"], ["300", "5 minutes"], ["900", "15 minutes"]],
    "60",
  );
  const clock = select(
    "time-control",
    [
      ["blitz", "blitz: 6 s per move + 30 s per point"],
      ["standard", "standard: 12 s per move + 2 min per point"],
      ["correspondence", "correspondence: a day per move"],
      ["untimed", "untimed: an hour per move"],
    ],
    "standard",
  );
  const spectators = h("input", { type: "checkbox", "data-testid": "spectators", checked: true });
  const opponent = select("opponent", [["human", "a person (invite link)"], ["bot", "the computer"]], "human");
  const botLevel = select("bot-level", BOT_LEVEL_CHOICES, "expert");
  const botField = field("Computer level", botLevel);
  // Playing a friend: private by default, so only the invite link (which carries the secret) can take the seat.
  const privacy = h("input", { type: "checkbox", "data-testid": "private", checked: true });
  const privateField = field("Private (invite link only, not listed)", privacy);
  const syncBot = () => {
    botField.hidden = opponent.value !== "bot";
    privateField.hidden = opponent.value === "bot";
  };
  opponent.addEventListener("change", syncBot);
  opponent.addEventListener("change", syncRated);
  syncBot();
  syncRated();
  const stake = stakeField(api, player);
  const createError = h("p", { class: "error", "data-testid": "create-error" });
  const create = button(
    "Create table",
    "create",
    () => {
      void (async () => {
        create.disabled = true;
        createError.textContent = "";
        try {
          const grant = await api.createTable({
            preset: preset.value as PresetName,
            length: Number(length.value),
            reconnectSeconds: Number(reconnect.value),
            timeControl: TIME_CONTROL_NAMES.find((n) => n === clock.value) ?? "standard",
            spectators: spectators.checked,
            private: opponent.value !== "bot" && privacy.checked,
            opponent: opponent.value === "bot" ? "bot" : "human",
            botLevel: BOT_LEVEL_CHOICES.find(([level]) => level === botLevel.value)?.[0] ?? "expert",
            name: playerName(name),
            rated: rated.checked,
            ...(opponent.value === "bot" ? {} : { stake: stake.stake() }),
          });
          keepSeat(grant);
          location.hash = `#/t/${grant.tableId}`;
        } catch (err) {
          createError.textContent = errorMessage(err);
          create.disabled = false;
        }
      })();
    },
    "primary",
  );

  const list = h("ul", { class: "tables", "data-testid": "open-tables" });
  const listError = h("p", { class: "error", "data-testid": "list-error" });
  async function refresh(): Promise<void> {
    listError.textContent = "";
    try {
      const tables = await api.listOpenTables();
      clear(list);
      if (tables.length === 0) list.append(h("li", { class: "muted", "data-testid": "no-tables" }, "No open tables right now."));
      for (const t of tables) list.append(tableRow(t));
    } catch (err) {
      listError.textContent = errorMessage(err);
    }
  }
  function tableRow(t: TableSummary): HTMLLIElement {
    const summary = h("span", {}, h("strong", {}, t.ruleset.preset), ` · match to ${t.length} · host ${t.host}`, stakeListed(t) ? ` · ${stakeListed(t)}` : "");
    if (loadSeat(t.id)) {
      // This browser created it: open it rather than sit down against oneself.
      const open = button("Open (yours)", `open-${t.id}`, () => (location.hash = `#/t/${t.id}`));
      return h("li", { "data-testid": "open-table", "data-table-id": t.id }, summary, open);
    }
    const join = button("Join", `join-${t.id}`, () => {
      void (async () => {
        join.disabled = true;
        try {
          keepSeat(await api.joinTable(t.id, { name: playerName(name) }));
          location.hash = `#/t/${t.id}`;
        } catch (err) {
          listError.textContent = errorMessage(err);
          void refresh();
        }
      })();
    });
    return h("li", { "data-testid": "open-table", "data-table-id": t.id }, summary, join);
  }

  root.append(
    h(
      "section",
      { class: "card" },
      h("h2", {}, "New table"),
      field("Your name", name),
      field("Rules", preset),
      field("Match length", length),
      field("Clock", clock),
      field("Reconnect window", reconnect),
      field("Spectators allowed", spectators),
      field("Opponent", opponent),
      privateField,
      botField,
      ratedField,
      stake.field,
      h("div", { class: "row" }, create),
      createError,
    ),
    h(
      "section",
      { class: "card" },
      h("div", { class: "row" }, h("h2", {}, "Open tables"), button("Refresh", "refresh", () => void refresh())),
      list,
      listError,
    ),
  );
  void refresh();
  return stopQuickPlay;
}

/**
 * The page an invite link opens when this browser has no seat at the table: join it (a private table with the
 * link's invite secret), or watch it.
 */
export function mountJoin(root: HTMLElement, api: NardiClient, tableId: string, invite: string | null, onSeated: () => void, player: PlayerProfile | null = null): () => void {
  clear(root);
  const info = h("p", { "data-testid": "join-info" }, "Looking up the table…");
  const err = h("p", { class: "error", "data-testid": "join-error" });
  const card = h("section", { class: "card" }, h("h2", {}, "Join a table"), info, err);
  root.append(card);
  let live = true;
  void (async () => {
    try {
      const t = await api.getTable(tableId);
      if (!live) return;
      const host = t.players.white?.name ?? "someone";
      const watch = h("a", { href: `#/watch/${tableId}`, "data-testid": "watch" }, "Watch this table");
      if (t.status !== "waiting") {
        info.textContent = `This table is ${t.status === "playing" ? "full: the match is under way" : "finished"}.`;
        if (t.spectators) card.append(h("p", {}, watch));
        return;
      }
      if (t.private && invite === null) {
        info.textContent = `This table is private: ask ${host} for the invite link.`;
        if (t.spectators) card.append(h("p", {}, watch));
        return;
      }
      info.textContent = `${host} invites you to ${t.rated ? "a rated game of " : ""}${t.ruleset.preset}, a match to ${points(t.length)}. You play Black.`;
      if (t.stake) info.after(stakeLine(t));
      const name = h("input", { "data-testid": "name", maxlength: 32, value: loadName(player?.name ?? "Player") });
      const join = button(
        "Join as Black",
        "join",
        () => {
          void (async () => {
            join.disabled = true;
            try {
              keepSeat(await api.joinTable(tableId, { name: playerName(name), ...(invite === null ? {} : { invite }) }));
              onSeated();
            } catch (e) {
              err.textContent = errorMessage(e);
              join.disabled = false;
            }
          })();
        },
        "primary",
      );
      card.append(field("Your name", name), h("div", { class: "row" }, join));
      if (t.spectators) card.append(h("p", {}, watch));
    } catch (e) {
      if (live) err.textContent = errorMessage(e);
    }
  })();
  return () => {
    live = false;
  };
}
