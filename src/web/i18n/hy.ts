import type { Catalogue } from "./types";

/** Armenian. Keys and placeholders as in ./en.ts. */
export const hy: Catalogue = {
  // ── common ──
  "app.name": "Նարդի",
  "common.backToLobby": "Վերադառնալ սրահ",
  "common.points": { one: "{count} միավոր", other: "{count} միավոր" },

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
