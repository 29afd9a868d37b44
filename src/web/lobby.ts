/**
 * The lobby: three big choices (play now, play a friend, play the computer) with the rules in words and the
 * advanced options folded away; the open tables and the matches being played now, kept live by the lobby's feed
 * (a WebSocket, docs/protocol.md "The lobby feed"); the count of players online. Also the join page an invite
 * link opens.
 */
import { LobbyFeedConnection, type LobbySnapshot, type NardiClient, type PlayerProfile, type PlayingSummary, type SeatGrant, type TableSummary } from "../client";
import { ApiError } from "../client";
import type { PresetName } from "../engine/types";
import { TIME_CONTROL_NAMES, type BotLevelName, type TimeControlName } from "../protocol";
import { followAccountSeat, guestNotice, seatNameNote } from "./accounts";
import { stakeField, stakeLine, stakeListed } from "./coins";
import { ratedBadge, ratingBadge } from "./seat-rating";
import { mountQuickPlay } from "./quick";
import { renderSeeks } from "./seeks";
import { button, clear, field, h, select } from "./dom";
import { mountError, problemMessage } from "./errors";
import { rich, rulesNav } from "./glossary";
import { language, t } from "./i18n";
import { displayName, levelName, PRESET_NAMES, presetAbout, presetName, presetVariant, timeControlName } from "./names";
import { loadName, loadSeat, saveName, saveSeat } from "./store";

function keepSeat(grant: SeatGrant): void {
  saveSeat({ tableId: grant.tableId, seat: grant.seat, token: grant.token, ...(grant.invite ? { invite: grant.invite } : {}) });
}

/** The name typed in `input` (or the default), remembered for the next table. */
function playerName(input: HTMLInputElement): string {
  const player = input.value.trim() || t("lobby.defaultName");
  saveName(player);
  return player;
}

/** The computer levels offered, strongest first (docs/bots.md). */
const BOT_LEVELS: readonly BotLevelName[] = ["expert", "intermediate", "beginner"];
const LENGTHS = [1, 3, 5, 7];
const RECONNECT_SECONDS = [30, 60, 120, 300, 900];

function waitTime(seconds: number): string {
  return seconds < 60 ? t("lobby.seconds", { count: seconds }) : t("lobby.minutes", { count: seconds / 60 });
}

type Choice = "quick" | "friend" | "computer";

/**
 * The player's cooldown after abandoned matches (GET /v1/me/cooldown, docs/fair-play.md), shown with its end time
 * while it runs: the server refuses new tables, joins and seeks until then, so the player knows before trying.
 */
function cooldownNotice(api: NardiClient, player: PlayerProfile | null): HTMLElement {
  const notice = h("p", { class: "notice", role: "status", "data-testid": "cooldown-notice", hidden: true });
  if (!player) return notice;
  void api.getCooldown().then(
    (cooldown) => {
      if (cooldown.until === null) return;
      const time = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(cooldown.until));
      notice.textContent = t("fairplay.cooldownNotice", { time });
      notice.setAttribute("data-until", String(cooldown.until));
      notice.hidden = false;
    },
    () => undefined,
  );
  return notice;
}

/**
 * The lobby's live feed (the diff shape, kept by the client's `LobbyFeedConnection`): reconnects while the lobby is
 * shown, at once after a gap in the diffs, and otherwise after 1, 2, 5 and then every 10 s, reading the lists over
 * HTTP once per try.
 */
function followLobby(api: NardiClient, show: (s: LobbySnapshot) => void, onOnline: (n: number) => void, onLive: (live: boolean) => void): () => void {
  const feed = new LobbyFeedConnection(api, { lists: show, online: onOnline, live: onLive });
  return () => feed.close();
}

export function mountLobby(root: HTMLElement, api: NardiClient, player: PlayerProfile | null = null): () => void {
  clear(root);
  const online = h("p", { class: "online", "data-testid": "online", "aria-live": "polite" });
  const showOnline = (n: number) => (online.textContent = t("lobby.online", { count: n }));

  // ── the three choices ──
  const panels: Record<Choice, HTMLElement> = {
    quick: h("div", { class: "panel", "data-testid": "panel-quick", id: "panel-quick", role: "tabpanel" }),
    friend: h("div", { class: "panel", "data-testid": "panel-friend", id: "panel-friend", role: "tabpanel" }),
    computer: h("div", { class: "panel", "data-testid": "panel-computer", id: "panel-computer", role: "tabpanel" }),
  };
  const choiceButtons = (["quick", "friend", "computer"] as const).map((choice) => {
    const b = h(
      "button",
      { type: "button", class: "choice", role: "tab", "data-testid": `choice-${choice}`, "aria-controls": `panel-${choice}`, id: `tab-${choice}` },
      h("strong", {}, t(`lobby.choice.${choice}`)),
      h("span", {}, t(`lobby.choice.${choice}.about`)),
    );
    b.addEventListener("click", () => choose(choice));
    return b;
  });
  // The lobby opens on "Play now": the quickest way to a match is the one already chosen.
  let mode: Choice = "quick";

  // The pools with someone waiting, from the panel's reads of the counts; a row's button seeks there.
  const seeksList = h("ul", { class: "tables seeks", "data-testid": "open-seeks", "aria-live": "polite" });
  renderSeeks(seeksList, [], player, () => undefined);
  const stopQuickPlay = mountQuickPlay(panels.quick, api, player, (pools, seekIn) =>
    renderSeeks(seeksList, pools, player, (c) => {
      choose("quick");
      seekIn(c);
    }),
  );
  const cooldown = cooldownNotice(api, player);

  // ── the form shared by "a friend" and "the computer" ──
  const name = h("input", { "data-testid": "name", name: "name", id: "f-name", maxlength: 32, value: loadName(player?.name ?? t("lobby.defaultName")), autocomplete: "nickname" });
  const preset = select("preset", PRESET_NAMES.map((p) => [p, presetName(p)] as const), "georgian-short");
  const about = h("span", { class: "hint", "data-testid": "preset-about" });
  const rulesLink = h("a", { class: "hint", "data-testid": "preset-rules" }, t("lobby.rulesLink"));
  const showAbout = () => {
    about.replaceChildren(...rich(presetAbout(preset.value)));
    rulesLink.setAttribute("href", `#/rules/${presetVariant(preset.value) ?? "short"}`);
  };
  preset.addEventListener("change", showAbout);
  showAbout();
  const length = select("length", LENGTHS.map((n) => [String(n), t("common.points", { count: n })] as const), "1");
  const botLevel = select("bot-level", BOT_LEVELS.map((l) => [l, levelName(l)] as const), "expert");
  const botField = field(t("lobby.level"), botLevel);
  // Playing a friend: private by default, so only the invite link (which carries the secret) can take the seat.
  const privacy = h("input", { type: "checkbox", "data-testid": "private", checked: true });
  const privateField = h("label", { class: "check" }, privacy, h("span", {}, t("lobby.private")));
  const clock = select("time-control", TIME_CONTROL_NAMES.map((n) => [n, timeControlName(n)] as const), "standard");
  const reconnect = select("reconnect", RECONNECT_SECONDS.map((s) => [String(s), waitTime(s)] as const), "60");
  const spectators = h("input", { type: "checkbox", "data-testid": "spectators", checked: true });
  // Rated tables need a player (a session; the page has one unless the players' database is unreachable) with a
  // claimed name: a guest's choice is disabled with a hint (docs/fair-play.md).
  const guest = player?.kind === "guest";
  const rated = h("input", { type: "checkbox", "data-testid": "rated", disabled: !player || guest });
  const ratedField = h(
    "label",
    { class: "check" },
    rated,
    h("span", {}, t("lobby.rated")),
    guest ? h("small", { class: "muted", "data-testid": "rated-hint" }, t("fairplay.claimForRated")) : null,
  );
  // A friend's table may carry a Domino Coins stake (./coins.ts); the computer plays for nothing.
  const stake = stakeField(api, player);
  const createError = h("p", { class: "error", "data-testid": "create-error", role: "alert" });
  const create = button(t("lobby.create.friend"), "create", () => void createTable(), "primary big");
  // At a rated or stake table the seat shows the account's name: the name field gives way to a line saying so.
  const nameField = field(t("lobby.name"), name);
  const seatNote = seatNameNote(player);
  const form = h(
    "div",
    { class: "new-table" },
    nameField,
    seatNote,
    field(t("lobby.rules"), preset, h("span", { class: "hints" }, about, rulesLink)),
    field(t("lobby.length"), length),
    botField,
    privateField,
    ratedField,
    stake.field,
    h(
      "details",
      { class: "advanced", "data-testid": "advanced" },
      h("summary", {}, t("lobby.advanced")),
      field(t("lobby.clock"), clock),
      field(t("lobby.reconnect"), reconnect),
      h("label", { class: "check" }, spectators, h("span", {}, t("lobby.spectators"))),
    ),
    h("div", { class: "row" }, create),
    createError,
  );
  const showSeatName = followAccountSeat(form, nameField, seatNote, () => player !== null && !guest && mode !== "computer" && (rated.checked || stake.stake() !== undefined));

  function choose(choice: Choice): void {
    mode = choice;
    for (const b of choiceButtons) {
      const on = b.dataset.testid === `choice-${choice}`;
      b.setAttribute("aria-selected", String(on));
      b.classList.toggle("on", on);
    }
    for (const [key, panel] of Object.entries(panels)) panel.hidden = key !== choice;
    if (choice !== "quick") panels[choice].append(form);
    const bot = choice === "computer";
    botField.hidden = !bot;
    privateField.hidden = bot;
    ratedField.hidden = bot;
    stake.field.hidden = bot;
    if (bot) rated.checked = false;
    showSeatName();
    create.textContent = t(bot ? "lobby.create.computer" : "lobby.create.friend");
  }

  async function createTable(): Promise<void> {
    create.disabled = true;
    createError.textContent = "";
    const bot = mode === "computer";
    try {
      const grant = await api.createTable({
        preset: preset.value as PresetName,
        length: Number(length.value),
        reconnectSeconds: Number(reconnect.value),
        timeControl: TIME_CONTROL_NAMES.find((n): n is TimeControlName => n === clock.value) ?? "standard",
        spectators: spectators.checked,
        private: !bot && privacy.checked,
        opponent: bot ? "bot" : "human",
        botLevel: BOT_LEVELS.find((l) => l === botLevel.value) ?? "expert",
        name: playerName(name),
        rated: !bot && rated.checked,
        ...(bot ? {} : { stake: stake.stake() }),
      });
      keepSeat(grant);
      location.hash = `#/t/${grant.tableId}`;
    } catch (err) {
      createError.textContent = problemMessage(err);
      create.disabled = false;
    }
  }

  // ── open tables and matches being played now, live ──
  const openList = h("ul", { class: "tables", "data-testid": "open-tables", "aria-live": "polite" });
  const playingList = h("ul", { class: "tables", "data-testid": "playing-tables" });
  const listError = h("p", { class: "error", "data-testid": "list-error", role: "alert" });
  const feedState = h("span", { class: "feed", "data-testid": "feed", "data-live": "false" });

  function showLobby(s: LobbySnapshot): void {
    showOnline(s.online);
    openList.replaceChildren(...(s.open.length === 0 ? [h("li", { class: "muted", "data-testid": "no-tables" }, t("lobby.open.none"))] : s.open.map(openRow)));
    playingList.replaceChildren(
      ...(s.playing.length === 0 ? [h("li", { class: "muted", "data-testid": "no-playing" }, t("lobby.playing.none"))] : s.playing.map(playingRow)),
    );
  }
  function openRow(table: TableSummary): HTMLLIElement {
    const summary = h(
      "span",
      {},
      h("strong", {}, presetName(table.ruleset.preset)),
      " ",
      h("span", { class: "muted" }, t("lobby.open.row", { count: table.length, host: table.host })),
      " ",
      ratingBadge(table.hostRating, `rating-host-${table.id}`, table.host),
      " ",
      ratedBadge(table.rated, `rated-${table.id}`),
      stakeListed(table) ? h("span", { class: "stake" }, " ", stakeListed(table)) : null,
    );
    const row = h("li", { "data-testid": "open-table", "data-table-id": table.id }, summary);
    if (loadSeat(table.id)) {
      // This browser created it: open it rather than sit down against oneself.
      row.append(button(t("lobby.open.yours"), `open-${table.id}`, () => (location.hash = `#/t/${table.id}`)));
      return row;
    }
    const join = button(t("lobby.open.join"), `join-${table.id}`, () => {
      void (async () => {
        join.disabled = true;
        listError.textContent = "";
        try {
          keepSeat(await api.joinTable(table.id, { name: playerName(name) }));
          location.hash = `#/t/${table.id}`;
        } catch (err) {
          listError.textContent = problemMessage(err);
          join.disabled = false;
        }
      })();
    });
    row.append(join);
    return row;
  }
  function playingRow(m: PlayingSummary): HTMLLIElement {
    // The ratings follow the names in their order (White's, then Black's), each titled with its player's name.
    const white = ratingBadge(m.whiteRating, `rating-white-${m.id}`, displayName(m.white));
    const black = ratingBadge(m.blackRating, `rating-black-${m.id}`, displayName(m.black));
    const ratings = white || black ? h("span", { class: "ratings" }, white ?? "–", " – ", black ?? "–") : null;
    return h(
      "li",
      { "data-testid": "playing-table", "data-table-id": m.id },
      h(
        "span",
        {},
        h("strong", {}, t("lobby.playing.players", { white: displayName(m.white), black: displayName(m.black) })),
        " ",
        ratings,
        " ",
        ratedBadge(m.rated, `rated-${m.id}`),
        " ",
        h("span", { class: "muted" }, t("lobby.playing.row", { count: m.length, rules: presetName(m.ruleset.preset) })),
      ),
      h("a", { href: `#/watch/${m.id}`, class: "button", "data-testid": `watch-${m.id}` }, t("lobby.playing.watch")),
    );
  }

  root.append(
    h("section", { class: "lobby-head" }, h("h1", {}, t("lobby.title")), online),
    cooldown,
    // A guest is told, whichever choice is open, that a name keeps its ratings and coins and cleared storage loses it.
    ...[guestNotice(player, true)].filter((x) => x !== null),
    h("div", { class: "choices", role: "tablist", "aria-label": t("lobby.title") }, ...choiceButtons),
    h("section", { class: "card" }, panels.quick, panels.friend, panels.computer),
    h(
      "div",
      { class: "lists" },
      h("section", { class: "card seeks-card" }, h("h2", {}, t("lobby.seeks.title")), seeksList),
      h("section", { class: "card" }, h("h2", {}, t("lobby.open.title"), " ", feedState), openList, listError),
      h("section", { class: "card" }, h("h2", {}, t("lobby.playing.title")), playingList),
    ),
    rulesNav(false),
  );
  choose("quick");
  const stop = followLobby(
    api,
    showLobby,
    showOnline,
    (live) => feedState.setAttribute("data-live", String(live)),
  );
  return () => {
    stop();
    stopQuickPlay();
  };
}

/**
 * The page an invite link opens when this browser has no seat at the table: join it (a private table with the
 * link's invite secret), or watch it. An unknown (or expired) table and a wrong invite get their error pages.
 */
export function mountJoin(root: HTMLElement, api: NardiClient, tableId: string, invite: string | null, onSeated: () => void, player: PlayerProfile | null = null): () => void {
  clear(root);
  const info = h("p", { "data-testid": "join-info" }, t("join.lookingUp"));
  const err = h("p", { class: "error", "data-testid": "join-error", role: "alert" });
  const card = h("section", { class: "card" }, h("h1", {}, t("join.title")), info, err);
  root.append(card);
  let live = true;
  void (async () => {
    try {
      const table = await api.getTable(tableId);
      if (!live) return;
      const host = table.players.white?.name ?? t("join.someone");
      const watch = h("a", { href: `#/watch/${tableId}`, "data-testid": "watch" }, t("join.watch"));
      if (table.status !== "waiting") {
        info.textContent = t(table.status === "playing" ? "join.full" : "join.over");
        if (table.spectators) card.append(h("p", {}, watch));
        return;
      }
      if (table.private && invite === null) {
        info.textContent = t("join.private", { host });
        if (table.spectators) card.append(h("p", {}, watch));
        return;
      }
      const rules = presetName(table.ruleset.preset);
      info.textContent = t(table.rated ? "join.invitesRated" : "join.invites", { host, rules, count: table.length });
      if (table.stake) info.after(stakeLine(table));
      const name = h("input", { "data-testid": "name", id: "f-join-name", maxlength: 32, value: loadName(player?.name ?? t("lobby.defaultName")) });
      const join = button(
        t("join.join"),
        "join",
        () => {
          void (async () => {
            join.disabled = true;
            try {
              keepSeat(await api.joinTable(tableId, { name: playerName(name), ...(invite === null ? {} : { invite }) }));
              onSeated();
            } catch (e) {
              if (e instanceof ApiError && e.code === "BAD_INVITE") {
                mountError(root, "bad-invite");
                return;
              }
              err.textContent = problemMessage(e);
              join.disabled = false;
            }
          })();
        },
        "primary big",
      );
      const accountSeat = player !== null && (table.rated || table.stake !== undefined);
      const note = seatNameNote(player);
      note.hidden = !accountSeat;
      card.append(accountSeat ? note : field(t("lobby.name"), name), h("div", { class: "row" }, join));
      if (table.spectators) card.append(h("p", {}, watch));
    } catch (e) {
      if (!live) return;
      if (e instanceof ApiError && e.code === "TABLE_NOT_FOUND") mountError(root, invite === null ? "unknown-table" : "bad-invite");
      else err.textContent = problemMessage(e);
    }
  })();
  return () => {
    live = false;
  };
}
