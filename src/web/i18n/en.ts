import type { Message } from "./types";

/** English: the reference catalogue. Every other language has exactly these keys. */
export const en = {
  // ── common ──
  "app.name": "Nardi",
  "common.backToLobby": "Back to the lobby",
  "common.points": { one: "{count} point", other: "{count} points" },

  // ── lobby ──

  // ── table (the play screen) ──

  // ── players, profiles, leaderboards ──

  // ── coins (issue 10) ──

  // ── quick match (issue 11) ──

  // ── replays and exports (issue 12) ──

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
} satisfies Record<string, Message>;
