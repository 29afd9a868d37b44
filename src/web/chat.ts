/**
 * The chat panel at the table. The two players talk; spectators read (one channel: a player always knows who
 * can read them, and nobody without a seat can post into a match). Lines are shown as text, never as HTML.
 * Against an anonymous guest chat starts off (a click turns it on), except at a private (invite) table, where both
 * players came by the invite and chat is on from the start (and so again after a reload, with the stored lines);
 * the opponent can be muted, remembered in localStorage by their player id (or name, for seats without one).
 */
import type { Side } from "../engine/types";
import { CommandError, type NardiClient, type TableConnection } from "../client";
import { CHAT_LIMITS, isErrorCode, type ChatLine, type ErrorCode, type TableView } from "../protocol";
import { button, clear, h } from "./dom";
import { t, type MessageKey } from "./i18n";
import { opponentTarget, reportButton, type ReportTarget } from "./report";

const MUTED_KEY = "nardi.muted";

function mutedSet(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(MUTED_KEY) ?? "[]");
    return new Set(Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : []);
  } catch {
    return new Set();
  }
}

function setMuted(who: string, muted: boolean): void {
  const set = mutedSet();
  if (muted) set.add(who);
  else set.delete(who);
  try {
    localStorage.setItem(MUTED_KEY, JSON.stringify([...set]));
  } catch {
    // No storage: the mute lasts for this page.
  }
}

/** What a refused line means in the chat box (other codes: the chat's generic "could not be sent"). */
const ERRORS: Partial<Record<ErrorCode, MessageKey>> = {
  CHAT_FLOOD: "chat.error.flood",
  CHAT_TOO_LONG: "chat.error.long",
  SPECTATOR: "chat.error.spectator",
  CHAT_FILTERED: "chat.error.filtered",
  SITE_RESTRICTED: "chat.error.restricted",
  MUTED: "chat.error.muted",
  SUSPENDED: "chat.error.suspended",
};

export interface ChatPanel {
  el: HTMLElement;
  update(table: TableView, me: Side | null): void;
  dispose(): void;
}

export function mountChat(conn: TableConnection, api: NardiClient): ChatPanel {
  const list = h("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite", "aria-label": t("chat.lines") });
  const note = h("p", { class: "muted chat-note", "data-testid": "chat-note" });
  const error = h("p", { class: "error", "data-testid": "chat-error", role: "alert" });
  const input = h("input", {
    type: "text",
    maxlength: CHAT_LIMITS.maxChars,
    "data-testid": "chat-input",
    "aria-label": t("chat.input"),
    placeholder: t("chat.placeholder"),
    autocomplete: "off",
  });
  const send = h("button", { type: "submit", "data-testid": "chat-send" }, t("chat.send"));
  const form = h("form", { class: "row chat-form" }, input, send);
  const tools = h("div", { class: "row chat-tools" });
  const el = h("section", { class: "chat card", "data-testid": "chat", "aria-label": t("chat.title") }, h("h2", {}, t("chat.title")), tools, note, list, error, form);

  let me: Side | null = null;
  let opponentKey: string | null = null;
  /** Chat against a guest is off until the player turns it on (null: not decided yet: the profile is being read). */
  let enabled: boolean | null = null;
  let checkedOpponent: string | null = null;
  /** Whom "Report chat" reports (null: the opponent has no player id, or the viewer's seat has none). */
  let reportable: ReportTarget | null = null;

  const isMuted = () => opponentKey !== null && mutedSet().has(opponentKey);

  function renderLines(): void {
    clear(list);
    const show = enabled === true || me === null;
    for (const line of show ? conn.chat : []) {
      if (me !== null && line.seat !== me && isMuted()) continue;
      list.append(lineItem(line));
    }
    list.scrollTop = list.scrollHeight;
  }

  function lineItem(line: ChatLine): HTMLElement {
    // Text nodes only: a line is shown as the text it is, never parsed as HTML.
    return h(
      "li",
      { class: `chat-line ${line.seat}`, "data-testid": "chat-line", "data-seat": line.seat },
      h("strong", {}, t("chat.who", { name: line.name })),
      " ",
      h("span", { class: "chat-text" }, line.text),
    );
  }

  function renderTools(): void {
    clear(tools);
    if (me === null) return;
    if (enabled !== true) {
      tools.append(
        button(t("chat.turnOn"), "chat-enable", () => {
          enabled = true;
          renderAll();
          input.focus();
        }),
      );
      return;
    }
    const muted = isMuted();
    const mute = button(t(muted ? "chat.unmute" : "chat.mute"), "chat-mute", () => {
      if (opponentKey === null) return;
      setMuted(opponentKey, !muted);
      renderAll();
    });
    mute.setAttribute("aria-pressed", String(muted));
    tools.append(mute);
    // Mute hides the lines here; a report brings them to a moderator (docs/reports.md).
    if (reportable) tools.append(reportButton(api, reportable, "chat-report", { chat: true }));
  }

  let shownKey = "";
  function renderAll(): void {
    shownKey = `${me}|${opponentKey}|${enabled}|${conn.chat.length}|${reportable?.playerId}`;
    renderTools();
    renderLines();
    form.hidden = me === null || enabled !== true;
    note.textContent =
      me === null ? t("chat.spectatorNote") : enabled === false ? t("chat.offWithGuest") : enabled === null ? "" : isMuted() ? t("chat.mutedNote") : "";
    note.hidden = note.textContent === "";
  }

  /** Whether the opponent is someone who claimed a name (a member): else chat starts off. */
  async function decide(playerId: string | null): Promise<void> {
    if (playerId === null) {
      enabled = false;
      return;
    }
    try {
      const profile = await api.getPlayer(playerId);
      enabled = profile.kind === "member";
    } catch {
      enabled = false;
    }
  }

  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (text === "") return;
    error.textContent = "";
    send.disabled = true;
    conn
      .say(text)
      .then(() => {
        input.value = "";
      })
      .catch((err: unknown) => {
        const key = err instanceof CommandError && isErrorCode(err.code) ? ERRORS[err.code] : undefined;
        error.textContent = key ? t(key) : t("chat.error.other");
      })
      .finally(() => {
        send.disabled = false;
        input.focus();
      });
  });

  const off = conn.onChat(() => renderLines());

  return {
    el,
    update(table, viewer) {
      me = viewer;
      reportable = opponentTarget(table, viewer);
      const other = viewer === null ? null : table.players[viewer === "white" ? "black" : "white"];
      opponentKey = other ? (other.playerId ?? `name:${other.name}`) : null;
      if (viewer === null) enabled = true;
      else if (other && other.kind === "bot") enabled = false;
      else if (table.private) enabled = true;
      else if (other && checkedOpponent !== opponentKey) {
        checkedOpponent = opponentKey;
        enabled = null;
        void decide(other.playerId).then(renderAll);
      }
      el.hidden = other?.kind === "bot";
      // Rebuilt only when something it shows changed (a rebuild scrolls the lines to the end).
      const key = `${viewer}|${opponentKey}|${enabled}|${conn.chat.length}|${reportable?.playerId}`;
      if (key !== shownKey) renderAll();
    },
    dispose: off,
  };
}
