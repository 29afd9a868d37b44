import type { Catalogue } from "./types";

/** Russian. Keys and placeholders as in ./en.ts. */
export const ru: Catalogue = {
  // ── common ──
  "app.name": "Нарды",
  "common.backToLobby": "Вернуться в лобби",
  "common.points": { one: "{count} очко", few: "{count} очка", many: "{count} очков", other: "{count} очка" },

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
};
